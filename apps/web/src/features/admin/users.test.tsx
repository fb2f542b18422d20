import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { Route } from 'react-router';
import { toast } from 'sonner';
import type { AdminUser } from '@store/contracts';
import { setUserInfo } from '../../stores/user-store.js';
import { admin, conflictRowsOf, renderRoutes, sentBodies, stubApi, uuid } from './admin-test-utils.js';
import { UserEditPage } from './user-edit-page.js';
import { UserListPage } from './user-list-page.js';

const user = (n: number, over: Partial<AdminUser> = {}): AdminUser => ({
  _id: uuid(n),
  name: `Shopper ${n}`,
  email: `shopper${n}@example.com`,
  isAdmin: false,
  isPartner: false,
  pincode: '',
  phone: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  googleLinked: false,
  version: 1,
  ...over,
});

/** One page holding these accounts, as GET /api/users/admin answers it. */
const pageOf = (rows: AdminUser[]) => ({ rows, page: 1, pageSize: 50, pages: rows.length ? 1 : 0, total: rows.length });

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
    stubApi({ 'GET /api/users/admin': [200, pageOf([user(1, { name: 'Other Admin', isAdmin: true }), user(2)])] });
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
    // Another admin can only lose the rights (ADR 037): neither edited nor deleted.
    expect(
      within(adminRow!)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Remove admin Other Admin']);
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
      'GET /api/users/admin': () => [200, pageOf(users)],
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

describe('removing an admin', () => {
  const me = user(1, { _id: admin._id, name: 'Store Admin', isAdmin: true });
  const other = user(3, { name: 'Ravi Admin', isAdmin: true });

  it("asks first, takes the rights away and never offers it on one's own row", async () => {
    let users = [me, other];
    const fetchMock = stubApi({
      'GET /api/users/admin': () => [200, pageOf(users)],
      [`PUT /api/users/${uuid(3)}`]: () => {
        users = [me, { ...other, isAdmin: false }];
        return [200, users[1]];
      },
    });
    const { user: u } = renderRoutes('/admin/userlist', routes);
    const table = await screen.findByRole('region', { name: 'Users' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    const ownRow = within(table).getAllByRole('row')[1]!;
    expect(within(ownRow).queryByRole('button')).toBeNull();
    expect(ownRow.textContent).toContain('You');

    await u.click(screen.getByRole('button', { name: 'Remove admin Ravi Admin' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Remove Ravi Admin as an admin?' });
    await u.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(sentBodies(fetchMock, `PUT /api/users/${uuid(3)}`)).toEqual([]);

    await u.click(screen.getByRole('button', { name: 'Remove admin Ravi Admin' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Remove Ravi Admin as an admin?' });
    await u.click(within(dialog).getByRole('button', { name: 'Remove admin' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Ravi Admin is no longer an admin'));
    expect(sentBodies(fetchMock, `PUT /api/users/${uuid(3)}`)).toEqual([
      { userId: uuid(3), version: 1, isAdmin: false },
    ]);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    // Now a customer again: edited and deleted like any other.
    expect(await screen.findByRole('link', { name: 'Edit Ravi Admin' })).not.toBeNull();
  });

  it("says the server's refusal (the last admin) and shows the list as it is now", async () => {
    stubApi({
      'GET /api/users/admin': [200, pageOf([me, other])],
      [`PUT /api/users/${uuid(3)}`]: [409, { message: 'The store must keep at least one admin: this is the last one' }],
    });
    const { user: u } = renderRoutes('/admin/userlist', routes);
    await u.click(await screen.findByRole('button', { name: 'Remove admin Ravi Admin' }));
    const dialog = await screen.findByRole('alertdialog');
    await u.click(within(dialog).getByRole('button', { name: 'Remove admin' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('The store must keep at least one admin: this is the last one'),
    );
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });
});

describe('Edit User', () => {
  it("updates name, email and admin rights, says 'user updated successfully' and goes back to the list", async () => {
    const shopper = user(2);
    const fetchMock = stubApi({
      [`GET /api/users/${uuid(2)}`]: [200, shopper],
      [`PUT /api/users/${uuid(2)}`]: [200, { ...shopper, name: 'Asha Nair', isAdmin: true }],
      'GET /api/users/admin': [200, pageOf([])],
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
    // Making an admin is confirmed first; nothing is sent until then.
    const dialog = await screen.findByRole('alertdialog', { name: 'Make Asha Nair an admin?' });
    expect(sentBodies(fetchMock, `PUT /api/users/${uuid(2)}`)).toEqual([]);
    await u.click(within(dialog).getByRole('button', { name: 'Make admin' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('user updated successfully'));
    expect(sentBodies(fetchMock, `PUT /api/users/${uuid(2)}`)).toEqual([
      { userId: uuid(2), version: 1, name: 'Asha Nair', email: 'shopper2@example.com', isAdmin: true },
    ]);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['User'] });
    await screen.findByRole('heading', { level: 1, name: 'Users' });
  });

  it('shows what changed since the form opened, and discards the admin’s changes for the account as it is now', async () => {
    const now = { ...user(2), email: 'asha.new@example.com', version: 2 };
    let puts = 0;
    const fetchMock = stubApi({
      [`GET /api/users/${uuid(2)}`]: [200, user(2)],
      [`PUT /api/users/${uuid(2)}`]: () =>
        (puts += 1) === 1
          ? [409, { message: 'This user changed since you opened it', code: 'CONFLICT', details: { current: now } }]
          : [200, now],
      'GET /api/users/admin': [200, pageOf([])],
    });
    const { user: u } = renderRoutes(`/admin/user/${uuid(2)}/edit`, routes);
    const name = (await screen.findByLabelText('Name')) as HTMLInputElement;
    await u.clear(name);
    await u.type(name, 'Asha Nair');
    await u.click(screen.getByRole('button', { name: 'Update' }));
    const review = await screen.findByRole('region', { name: 'This user changed since you opened it' });
    expect(conflictRowsOf(review)).toEqual([
      ['Name', 'Shopper 2', 'Shopper 2', 'Asha Nair'],
      ['Email Address', 'shopper2@example.com', 'asha.new@example.com', 'not changed'],
    ]);
    expect((screen.getByRole('button', { name: 'Update' }) as HTMLButtonElement).disabled).toBe(true);
    await u.click(within(review).getByRole('button', { name: 'Discard my changes' }));
    expect(name.value).toBe('Shopper 2');
    expect((screen.getByLabelText('Email Address') as HTMLInputElement).value).toBe('asha.new@example.com');
    await u.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('user updated successfully'));
    expect(sentBodies(fetchMock, `PUT /api/users/${uuid(2)}`)[1]).toMatchObject({
      version: 2,
      name: 'Shopper 2',
      email: 'asha.new@example.com',
    });
  });

  it('saves a name without asking when the admin flag is not turned on, and Cancel keeps a customer one', async () => {
    const fetchMock = stubApi({
      [`GET /api/users/${uuid(2)}`]: [200, user(2)],
      [`PUT /api/users/${uuid(2)}`]: [200, user(2)],
      'GET /api/users/admin': [200, pageOf([])],
    });
    const { user: u } = renderRoutes(`/admin/user/${uuid(2)}/edit`, routes);
    await u.click(await screen.findByLabelText('Is Admin'));
    await u.click(screen.getByRole('button', { name: 'Update' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Make Shopper 2 an admin?' });
    await u.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(sentBodies(fetchMock, `PUT /api/users/${uuid(2)}`)).toEqual([]);
    await u.click(screen.getByLabelText('Is Admin'));
    await u.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('user updated successfully'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(sentBodies(fetchMock, `PUT /api/users/${uuid(2)}`)).toEqual([
      { userId: uuid(2), version: 1, name: 'Shopper 2', email: 'shopper2@example.com', isAdmin: false },
    ]);
  });

  it("clears a field's message once it is fixed, and says what is still wrong meanwhile", async () => {
    stubApi({
      [`GET /api/users/${uuid(2)}`]: [200, user(2)],
      [`PUT /api/users/${uuid(2)}`]: [
        409,
        {
          message: 'An account with this email already exists',
          details: [{ field: 'email', message: 'An account with this email already exists' }],
        },
      ],
    });
    const { user: u } = renderRoutes(`/admin/user/${uuid(2)}/edit`, routes);
    const name = await screen.findByLabelText('Name');
    const email = screen.getByLabelText('Email Address');
    await u.clear(name);
    await u.clear(email);
    await u.type(email, 'asha@');
    await u.click(screen.getByRole('button', { name: 'Update' }));
    expect(screen.queryByText('Name is required')).not.toBeNull();
    expect(screen.queryByText('Enter a valid email address')).not.toBeNull();
    await u.type(name, 'Asha');
    expect(screen.queryByText('Name is required')).toBeNull();
    expect(name.getAttribute('aria-invalid')).toBeNull();
    await u.type(email, 'example');
    expect(screen.queryByText('Enter a valid email address')).not.toBeNull();
    await u.type(email, '.com');
    expect(screen.queryByText('Enter a valid email address')).toBeNull();
    // The server's own message, about the field it names, goes once the field is changed.
    await u.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('An account with this email already exists')).not.toBeNull();
    await u.type(email, 'm');
    expect(screen.queryByText('An account with this email already exists')).toBeNull();
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
