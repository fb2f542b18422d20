import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router';
import { toast } from 'sonner';
import { RESET_LINK_EXPIRED, RESET_LINK_INVALID, RESET_LINK_USED } from '@store/contracts';
import { asha, renderRoutes, sentBodies, stubApi } from '../../test/account-test-utils.js';
import { ResetPasswordPage } from './reset-password-page.js';
import { SESSION_LIFETIME_MS, setUserInfo } from '../../stores/user-store.js';

const TOKEN = 'k3Jx9_QpLm-2vTz8RwYb5NcHd7FgAe1UoIs4WqXr6Zy';

function renderReset(path = `/reset-password?token=${TOKEN}`) {
  return renderRoutes(path, <Route path="/reset-password" element={<ResetPasswordPage />} />);
}

type Shopper = ReturnType<typeof renderReset>['user'];

async function choose(user: Shopper, password: string, confirm = password) {
  await user.type(screen.getByLabelText('New Password'), password);
  await user.type(screen.getByLabelText('Confirm Password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Set new password' }));
}

const where = () => screen.getByRole('status', { name: 'where' }).textContent;
const linkRefusal = (message: string): [number, unknown] => [
  400,
  { message, code: 'VALIDATION', details: [{ field: 'token', message }] },
];

beforeEach(() => {
  localStorage.clear();
  vi.spyOn(toast, 'error');
  vi.spyOn(toast, 'success');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  act(() => setUserInfo(null));
});

describe('the /reset-password page', () => {
  it('has a title and the two password fields with the registration hint', () => {
    stubApi({});
    renderReset();
    expect(document.title).toBe('Reset Password | Phoolwala Gifts');
    expect(screen.queryByRole('heading', { level: 1, name: 'Reset Password' })).not.toBeNull();
    const password = screen.getByLabelText('New Password');
    expect([password.getAttribute('type'), password.getAttribute('autocomplete')]).toEqual([
      'password',
      'new-password',
    ]);
    expect(screen.getByText('At least 8 characters.').id).toBe(password.getAttribute('aria-describedby'));
    expect(screen.getByLabelText('Confirm Password').getAttribute('autocomplete')).toBe('new-password');
  });

  it('sets the password with the token, signs in for 30 days and goes home, the button disabled meanwhile', async () => {
    let answer!: (a: [number, unknown]) => void;
    const fetchMock = stubApi({
      'POST /api/users/reset-password': () => new Promise((resolve) => (answer = resolve)),
    });
    const { user } = renderReset();
    await choose(user, 'monsoon over the backwaters');
    expect(screen.getByRole('button', { name: 'Set new password' })).toHaveProperty('disabled', true);
    expect(sentBodies(fetchMock, 'POST /api/users/reset-password')).toEqual([
      { token: TOKEN, password: 'monsoon over the backwaters' },
    ]);

    const before = Date.now();
    act(() => answer([200, asha]));
    await waitFor(() => expect(where()).toBe('/'));
    const stored = JSON.parse(localStorage.getItem('userInfo')!) as Record<string, unknown>;
    expect(stored).toMatchObject({ ...asha });
    expect(stored.expirationTime).toBeGreaterThanOrEqual(before + SESSION_LIFETIME_MS);
    expect(toast.success).toHaveBeenCalledWith('Your new password is set, and you are signed in');
  });

  it.each([
    ['/cart', '/cart'],
    ['//evil.com', '/'],
  ])('with redirect=%s, goes on to %s (only paths on this site)', async (redirect, expected) => {
    stubApi({ 'POST /api/users/reset-password': [200, asha] });
    const { user } = renderReset(`/reset-password?token=${TOKEN}&redirect=${encodeURIComponent(redirect)}`);
    await choose(user, 'monsoon over the backwaters');
    await waitFor(() => expect(where()).toBe(expected));
  });

  it("takes a partner's person, invited by email, on to their orders", async () => {
    stubApi({ 'POST /api/users/reset-password': [200, { ...asha, isPartner: true }] });
    const { user } = renderReset();
    await choose(user, 'monsoon over the backwaters');
    await waitFor(() => expect(where()).toBe('/partner'));
  });

  it('holds the new password to the registration rules before asking the server', async () => {
    const fetchMock = stubApi({});
    const { user } = renderReset();
    await choose(user, 'short');
    expect(screen.queryByText('Password must be at least 8 characters')).not.toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText('New Password'));

    await user.clear(screen.getByLabelText('New Password'));
    await user.clear(screen.getByLabelText('Confirm Password'));
    await choose(user, 'password123');
    expect(screen.queryByText('This password is too common and easy to guess; please choose another')).not.toBeNull();

    await user.clear(screen.getByLabelText('New Password'));
    await user.clear(screen.getByLabelText('Confirm Password'));
    await choose(user, 'monsoon over the backwaters', 'monsoon over the backwater');
    expect(toast.error).toHaveBeenLastCalledWith('Passwords do not match');
    expect(document.activeElement).toBe(screen.getByLabelText('Confirm Password'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each([RESET_LINK_USED, RESET_LINK_EXPIRED, RESET_LINK_INVALID])(
    "says '%s' with a link to ask again, instead of the form",
    async (message) => {
      stubApi({ 'POST /api/users/reset-password': linkRefusal(message) });
      const { user } = renderReset();
      await choose(user, 'monsoon over the backwaters');
      expect((await screen.findByRole('alert')).textContent).toBe(message);
      expect(screen.getByRole('link', { name: 'Ask for a new reset link' }).getAttribute('href')).toBe(
        '/forgot-password',
      );
      expect(screen.queryByLabelText('New Password')).toBeNull();
      expect(localStorage.getItem('userInfo')).toBeNull();
    },
  );

  it('says at once that a link without a token is not valid, without asking the server', () => {
    const fetchMock = stubApi({});
    renderReset('/reset-password');
    expect(screen.getByRole('alert').textContent).toBe(RESET_LINK_INVALID);
    expect(screen.getByRole('link', { name: 'Ask for a new reset link' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's refusal of the password under it, and a throttled answer above the form", async () => {
    const refusal = 'Password must be at most 128 characters';
    stubApi({
      'POST /api/users/reset-password': [
        400,
        { message: refusal, code: 'VALIDATION', details: [{ field: 'password', message: refusal }] },
      ],
    });
    const { user } = renderReset();
    await choose(user, 'monsoon over the backwaters');
    await waitFor(() => expect(screen.getByLabelText('New Password').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.queryByText(refusal)).not.toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    cleanup();

    const throttled = 'Too many reset links tried from your network. Please try again in 60 minutes.';
    stubApi({ 'POST /api/users/reset-password': [429, { code: 'RATE_LIMITED', message: throttled }] });
    const again = renderReset();
    await choose(again.user, 'monsoon over the backwaters');
    expect((await screen.findByRole('alert')).textContent).toBe(throttled);
    expect(screen.queryByRole('link', { name: 'Ask for a new reset link' })).toBeNull();
    expect(screen.queryByLabelText('New Password')).not.toBeNull();
  });
});
