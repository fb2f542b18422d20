import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { seriousViolations } from './support/axe.js';
import { launchBrowser } from './support/browser.js';
import { istDateIn, inr, signIn } from './support/shopper.js';
import { repoRoot } from './support/server.js';

interface Product {
  _id: string;
  name: string;
  price: number;
  discountPrice: number;
  countInStock: number;
  available: boolean;
  variants?: unknown[];
  deliveryOptions: { sameDayDelivery: boolean };
}

const screenshots = path.join(repoRoot, 'test-results', 'screenshots');
const PASSWORD = 'mullappoo-garland-42';
const MESSAGE = 'ജന്മദിനാശംസകൾ, അമ്മേ! Love always.';
const url = (route: string) => `${inject('baseUrl')}${route}`;
const tomorrow = istDateIn(1);

let browser: Browser;
let product: Product;
let adminCookie: string;
let kochi: number;

async function api(route: string, init: RequestInit & { cookie?: string } = {}) {
  const res = await fetch(url(route), {
    ...init,
    headers: { 'content-type': 'application/json', ...(init.cookie ? { cookie: init.cookie } : {}) },
  });
  return res;
}

async function open(width: number, height = 900) {
  const context = await browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  page.on('pageerror', (e) => problems.push(e.message));
  return { context, page, problems };
}

const shoot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(screenshots, `${name}.png`), fullPage: true, animations: 'disabled' });

beforeAll(async () => {
  browser = await launchBrowser();
  await mkdir(screenshots, { recursive: true });
  const signedIn = await api('/api/users/auth', {
    method: 'POST',
    body: JSON.stringify({ email: 'admin@example.com', password: 'admin-demo-pass' }),
  });
  adminCookie = signedIn.headers.getSetCookie()[0]!.split(';')[0]!;
  const areas = (await (await api('/api/delivery/areas', { cookie: adminCookie })).json()) as {
    id: number;
    pincodePrefix: string;
  }[];
  kochi = areas.find((a) => a.pincodePrefix === '682')!.id;
  const list = (await (await api('/api/products?pageLimit=40&sameDayDelivery=true')).json()) as { products: Product[] };
  for (const candidate of list.products.filter((p) => p.available && p.countInStock >= 3)) {
    const detail = (await (await api(`/api/products/${candidate._id}`)).json()) as Product;
    if (detail.variants?.length === 0) {
      product = detail;
      break;
    }
  }
  expect(product).toBeDefined();
});
afterAll(async () => {
  await browser?.close();
});

describe('gift delivery', () => {
  it("a shopper books tomorrow's midnight slot with a Malayalam card and pays; a full slot is disabled; an admin sees it on Deliveries", async () => {
    // The 19:00–21:00 window tomorrow is full in Kochi.
    const full = await api('/api/delivery/capacity', {
      method: 'PUT',
      cookie: adminCookie,
      body: JSON.stringify({ areaId: kochi, date: tomorrow, slotId: 'fixed-1900', capacity: 0 }),
    });
    expect(full.status).toBe(200);

    const email = `gift-${randomUUID().slice(0, 8)}@example.com`;
    expect(
      (
        await api('/api/users', {
          method: 'POST',
          body: JSON.stringify({ name: 'Priya Menon', email, password: PASSWORD }),
        })
      ).status,
    ).toBe(201);
    const { context, page, problems } = await open(375, 812);
    await page.goto(url('/login'));
    await signIn(page, email, PASSWORD);
    await page.waitForURL((u) => u.pathname !== '/login');

    await page.goto(url(`/product/${product._id}`));
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    await page.getByLabel('Check delivery').fill('682011');
    await page.getByRole('button', { name: 'Check', exact: true }).click();
    await page.getByText(/^Earliest delivery: (Today|Tomorrow)$/).waitFor();
    await page.getByRole('button', { name: 'Add To Cart' }).click();
    await page.keyboard.press('Escape');

    await page.goto(url('/shipping'));
    await page.getByLabel('First Name').fill('Lakshmi');
    await page.getByLabel('Last Name').fill('Menon');
    await page.getByLabel('Address Line 2').fill('14 Shanmugham Road, Marine Drive');
    await page.getByLabel('Pin Code').fill('682011');
    await expect.poll(() => page.getByLabel('City').inputValue()).toBe('Ernakulam');
    await page.getByLabel('Phone').fill('9847012345');
    await page.getByRole('button', { name: /^Tomorrow,/ }).click();

    await page.getByRole('tab', { name: /Fixed time/ }).click();
    const sevenPm = page.getByRole('radio', { name: '19:00–21:00' });
    await sevenPm.waitFor();
    expect(await sevenPm.isDisabled()).toBe(true);
    await expect.poll(() => sevenPm.getAttribute('aria-describedby')).not.toBeNull();
    const note = page.locator(`[id="${await sevenPm.getAttribute('aria-describedby')}"]`);
    expect(await note.innerText()).toBe('This slot is full');
    await shoot(page, 'delivery-full-slot-375');

    await page.getByRole('tab', { name: /Midnight/ }).click();
    await page.getByRole('radio', { name: 'Midnight, 23:00–23:59' }).check();
    await page.getByRole('textbox', { name: 'Message (optional)' }).fill(MESSAGE);
    await page.getByRole('textbox', { name: /^From/ }).fill('Priya');
    await page.getByText(/^Characters used: \d+\/250$/).waitFor();
    await page.getByRole('figure').getByText('Love always.').waitFor();
    await shoot(page, 'delivery-shipping-375');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.waitForURL((u) => u.pathname === '/placeorder');
    const unit = product.discountPrice || product.price;
    const shipping = (unit > 1000 ? 0 : 100) + 250;
    const summary = await page.getByRole('region', { name: 'Order Summary' }).innerText();
    expect(summary).toContain(inr.format(unit + shipping));
    expect(await page.locator('main').innerText()).toContain('Midnight, 23:00–23:59');
    await page.getByRole('button', { name: 'Confirm Order' }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/order/'));
    const orderId = new URL(page.url()).pathname.split('/').pop()!;

    await page.getByRole('button', { name: 'Pay Now' }).click();
    const checkout = page.getByRole('dialog', { name: 'Razorpay Checkout (simulated)' });
    await checkout.getByRole('button', { name: `Pay ${inr.format(unit + shipping)}` }).click();
    await page.getByText('Payment Successful!').waitFor();
    await page.getByText(MESSAGE).first().waitFor();
    await shoot(page, 'delivery-order-paid-375');
    expect(problems).toEqual([]);
    await context.close();

    for (const width of [1280, 375]) {
      const admin = await open(width);
      await admin.page.goto(url(`/login?redirect=${encodeURIComponent(`/admin/deliveries?date=${tomorrow}`)}`));
      await signIn(admin.page, 'admin@example.com', 'admin-demo-pass');
      await admin.page.waitForURL((u) => u.pathname === '/admin/deliveries');
      await admin.page.getByText('Lakshmi Menon').first().waitFor();
      const main = await admin.page.locator('main').innerText();
      expect(main).toContain(MESSAGE);
      expect(main).toContain(product.name);
      expect(await admin.page.locator(`a[href="/order/${orderId}"]`).count()).toBeGreaterThan(0);
      await shoot(admin.page, `delivery-admin-deliveries-${width}`);
      expect(await seriousViolations(admin.page)).toEqual([]);
      expect(admin.problems).toEqual([]);
      await admin.context.close();
    }
  });
});
