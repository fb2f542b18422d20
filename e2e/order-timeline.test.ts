import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BrowserContextOptions, Locator, Page } from 'playwright-core';
import { adminCookie, api, DEMO_ADMIN as ADMIN, payOrder, placeOrder, registerByApi } from './support/api.js';
import { seriousViolations } from './support/axe.js';
import { dismissToasts, openPage, screenshots, useBrowser } from './support/page.js';
import { startServer, type RunningServer } from './support/server.js';
import { istDateIn, signInTo } from './support/shopper.js';
import { storeUrl, useStore } from './support/store.js';

interface Order {
  _id: string;
  razorpayOrder: { id: string };
  timeline: { status: string; at: string; by?: string | null }[];
}

/** The stepper's screenshots, to be looked at by whoever changes the order page. */
const shots = process.env.E2E_SHOTS_DIR ?? '/tmp';
const PASSWORD = 'tuberose-garland-15';
/** The store's clock: every step's time is shown in India Standard Time, whatever the browser's zone. */
const ist = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' });
const browser = useBrowser();

const url = storeUrl;

/**
 * The day the order here is booked for, and 10:00 IST that day: a store of its own keeps that
 * clock, running on from it, because an order goes out for delivery only on its day (ADR 085).
 * Its browsers are set to the same time, as the admin's page holds a step back by its own clock.
 */
const BOOKED = istDateIn(1);
const STORE_MORNING = new Date(`${BOOKED}T10:00:00+05:30`);
let store: RunningServer | undefined;

beforeAll(async () => {
  await mkdir(shots, { recursive: true });
  store = await startServer({ copyOf: inject('seededDir') || undefined, clockAt: STORE_MORNING });
  useStore(store.url);
});
afterAll(async () => {
  if (!store) return;
  store.process.kill('SIGTERM');
  await store.exited;
  await rm(store.dataDir, { recursive: true, force: true });
});

/** A new shopper with an order for the store's today, paid through the simulated gateway. */
async function paidOrder(): Promise<{ email: string; order: Order }> {
  const { email, cookie } = await registerByApi('Devika Pillai', PASSWORD, { emailPrefix: 'timeline' });
  // Booked for the day it is at the store, so a product that can go the same day.
  const { products } = await api<{ products: { _id: string; available: boolean; countInStock: number }[] }>(
    '/api/products?sameDayDelivery=true&pageLimit=20',
  );
  const product = products.find((p) => p.available && p.countInStock >= 2);
  if (!product) throw new Error('no same-day product in stock in the first 20');
  const placed = await placeOrder<Order>(cookie, {
    productId: product._id,
    recipient: { firstName: 'Devika', lastName: 'Pillai', address: 'Flat 2A, Coral Heights', address2: '7 Broadway' },
    date: BOOKED,
  });
  return { email, order: await payOrder<Order>(cookie, placed) };
}

/** A fresh browser (own cookies and storage) in a time zone, on the store's clock, and every error its pages meet. */
async function open(width: number, height: number, timezoneId: BrowserContextOptions['timezoneId']) {
  const opened = await openPage(browser(), width, { height, timezoneId });
  await opened.context.clock.setFixedTime(STORE_MORNING);
  return opened;
}

async function openOrder(page: Page, email: string, password: string, orderId: string) {
  await signInTo(page, email, password, `/order/${orderId}`);
  await page.getByRole('heading', { level: 1, name: /^Order PW-\d{6,}$/ }).waitFor();
}

const stepper = (page: Page) => page.getByRole('list', { name: 'Order status' });
const steps = (page: Page) => stepper(page).getByRole('listitem');
const currentStep = (page: Page) => stepper(page).locator('[aria-current="step"]');

/** When the server says each step happened, as the page must show it. */
async function timesOf(orderId: string, cookie: string): Promise<Record<string, string>> {
  const order = await api<Order>(`/api/orders/${orderId}`, { cookie });
  return Object.fromEntries(order.timeline.map((e) => [e.status, ist.format(new Date(e.at))]));
}

/** An admin's move on the order page, confirmed in the dialog that asks first. */
async function move(page: Page, name: string) {
  await page.getByRole('button', { name }).click();
  await page
    .getByRole('alertdialog', { name: `${name}?` })
    .getByRole('button', { name })
    .click();
}

const top = async (locator: Locator) => (await locator.boundingBox())!.y;

