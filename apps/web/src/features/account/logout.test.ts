import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api.js';
import { queryKeys } from '../../lib/query-client.js';
import { readSidebarCookie, sidebarActions } from '../../app/layout/sidebar-store.js';
import { cartActions, type CartItem } from '../../stores/cart-store.js';
import { asha, stubApi } from '../../test/account-test-utils.js';
import { logOutOnUnauthorized, logout } from './logout.js';
import { getUserInfo, setUserInfo } from '../../stores/user-store.js';
import { choosePincode, chosenPincode } from '../../stores/pincode-store.js';

const roses: CartItem = {
  _id: 'p1',
  name: 'Red Roses',
  image: '/r.jpg',
  optimizedImages: { thumbnail: '/r.webp' },
  price: 699,
  discountPrice: 0,
  countInStock: 10,
  qty: 2,
};

function seedCache(client: QueryClient) {
  client.setQueryData([...queryKeys.users, 'profile'], asha);
  client.setQueryData([...queryKeys.orders, 'mine'], []);
  client.setQueryData([...queryKeys.products, 'top'], []);
}

const logoutCalls = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls.filter(([url]) => url === '/api/users/logout').length;

let stop: (() => void) | undefined;

beforeEach(() => {
  localStorage.clear();
  cartActions.reset();
});
afterEach(() => {
  stop?.();
  stop = undefined;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setUserInfo(null);
});

describe('logout', () => {
  it('tells the server, forgets user, cart, PIN code, storage and cached user and order data, closes the sidebar, goes to /login', async () => {
    const fetchMock = stubApi({ 'POST /api/users/logout': [200, { message: 'Logged out successfully' }] });
    const client = new QueryClient();
    seedCache(client);
    setUserInfo({ ...asha, expirationTime: Date.now() + 1e6 });
    cartActions.add(roses);
    localStorage.setItem('wishlist', '["p1"]');
    choosePincode('682001');
    sidebarActions.setExpanded(true);
    const navigate = vi.fn();

    await logout({ navigate, queryClient: client });

    expect(logoutCalls(fetchMock)).toBe(1);
    expect(getUserInfo()).toBeNull();
    expect(localStorage.length).toBe(0);
    expect(chosenPincode()).toBe('');
    expect(readSidebarCookie()).toBe(false);
    expect(navigate).toHaveBeenCalledWith('/login');
    expect(client.getQueryData([...queryKeys.users, 'profile'])).toBeUndefined();
    expect(client.getQueryData([...queryKeys.orders, 'mine'])).toBeUndefined();
    // Catalogue data is nobody's secret and stays.
    expect(client.getQueryData([...queryKeys.products, 'top'])).toEqual([]);
  });
});

describe('any 401 logs out', () => {
  it('logs a signed-in user out, once, however many calls fail together', async () => {
    const fetchMock = stubApi({
      'GET /api/users/profile': [401, { message: 'Please sign in' }],
      'GET /api/orders/mine': [401, { message: 'Please sign in' }],
      // Even a 401 from the logout call itself must not start another logout.
      'POST /api/users/logout': [401, { message: 'Please sign in' }],
    });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const client = new QueryClient();
    seedCache(client);
    const navigate = vi.fn();
    stop = logOutOnUnauthorized({ navigate, queryClient: client });
    setUserInfo({ ...asha, expirationTime: Date.now() + 1e6 });
    cartActions.add(roses);

    await Promise.allSettled([apiFetch('/api/users/profile'), apiFetch('/api/orders/mine')]);
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/login'));
    await new Promise((r) => setTimeout(r, 10));

    expect(logoutCalls(fetchMock)).toBe(1);
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(getUserInfo()).toBeNull();
    expect(localStorage.getItem('cart')).toBeNull();
    expect(client.getQueryData([...queryKeys.users, 'profile'])).toBeUndefined();
  });

  it('does nothing for a guest: a wrong password keeps their cart and storage', async () => {
    const fetchMock = stubApi({ 'POST /api/users/auth': [401, { message: 'Invalid email or password' }] });
    const navigate = vi.fn();
    stop = logOutOnUnauthorized({ navigate });
    cartActions.add(roses);
    localStorage.setItem('wishlist', '["p1"]');

    await expect(apiFetch('/api/users/auth', { method: 'POST', body: {} })).rejects.toThrow(
      'Invalid email or password',
    );
    await new Promise((r) => setTimeout(r, 10));

    expect(logoutCalls(fetchMock)).toBe(0);
    expect(navigate).not.toHaveBeenCalled();
    expect(JSON.parse(localStorage.getItem('cart')!).cartItems).toHaveLength(1);
    expect(localStorage.getItem('wishlist')).toBe('["p1"]');
  });

  it('stops once the handler is removed', async () => {
    const fetchMock = stubApi({ 'GET /api/users/profile': [401, { message: 'Please sign in' }] });
    const navigate = vi.fn();
    logOutOnUnauthorized({ navigate })();
    setUserInfo({ ...asha, expirationTime: Date.now() + 1e6 });
    await apiFetch('/api/users/profile').catch(() => undefined);
    expect(logoutCalls(fetchMock)).toBe(0);
    expect(getUserInfo()).not.toBeNull();
  });
});
