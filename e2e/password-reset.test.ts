import { describe, expect, inject, it } from 'vitest';
import { apiFetch, registerByApi } from './support/api.js';
import { seriousViolations } from './support/axe.js';
import { waitForEmail } from './support/mail.js';
import { openPage, pathIn, shoot, useBrowser } from './support/page.js';
import { signIn } from './support/shopper.js';

const OLD_PASSWORD = 'marigold-garland-42';
const NEW_PASSWORD = 'jasmine by the window';
const browser = useBrowser();

const url = (route: string) => `${inject('baseUrl')}${route}`;

/** A fresh shopper and the errors their pages log; `expected` names API paths whose refusals are under test. */
const open = (width: number, expected: string[] = []) => openPage(browser(), width, { expected: pathIn(expected) });

const signInByApi = async (email: string, password: string) =>
  (await apiFetch('/api/users/auth', { method: 'POST', body: { email, password } })).status;

// The emails are read from the store's data folder, which only a store this run started has.
describe.skipIf(!inject('dataDir'))('password recovery', () => {
  it('asks for a link from the sign-in page, sets a new password from the email, and signs in with it (1280)', async () => {
    const { email } = await registerByApi('Kavya Rao', OLD_PASSWORD, { emailPrefix: 'shopper' });
    const { context, page, problems } = await open(1280, ['/api/users/reset-password']);
    await page.goto(url('/login'));
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL((u) => u.pathname === '/forgot-password');
    await page.getByRole('heading', { level: 1, name: 'Forgot Password' }).waitFor();
    await expect(page.title()).resolves.toBe('Forgot Password | Phoolwala Gifts');
    await page.getByLabel('Email Address').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'If an account exists for that email, we have sent a link' })
      .waitFor();
    await shoot(page, 'password-reset-sent-1280');
    expect(await seriousViolations(page)).toEqual([]);

    const mail = await waitForEmail(inject('dataDir'), email, 'Reset your Phoolwala Gifts password');
    expect(mail.text).toContain('Namaste Kavya Rao,');
    expect(mail.text).toContain('The link works once, for 30 minutes.');
    expect(mail.text).toContain('If you did not ask for this, ignore this email');
    const link = /^Set a new password: (\S+)$/m.exec(mail.text)?.[1];
    expect(link).toMatch(/^http:\/\/[^/]+\/reset-password\?token=[A-Za-z0-9_-]{43}$/);
    // Without PUBLIC_URL the store names itself localhost; the browser reaches it where it listens.
    const { pathname, search } = new URL(link!);
    await page.goto(url(pathname + search));
    await page.getByRole('heading', { level: 1, name: 'Reset Password' }).waitFor();
    await expect(page.title()).resolves.toBe('Reset Password | Phoolwala Gifts');
    await page.getByLabel('New Password').fill(NEW_PASSWORD);
    await page.getByLabel('Confirm Password').fill(NEW_PASSWORD);
    await shoot(page, 'password-reset-form-1280');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Set new password' }).click();

    await page.waitForURL((u) => u.pathname === '/');
    const menu = page.getByRole('button', { name: 'Account menu for Kavya Rao' });
    await menu.waitFor();
    expect(await signInByApi(email, OLD_PASSWORD)).toBe(401);

    await menu.click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    await signIn(page, email, NEW_PASSWORD);
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByRole('button', { name: 'Account menu for Kavya Rao' }).waitFor();

    // The link is spent: opened again, it says so and offers a new one.
    await page.goto(url(pathname + search));
    await page.getByLabel('New Password').fill('another long passphrase');
    await page.getByLabel('Confirm Password').fill('another long passphrase');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'This reset link has already been used. Ask for a new one if you need to.' })
      .waitFor();
    await page.getByRole('link', { name: 'Ask for a new reset link' }).click();
    await page.waitForURL((u) => u.pathname === '/forgot-password');
    expect(problems).toEqual([]);
    await context.close();
  });
});
