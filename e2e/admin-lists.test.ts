import { randomUUID } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { seriousViolations } from './support/axe.js';
import { launchBrowser } from './support/browser.js';
import { repoRoot } from './support/server.js';
import { istDateIn, signIn } from './support/shopper.js';

const screenshots = path.join(repoRoot, 'test-results', 'screenshots');
const ADMIN = { email: 'admin@example.com', password: 'admin-demo-pass' };
let browser: Browser;
const url = (route: string) => `${inject('baseUrl')}${route}`;

interface Placed {
  _id: string;
  orderNumber: string;
}

/** A new shopper and three unpaid orders (the cap per account), delivered on the given IST dates. */
async function shopperWithOrders(dates: string[]): Promise<{ email: string; orders: Placed[] }> {
  const email = `lists-${randomUUID().slice(0, 8)}@example.com`;
  const made = await fetch(url('/api/users'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Kavya Nair', email, password: 'jasmine-string-42' }),
  });
  expect(made.status).toBe(201);
  const cookie = made.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const list = (await (await fetch(url('/api/products?pageLimit=20'))).json()) as {
    products: { _id: string; available: boolean; countInStock: number }[];
  };
  const product = list.products.find((p) => p.available && p.countInStock >= 3);
  if (!product) throw new Error('no product in stock in the first 20');
  const orders: Placed[] = [];
  for (const date of dates) {
    const res = await fetch(url('/api/orders'), {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({
        orderItems: [{ _id: product._id, qty: 1 }],
        shippingAddress: {
          firstName: 'Kavya',
          lastName: 'Nair',
          address: '',
          address2: '3 Marine Drive',
          city: 'Ernakulam',
          state: 'Kerala',
          postalCode: '682011',
          phone: '9847012345',
        },
        delivery: { date, slotId: 'standard' },
        paymentMethod: 'Razorpay',
      }),
    });
    expect(res.status).toBe(201);
    orders.push((await res.json()) as Placed);
  }
  return { email, orders };
}

beforeAll(async () => {
  browser = await launchBrowser();
  await mkdir(screenshots, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

describe("the admin's order list", () => {
  for (const width of [1280, 375]) {
    it(`filters by delivery dates with the state in the URL, pages, and downloads the CSV (${width})`, async () => {
      const [first, second, later] = [istDateIn(30), istDateIn(31), istDateIn(45)];
      const { email, orders } = await shopperWithOrders([first, second, later]);
      const context = await browser.newContext({ viewport: { width, height: 900 }, acceptDownloads: true });
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('pageerror', (e) => problems.push(e.message));
      page.on('response', (r) => r.status() >= 400 && problems.push(`${r.status()} ${r.url()}`));

      // One row a page (a size the URL may ask for), searched by the shopper's email.
      const start = `/admin/orderlist?q=${encodeURIComponent(email)}&pageSize=1`;
      await page.goto(url(`/login?redirect=${encodeURIComponent(start)}`));
      await signIn(page, ADMIN.email, ADMIN.password);
      await page.waitForURL((u) => u.pathname === '/admin/orderlist');
      const pager = page.getByRole('navigation', { name: 'Pages of orders' });
      await expect.poll(() => pager.textContent()).toContain('Page 1 of 3 (3 orders)');

      await page.getByLabel('Delivery from').fill(first);
      await page.waitForURL((u) => u.searchParams.get('from') === first);
      await page.getByLabel('Delivery to').fill(second);
      await page.waitForURL((u) => u.searchParams.get('to') === second);
      expect(new URL(page.url()).searchParams.get('q')).toBe(email);
      await expect.poll(() => pager.textContent()).toContain('Page 1 of 2 (2 orders)');
      // The first order shown: a table's first row under its header, or on a phone the first card.
      const shown = () =>
        width > 768
          ? page.getByRole('region', { name: 'Orders' }).getByRole('row').nth(1).getByRole('cell').first().textContent()
          : page.getByRole('list', { name: 'Orders' }).getByRole('listitem').first().getAttribute('aria-label');
      const numbered = (placed: Placed) => (width > 768 ? placed.orderNumber : `Order ${placed.orderNumber}`);
      // Newest first: the second order placed is on page 1, the first on page 2.
      await expect.poll(shown).toBe(numbered(orders[1]!));
      await shootOnce(page, width);

      await pager.getByRole('link', { name: 'Next' }).click();
      await page.waitForURL((u) => u.searchParams.get('page') === '2');
      await expect.poll(shown).toBe(numbered(orders[0]!));
      await page.goBack();
      await page.waitForURL((u) => !u.searchParams.has('page'));
      await expect.poll(shown).toBe(numbered(orders[1]!));
      await page.reload();
      await expect.poll(() => page.getByLabel('Delivery to').inputValue()).toBe(second);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'Export CSV' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
      const csv = await readFile((await download.path())!, 'utf8');
      const lines = csv.split('\r\n').filter(Boolean);
      expect(lines[0]).toMatch(/^Order,Order ID,Placed \(IST\),Customer,Email/);
      expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual([orders[1]!.orderNumber, orders[0]!.orderNumber]);
      expect(lines[1]).toContain(`,${email},`);
      expect(lines[1]).toMatch(/,\d+\.\d{2}$/);
      expect(csv).not.toContain(orders[2]!.orderNumber);

      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(await seriousViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});

async function shootOnce(page: Page, width: number) {
  await page.screenshot({ path: path.join(screenshots, `admin-orders-filtered-${width}.png`), fullPage: true });
}
