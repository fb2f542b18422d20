import { storeUrl } from './store.js';
import type { Page } from 'playwright-core';

/** Rupees as the store shows them: '₹1,249' or '₹1,249.50'. */
export const inr = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
});

/** Fills the sign-in form the page shows and submits it. */
export async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** Opens the sign-in page with a redirect, signs in and waits to be taken to `to`. */
export async function signInTo(page: Page, email: string, password: string, to: string) {
  await page.goto(storeUrl(`/login?redirect=${encodeURIComponent(to)}`));
  await signIn(page, email, password);
  await page.waitForURL((u) => u.pathname === to);
}

const IST_OFFSET_MS = 5.5 * 3_600_000;
const DAY_MS = 86_400_000;

/** The India Standard Time date `days` from today, whatever the zone of the machine running the tests. */
export const istDateIn = (days: number) =>
  new Date(Date.now() + IST_OFFSET_MS + days * DAY_MS).toISOString().slice(0, 10);

/**
 * A delivery a day or more ahead, spread over dates and slots so that many orders never fill one
 * slot (20 places each in the cities), for tests about something other than the slot.
 */
export const deliveryFor = (i: number) => ({
  date: istDateIn(1 + (i % 59)),
  slotId: ['standard', 'fixed-1500', 'fixed-1700', 'fixed-1900'][Math.floor(i / 59) % 4]!,
});