describe('the order timeline', () => {
  it('an admin packs a paid order and sends it out on its day, one step at a time; the shopper follows it on the order page and in My Orders (1280, 375)', async () => {
    const { email, order } = await paidOrder();

    // The admin, abroad for once: the times are still the store's (IST).
    const admin = await open(1280, 900, 'Europe/London');
    await openOrder(admin.page, ADMIN.email, ADMIN.password, order._id);
    await expect.poll(() => currentStep(admin.page).textContent()).toMatch(/^Paid/);
    // Only the next step is offered (ADR 085).
    expect(await admin.page.getByRole('button', { name: 'Mark As Packed' }).isEnabled()).toBe(true);
    expect(await admin.page.getByRole('button', { name: /^Out For Delivery$|^Mark As Delivered$/ }).count()).toBe(0);
    await admin.page.screenshot({ path: path.join(shots, 'timeline-admin-paid-1280.png'), fullPage: true });

    await move(admin.page, 'Mark As Packed');
    await admin.page.getByText('Order marked as packed').waitFor();
    await expect.poll(() => currentStep(admin.page).textContent()).toMatch(/^Packed.*by Demo Admin$/);
    expect(await admin.page.getByRole('button', { name: 'Mark As Packed' }).count()).toBe(0);
    expect(await admin.page.getByRole('button', { name: 'Mark As Delivered' }).count()).toBe(0);

    await move(admin.page, 'Out For Delivery');
    await admin.page.getByText('Order marked as out for delivery').waitFor();
    await expect.poll(() => currentStep(admin.page).textContent()).toMatch(/^Out for delivery.*by Demo Admin$/);
    expect(await admin.page.getByRole('button', { name: 'Out For Delivery' }).count()).toBe(0);
    expect(await admin.page.getByRole('button', { name: 'Mark As Delivered' }).count()).toBe(1);
    const at = await timesOf(order._id, await adminCookie());
    expect(await steps(admin.page).allTextContents()).toEqual([
      `Placed, done${at.placed}`,
      `Paid, done${at.paid}`,
      `Packed, done${at.packed}by ${ADMIN.name}`,
      `Out for delivery${at.out_for_delivery}by ${ADMIN.name}`,
      'Delivered, not yet',
    ]);
    await dismissToasts(admin.page);
    await admin.page.screenshot({ path: path.join(screenshots, 'timeline-admin-1280.png'), fullPage: true });
    expect(await seriousViolations(admin.page)).toEqual([]);
    expect(admin.problems).toEqual([]);
    await admin.context.close();

    // The shopper sees the same steps and times, without who made the moves.
    const { context, page, problems } = await open(1280, 900, 'Asia/Kolkata');
    await openOrder(page, email, PASSWORD, order._id);
    await expect.poll(() => currentStep(page).textContent()).toBe(`Out for delivery${at.out_for_delivery}`);
    expect(await steps(page).allTextContents()).toEqual([
      `Placed, done${at.placed}`,
      `Paid, done${at.paid}`,
      `Packed, done${at.packed}`,
      `Out for delivery${at.out_for_delivery}`,
      'Delivered, not yet',
    ]);
    expect(await page.getByRole('button', { name: /^Mark As|^Out For Delivery$/ }).count()).toBe(0);
    // The spec's boxes are still there, as they were.
    expect(await page.getByRole('region', { name: 'Shipping' }).getByRole('status').innerText()).toBe('Not Delivered');
    expect(await page.getByRole('region', { name: 'Payment Method' }).getByRole('status').innerText()).toMatch(
      /^Paid on /,
    );
    // Side by side on a wide screen.
    const tops = await Promise.all((await steps(page).all()).map(top));
    expect(new Set(tops).size).toBe(1);
    await page.screenshot({ path: path.join(shots, 'timeline-order-1280.png'), fullPage: true });
    await page.screenshot({ path: path.join(screenshots, 'timeline-order-1280.png'), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(url('/profile'));
    const row = page
      .getByRole('table', { name: 'My Orders' })
      .getByRole('row')
      .filter({ has: page.locator(`a[href="/order/${order._id}"]`) });
    await row.waitFor();
    expect(await row.getByRole('cell').nth(4).innerText()).toBe('Out for delivery');
    await page.screenshot({ path: path.join(shots, 'timeline-my-orders-1280.png'), fullPage: true });

    // On a phone the steps run down the page, and nothing scrolls sideways.
    await page.setViewportSize({ width: 375, height: 812 });
    const card = page
      .getByRole('list', { name: 'My Orders' })
      .getByRole('listitem')
      .filter({ has: page.locator(`a[href="/order/${order._id}"]`) });
    expect(await card.innerText()).toContain('Out for delivery');
    await page.screenshot({ path: path.join(shots, 'timeline-my-orders-375.png'), fullPage: true });
    await page.goto(url(`/order/${order._id}`));
    await expect.poll(() => currentStep(page).textContent()).toBe(`Out for delivery${at.out_for_delivery}`);
    const downwards = await Promise.all((await steps(page).all()).map(top));
    expect(downwards).toEqual([...downwards].sort((a, b) => a - b));
    expect(new Set(downwards).size).toBe(5);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: path.join(shots, 'timeline-order-375.png'), fullPage: true });
    await page.screenshot({ path: path.join(screenshots, 'timeline-order-375.png'), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
