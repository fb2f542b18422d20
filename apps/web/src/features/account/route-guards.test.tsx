import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { Route, useNavigate } from 'react-router';
import { asha, renderRoutes, stubApi } from '../../test/account-test-utils.js';
import { logout } from './logout.js';
import { RequireAdmin, RequirePartner, RequireUser } from './route-guards.js';
import { setUserInfo } from '../../stores/user-store.js';

const signIn = (isAdmin: boolean) => act(() => setUserInfo({ ...asha, isAdmin, expirationTime: Date.now() + 1e6 }));

function ProfileWithLogout() {
  const navigate = useNavigate();
  return (
    <>
      <h1>User Profile</h1>
      <button type="button" onClick={() => void logout({ navigate })}>
        Logout
      </button>
    </>
  );
}

function renderGuarded(path: string) {
  return renderRoutes(
    path,
    <>
      <Route element={<RequireUser />}>
        <Route path="/profile" element={<ProfileWithLogout />} />
        <Route path="/order/:id" element={<h1>Order</h1>} />
      </Route>
      <Route element={<RequireAdmin />}>
        <Route path="/admin/userlist" element={<h1>Users</h1>} />
      </Route>
      <Route element={<RequirePartner />}>
        <Route path="/partner" element={<h1>Partner orders</h1>} />
      </Route>
    </>,
  );
}

const where = () => screen.queryByRole('status', { name: 'where' })?.textContent;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  act(() => setUserInfo(null));
});

describe('RequireUser', () => {
  it('sends a guest to /login with the page and its query as the redirect', () => {
    renderGuarded('/order/o1?pay=1');
    expect(where()).toBe('/login?redirect=%2Forder%2Fo1%3Fpay%3D1');
  });

  it('shows the page to a signed-in user', () => {
    signIn(false);
    renderGuarded('/profile');
    expect(screen.queryByRole('heading', { name: 'User Profile' })).not.toBeNull();
  });

  it('lets a logout from a signed-in page go to plain /login, as the spec says', async () => {
    stubApi({ 'POST /api/users/logout': [200, { message: 'Logged out successfully' }] });
    signIn(false);
    const { user } = renderGuarded('/profile');
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(where()).toBe('/login'));
    await new Promise((r) => setTimeout(r, 10));
    expect(where()).toBe('/login');
  });

  it('sends the user to /login as soon as they are signed out some other way', () => {
    signIn(false);
    renderGuarded('/profile');
    act(() => setUserInfo(null));
    expect(where()).toBe('/login?redirect=%2Fprofile');
  });
});

describe('RequireAdmin', () => {
  it('sends a guest to /login with the redirect', () => {
    renderGuarded('/admin/userlist');
    expect(where()).toBe('/login?redirect=%2Fadmin%2Fuserlist');
  });

  it('sends a signed-in shopper who is not an admin home, not round the sign-in page', () => {
    signIn(false);
    renderGuarded('/admin/userlist');
    expect(where()).toBe('/');
  });

  it('shows the page to an admin', () => {
    signIn(true);
    renderGuarded('/admin/userlist');
    expect(screen.queryByRole('heading', { name: 'Users' })).not.toBeNull();
  });
});

describe('RequirePartner', () => {
  it('sends a guest to /login with the redirect', () => {
    renderGuarded('/partner');
    expect(where()).toBe('/login?redirect=%2Fpartner');
  });

  it('sends anyone signed in who is not one of a partner’s people home', () => {
    signIn(true);
    renderGuarded('/partner');
    expect(where()).toBe('/');
  });

  it("shows the page to a partner's person", () => {
    act(() => setUserInfo({ ...asha, isPartner: true, expirationTime: Date.now() + 1e6 }));
    renderGuarded('/partner');
    expect(screen.queryByRole('heading', { name: 'Partner orders' })).not.toBeNull();
  });
});
