import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router';
import { toast } from 'sonner';
import { PASSWORD_RESET_SENT } from '@store/contracts';
import { renderRoutes, sentBodies, stubApi } from '../../test/account-test-utils.js';
import { ForgotPasswordPage } from './forgot-password-page.js';

function renderForgot() {
  return renderRoutes('/forgot-password', <Route path="/forgot-password" element={<ForgotPasswordPage />} />);
}

type Shopper = ReturnType<typeof renderForgot>['user'];

async function ask(user: Shopper, email: string) {
  await user.type(screen.getByLabelText('Email Address'), email);
  await user.click(screen.getByRole('button', { name: 'Send reset link' }));
}

beforeEach(() => {
  vi.spyOn(toast, 'error');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the /forgot-password page', () => {
  it('has a title, a labelled email field and a way back to sign in', () => {
    stubApi({});
    renderForgot();
    expect(document.title).toBe('Forgot Password | Phoolwala Gifts');
    expect(screen.queryByRole('heading', { level: 1, name: 'Forgot Password' })).not.toBeNull();
    const email = screen.getByLabelText('Email Address');
    expect([email.getAttribute('type'), email.getAttribute('autocomplete')]).toEqual(['email', 'email']);
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/login');
  });

  it('sends the email and shows the one answer the server gives, the button disabled meanwhile', async () => {
    let answer!: (a: [number, unknown]) => void;
    const fetchMock = stubApi({
      'POST /api/users/forgot-password': () => new Promise((resolve) => (answer = resolve)),
    });
    const { user } = renderForgot();
    await ask(user, '  asha@example.com ');
    expect(screen.getByRole('button', { name: 'Send reset link' })).toHaveProperty('disabled', true);
    expect(sentBodies(fetchMock, 'POST /api/users/forgot-password')).toEqual([{ email: 'asha@example.com' }]);

    act(() => answer([200, { message: PASSWORD_RESET_SENT }]));
    expect((await screen.findByRole('status')).textContent).toBe(PASSWORD_RESET_SENT);
    expect(screen.queryByText(/The link works once, for 30 minutes\./)).not.toBeNull();
    expect(screen.queryByLabelText('Email Address')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'ask again' }));
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByLabelText('Email Address')).not.toBeNull();
  });

  it('marks an email that cannot be one without asking the server', async () => {
    const fetchMock = stubApi({});
    const { user } = renderForgot();
    await ask(user, 'asha@example');
    const email = screen.getByLabelText('Email Address');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(email);
    expect(screen.queryByText('Enter a valid email address')).not.toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows a refusal, such as too many requests, as a sentence above the form', async () => {
    stubApi({
      'POST /api/users/forgot-password': [
        429,
        {
          code: 'RATE_LIMITED',
          message: 'Too many reset links have been asked for this email. Please try again in 60 minutes.',
        },
      ],
    });
    const { user } = renderForgot();
    await ask(user, 'asha@example.com');
    const said = 'Too many reset links have been asked for this email. Please try again in 60 minutes.';
    expect((await screen.findByRole('alert')).textContent).toBe(said);
    expect(toast.error).toHaveBeenCalledWith(said);
    expect(screen.queryByRole('status')).toBeNull();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Send reset link' })).toHaveProperty('disabled', false),
    );
  });
});
