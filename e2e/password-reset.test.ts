import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { seriousViolations } from './support/axe.js';
import { launchBrowser } from './support/browser.js';
import { waitForEmail } from './support/mail.js';
import { repoRoot } from './support/server.js';
import { signIn } from './support/shopper.js';

const screenshots = path.join(repoRoot, 'test-results', 'screenshots');
const OLD_PASSWORD = 'marigold-garland-42';
const NEW_PASSWORD = 'jasmine by the window';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  await mkdir(screenshots, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

const url = (route: string) => `${inject('baseUrl')}${route}`;

/** A fresh shopper and the errors their pages log; `expected` names API paths whose refusals are under test. */
async function open(width: number, expected: string[] = []) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  const problems: string[] = [];
  const isExpected = (u: string) => expected.some((p) => new URL(u).pathname === p);
  page.on('console', (m) => m.type() === 'error' && !isExpected(m.location().url) && problems.push(m.text()));
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('response', (r) => r.status() >= 400 && !isExpected(r.url()) && problems.push(`${r.status()} ${r.url()}`));
  return { context, page, problems };
}

async function registerByApi(name: string) {
  const email = `shopper-${randomUUID().slice(0, 8)}@example.com`;
  const res = await fetch(url('/api/users'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, email, password: OLD_PASSWORD }),
  });
  expect(res.status).toBe(201);
  return email;
}

const signInByApi = async (email: string, password: string) =>
  (
    await fetch(url('/api/users/auth'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    })
  ).status;

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: path.join(screenshots, `${name}.png`), fullPage: true, animations: 'disabled' });
}

// The emails are read from the store's data folder, which only a store this run started has.
describe.skipIf(!inject('dataDir'))('password recovery', () => {
  it('asks for a link from the sign-in page, sets a new password from the email, and signs in with it (1280)', async () => {
    const email = await registerByApi('Kavya Rao');
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
