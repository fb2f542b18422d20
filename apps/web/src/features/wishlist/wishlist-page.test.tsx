import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { asha, renderRoutes, stubApi } from '../../test/account-test-utils.js';
import { productId as id, productSummary } from '../../test/product-test-utils.js';
import { SESSION_LIFETIME_MS, setUserInfo } from '../../stores/user-store.js';
import { clearWishlist, wishlistStore } from '../../stores/wishlist-store.js';
import { WishlistPage } from './wishlist-page.js';

const byIds = (...ns: number[]) => `GET /api/products/by-ids?ids=${ns.map(id).join(',')}`;
const cards = (...ns: number[]) => [200, { products: ns.map((n) => productSummary(n)) }] as [number, unknown];

function renderPage() {
  return renderRoutes('/wishlist', <Route path="/wishlist" element={<WishlistPage />} />);
}

/** The names on the cards, in the order shown. */
const shown = () =>
  within(screen.getByRole('list', { name: 'Wishlist' }))
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);
const stored = () => JSON.parse(localStorage.getItem('wishlist') ?? 'null');

beforeEach(() => {
  localStorage.clear();
  clearWishlist();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  act(() => setUserInfo(null));
});

describe('the wishlist page', () => {
  it('shows the hearted products as cards, newest first, linking to their pages', async () => {
    wishlistStore.set({ productIds: [id(3), id(1), id(2)], accountId: null });
    stubApi({ [byIds(3, 1, 2)]: cards(3, 1, 2) });
    renderPage();

    await waitFor(() => expect(shown()).toEqual(['Gift 3', 'Gift 1', 'Gift 2']));
    expect(document.title).toBe('My Wishlist | Phoolwala Gifts');
    expect(screen.queryByText('3 products')).not.toBeNull();
    expect(screen.getAllByRole('link', { name: 'Gift 1' })[0]?.getAttribute('href')).toBe(`/product/${id(1)}`);
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login?redirect=/wishlist');
  });

  it('removes a product at once, here and in what this browser keeps', async () => {
    wishlistStore.set({ productIds: [id(1), id(2)], accountId: null });
    stubApi({ [byIds(1, 2)]: cards(1, 2), [byIds(2)]: cards(2) });
    const { user } = renderPage();

    await user.click(await screen.findByRole('button', { name: 'Remove Gift 1 from wishlist' }));
    expect(shown()).toEqual(['Gift 2']);
    expect(screen.queryByText('1 product')).not.toBeNull();
    expect(stored()).toEqual({ productIds: [id(2)], accountId: null });
  });

  it('says so when it is empty, with a way to shop, and asks the server nothing', () => {
    const fetchMock = stubApi({});
    renderPage();
    expect(screen.queryByText('Your wishlist is empty')).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Start Shopping' }).getAttribute('href')).toBe('/products');
    expect(screen.queryByRole('list', { name: 'Wishlist' })).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('becomes empty when the last product is removed', async () => {
    wishlistStore.set({ productIds: [id(1)], accountId: null });
    stubApi({ [byIds(1)]: cards(1) });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Remove Gift 1 from wishlist' }));
    expect(screen.queryByText('Your wishlist is empty')).not.toBeNull();
  });

  it('forgets products that no longer exist', async () => {
    wishlistStore.set({ productIds: [id(1), id(2), id(3)], accountId: null });
    stubApi({ [byIds(1, 2, 3)]: cards(1, 3) });
    renderPage();
    await waitFor(() => expect(stored()).toEqual({ productIds: [id(1), id(3)], accountId: null }));
    expect(shown()).toEqual(['Gift 1', 'Gift 3']);
    expect(screen.queryByText('2 products')).not.toBeNull();
  });

  it("signed in, shows the account's list as it is now, and removes from the account", async () => {
    act(() => setUserInfo({ ...asha, expirationTime: Date.now() + SESSION_LIFETIME_MS }));
    wishlistStore.set({ productIds: [id(1)], accountId: asha._id });
    const fetchMock = stubApi({
      'GET /api/users/wishlist': [200, { productIds: [id(2), id(1)] }],
      [byIds(1)]: cards(1),
      [byIds(2, 1)]: cards(2, 1),
      [`DELETE /api/users/wishlist/${id(1)}`]: [200, { productIds: [id(2)] }],
      [byIds(2)]: cards(2),
    });
    const { user } = renderPage();

    // Hearted on another device: on the account, not yet in this browser.
    await waitFor(() => expect(shown()).toEqual(['Gift 2', 'Gift 1']));
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Remove Gift 1 from wishlist' }));
    expect(shown()).toEqual(['Gift 2']);
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(
        `/api/users/wishlist/${id(1)}`,
        expect.objectContaining({ method: 'DELETE' }),
      ),
    );
    await waitFor(() => expect(stored()).toEqual({ productIds: [id(2)], accountId: asha._id }));
  });
});
