import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { Route } from 'react-router';
import { toast } from 'sonner';
import type { AdminUser } from '@store/contracts';
import { setUserInfo } from '../../stores/user-store.js';
import { admin, renderRoutes, sentBodies, stubApi, uuid } from './admin-test-utils.js';
import { UserEditPage } from './user-edit-page.js';
import { UserListPage } from './user-list-page.js';

const user = (n: number, over: Partial<AdminUser> = {}): AdminUser => ({
  _id: uuid(n),
  name: `Shopper ${n}`,
  email: `shopper${n}@example.com`,
  isAdmin: false,
  pincode: '',
  createdAt: '2026-11-01T00:00:00.000Z',
  googleLinked: false,
  ...over,
});

const routes = (
  <>
    <Route path="/admin/userlist" element={<UserListPage />} />
    <Route path="/admin/user/:id/edit" element={<UserEditPage />} />
  </>
);

beforeEach(() => {
  vi.spyOn(toast, 'success');
  vi.spyOn(toast, 'error');
  act(() => setUserInfo(admin));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  act(() => setUserInfo(null));
});

describe('the admin user list', () => {
  it('shows ID, NAME, EMAIL (a mailto link) and ADMIN, with edit and delete only on non-admin rows', async () => {
    stubApi({ 'GET /api/users': [200, [user(1, { name: 'Store Admin', isAdmin: true }), user(2)]] });
    renderRoutes('/admin/userlist', routes);
    expect(screen.queryByRole('heading', { level: 1, name: 'Users' })).not.toBeNull();
    const table = await screen.findByRole('region', { name: 'Users' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['ID', 'NAME', 'EMAIL', 'ADMIN', 'Actions']);
    const [, adminRow, shopperRow] = within(table).getAllByRole('row') as HTMLElement[];
    expect(within(adminRow!).queryByText('Admin')).not.toBeNull();
    expect(within(adminRow!).queryByRole('button')).toBeNull();
    expect(
      within(adminRow!)
        .getAllByRole('link')
        .map((l) => l.getAttribute('href')),
    ).toEqual([`mailto:${user(1).email}`]);

    expect(within(shopperRow!).queryByText('Not an admin')).not.toBeNull();
    expect(within(shopperRow!).getByRole('link', { name: 'shopper2@example.com' }).getAttribute('href')).toBe(
      'mailto:shopper2@example.com',
    );
    expect(within(shopperRow!).getByRole('link', { name: 'Edit Shopper 2' }).getAttribute('href')).toBe(
      `/admin/user/${uuid(2)}/edit`,
    );
    expect(within(shopperRow!).queryByRole('button', { name: 'Delete Shopper 2' })).not.toBeNull();
  });

  it("deletes a shopper after 'Are you sure'", async () => {
    let users = [user(1, { isAdmin: true }), user(2)];
    stubApi({
      'GET /api/users': () => [200, users],
      [`DELETE /api/users/${uuid(2)}`]: () => {
        users = users.slice(0, 1);
        return [200, { message: 'User removed' }];
      },
    });
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    const { user: u } = renderRoutes('/admin/userlist', routes);
    await u.click(await screen.findByRole('button', { name: 'Delete Shopper 2' }));
    expect(confirm).toHaveBeenCalledWith('Are you sure');
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('User removed'));
    await waitFor(() => expect(screen.queryByText('Shopper 2')).toBeNull());
  });
});

describe('Edit User', () => {
  it("updates name, email and admin rights, says 'user updated successfully' and goes back to the list", async () => {
    const shopper = user(2);
    const fetchMock = stubApi({
      [`GET /api/users/${uuid(2)}`]: [200, shopper],
      [`PUT /api/users/${uuid(2)}`]: [200, { ...shopper, name: 'Asha Nair', isAdmin: true }],
      'GET /api/users': [200, []],
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const { user: u } = renderRoutes(`/admin/user/${uuid(2)}/edit`, routes, client);
    expect(screen.queryByRole('heading', { level: 1, name: 'Edit User' })).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Go Back' }).getAttribute('href')).toBe('/admin/userlist');
    const name = (await screen.findByLabelText('Name')) as HTMLInputElement;
    expect(name.value).toBe('Shopper 2');
    expect((screen.getByLabelText('Email Address') as HTMLInputElement).value).toBe('shopper2@example.com');
    expect((screen.getByLabelText('Is Admin') as HTMLInputElement).checked).toBe(false);

    await u.clear(name);
    await u.type(name, 'Asha Nair');
    await u.click(screen.getByLabelText('Is Admin'));
    await u.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('user updated successfully'));
    expect(sentBodies(fetchMock, `PUT /api/users/${uuid(2)}`)).toEqual([
      { userId: uuid(2), name: 'Asha Nair', email: 'shopper2@example.com', isAdmin: true },
    ]);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['User'] });
    await screen.findByRole('heading', { level: 1, name: 'Users' });
  });

  it("says the server's refusal (a taken email) and stays", async () => {
    stubApi({
      [`GET /api/users/${uuid(2)}`]: [200, user(2)],
      [`PUT /api/users/${uuid(2)}`]: [409, { message: 'An account with this email already exists' }],
    });
    const { user: u } = renderRoutes(`/admin/user/${uuid(2)}/edit`, routes);
    await u.click(await screen.findByRole('button', { name: 'Update' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('An account with this email already exists'));
    expect(screen.queryByRole('heading', { level: 1, name: 'Edit User' })).not.toBeNull();
  });
});
