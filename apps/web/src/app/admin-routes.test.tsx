import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { asha, stubApi } from '../test/account-test-utils.js';
import { setUserInfo } from '../stores/user-store.js';
import { adminRoutes } from './admin-routes.js';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  act(() => setUserInfo(null));
});

function open(path: string) {
  const router = createMemoryRouter([...adminRoutes, { path: '*', element: <p>elsewhere</p> }], {
    initialEntries: [path],
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const expirationTime = Date.now() + 60_000;

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
  ])('%s opens %s for an admin (loaded on demand)', async (path, heading) => {
    stubApi({});
    act(() => setUserInfo({ ...asha, isAdmin: true, expirationTime }));
    open(path);
    await waitFor(() => expect(screen.queryByRole('heading', { level: 1, name: heading })).not.toBeNull());
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
