import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router';
import { toast } from 'sonner';
import { asha, renderRoutes, sentBodies, stubApi, type Answers } from '../../test/account-test-utils.js';
import { LoginPage } from './login-page.js';
import { setGuestCheckout } from '../../stores/guest-store.js';
import { logOutOnUnauthorized } from './logout.js';
import { SESSION_LIFETIME_MS, setUserInfo } from '../../stores/user-store.js';
import { clearWishlist, wishlistStore } from '../../stores/wishlist-store.js';

const noGoogle: Answers = { 'GET /api/config': [200, { googleClientId: null }] };

function renderLogin(path: string) {
  return renderRoutes(path, <Route path="/login" element={<LoginPage />} />);
}

const where = () => screen.getByRole('status', { name: 'where' }).textContent;

async function signIn(user: ReturnType<typeof renderLogin>['user'], email: string, password: string) {
  await user.type(screen.getByLabelText('Email Address'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

beforeEach(() => {
  localStorage.clear();
  clearWishlist();
  vi.spyOn(toast, 'error');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  act(() => setUserInfo(null));
});

describe('the /login page', () => {
  it('has labelled fields with autocomplete, a title, and Register keeping the redirect', () => {
    stubApi(noGoogle);
    renderLogin('/login?redirect=/shipping');
    expect(document.title).toBe('Sign In | Phoolwala Gifts');
    expect(screen.queryByRole('heading', { level: 1, name: 'Sign In' })).not.toBeNull();
    expect(screen.getByLabelText('Email Address').getAttribute('autocomplete')).toBe('email');
    expect(screen.getByLabelText('Password').getAttribute('autocomplete')).toBe('current-password');
    expect(screen.getByRole('link', { name: 'Register' }).getAttribute('href')).toBe('/register?redirect=%2Fshipping');
    expect(screen.getByText(/New Customer\?/).textContent).toBe('New Customer? Register');
  });

  it("offers 'Forgot password?', which leads to /forgot-password", async () => {
    stubApi(noGoogle);
    const { user } = renderLogin('/login');
    await user.click(screen.getByRole('link', { name: 'Forgot password?' }));
    await waitFor(() => expect(where()).toBe('/forgot-password'));
  });

  it('signs in: stores the user for 30 days and goes on to the redirect, the button disabled meanwhile', async () => {
    let answer!: (a: [number, unknown]) => void;
    const fetchMock = stubApi({
      ...noGoogle,
      'POST /api/users/auth': () => new Promise((resolve) => (answer = resolve)),
    });
    const { user } = renderLogin('/login?redirect=/shipping');
    await signIn(user, 'asha@example.com', 'a-long-secret');

    expect(screen.getByRole('button', { name: 'Sign In' })).toHaveProperty('disabled', true);
    expect(sentBodies(fetchMock, 'POST /api/users/auth')).toEqual([
      { email: 'asha@example.com', password: 'a-long-secret' },
    ]);
    const before = Date.now();
    act(() => answer([200, asha]));

    await waitFor(() => expect(where()).toBe('/shipping'));
    const stored = JSON.parse(localStorage.getItem('userInfo')!) as Record<string, unknown>;
    expect(stored).toMatchObject({ ...asha });
    expect(stored.expirationTime).toBeGreaterThanOrEqual(before + SESSION_LIFETIME_MS);
    expect(stored.expirationTime).toBeLessThanOrEqual(Date.now() + SESSION_LIFETIME_MS);
  });

  it("takes a partner's person to their orders when no page sent them, and to the page that did otherwise", async () => {
    stubApi({ ...noGoogle, 'POST /api/users/auth': [200, { ...asha, isPartner: true }] });
    const first = renderLogin('/login');
    await signIn(first.user, 'asha@example.com', 'a-long-secret');
    await waitFor(() => expect(where()).toBe('/partner'));
    cleanup();
    act(() => setUserInfo(null));

    const second = renderLogin('/login?redirect=/profile');
    await signIn(second.user, 'asha@example.com', 'a-long-secret');
    await waitFor(() => expect(where()).toBe('/profile'));
  });

  it("joins the wishlist hearted in this browser to the account's, and keeps the merged list", async () => {
    const fetchMock = stubApi({
      ...noGoogle,
      'POST /api/users/auth': [200, asha],
      'POST /api/users/wishlist/merge': [200, { productIds: ['p2', 'p1', 'p7'] }],
    });
    wishlistStore.set({ productIds: ['p2', 'p1'], accountId: null });
    const { user } = renderLogin('/login');
    await signIn(user, 'asha@example.com', 'a-long-secret');

    await waitFor(() =>
      expect(sentBodies(fetchMock, 'POST /api/users/wishlist/merge')).toEqual([{ productIds: ['p2', 'p1'] }]),
    );
    await waitFor(() => expect(wishlistStore.get()).toEqual({ productIds: ['p2', 'p1', 'p7'], accountId: asha._id }));
    expect(JSON.parse(localStorage.getItem('wishlist')!)).toEqual({
      productIds: ['p2', 'p1', 'p7'],
      accountId: asha._id,
    });
  });

  it.each(['//evil.com', 'https://evil.com', '/\\evil.com', 'javascript:alert(1)'])(
    'goes home instead of to the unsafe redirect %s',
    async (redirect) => {
      stubApi({ ...noGoogle, 'POST /api/users/auth': [200, asha] });
      const { user } = renderLogin(`/login?redirect=${encodeURIComponent(redirect)}`);
      expect(screen.getByRole('link', { name: 'Register' }).getAttribute('href')).toBe('/register?redirect=%2F');
      await signIn(user, 'asha@example.com', 'a-long-secret');
      await waitFor(() => expect(where()).toBe('/'));
    },
  );

  it("shows 'Invalid email or password' on a 401 and leaves a guest's cart and storage alone", async () => {
    const stopHandler = logOutOnUnauthorized({ navigate: vi.fn() });
    const fetchMock = stubApi({
      ...noGoogle,
      'POST /api/users/auth': [401, { message: 'Invalid email or password', code: 'UNAUTHORIZED' }],
    });
    localStorage.setItem('cart', '{"cartItems":[{"_id":"p1"}]}');
    localStorage.setItem('wishlist', '["p1"]');
    const { user } = renderLogin('/login?redirect=/shipping');
    await signIn(user, 'asha@example.com', 'wrong-password');

    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password');
    expect(toast.error).toHaveBeenCalledWith('Invalid email or password');
    expect(localStorage.getItem('cart')).toBe('{"cartItems":[{"_id":"p1"}]}');
    expect(localStorage.getItem('wishlist')).toBe('["p1"]');
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/users/logout')).toBe(false);
    expect(screen.queryByRole('status', { name: 'where' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign In' })).toHaveProperty('disabled', false);
    stopHandler();
  });

  it('shows the server message when throttled', async () => {
    stubApi({
      ...noGoogle,
      'POST /api/users/auth': [429, { message: 'Too many sign-in attempts. Try again in 15 minutes.' }],
    });
    const { user } = renderLogin('/login');
    await signIn(user, 'asha@example.com', 'a-long-secret');
    expect((await screen.findByRole('alert')).textContent).toBe('Too many sign-in attempts. Try again in 15 minutes.');
  });

  it('marks and focuses empty fields without asking the server', async () => {
    const fetchMock = stubApi(noGoogle);
    const { user } = renderLogin('/login');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    const email = screen.getByLabelText('Email Address');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(email);
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText('Password is required')).not.toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/users/auth')).toBe(false);
  });

  it('sends a signed-in user straight on to the redirect', async () => {
    stubApi(noGoogle);
    act(() => setUserInfo({ ...asha, expirationTime: Date.now() + 1e6 }));
    renderLogin('/login?redirect=%2Fcart');
    await waitFor(() => expect(where()).toBe('/cart'));
  });
});

describe('Google sign-in on /login', () => {
  it('is not offered when the server has no Google client id', async () => {
    const fetchMock = stubApi(noGoogle);
    renderLogin('/login');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/config', expect.anything()));
    await new Promise((r) => setTimeout(r, 0));
    expect(screen.queryByTestId('google-sign-in')).toBeNull();
    expect(document.querySelector('script[src*="accounts.google.com"]')).toBeNull();
  });

  it('is not offered when /api/config fails', async () => {
    stubApi({ 'GET /api/config': [404, { message: 'Not found' }] });
    renderLogin('/login');
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByTestId('google-sign-in')).toBeNull();
  });

  it('renders the button, prompts One Tap, and signs in with the credential', async () => {
    const google = {
      initialize: vi.fn(),
      renderButton: vi.fn(),
      prompt: vi.fn(),
      cancel: vi.fn(),
    };
    vi.stubGlobal('google', { accounts: { id: google } });
    const fetchMock = stubApi({
      'GET /api/config': [200, { googleClientId: 'client-123.apps.googleusercontent.com' }],
      'POST /api/users/auth/callback': [200, asha],
      'POST /api/users/wishlist/merge': [200, { productIds: ['p3'] }],
    });
    wishlistStore.set({ productIds: ['p3'], accountId: null });
    renderLogin('/login?redirect=/profile');
    await waitFor(() => expect(google.prompt).toHaveBeenCalled());
    const config = google.initialize.mock.lastCall![0] as {
      client_id: string;
      callback: (r: { credential: string }) => void;
    };
    expect(config.client_id).toBe('client-123.apps.googleusercontent.com');
    expect(google.renderButton).toHaveBeenCalledWith(
      screen.getByTestId('google-sign-in'),
      expect.objectContaining({ type: 'standard' }),
    );

    act(() => config.callback({ credential: 'id-token' }));
    await waitFor(() => expect(where()).toBe('/profile'));
    expect(sentBodies(fetchMock, 'POST /api/users/auth/callback')).toEqual([{ credential: 'id-token' }]);
    expect(localStorage.getItem('userInfo')).toContain(asha._id);
    expect(sentBodies(fetchMock, 'POST /api/users/wishlist/merge')).toEqual([{ productIds: ['p3'] }]);
    // Leaving the page closes One Tap.
    expect(google.cancel).toHaveBeenCalled();
  });

  it('goes home rather than off-site when the redirect is another origin', async () => {
    const google = { initialize: vi.fn(), renderButton: vi.fn(), prompt: vi.fn(), cancel: vi.fn() };
    vi.stubGlobal('google', { accounts: { id: google } });
    stubApi({
      'GET /api/config': [200, { googleClientId: 'client-123' }],
      'POST /api/users/auth/callback': [200, asha],
      'POST /api/users/wishlist/merge': [200, { productIds: [] }],
    });
    renderLogin(`/login?redirect=${encodeURIComponent('//evil.com/shipping')}`);
    await waitFor(() => expect(google.initialize).toHaveBeenCalled());
    const { callback } = google.initialize.mock.lastCall![0] as { callback: (r: { credential: string }) => void };
    act(() => callback({ credential: 'id-token' }));
    await waitFor(() => expect(where()).toBe('/'));
  });

  it("logs 'Login Failed' and toasts the message when the server refuses the credential", async () => {
    const google = { initialize: vi.fn(), renderButton: vi.fn(), prompt: vi.fn(), cancel: vi.fn() };
    vi.stubGlobal('google', { accounts: { id: google } });
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubApi({
      'GET /api/config': [200, { googleClientId: 'client-123' }],
      'POST /api/users/auth/callback': [401, { message: 'Google sign-in failed' }],
    });
    renderLogin('/login');
    await waitFor(() => expect(google.initialize).toHaveBeenCalled());
    const { callback } = google.initialize.mock.lastCall![0] as { callback: (r: { credential: string }) => void };
    act(() => callback({ credential: 'bad-token' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Google sign-in failed'));
    expect(consoleError).toHaveBeenCalledWith('Login Failed', expect.any(Error));
    expect(localStorage.getItem('userInfo')).toBeNull();
  });
});

describe('signing in by a one-time code', () => {
  const config = (signInCodesByText: boolean): Answers => ({
    'GET /api/config': [200, { googleClientId: null, signInCodesByText }],
  });
  const SENT = 'If an account has that email or mobile number, a 6-digit code is on its way. It works for 10 minutes.';

  it('sends a code to a mobile number and signs in with it, back to where the buyer was going', async () => {
    const fetchMock = stubApi({
      ...config(true),
      'POST /api/users/otp/request': [200, { message: SENT }],
      'POST /api/users/otp/verify': [200, asha],
    });
    const { user } = renderLogin('/login?redirect=/shipping');
    await user.click(screen.getByRole('button', { name: 'Sign in with a one-time code' }));
    const target = await screen.findByLabelText('Email or mobile number');
    expect(target.getAttribute('autocomplete')).toBe('username');
    await user.type(target, '+91 98950 11111');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByText(SENT);
    expect(sentBodies(fetchMock, 'POST /api/users/otp/request')).toEqual([{ phone: '+919895011111' }]);

    const code = screen.getByLabelText('6-digit code');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByText('Enter the 6-digit code', { selector: 'p' })).not.toBeNull();
    await user.type(code, '482 913');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(where()).toBe('/shipping'));
    expect(sentBodies(fetchMock, 'POST /api/users/otp/verify')).toEqual([{ phone: '+919895011111', code: '482913' }]);
  });

  it("offers email only where the store sends no texts, and shows the server's refusal of a code under it", async () => {
    const wrong = 'That code is not right, or it has expired. Ask for a new one.';
    const fetchMock = stubApi({
      ...config(false),
      'POST /api/users/otp/request': [200, { message: SENT }],
      'POST /api/users/otp/verify': [400, { message: wrong, details: [{ field: 'code', message: wrong }] }],
    });
    const { user } = renderLogin('/login');
    await user.click(screen.getByRole('button', { name: 'Sign in with a one-time code' }));
    await user.type(await screen.findByLabelText('Email Address'), '9895011111');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(screen.getByText('Enter a valid email address', { selector: 'p' })).not.toBeNull();
    expect(sentBodies(fetchMock, 'POST /api/users/otp/request')).toEqual([]);

    await user.clear(screen.getByLabelText('Email Address'));
    await user.type(screen.getByLabelText('Email Address'), 'asha@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await user.type(await screen.findByLabelText('6-digit code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(screen.getByLabelText('6-digit code').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(wrong, { selector: 'p' })).not.toBeNull();
    expect(localStorage.getItem('userInfo')).toBeNull();
  });
});

describe('checking out as a guest', () => {
  it('is offered on the way to checkout only, and goes on to shipping without an account', async () => {
    stubApi(noGoogle);
    const { user } = renderLogin('/login?redirect=/shipping');
    await user.click(screen.getByRole('button', { name: 'Continue as guest' }));
    await waitFor(() => expect(where()).toBe('/shipping'));
    expect(JSON.parse(localStorage.getItem('guestCheckout')!)).toEqual({ name: '', email: '' });
    cleanup();
    renderLogin('/login?redirect=/profile');
    expect(screen.queryByRole('button', { name: 'Continue as guest' })).toBeNull();
    act(() => setGuestCheckout(null));
  });
});
