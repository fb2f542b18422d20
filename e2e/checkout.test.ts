import { randomUUID } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { productWithoutVariants, registerByApi as register, type StockedProduct as Product } from './support/api.js';
import { seriousViolations } from './support/axe.js';
import { confirmOrder, fillShipping, LANDMARK } from './support/checkout.js';
import { dismissToasts, openPage, shoot, useBrowser } from './support/page.js';
import { pdfText } from './support/pdf.js';
import { inr, signIn } from './support/shopper.js';

/** The coupon and invoice screenshots, to be looked at by whoever changes the layout. */
const shots = process.env.E2E_SHOTS_DIR ?? '/tmp/shots';
const PASSWORD = 'jasmine-string-garland-7';
const browser = useBrowser();
let product: Product;

const url = (route: string) => `${inject('baseUrl')}${route}`;

const registerByApi = (name: string) => register(name, PASSWORD);

/** A fresh shopper (own cookies and storage) and every error their pages log or receive. */
const open = (width: number, height = 900) => openPage(browser(), width, { height });

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

const paymentStatus = (page: Page) => page.getByRole('region', { name: 'Payment Method' }).getByRole('status');
const deliveryStatus = (page: Page) => page.getByRole('region', { name: 'Shipping' }).getByRole('status');

beforeAll(async () => {
  await mkdir(shots, { recursive: true });
  product = await productWithoutVariants(5);
});

