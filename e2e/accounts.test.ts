import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { registerByApi as register } from './support/api.js';
import { seriousViolations } from './support/axe.js';
import { dismissToasts, openPage, pathIn, shoot, useBrowser } from './support/page.js';
import { signIn } from './support/shopper.js';

const PASSWORD = 'marigold-garland-42';
const browser = useBrowser();

const url = (route: string) => `${inject('baseUrl')}${route}`;
const uniqueEmail = () => `shopper-${randomUUID().slice(0, 8)}@example.com`;

/**
 * A fresh shopper (own cookies and storage) and the errors their pages log. `expected` names the
 * API paths whose refusals are the answer under test (a wrong password's 401, say), not faults.
 */
const open = (width: number, height = 900, expected: string[] = []) =>
  openPage(browser(), width, { height, expected: pathIn(expected) });

/** An account made through the API, so a test about signing in does not depend on the register page. */
const registerByApi = (name: string) => register(name, PASSWORD, { emailPrefix: 'shopper' });

const storedUser = (page: Page) => page.evaluate(() => localStorage.getItem('userInfo'));

describe('accounts', () => {
  it('registers, signs out from the account menu, refuses a wrong password and signs in again (1280)', async () => {
    const { context, page, problems } = await open(1280, 900, ['/api/users/auth']);
    const email = uniqueEmail();
    await page.goto(url('/register?redirect=%2Fcart'));
    await page.getByRole('heading', { level: 1, name: 'Register' }).waitFor();
    await expect(page.title()).resolves.toBe('Register | Phoolwala Gifts');
    await page.getByLabel('Name').fill('Meera Pillai');
    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm Password').fill(PASSWORD);
    await shoot(page, 'accounts-register-1280');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Register', exact: true }).click();

    await page.waitForURL((u) => u.pathname === '/cart');
    const menu = page.getByRole('button', { name: 'Account menu for Meera Pillai' });
    await menu.waitFor();
    // The initial in its circle, then the name.
    expect(await menu.locator('[aria-hidden="true"]').first().innerText()).toBe('M');
    expect(await menu.innerText()).toContain('Meera Pillai');
    expect(JSON.parse((await storedUser(page))!)).toMatchObject({ name: 'Meera Pillai', email, isAdmin: false });

    await menu.click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    await page.getByRole('heading', { level: 1, name: 'Sign In' }).waitFor();
    expect(await storedUser(page)).toBeNull();
    // The header's icon links to sign in again.
    await page.getByRole('banner').getByRole('link', { name: 'Sign in', exact: true }).waitFor();

    await page.goto(url('/login?redirect=%2Fcart'));
    await signIn(page, email, 'not-the-password');
    await page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).waitFor();
    await shoot(page, 'accounts-login-error-1280');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/cart');
    await page.getByRole('button', { name: 'Account menu for Meera Pillai' }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('sends a guest from /profile to sign in and back, and updates the name (1280)', async () => {
    const account = await registerByApi('Arjun Nair');
    const { context, page, problems } = await open(1280);
    await page.goto(url('/profile'));
    await page.waitForURL((u) => u.pathname === '/login' && u.search === '?redirect=%2Fprofile');
    await page.getByRole('heading', { level: 1, name: 'Sign In' }).waitFor();
    await expect(page.title()).resolves.toBe('Sign In | Phoolwala Gifts');
    expect(await page.getByRole('main').getByRole('link', { name: 'Register' }).getAttribute('href')).toBe(
      '/register?redirect=%2Fprofile',
    );
    await shoot(page, 'accounts-login-1280');
    expect(await seriousViolations(page)).toEqual([]);

    await signIn(page, account.email, PASSWORD);
    await page.waitForURL((u) => u.pathname === '/profile');
    await page.getByRole('heading', { level: 1, name: 'User Profile' }).waitFor();
    expect(await page.getByLabel('Name').inputValue()).toBe('Arjun Nair');
    expect(await page.getByLabel('Email Address').inputValue()).toBe(account.email);

    await page.getByLabel('Name').fill('Arjun K. Nair');
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await page.getByText('Profile updated successfully').waitFor();
    await page.getByRole('button', { name: 'Account menu for Arjun K. Nair' }).waitFor();
    expect(JSON.parse((await storedUser(page))!)).toMatchObject({ name: 'Arjun K. Nair' });
    await dismissToasts(page);
    await shoot(page, 'accounts-profile-1280');
    expect(await seriousViolations(page)).toEqual([]);

    // Still that name after a reload: the server has it.
    await page.reload();
    await expect.poll(() => page.getByLabel('Name').inputValue()).toBe('Arjun K. Nair');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('logs out on a 401: the session cookie gone, /profile ends at /login with no stored user', async () => {
    const account = await registerByApi('Divya Rao');
    // The 401s once the cookie is gone (the profile, its orders and address book, the account's wishlist) are the answer under test.
    const { context, page, problems } = await open(1280, 900, [
      '/api/users/profile',
      '/api/orders/mine',
      '/api/users/addresses',
      '/api/users/wishlist',
    ]);
    await page.goto(url('/login?redirect=%2Fprofile'));
    await signIn(page, account.email, PASSWORD);
    await page.getByRole('heading', { level: 1, name: 'User Profile' }).waitFor();
    await page.evaluate(() => localStorage.setItem('wishlist', '["p1"]'));

    await context.clearCookies();
    await page.reload();
    await page.waitForURL((u) => u.pathname === '/login' && u.search === '');
    await page.getByRole('heading', { level: 1, name: 'Sign In' }).waitFor();
    await expect.poll(() => storedUser(page)).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('wishlist'))).toBeNull();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('works on a phone: register and sign-in screens, the demo customer signs in, profile (375)', async () => {
    const { context, page, problems } = await open(375, 812);
    await page.goto(url('/register'));
    await page.getByRole('heading', { level: 1, name: 'Register' }).waitFor();
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm Password').fill('shorter');
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await page.getByText('Passwords do not match').first().waitFor();
    await shoot(page, 'accounts-register-375');
    expect(await seriousViolations(page)).toEqual([]);

    await dismissToasts(page);
    await page.getByRole('main').getByRole('link', { name: 'Sign In' }).click();
    await page.waitForURL((u) => u.pathname === '/login' && u.search === '?redirect=%2F');
    await page.getByRole('heading', { level: 1, name: 'Sign In' }).waitFor();
    const form = await page.getByRole('form', { name: 'Sign in' }).boundingBox();
    expect(form?.width).toBeGreaterThan(320);
    await shoot(page, 'accounts-login-375');
    expect(await seriousViolations(page)).toEqual([]);

    await signIn(page, 'customer@example.com', 'customer-demo-pass');
    await page.waitForURL((u) => u.pathname === '/');
    const menu = page.getByRole('button', { name: /^Account menu for / });
    await menu.waitFor();
    expect(JSON.parse((await storedUser(page))!)).toMatchObject({ email: 'customer@example.com', isAdmin: false });

    await page.goto(url('/profile'));
    await page.getByRole('heading', { level: 1, name: 'User Profile' }).waitFor();
    await page.getByRole('button', { name: /^Account menu for / }).waitFor();
    expect(await page.getByLabel('Email Address').inputValue()).toBe('customer@example.com');
    await shoot(page, 'accounts-profile-375');
    expect(await seriousViolations(page)).toEqual([]);

    // Signed in already: the sign-in page sends the shopper on.
    await page.goto(url('/login?redirect=%2Fcart'));
    await page.waitForURL((u) => u.pathname === '/cart');
    expect(problems).toEqual([]);
    await context.close();
  });
});
