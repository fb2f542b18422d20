import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { asha, stubApi } from '../test/account-test-utils.js';
import { setUserInfo } from '../stores/user-store.js';
import { adminRoutes } from './admin-routes.js';
import { routes } from './router.js';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  act(() => setUserInfo(null));
});

function open(path: string, tree = [...adminRoutes, { path: '*', element: <p>elsewhere</p> }]) {
  const router = createMemoryRouter(tree, { initialEntries: [path] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const expirationTime = Date.now() + 60_000;
const user = () => userEvent.setup();

describe('the admin routes', () => {
  it.each([
    ['/admin?period=30d', 'Dashboard'],
    ['/admin/orderlist', 'Orders'],
    ['/admin/productlist', 'Products'],
    ['/admin/productlist/2', 'Products'],
    ['/admin/userlist', 'Users'],
    [`/admin/product/${asha._id}/edit`, 'Edit Product'],
    [`/admin/user/${asha._id}/edit`, 'Edit User'],
    ['/admin/deliveries?date=2026-02-14', 'Deliveries'],
    ['/admin/coupons', 'Coupons'],
    ['/admin/coupon/new', 'Create Coupon'],
    [`/admin/coupon/${asha._id}/edit`, 'Edit Coupon'],
    ['/admin/outbox?status=failed', 'Email outbox'],
    ['/admin/vitals', 'Web vitals'],
    ['/admin/audit?entityType=product', 'Audit'],
    ['/admin/partners', 'Partners'],
  ])('%s opens %s for an admin (loaded on demand)', async (path, heading) => {
    stubApi({});
    act(() => setUserInfo({ ...asha, isAdmin: true, expirationTime }));
    open(path);
    await waitFor(() => expect(screen.queryByRole('heading', { level: 1, name: heading })).not.toBeNull());
  });

  it('frames every admin screen with a side navigation of the screens, the current one marked, and the way back to the shop', async () => {
    stubApi({});
    act(() => setUserInfo({ ...asha, isAdmin: true, expirationTime }));
    open('/admin/coupon/new');
    const nav = await screen.findByRole('navigation', { name: 'Admin' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Dashboard', '/admin'],
      ['Orders', '/admin/orderlist'],
      ['Products', '/admin/productlist'],
      ['Users', '/admin/userlist'],
      ['Coupons', '/admin/coupons'],
      ['Deliveries', '/admin/deliveries'],
      ['Partners', '/admin/partners'],
      ['Email outbox', '/admin/outbox'],
      ['Web vitals', '/admin/vitals'],
      ['Audit', '/admin/audit'],
      ['Back to the shop', '/'],
    ]);
    // A coupon's form belongs to Coupons.
    expect(links.filter((l) => l.getAttribute('aria-current') === 'page').map((l) => l.textContent)).toEqual([
      'Coupons',
    ]);
    await user().click(within(nav).getByRole('link', { name: 'Dashboard' }));
    await waitFor(() =>
      expect(within(nav).getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page'),
    );
    expect(within(nav).getByRole('link', { name: 'Coupons' }).hasAttribute('aria-current')).toBe(false);
    // The store's name leads home.
    expect(screen.getByRole('link', { name: 'Phoolwala Gifts' }).getAttribute('href')).toBe('/');
  });

  it("folds the navigation under an 'Admin menu' button on a phone, and closes it on the way to a screen", async () => {
    stubApi({});
    act(() => setUserInfo({ ...asha, isAdmin: true, expirationTime }));
    open('/admin/userlist');
    const menu = await screen.findByRole('button', { name: 'Admin menu' });
    const nav = screen.getByRole('navigation', { name: 'Admin', hidden: true });
    expect(menu.getAttribute('aria-controls')).toBe(nav.id);
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    expect(nav.className).toMatch(/(^| )hidden( |$)/);
    await user().click(menu);
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    expect(nav.className).not.toMatch(/(^| )hidden( |$)/);
    await user().click(within(nav).getByRole('link', { name: 'Deliveries' }));
    await waitFor(() => expect(menu.getAttribute('aria-expanded')).toBe('false'));
  });

  it("is not inside the shop's layout: no category sidebar or footer around an admin screen", async () => {
    stubApi({});
    act(() => setUserInfo({ ...asha, isAdmin: true, expirationTime }));
    open('/admin/userlist', routes);
    await screen.findByRole('heading', { level: 1, name: 'Users' });
    expect(screen.getByRole('navigation', { name: 'Admin' })).not.toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Open menu' })).toBeNull();
  });

  it('sends a guest to sign in and back', async () => {
    const router = open('/admin/userlist');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?redirect=%2Fadmin%2Fuserlist');
  });

  it('sends a signed-in shopper who is not an admin home', async () => {
    act(() => setUserInfo({ ...asha, expirationTime }));
    const router = open('/admin/productlist');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