describe('checkout, payment and delivery', () => {
  it('buys a product: cart, sign in, shipping, confirm, simulated payment, My Orders; an admin packs it (1280)', async () => {
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

    // Nothing filled: each required field says so, House or flat and Landmark (optional) do not.
    await page.getByRole('button', { name: 'Continue' }).click();
    const form = page.getByRole('form', { name: 'Shipping Details' });
    await form.getByText('First Name is required').waitFor();
    await form.getByText('Street or area is required').waitFor();
    expect(await form.getByText('House or flat is required').count()).toBe(0);
    expect(await form.getByText('Landmark is required').count()).toBe(0);
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
    // The landmark, printed after the street where the delivery partner reads the address.
    expect(await page.getByRole('region', { name: 'Shipping' }).innerText()).toContain(
      `14 Shanmugham Road, Marine Drive, Landmark: ${LANDMARK}, Ernakulam`,
    );
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
    await shoot(page, 'checkout-simulated-dialog-1280', { fullPage: false });
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

    // The demo admin, in a browser of their own, packs the paid order: the first step towards its
    // delivery, and the only one offered while it is paid (ADR 085).
    const admin = await open(1280);
    await admin.page.goto(url(`/login?redirect=${encodeURIComponent(`/order/${orderId}`)}`));
    await signIn(admin.page, 'admin@example.com', 'admin-demo-pass');
    await admin.page.waitForURL((u) => u.pathname === `/order/${orderId}`);
    await expect.poll(() => paymentStatus(admin.page).innerText()).toMatch(/^Paid on /);
    expect(await admin.page.getByRole('button', { name: 'Pay Now' }).count()).toBe(0);
    expect(await admin.page.getByRole('button', { name: /^Mark As Delivered$|^Out For Delivery$/ }).count()).toBe(0);
    await admin.page.getByRole('button', { name: 'Mark As Packed' }).click();
    // It asks first (ADR 037).
    await admin.page
      .getByRole('alertdialog', { name: 'Mark As Packed?' })
      .getByRole('button', { name: 'Mark As Packed' })
      .click();
    await admin.page.getByText('Order marked as packed').waitFor();
    // Going out is the one next step; it waits for the slot's day (ADR 085).
    await admin.page.getByRole('button', { name: 'Out For Delivery' }).waitFor();
    expect(await admin.page.getByRole('button', { name: 'Mark As Delivered' }).count()).toBe(0);
    expect(await deliveryStatus(admin.page).innerText()).toBe('Not Delivered');
    await dismissToasts(admin.page);
    await shoot(admin.page, 'checkout-order-packed-1280');
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
    // A buyer who closed the gateway finds the way to pay on the first screen, without scrolling.
    const payNow = await page.getByRole('button', { name: 'Pay Now' }).boundingBox();
    expect(payNow!.y + payNow!.height).toBeLessThanOrEqual(page.viewportSize()!.height);
    await shoot(page, 'checkout-order-unpaid-375');
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await page.getByRole('button', { name: 'Pay Now' }).click();
    const checkout = page.getByRole('dialog', { name: 'Razorpay Checkout (simulated)' });
    await checkout.waitFor();
    const box = await checkout.boundingBox();
    expect(box?.width).toBeLessThanOrEqual(375);
    await shoot(page, 'checkout-simulated-dialog-375', { fullPage: false });
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

  it('brings a new buyer who registers from the checkout back to it, cart and all (375)', async () => {
    const { context, page, problems } = await open(375, 812);
    await addToCart(page);
    await page.goto(url('/cart'));
    await page.getByRole('button', { name: 'Proceed To Checkout' }).click();
    await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('redirect') === '/shipping');

    await page.getByRole('main').getByRole('link', { name: 'Register' }).click();
    await page.waitForURL((u) => u.pathname === '/register' && u.searchParams.get('redirect') === '/shipping');
    await page.getByText("Create an account and you'll go straight back to your checkout").waitFor();
    await page.getByLabel('Name').fill('Anjali Krishnan');
    await page.getByLabel('Email Address').fill(`buyer-${randomUUID().slice(0, 8)}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm Password').fill(PASSWORD);
    await shoot(page, 'checkout-register-375');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Register', exact: true }).click();

    // /shipping sends an empty cart back to /cart: staying there means the cart came along.
    await page.waitForURL((u) => u.pathname === '/shipping');
    await page.getByRole('heading', { level: 1, name: 'Shipping Details' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/shipping');
    expect(problems).toEqual([]);
    await context.close();
  });
});

/** Rupees as the invoice prints them: Indian grouping, always two decimals, no sign. */
const figures = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

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
      // On a phone the buyer is a business: its GSTIN, then its name and address as registered.
      const business = width === 375;
      if (business) {
        await page.getByRole('button', { name: 'Add GSTIN for a business purchase' }).click();
        await page.getByLabel('GSTIN (optional)').fill('32abcde1234f1z9');
        await page.getByLabel('Registered business name').fill('Periyar Florists LLP');
        await page.getByLabel('Billing address').fill('14 Shanmugham Road\nErnakulam 682011');
        await page.screenshot({ path: path.join(shots, `placeorder-gstin-${width}.png`), fullPage: true });
      }
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
      const invoiceNumber = /Tax invoice (INV\/\d{2}-\d{2}\/\d+)/.exec(await orderSummary.innerText())?.[1];
      expect(invoiceNumber).toBeDefined();
      await dismissToasts(page);
      await shoot(page, `coupon-order-paid-${width}`);
      await page.screenshot({ path: path.join(shots, `order-paid-invoice-${width}.png`), fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      // The link downloads the PDF with the shopper's own cookies: the invoice the page names,
      // with FLAT100's ₹100 off.
      expect(await download.getAttribute('href')).toBe(`/api/orders/${orderId}/invoice`);
      const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
      expect(file.suggestedFilename()).toBe(`invoice-${invoiceNumber!.replaceAll('/', '-')}.pdf`);
      const pdf = await readFile(await file.path());
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const text = await pdfText(pdf);
      expect(text).toContain(`Invoice no.: ${invoiceNumber}`);
      expect(text).toContain('Coupon FLAT100 applied: ₹100.00 off');
      expect(text).toContain(`Invoice total (₹) ${figures.format(total)}`);
      if (business) {
        expect(text).toContain('Periyar Florists LLP');
        expect(text).toContain('14 Shanmugham Road Ernakulam 682011');
        expect(text).toContain('GSTIN: 32ABCDE1234F1Z9');
      }
      expect(problems).toEqual([]);
      await context.close();
    }
  });
});
