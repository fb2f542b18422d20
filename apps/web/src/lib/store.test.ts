import { describe, expect, it, vi } from 'vitest';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createStore } from './store.js';

const otherTabWrites = (key: string, value: unknown) => {
  const newValue = value === null ? null : JSON.stringify(value);
  if (newValue === null) localStorage.removeItem(key);
  else localStorage.setItem(key, newValue);
  window.dispatchEvent(new StorageEvent('storage', { key, newValue, storageArea: localStorage }));
};

describe('createStore', () => {
  it('keeps a value in memory and tells its listeners', () => {
    const store = createStore(1);
    const listener = vi.fn();
    const stop = store.subscribe(listener);
    store.set((n) => n + 1);
    expect(store.get()).toBe(2);
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
    store.set(5);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('persists to localStorage and starts from what is stored, revived', () => {
    localStorage.setItem('store-test-a', JSON.stringify(['x', 3, 'y']));
    const store = createStore<string[]>([], {
      key: 'store-test-a',
      revive: (v) => v.filter((i) => typeof i === 'string'),
    });
    expect(store.get()).toEqual(['x', 'y']);
    store.set(['z']);
    expect(JSON.parse(localStorage.getItem('store-test-a')!)).toEqual(['z']);
  });

  it('drops a value revived to null from storage, and removes the key when set to null', () => {
    localStorage.setItem('store-test-b', JSON.stringify({ expired: true }));
    const store = createStore<{ expired: boolean } | null>(null, {
      key: 'store-test-b',
      revive: (v) => (v?.expired ? null : v),
    });
    expect(store.get()).toBeNull();
    expect(localStorage.getItem('store-test-b')).toBeNull();
    store.set({ expired: false });
    expect(localStorage.getItem('store-test-b')).not.toBeNull();
    store.set(null);
    expect(localStorage.getItem('store-test-b')).toBeNull();
  });

  it('with nothing kept, holds the very value a page was rendered with, so hydrating it changes nothing', () => {
    const store = createStore(() => ({ items: [] as string[] }), { key: 'store-test-d' });
    let rendered: unknown;
    function Reader() {
      rendered = store.use();
      return null;
    }
    renderToString(createElement(Reader));
    expect(store.get()).toBe(rendered);
  });

  it('follows another tab writing or clearing its key, and ignores other keys', () => {
    const store = createStore<number[]>([], { key: 'store-test-c' });
    const listener = vi.fn();
    store.subscribe(listener);
    expect(store.get()).toEqual([]);
    otherTabWrites('store-test-c', [7]);
    expect(store.get()).toEqual([7]);
    expect(listener).toHaveBeenCalledTimes(1);
    otherTabWrites('some-other-key', [8]);
    expect(listener).toHaveBeenCalledTimes(1);
    otherTabWrites('store-test-c', null);
    expect(store.get()).toEqual([]);
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
