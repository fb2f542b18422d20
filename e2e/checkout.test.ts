import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { seriousViolations } from './support/axe.js';
import { launchBrowser } from './support/browser.js';
import { inr, signIn } from './support/shopper.js';
import { repoRoot } from './support/server.js';

interface Product {
  _id: string;
  name: string;
  price: number;
  discountPrice: number;
  countInStock: number;
  available: boolean;
  variants?: unknown[];
}

const screenshots = path.join(repoRoot, 'test-results', 'screenshots');
/** The coupon and invoice screenshots, to be looked at by whoever changes the layout. */
const shots = process.env.E2E_SHOTS_DIR ?? '/tmp/shots';
const PASSWORD = 'jasmine-string-garland-7';
let browser: Browser;
let product: Product;

const url = (route: string) => `${inject('baseUrl')}${route}`;

/** An in-stock product sold without variants, found through the API so demo data may change. */
async function pickProduct(): Promise<Product> {
  const list = (await (await fetch(url('/api/products?pageLimit=20'))).json()) as { products: Product[] };
  for (const candidate of list.products.filter((p) => p.available && p.countInStock >= 5)) {
    const detail = (await (await fetch(url(`/api/products/${candidate._id}`))).json()) as Product;
    if (detail.variants?.length === 0) return detail;
  }
  throw new Error('no in-stock product without variants in the first 20');
}

async function registerByApi(name: string): Promise<{ name: string; email: string }> {
  const email = `buyer-${randomUUID().slice(0, 8)}@example.com`;
  const res = await fetch(url('/api/users'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, email, password: PASSWORD }),
  });
  expect(res.status).toBe(201);
  return { name, email };
}

/** A fresh shopper (own cookies and storage) and every error their pages log or receive. */
async function open(width: number, height = 900) {
  const context = await browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('response', (r) => r.status() >= 400 && problems.push(`${r.status()} ${r.url()}`));
  return { context, page, problems };
}

async function dismissToasts(page: Page) {
  const close = page.getByRole('button', { name: 'Close toast' });
  for (const button of await close.all()) await button.click().catch(() => undefined);
  await expect.poll(() => close.count()).toBe(0);
}

async function shoot(page: Page, name: string, fullPage = true) {
  await page.screenshot({ path: path.join(screenshots, `${name}.png`), fullPage, animations: 'disabled' });
}

/** From the product page: check delivery to a PIN code, add one, close the cart panel. */
async function addToCart(page: Page) {
  await page.goto(url(`/product/${product._id}`));
  await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
  await page.getByLabel('Check delivery').fill('682011');
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  await page.getByRole('status').filter({ hasText: 'Available' }).waitFor();
  await page.getByRole('button', { name: 'Add To Cart' }).click();
  const panel = page.getByRole('dialog');
  await panel.getByRole('heading', { name: 'Cart (1)' }).waitFor();
  await page.keyboard.press('Escape');
  await panel.waitFor({ state: 'hidden' });
}

/** Fills /shipping; the PIN code fills City and State by itself. */
async function fillShipping(page: Page) {
  await page.getByRole('heading', { level: 1, name: 'Shipping Details' }).waitFor();
  await page.getByLabel('First Name').fill('Lakshmi');
  await page.getByLabel('Last Name').fill('Varma');
  await page.getByLabel('Address Line 1').fill('Flat 3C, Periyar Residency');
  await page.getByLabel('Address Line 2').fill('14 Shanmugham Road, Marine Drive');
  await page.getByLabel('Pin Code').fill('682011');
  await expect.poll(() => page.getByLabel('City').inputValue()).toBe('Ernakulam');
  expect(await page.getByLabel('State').inputValue()).toBe('Kerala');
  await page.getByText('Delivering to Ernakulam, Kerala').first().waitFor();
  await page.getByLabel('Phone').fill('9847012345');
  // Tomorrow's standard slot is open whatever the hour of today.
  await page.getByRole('button', { name: /^Tomorrow,/ }).click();
  await page.getByRole('radio', { name: 'Any time, 09:00–21:00' }).check();
}

/** /placeorder → Confirm Order → the new order's page; returns the order id. */
async function confirmOrder(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Confirm Order' }).click();
  await page.waitForURL((u) => u.pathname.startsWith('/order/'));
  const id = new URL(page.url()).pathname.split('/').pop()!;
  // Headed by the number shoppers quote; the id the URL carries is the page's reference.
  await page.getByRole('heading', { level: 1, name: /^Order PW-\d{6,}$/ }).waitFor();
  await page.getByText(`Reference ${id}`).waitFor();
  return id;
}

const paymentStatus = (page: Page) => page.getByRole('region', { name: 'Payment Method' }).getByRole('status');
const deliveryStatus = (page: Page) => page.getByRole('region', { name: 'Shipping' }).getByRole('status');

