import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router';
import { toast } from 'sonner';
import { asha, renderRoutes, sentBodies, stubApi } from '../../test/account-test-utils.js';
import { RegisterPage } from './register-page.js';
import { setUserInfo } from '../../stores/user-store.js';
import { wishlistStore } from '../../stores/wishlist-store.js';

function renderRegister(path: string) {
  return renderRoutes(path, <Route path="/register" element={<RegisterPage />} />);
}

type Shopper = ReturnType<typeof renderRegister>['user'];

async function fill(user: Shopper, values: { name: string; email: string; password: string; confirm: string }) {
  await user.type(screen.getByLabelText('Name'), values.name);
  await user.type(screen.getByLabelText('Email Address'), values.email);
  await user.type(screen.getByLabelText('Password'), values.password);
  await user.type(screen.getByLabelText('Confirm Password'), values.confirm);
  await user.click(screen.getByRole('button', { name: 'Register' }));
}

const where = () => screen.getByRole('status', { name: 'where' }).textContent;

beforeEach(() => {
  localStorage.clear();
  vi.spyOn(toast, 'error');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  act(() => setUserInfo(null));
});

describe('the /register page', () => {
  it('has the four labelled fields, the password hint and Sign In keeping the redirect', () => {
    stubApi({});
    renderRegister('/register?redirect=%2Fshipping');
    expect(document.title).toBe('Register | Phoolwala Gifts');
    expect(screen.queryByRole('heading', { level: 1, name: 'Register' })).not.toBeNull();
    expect(screen.getByLabelText('Name').getAttribute('autocomplete')).toBe('name');
    expect(screen.getByLabelText('Email Address').getAttribute('autocomplete')).toBe('email');
    const password = screen.getByLabelText('Password');
    expect(password.getAttribute('autocomplete')).toBe('new-password');
    expect(screen.getByLabelText('Confirm Password').getAttribute('autocomplete')).toBe('new-password');
    expect(screen.getByText('At least 8 characters.').id).toBe(password.getAttribute('aria-describedby'));
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/login?redirect=%2Fshipping');
  });

  it.each([
    ['/register?redirect=%2Fshipping', true],
    ['/register?redirect=%2Fplaceorder', true],
    ['/register?redirect=%2Fprofile', false],
    ['/register', false],
    ['/register?redirect=%2F%2Fevil.com%2Fshipping', false],
  ])('at %s, says it goes back to the checkout: %s', (path, toCheckout) => {
    stubApi({});
    renderRegister(path);
    expect(screen.queryByText(/go straight back to your checkout/) !== null).toBe(toCheckout);
    expect(screen.queryByText('Create an account to check out faster and follow your orders.') !== null).toBe(
      !toCheckout,
    );
  });

  it("says 'Passwords do not match' and does not call the server", async () => {
    const fetchMock = stubApi({});
    const { user } = renderRegister('/register');
    await fill(user, { name: 'Asha', email: 'asha@example.com', password: 'a-long-secret', confirm: 'a-long-secreT' });

    expect(toast.error).toHaveBeenCalledWith('Passwords do not match');
    const confirm = screen.getByLabelText('Confirm Password');
    expect(confirm.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(confirm);
    expect(screen.queryByText('Passwords do not match')).not.toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses a short password before asking the server, in the server’s words', async () => {
    const fetchMock = stubApi({});
    const { user } = renderRegister('/register');
    await fill(user, { name: 'Asha', email: 'asha@example.com', password: 'short', confirm: 'short' });
    expect(screen.queryByText('Password must be at least 8 characters')).not.toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('registers, signs in and goes on to the redirect, joining the wishlist hearted here to the account', async () => {
    const fetchMock = stubApi({
      'POST /api/users': [201, asha],
      'POST /api/users/wishlist/merge': [200, { productIds: ['p1'] }],
    });
    wishlistStore.set({ productIds: ['p1'], accountId: null });
    const { user } = renderRegister('/register?redirect=%2Fshipping');
    await fill(user, {
      name: ' Asha Menon ',
      email: 'asha@example.com',
      password: 'a-long-secret',
      confirm: 'a-long-secret',
    });
    await waitFor(() => expect(where()).toBe('/shipping'));
    expect(sentBodies(fetchMock, 'POST /api/users')).toEqual([
      { name: 'Asha Menon', email: 'asha@example.com', password: 'a-long-secret' },
    ]);
    expect(JSON.parse(localStorage.getItem('userInfo')!)).toMatchObject({
      ...asha,
      expirationTime: expect.any(Number),
    });
    expect(sentBodies(fetchMock, 'POST /api/users/wishlist/merge')).toEqual([{ productIds: ['p1'] }]);
    await waitFor(() => expect(wishlistStore.get()).toEqual({ productIds: ['p1'], accountId: asha._id }));
  });

  it('shows the server’s refusal of a taken email on the email field', async () => {
    stubApi({
      'POST /api/users': [
        409,
        {
          message: 'An account with this email already exists',
          code: 'CONFLICT',
          details: [{ field: 'email', message: 'An account with this email already exists' }],
        },
      ],
    });
    const { user } = renderRegister('/register');
    await fill(user, { name: 'Asha', email: 'asha@example.com', password: 'a-long-secret', confirm: 'a-long-secret' });

    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('An account with this email already exists'));
    const email = screen.getByLabelText('Email Address');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(email);
    expect(screen.queryByText('An account with this email already exists')).not.toBeNull();
    expect(localStorage.getItem('userInfo')).toBeNull();
  });

  it("shows each field the server's refusal names under that field, and a refusal naming none above the form", async () => {
    stubApi({
      'POST /api/users': [
        400,
        {
          message: 'name: Name is too long',
          code: 'VALIDATION',
          details: [
            { field: 'name', message: 'Name is too long' },
            { field: 'password', message: 'This password is too common' },
          ],
        },
      ],
    });
    const { user } = renderRegister('/register');
    await fill(user, { name: 'Asha', email: 'asha@example.com', password: 'a-long-secret', confirm: 'a-long-secret' });
    await waitFor(() => expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText('This password is too common')).not.toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
    expect(screen.queryByRole('alert')).toBeNull();
    cleanup();

    // A message that merely mentions a field is not guessed to be about it.
    stubApi({
      'POST /api/users': [400, { message: 'Your password manager filled the wrong form', code: 'VALIDATION' }],
    });
    const again = renderRegister('/register');
    await fill(again.user, {
      name: 'Asha',
      email: 'asha@example.com',
      password: 'a-long-secret',
      confirm: 'a-long-secret',
    });
    expect((await screen.findByRole('alert')).textContent).toContain('Your password manager filled the wrong form');
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBeNull();
  });

  it('shows a throttled registration in an alert', async () => {
    stubApi({ 'POST /api/users': [429, { message: 'Too many accounts created from here. Try again later.' }] });
    const { user } = renderRegister('/register');
    await fill(user, { name: 'Asha', email: 'asha@example.com', password: 'a-long-secret', confirm: 'a-long-secret' });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many accounts created from here. Try again later.',
    );
  });

  it('sends a signed-in user straight on to the redirect', async () => {
    stubApi({});
    act(() => setUserInfo({ ...asha, expirationTime: Date.now() + 1e6 }));
    renderRegister('/register?redirect=/cart');
    await waitFor(() => expect(where()).toBe('/cart'));
  });
});
