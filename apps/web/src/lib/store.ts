import { useSyncExternalStore } from 'react';
import { readJson, writeJson } from './storage.js';

export interface Store<T> {
  get(): T;
  set(next: T | ((current: T) => T)): void;
  subscribe(listener: () => void): () => void;
  /**
   * The current value in a component, re-rendering when it changes. The server renders, and the
   * page hydrates, with the initial value (an empty cart, nobody signed in): what is kept in this
   * browser takes over right after, so the server's HTML never has to guess it.
   */
  use(): T;
}

export interface PersistOptions<T> {
  /** The localStorage key. */
  key: string;
  /**
   * Turns what was stored (possibly by an older version of the app, or tampered with) into a
   * value; also where stale values are dropped. Defaults to taking it as it is.
   */
  revive?: (stored: T) => T;
}

/**
 * The one way the web app keeps state outside React: a value, its listeners and, when persisted,
 * its localStorage copy. A persisted store follows other tabs through the `storage` event, so a
 * cart changed or a sign-out in one tab shows in every tab.
 */
export function createStore<T>(initial: T | (() => T), persist?: PersistOptions<T>): Store<T> {
  const listeners = new Set<() => void>();
  const fallback = () => (typeof initial === 'function' ? (initial as () => T)() : initial);
  // One object for every call, as React requires of a snapshot.
  let initialValue: T | typeof UNSET = UNSET;
  const getInitial = (): T => (initialValue === UNSET ? (initialValue = fallback()) : initialValue);
  // With nothing kept, the value is the very object the page hydrated with (`use`): an equal copy
  // would read to React as a change, and have it render again at once as the page hydrates.
  const load = (): T => {
    if (!persist) return getInitial();
    const stored = readJson<T | typeof MISSING>(persist.key, MISSING);
    if (stored === MISSING) return getInitial();
    if (!persist.revive) return stored;
    const revived = persist.revive(stored);
    // A value revived to null (an expired session user, say) is also dropped from storage.
    if (revived === null) removeKey(persist.key);
    return revived;
  };
  // Read lazily, so what is stored (or the cookie an initialiser reads) when the app first asks wins.
  let value: T | typeof UNSET = UNSET;
  const get = (): T => (value === UNSET ? (value = load()) : value);
  const notify = () => {
    for (const l of listeners) l();
  };

  if (persist && typeof window !== 'undefined') {
    window.addEventListener('storage', (event) => {
      // key null: another tab cleared the whole storage.
      if (event.storageArea !== localStorage || (event.key !== null && event.key !== persist.key)) return;
      value = load();
      notify();
    });
  }

  const store: Store<T> = {
    get,
    set(next) {
      value = typeof next === 'function' ? (next as (current: T) => T)(get()) : next;
      if (persist) {
        if (value === null) removeKey(persist.key);
        else writeJson(persist.key, value);
      }
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    use: () => useSyncExternalStore(store.subscribe, get, getInitial),
  };
  return store;
}

const MISSING = Symbol('missing');
const UNSET = Symbol('unset');

function removeKey(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // Storage disabled: nothing was kept.
  }
}