beforeAll(async () => {
  browser = await launchBrowser();
  await mkdir(screenshots, { recursive: true });
  await mkdir(shots, { recursive: true });
  product = await pickProduct();
});
afterAll(async () => {
  await browser?.close();
});

describe('checkout, payment and delivery', () => {
  it('buys a product: cart, sign in, shipping, confirm, simulated payment, My Orders; an admin delivers (1280)', async () => {
    const account = await registerByApi('Lakshmi Varma');
    const { context, page, problems } = await open(1280);
    await page.goto(url('/cart'));
    await page.getByText('Your cart is empty').waitFor();

    await addToCart(page);
    await page.goto(url('/cart'));
    await page.getByRole('heading', { level: 1, name: 'Shopping Cart' }).waitFor();
    await page.getByRole('button', { name: 'Proceed To Checkout' }).click();
    await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('redirect') === '/shipping');
    await signIn(page, account.email, PASSWORD);
    await page.waitForURL((u) => u.pathname === '/shipping');

    // Nothing filled: each required field says so, Address Line 1 (optional) does not.
    await page.getByRole('button', { name: 'Continue' }).click();
    const form = page.getByRole('form', { name: 'Shipping Details' });
    await form.getByText('First Name is required').waitFor();
    await form.getByText('Address Line 2 is required').waitFor();
    expect(await form.getByText('Address Line 1 is required').count()).toBe(0);
    await dismissToasts(page);
    await fillShipping(page);
    await shoot(page, 'checkout-shipping-1280');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.waitForURL((u) => u.pathname === '/placeorder');
    await page.getByRole('heading', { level: 1, name: 'Confirm Order' }).waitFor();
    await expect(page.title()).resolves.toBe('Confirm Order | Phoolwala Gifts');
    const unit = product.discountPrice || product.price;
    const shippingFee = unit > 1000 ? 0 : 100;
    const shipping = page.getByRole('region', { name: 'Shipping' });
    expect(await shipping.innerText()).toContain('Ernakulam, Kerala 682011');
    expect(await shipping.innerText()).toContain('+91 9847012345');
    const summary = page.getByRole('region', { name: 'Order Summary' });
    const summaryText = await summary.innerText();
    expect(summaryText).toContain(inr.format(unit));
    // Prices include GST: the summary says how much of the total it is, not adding it.
    expect(summaryText).toMatch(/Total\s+₹[\d,.]+\s+incl\. GST ₹[\d,.]+/);
    expect(summaryText).toContain(inr.format(unit + shippingFee));
    await shoot(page, 'checkout-placeorder-1280');
    expect(await seriousViolations(page)).toEqual([]);

    const orderId = await confirmOrder(page);
    await expect.poll(() => paymentStatus(page).innerText()).toBe('Not Paid');
    expect(await deliveryStatus(page).innerText()).toBe('Not Delivered');
    await page.getByText(/^Pay by .+; unpaid orders are released after that\.$/).waitFor();
    // The server's totals: the same figures the cart showed.
    expect(await page.getByRole('region', { name: 'Order Summary' }).innerText()).toContain(
      inr.format(unit + shippingFee),
    );
    // The cart was emptied by the order.
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '{}').cartItems)).toEqual([]);
    await shoot(page, 'checkout-order-unpaid-1280');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Pay Now' }).click();
    const checkout = page.getByRole('dialog', { name: 'Razorpay Checkout (simulated)' });
    await checkout.waitFor();
    expect(await checkout.innerText()).toMatch(/Order PW-\d{6,}/);
    await checkout.getByRole('radio', { name: 'Card' }).check();
    await shoot(page, 'checkout-simulated-dialog-1280', false);
    expect(await seriousViolations(page)).toEqual([]);
    await checkout.getByRole('button', { name: `Pay ${inr.format(unit + shippingFee)}` }).click();
    await page.getByText('Payment Successful!').waitFor();
    await expect.poll(() => paymentStatus(page).innerText()).toMatch(/^Paid on /);
    expect(await page.getByRole('button', { name: 'Pay Now' }).count()).toBe(0);
    await dismissToasts(page);
    await shoot(page, 'checkout-order-paid-1280');
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(url('/profile'));
    const orders = page.getByRole('table', { name: 'My Orders' });
    await orders.waitFor();
    const row = orders.getByRole('row').filter({ has: page.locator(`a[href="/order/${orderId}"]`) });
    expect(await row.innerText()).toContain(inr.format(unit + shippingFee));
    expect(await row.innerText()).toMatch(/No\s+Details/);
    await shoot(page, 'checkout-profile-orders-1280');
    expect(await seriousViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();

    // The demo admin, in a browser of their own, marks the paid order delivered.
    const admin = await open(1280);
    await admin.page.goto(url(`/login?redirect=${encodeURIComponent(`/order/${orderId}`)}`));
    await signIn(admin.page, 'admin@example.com', 'admin-demo-pass');
    await admin.page.waitForURL((u) => u.pathname === `/order/${orderId}`);
    await expect.poll(() => paymentStatus(admin.page).innerText()).toMatch(/^Paid on /);
    expect(await admin.page.getByRole('button', { name: 'Pay Now' }).count()).toBe(0);
    await admin.page.getByRole('button', { name: 'Mark As Delivered' }).click();
    await admin.page.getByText('Order marked as delivered').waitFor();
    await expect.poll(() => deliveryStatus(admin.page).innerText()).toMatch(/^Delivered on /);
    expect(await admin.page.getByRole('button', { name: 'Mark As Delivered' }).count()).toBe(0);
    await dismissToasts(admin.page);
    await shoot(admin.page, 'checkout-order-delivered-1280');
    expect(admin.problems).toEqual([]);
    await admin.context.close();
  });

  it('works on a phone, and a failed payment leaves the order unpaid with the failure shown (375)', async () => {
    const account = await registerByApi('Rahul Menon');
    const { context, page, problems } = await open(375, 812);
    await page.goto(url('/login?redirect=%2Fshipping'));
    await signIn(page, account.email, PASSWORD);
    // An empty cart has nothing to ship: /shipping sends the shopper to the cart.
    await page.waitForURL((u) => u.pathname === '/cart');
    await page.getByText('Your cart is empty').waitFor();

    await addToCart(page);
    await page.goto(url('/shipping'));
    await fillShipping(page);
    await shoot(page, 'checkout-shipping-375');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL((u) => u.pathname === '/placeorder');
    await page.getByRole('heading', { level: 1, name: 'Confirm Order' }).waitFor();
    await shoot(page, 'checkout-placeorder-375');
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    const orderId = await confirmOrder(page);
    await expect.poll(() => paymentStatus(page).innerText()).toBe('Not Paid');
    await shoot(page, 'checkout-order-unpaid-375');
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await page.getByRole('button', { name: 'Pay Now' }).click();
    const checkout = page.getByRole('dialog', { name: 'Razorpay Checkout (simulated)' });
    await checkout.waitFor();
    const box = await checkout.boundingBox();
    expect(box?.width).toBeLessThanOrEqual(375);
    await shoot(page, 'checkout-simulated-dialog-375', false);
    await checkout.getByRole('button', { name: 'Fail payment' }).click();
    await checkout.waitFor({ state: 'hidden' });
    const failure = page.getByRole('alert').filter({ hasText: 'No money was taken' });
    await failure.waitFor();
    // The gateway's details are a click away, under the plain sentence.
    await failure.getByRole('button', { name: 'Details' }).click();
    const failureText = await failure.innerText();
    for (const value of ['BAD_REQUEST_ERROR', 'bank', 'payment_authorization', 'payment_failed']) {
      expect(failureText).toContain(value);
    }
    expect(failureText).toMatch(/order_\w+/);
    expect(failureText).toMatch(/pay_\w+/);
    expect(await paymentStatus(page).innerText()).toBe('Not Paid');
    await dismissToasts(page);
    await shoot(page, 'checkout-order-failed-375');
    expect(await seriousViolations(page)).toEqual([]);

    // Still unpaid on the server, whatever its webhook of the failure did meanwhile.
    await page.reload();
    await expect.poll(() => paymentStatus(page).innerText()).toBe('Not Paid');
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await page
      .getByRole('dialog', { name: 'Razorpay Checkout (simulated)' })
      .getByRole('button', { name: /^Pay ₹/ })
      .click();
    await page.getByText('Payment Successful!').waitFor();
    await expect.poll(() => paymentStatus(page).innerText()).toMatch(/^Paid on /);
    await dismissToasts(page);
    await shoot(page, 'checkout-order-paid-375');

    // On a phone the orders are cards rather than a table.
    await page.goto(url('/profile'));
    const orders = page.getByRole('list', { name: 'My Orders' });
    await orders.waitFor();
    const card = orders.getByRole('listitem').filter({ has: page.locator(`a[href="/order/${orderId}"]`) });
    expect(await card.innerText()).toMatch(/PAID\s+\d{1,2} \w{3} \d{4}/);
    expect(await page.getByRole('table', { name: 'My Orders' }).isVisible()).toBe(false);
    await shoot(page, 'checkout-profile-orders-375');
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(problems).toEqual([]);
    await context.close();
  });
});

