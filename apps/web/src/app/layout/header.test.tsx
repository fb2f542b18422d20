import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cartActions, type CartItem } from '../../stores/cart-store.js';
import { setCartPanelOpen, useCartPanelOpen } from '../../stores/cart-panel-store.js';
import { setUserInfo } from '../../stores/user-store.js';
import { clearWishlist, wishlistStore } from '../../stores/wishlist-store.js';
import { Header } from './header.js';

function Where() {
  const { pathname } = useLocation();
  const panelOpen = useCartPanelOpen();
  return (
    <output aria-label="where">
      {pathname}
      {panelOpen ? ' panel' : ''}
    </output>
  );
}

function renderHeader(path = '/') {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="*"
            element={
              <>
                <Header />
                <Where />
              </>
            }
          />
          <Route
            path="/products/:keyword"
            element={
              <>
                <Header />
                <Where />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const roses: CartItem = {
  _id: 'p1',
  name: 'Red Roses',
  image: '/r.jpg',
  optimizedImages: { thumbnail: '/r.webp' },
  price: 699,
  discountPrice: 0,
  countInStock: 10,
  qty: 3,
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  act(() => {
    cartActions.reset();
    clearWishlist();
    setUserInfo(null);
    setCartPanelOpen(false);
  });
});

describe('Header', () => {
  it('shows the free shipping strip and the brand linking home', () => {
    renderHeader('/cart');
    expect(screen.queryByText('FREE SHIPPING ON ORDERS OVER ₹1000')).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Phoolwala Gifts' }).getAttribute('href')).toBe('/');
  });

  it('searches for the trimmed keyword, and goes home when nothing is left', async () => {
    const user = userEvent.setup();
    renderHeader('/cart');
    const box = screen.getByPlaceholderText('Search our store..');
    await user.type(box, '  red roses  {Enter}');
    expect(screen.getByRole('status', { name: 'where' }).textContent).toBe('/products/red%20roses');
    // The box on the results page shows the search that produced it.
    expect((screen.getByPlaceholderText('Search our store..') as HTMLInputElement).value).toBe('red roses');

    await user.clear(screen.getByPlaceholderText('Search our store..'));
    await user.type(screen.getByPlaceholderText('Search our store..'), '   ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByRole('status', { name: 'where' }).textContent).toBe('/');
  });

  it('hides the cart badge while the cart is empty and shows the total quantity otherwise', async () => {
    const user = userEvent.setup();
    renderHeader();
    const cart = screen.getByRole('button', { name: 'Cart, empty' });
    expect(cart.textContent).toBe('');

    act(() => {
      cartActions.add(roses);
      cartActions.add({ ...roses, _id: 'p2', qty: 2 });
    });
    // The count arrives with the cart's store, loaded after the first page.
    expect((await screen.findByRole('button', { name: 'Cart, 5 items' })).textContent).toBe('5');

    await user.click(screen.getByRole('button', { name: 'Cart, 5 items' }));
    expect(screen.getByRole('status', { name: 'where' }).textContent).toBe('/ panel');
  });

  it('links to the wishlist, the badge counting what is on it once something is', async () => {
    const user = userEvent.setup();
    renderHeader();
    const heart = screen.getByRole('link', { name: 'Wishlist, empty' });
    expect(heart.getAttribute('href')).toBe('/wishlist');
    expect(heart.textContent).toBe('');

    act(() => wishlistStore.set({ productIds: ['p2', 'p1'], accountId: null }));
    expect(screen.getByRole('link', { name: 'Wishlist, 2 products' }).textContent).toBe('2');
    await user.click(screen.getByRole('link', { name: 'Wishlist, 2 products' }));
    expect(screen.getByRole('status', { name: 'where' }).textContent).toBe('/wishlist');
  });

  it('sends a signed-out shopper to /login and shows a signed-in one their menu', async () => {
    const user = userEvent.setup();
    renderHeader();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');

    act(() =>
      setUserInfo({ _id: 'u1', name: 'asha', email: 'a@x.in', isAdmin: true, expirationTime: Date.now() + 1e6 }),
    );
    await user.click(await screen.findByRole('button', { name: 'Account menu for asha' }));
    expect(screen.getByRole('menuitem', { name: 'Profile' }).getAttribute('href')).toBe('/profile');
    expect(screen.getByRole('menuitem', { name: 'Dashboard' }).getAttribute('href')).toBe('/admin');
    expect(screen.getByRole('menuitem', { name: 'Products' }).getAttribute('href')).toBe('/admin/productlist');
    expect(screen.getByRole('menuitem', { name: 'Orders' }).getAttribute('href')).toBe('/admin/orderlist');
    expect(screen.getByRole('menuitem', { name: 'Deliveries' }).getAttribute('href')).toBe('/admin/deliveries');
    expect(screen.getByRole('menuitem', { name: 'Email outbox' }).getAttribute('href')).toBe('/admin/outbox');
    expect(screen.getByRole('menuitem', { name: 'Web vitals' }).getAttribute('href')).toBe('/admin/vitals');
    expect(screen.getByRole('menuitem', { name: 'Audit' }).getAttribute('href')).toBe('/admin/audit');
    expect(screen.getByRole('menuitem', { name: 'Users' }).getAttribute('href')).toBe('/admin/userlist');
    expect(screen.queryByRole('menuitem', { name: 'Logout' })).not.toBeNull();
    // The menu button shows the initial and the name.
    expect(screen.getByRole('button', { name: 'Account menu for asha' }).textContent).toBe('Account menu for Aasha');
  });

  it('logs out: tells the server, forgets the user, the cart and local storage, and goes to /login', async () => {
    const fetchMock = vi.fn(async () => new Response(null, { status: 500 }));
    vi.stubGlobal('fetch', fetchMock);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const user = userEvent.setup();
    act(() => {
      setUserInfo({ _id: 'u1', name: 'Asha', email: 'a@x.in', isAdmin: false, expirationTime: Date.now() + 1e6 });
      cartActions.add(roses);
    });
    localStorage.setItem('wishlist', '["p1"]');
    renderHeader('/cart');
    expect(screen.queryByRole('menuitem', { name: 'Products' })).toBeNull();

    await user.click(await screen.findByRole('button', { name: 'Account menu for Asha' }));
    expect(screen.queryByRole('menuitem', { name: 'Products' })).toBeNull();
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));

    await waitFor(() => expect(screen.getByRole('status', { name: 'where' }).textContent).toBe('/login'));
    expect(fetchMock).toHaveBeenCalledWith('/api/users/logout', expect.objectContaining({ method: 'POST' }));
    expect(screen.queryByRole('link', { name: 'Sign in' })).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Cart, empty' })).not.toBeNull();
    expect(screen.queryByRole('link', { name: 'Wishlist, empty' })).not.toBeNull();
    expect(localStorage.getItem('wishlist')).toBeNull();
    expect(localStorage.getItem('userInfo')).toBeNull();
  });
});
