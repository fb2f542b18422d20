import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router';
import { toast } from 'sonner';
import { asha, renderRoutes, sentBodies, stubApi, type Answers } from '../../test/account-test-utils.js';
import { ProfilePage } from './profile-page.js';
import { setUserInfo } from '../../stores/user-store.js';

const expirationTime = Date.now() + 10 * 24 * 60 * 60 * 1000;

function renderProfile() {
  return renderRoutes('/profile', <Route path="/profile" element={<ProfilePage />} />);
}

/** The profile's second column, My Orders, asks for the shopper's orders. */
const noOrders: Answers = { 'GET /api/orders/mine': [200, []] };

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

beforeEach(() => {
  localStorage.clear();
  vi.spyOn(toast, 'error');
  vi.spyOn(toast, 'success');
  act(() => setUserInfo({ ...asha, pincode: '682001', expirationTime }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  act(() => setUserInfo(null));
});

describe('the /profile page', () => {
  it('is prefilled from the stored user, then from the server', async () => {
    let answer!: (a: [number, unknown]) => void;
    stubApi({ ...noOrders, 'GET /api/users/profile': () => new Promise((resolve) => (answer = resolve)) });
    renderProfile();
    expect(document.title).toBe('User Profile | Phoolwala Gifts');
    expect(screen.queryByRole('heading', { level: 1, name: 'User Profile' })).not.toBeNull();
    expect(input('Name').value).toBe('Asha Menon');
    expect(input('Email Address').value).toBe('asha@example.com');
    expect(input('Password').value).toBe('');

    act(() => answer([200, { ...asha, name: 'Asha M.' }]));
    await waitFor(() => expect(input('Name').value).toBe('Asha M.'));
    // The stored user follows the server, keeping its expiry and its pincode.
    expect(JSON.parse(localStorage.getItem('userInfo')!)).toEqual({
      ...asha,
      name: 'Asha M.',
      pincode: '682001',
      expirationTime,
    });
  });

  it('updates name and email without a password, and says so', async () => {
    const updated = { ...asha, name: 'Asha Nair', email: 'asha.nair@example.com' };
    const fetchMock = stubApi({
      ...noOrders,
      'GET /api/users/profile': [200, asha],
      'PUT /api/users/profile': [200, updated],
    });
    const { user } = renderProfile();
    await user.clear(input('Name'));
    await user.type(input('Name'), 'Asha Nair');
    await user.clear(input('Email Address'));
    await user.type(input('Email Address'), 'asha.nair@example.com');
    await user.click(screen.getByRole('button', { name: 'Update' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Profile updated successfully'));
    expect(sentBodies(fetchMock, 'PUT /api/users/profile')).toEqual([
      { name: 'Asha Nair', email: 'asha.nair@example.com' },
    ]);
    // The previous pincode stays when the answer has none; the expiry is the session's, unchanged.
    expect(JSON.parse(localStorage.getItem('userInfo')!)).toEqual({ ...updated, pincode: '682001', expirationTime });
  });

  it('sends a new password only when one is typed, and clears both password fields after', async () => {
    const fetchMock = stubApi({
      ...noOrders,
      'GET /api/users/profile': [200, asha],
      'PUT /api/users/profile': [200, asha],
    });
    const { user } = renderProfile();
    await user.type(input('Password'), 'a-new-long-secret');
    await user.type(input('Confirm Password'), 'a-new-long-secret');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Profile updated successfully'));
    expect(sentBodies(fetchMock, 'PUT /api/users/profile')).toEqual([
      { name: 'Asha Menon', email: 'asha@example.com', password: 'a-new-long-secret' },
    ]);
    expect(input('Password').value).toBe('');
    expect(input('Confirm Password').value).toBe('');
  });

  it("says 'Passwords do not match' without asking the server", async () => {
    const fetchMock = stubApi({ ...noOrders, 'GET /api/users/profile': [200, asha] });
    const { user } = renderProfile();
    await user.type(input('Password'), 'a-new-long-secret');
    await user.type(input('Confirm Password'), 'another-secret');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(toast.error).toHaveBeenCalledWith('Passwords do not match');
    expect(input('Confirm Password').getAttribute('aria-invalid')).toBe('true');
    expect(sentBodies(fetchMock, 'PUT /api/users/profile')).toEqual([]);
  });

  it('asks for the current password only while the email or password is being changed, and sends it', async () => {
    const updated = { ...asha, email: 'asha.nair@example.com' };
    const fetchMock = stubApi({
      ...noOrders,
      'GET /api/users/profile': [200, asha],
      'PUT /api/users/profile': [200, updated],
    });
    const { user } = renderProfile();
    expect(screen.queryByLabelText('Current Password')).toBeNull();
    await user.type(input('Password'), 'x');
    expect(screen.queryByLabelText('Current Password')).not.toBeNull();
    await user.clear(input('Password'));
    expect(screen.queryByLabelText('Current Password')).toBeNull();

    await user.clear(input('Email Address'));
    await user.type(input('Email Address'), 'asha.nair@example.com');
    expect(input('Current Password').getAttribute('autocomplete')).toBe('current-password');
    expect(input('Current Password').type).toBe('password');
    await user.type(input('Current Password'), 'my old secret');
    await user.click(screen.getByRole('button', { name: 'Update' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Profile updated successfully'));
    expect(sentBodies(fetchMock, 'PUT /api/users/profile')).toEqual([
      { name: 'Asha Menon', email: 'asha.nair@example.com', currentPassword: 'my old secret' },
    ]);
    expect(screen.queryByLabelText('Current Password')).toBeNull();
  });

  it('marks the current password when the server refuses it, and focuses it', async () => {
    const message = 'Current password is incorrect';
    stubApi({
      ...noOrders,
      'GET /api/users/profile': [200, asha],
      'PUT /api/users/profile': [
        400,
        { message, code: 'VALIDATION', details: [{ field: 'currentPassword', message }] },
      ],
    });
    const { user } = renderProfile();
    await user.type(input('Password'), 'a-new-long-secret');
    await user.type(input('Confirm Password'), 'a-new-long-secret');
    await user.type(input('Current Password'), 'not my password');
    await user.click(screen.getByRole('button', { name: 'Update' }));

    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(message));
    expect(input('Current Password').getAttribute('aria-invalid')).toBe('true');
    expect(input('Password').getAttribute('aria-invalid')).toBeNull();
    expect(document.activeElement).toBe(input('Current Password'));
    expect(screen.getByText(message, { selector: 'p' })).not.toBeNull();
  });

  it('toasts the server’s refusal of a taken email', async () => {
    stubApi({
      ...noOrders,
      'GET /api/users/profile': [200, asha],
      'PUT /api/users/profile': [
        409,
        {
          message: 'An account with this email already exists',
          code: 'CONFLICT',
          details: [{ field: 'email', message: 'An account with this email already exists' }],
        },
      ],
    });
    const { user } = renderProfile();
    await user.clear(input('Email Address'));
    await user.type(input('Email Address'), 'taken@example.com');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('An account with this email already exists'));
    expect(input('Email Address').getAttribute('aria-invalid')).toBe('true');
    expect(JSON.parse(localStorage.getItem('userInfo')!)).toMatchObject({ email: 'asha@example.com' });
  });
});