/** An in-stock product without variants and how many of it make ₹999 or more (FLAT100's minimum). */
async function pickForFlat100(): Promise<{ product: Product; qty: number }> {
  const list = (await (await fetch(url('/api/products?pageLimit=40'))).json()) as { products: Product[] };
  for (const candidate of list.products.filter((p) => p.available)) {
    const unit = candidate.discountPrice || candidate.price;
    const qty = Math.ceil(999 / unit);
    if (qty > Math.min(candidate.countInStock, 10)) continue;
    const detail = (await (await fetch(url(`/api/products/${candidate._id}`))).json()) as Product;
    if (detail.variants?.length === 0) return { product: detail, qty };
  }
  throw new Error('no in-stock product without variants that makes ₹999 in ten or fewer');
}

describe('a coupon and the tax invoice', () => {
  it('applies FLAT100 at Confirm Order, pays, and downloads the tax invoice PDF (1280 and 375)', async () => {
    const { product: gift, qty } = await pickForFlat100();
    const unit = gift.discountPrice || gift.price;
    const items = unit * qty;
    const shippingFee = items > 1000 ? 0 : 100;
    const total = items + shippingFee - 100;

    for (const width of [1280, 375]) {
      const account = await registerByApi(`Meera Nair ${width}`);
      const { context, page, problems } = await open(width, width === 375 ? 812 : 900);
      await page.goto(url(`/product/${gift._id}`));
      await page.getByRole('heading', { level: 1, name: gift.name }).waitFor();
      await page.getByLabel('Check delivery').fill('682011');
      await page.getByRole('button', { name: 'Check', exact: true }).click();
      await page.getByRole('status').filter({ hasText: 'Available' }).waitFor();
      await page.getByRole('button', { name: 'Add To Cart' }).click();
      const panel = page.getByRole('dialog');
      await panel.getByRole('heading', { name: 'Cart (1)' }).waitFor();
      expect(await panel.innerText()).toMatch(/incl\. GST ₹/);
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'hidden' });

      await page.goto(url('/cart'));
      await page.getByRole('combobox', { name: `Quantity of ${gift.name}` }).selectOption(String(qty));
      await page.getByText(`Subtotal (${qty} ${qty === 1 ? 'item' : 'items'})`).waitFor();
      await page.getByRole('button', { name: 'Proceed To Checkout' }).click();
      await page.waitForURL((u) => u.pathname === '/login');
      await signIn(page, account.email, PASSWORD);
      await page.waitForURL((u) => u.pathname === '/shipping');
      await fillShipping(page);
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL((u) => u.pathname === '/placeorder');
      await page.getByRole('heading', { level: 1, name: 'Confirm Order' }).waitFor();

      const summary = page.getByRole('region', { name: 'Order Summary' });
      expect(await summary.innerText()).toMatch(/incl\. GST ₹/);
      await summary.getByLabel('Coupon code').fill('flat100');
      await summary.getByRole('button', { name: 'Apply' }).click();
      await summary.getByRole('status').filter({ hasText: 'FLAT100 applied: you save ₹100' }).waitFor();
      const summaryText = await summary.innerText();
      expect(summaryText).toMatch(/Coupon \(FLAT100\)\s+−₹100/);
      expect(summaryText).toMatch(new RegExp(`Total\\s+${inr.format(total)}`));
      expect(summaryText).toMatch(/incl\. GST ₹[\d,.]+/);
      await shoot(page, `coupon-placeorder-${width}`);
      await page.screenshot({ path: path.join(shots, `placeorder-coupon-${width}.png`), fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      const orderId = await confirmOrder(page);
      const orderSummary = page.getByRole('region', { name: 'Order Summary' });
      // The server's own figures agree with the cart's.
      await expect.poll(() => orderSummary.innerText()).toMatch(/Coupon \(FLAT100\)\s+−₹100/);
      expect(await orderSummary.innerText()).toContain(inr.format(total));
      expect(await page.getByRole('link', { name: 'Download invoice' }).count()).toBe(0);

      await page.getByRole('button', { name: 'Pay Now' }).click();
      const checkout = page.getByRole('dialog', { name: 'Razorpay Checkout (simulated)' });
      await checkout.getByRole('button', { name: `Pay ${inr.format(total)}` }).click();
      await page.getByText('Payment Successful!').waitFor();
      await expect.poll(() => paymentStatus(page).innerText()).toMatch(/^Paid on /);
      const download = orderSummary.getByRole('link', { name: 'Download invoice' });
      await download.waitFor();
      expect(await orderSummary.innerText()).toMatch(/Tax invoice INV\/\d{2}-\d{2}\/\d+/);
      await dismissToasts(page);
      await shoot(page, `coupon-order-paid-${width}`);
      await page.screenshot({ path: path.join(shots, `order-paid-invoice-${width}.png`), fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      // The link fetches the PDF with the shopper's own cookies.
      const href = await download.getAttribute('href');
      expect(href).toBe(`/api/orders/${orderId}/invoice`);
      expect(await download.getAttribute('download')).not.toBeNull();
      const pdf = await page.request.get(url(href!));
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()['content-type']).toContain('application/pdf');
      expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(problems).toEqual([]);
      await context.close();
    }
  });
});
