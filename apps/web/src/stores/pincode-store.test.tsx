import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

/**
 * The store and React as a new page loads them: the store reads the cookie it hydrates with once,
 * so each page load is a fresh import (of React too, which the store's hook must share).
 */
async function loadPage({ cookie, stored }: { cookie: string; stored: string | null }) {
  vi.resetModules();
  document.cookie = 'pincode=; path=/; max-age=0';
  if (cookie) document.cookie = `${cookie}; path=/`;
  if (stored === null) localStorage.removeItem('pincode');
  else localStorage.setItem('pincode', JSON.stringify(stored));
  const [{ act, createElement }, { hydrateRoot }, { renderToString }, { RenderRequestContext }, store] =
    await Promise.all([
      import('react'),
      import('react-dom/client'),
      import('react-dom/server'),
      import('../lib/server-render.js'),
      import('./pincode-store.js'),
    ]);
  const Shown = () => createElement('p', null, store.usePincode() || 'none');
  /** The server's HTML for a request with this Cookie header. */
  const serverHtml = (header: string) =>
    renderToString(createElement(RenderRequestContext, { value: { cookie: header } }, createElement(Shown)));
  /** Hydrates the server's HTML as main.tsx does, noting any mismatch React has to recover from. */
  async function hydrate(html: string) {
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const mismatches: unknown[] = [];
    store.keepPincodeCookie();
    const seen: string[] = [];
    const observer = new MutationObserver(() => seen.push(container.textContent ?? ''));
    observer.observe(container, { subtree: true, childList: true, characterData: true });
    await act(async () => {
      hydrateRoot(container, createElement(Shown), { onRecoverableError: (error) => mismatches.push(error) });
    });
    observer.disconnect();
    return { text: container.textContent, seen, mismatches };
  }
  return { store, serverHtml, hydrate };
}

// Hydration is awaited with React's act, as Testing Library does for the other component tests.
beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});
afterEach(() => {
  document.body.innerHTML = '';
  document.cookie = 'pincode=; path=/; max-age=0';
  localStorage.clear();
});

describe('the PIN code cookie', () => {
  it('reads a six-digit PIN code from a Cookie header, else none', async () => {
    const { store } = await loadPage({ cookie: '', stored: null });
    expect(store.readPincodeCookie('sidebar:state=false; pincode=700001')).toBe('700001');
    expect(store.readPincodeCookie('pincode=700001;theme=dark')).toBe('700001');
    expect(store.readPincodeCookie('pincode=7000')).toBe('');
    expect(store.readPincodeCookie('xpincode=700001')).toBe('');
    expect(store.readPincodeCookie('')).toBe('');
  });

  it('is written whenever a PIN code is chosen, for a year, and deleted when it is forgotten', async () => {
    const { store } = await loadPage({ cookie: '', stored: null });
    const written = vi.spyOn(document, 'cookie', 'set');
    store.choosePincode('560001');
    expect(written).toHaveBeenLastCalledWith('pincode=560001; path=/; max-age=31536000; samesite=lax');
    expect(document.cookie).toContain('pincode=560001');
    store.choosePincode('12');
    expect(store.chosenPincode()).toBe('560001');
    store.choosePincode(null);
    expect(written).toHaveBeenLastCalledWith(
      'pincode=; path=/; max-age=0; expires=Thu, 01 Jan 1970 00:00:00 GMT; samesite=lax',
    );
    // The test DOM expires a cookie once the clock moves past the moment it was set.
    await vi.waitFor(() => expect(document.cookie).not.toContain('pincode='));
    expect(localStorage.getItem('pincode')).toBeNull();
    written.mockRestore();
  });
});

describe('usePincode while the page hydrates', () => {
  it("is the cookie's PIN code on the server and in the browser: the page hydrates as rendered, unchanged", async () => {
    const { serverHtml, hydrate } = await loadPage({ cookie: 'pincode=700001', stored: '700001' });
    const html = serverHtml('sidebar:state=true; pincode=700001');
    expect(html).toBe('<p>700001</p>');

    const page = await hydrate(html);
    expect(page.mismatches).toEqual([]);
    expect(page.text).toBe('700001');
    expect(page.seen).toEqual([]);
  });

  it('writes the cookie on load for a PIN code kept before it existed, and takes the code after hydrating', async () => {
    const { serverHtml, hydrate } = await loadPage({ cookie: '', stored: '700001' });
    // Without the cookie the server knew of no PIN code; the page hydrates as it was rendered.
    const html = serverHtml('');
    expect(html).toBe('<p>none</p>');

    const page = await hydrate(html);
    expect(page.mismatches).toEqual([]);
    expect(page.text).toBe('700001');
    // The next visit is rendered for it.
    expect(document.cookie).toContain('pincode=700001');
  });

  it('drops a cookie left without a kept PIN code', async () => {
    const { hydrate, serverHtml } = await loadPage({ cookie: 'pincode=700001', stored: null });
    const page = await hydrate(serverHtml('pincode=700001'));
    expect(page.mismatches).toEqual([]);
    expect(page.text).toBe('none');
    expect(document.cookie).not.toContain('pincode=');
  });
});
