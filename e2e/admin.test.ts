import { randomUUID } from 'node:crypto';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { adminCookie, DEMO_ADMIN as ADMIN, placeOrder, registerByApi } from './support/api.js';
import { seriousViolations } from './support/axe.js';
import { dismissToasts, openPage, pathIn, screenshots, shoot as shootPage, useBrowser } from './support/page.js';
import { signInTo } from './support/shopper.js';

const PASSWORD = 'marigold-garland-42';
const browser = useBrowser();
let picture: Buffer;

beforeAll(async () => {
  // A real picture for the upload: the server judges the bytes and re-encodes them.
  picture = await sharp({ create: { width: 640, height: 640, channels: 3, background: '#c2134d' } })
    .png()
    .toBuffer();
});

const url = (route: string) => `${inject('baseUrl')}${route}`;
/** A word no demo product has, so a search finds only the product made here. */
const uniqueWord = () => `Zq${randomUUID().replace(/-/g, '').slice(0, 8)}`;

/**
 * A fresh browser (own cookies and storage) and the errors its pages log. `expected` names the
 * API paths whose refusals are the answer under test, not faults.
 */
const open = (width: number, height = 900, expected: (p: string) => boolean = () => false) =>
  openPage(browser(), width, { height, expected: pathIn(expected) });

async function shoot(page: Page, name: string) {
  // Pictures loaded first, so previews are not grey boxes.
  await page.waitForFunction(() => Array.from(document.images).every((i) => i.complete));
  await shootPage(page, name);
}

/** A shoppable product made through the API, with a picture. */
async function productByApi(cookie: string, name: string, vendor: string[] = []): Promise<string> {
  const created = await fetch(url('/api/products'), {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ countInStock: 10 }),
  });
  const draft = (await created.json()) as { _id: string; version: number };
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(picture)], { type: 'image/png' }), 'review.png');
  const upload = await fetch(url('/api/upload'), { method: 'POST', headers: { cookie }, body: form });
  expect(upload.status).toBe(201);
  const { image } = (await upload.json()) as { image: string };
  const saved = await fetch(url(`/api/products/${draft._id}`), {
    method: 'PUT',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({
      version: draft.version,
      name,
      price: 650,
      category: 'Flowers',
      subCategory: ['Roses'],
      image,
      available: true,
      vendor,
      description: 'A bunch of roses made for the admin tests.',
    }),
  });
  expect(saved.status).toBe(200);
  return draft._id;
}

describe('admin', () => {
  it('creates a product with a picture, finds it in the store, edits and deletes it (1280)', async () => {
    const word = uniqueWord();
    const name = `Sunrise Roses ${word}`;
    let productId = '';
    // After the delete, the product's page asks for it and is told 404: that is the answer under test.
    const { context, page, problems } = await open(1280, 900, (p) => p === `/api/products/${productId}`);
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.accept();
    });

    await signInTo(page, ADMIN.email, ADMIN.password, '/admin/productlist');
    await page.getByRole('heading', { level: 1, name: 'Products' }).waitFor();
    await expect(page.title()).resolves.toBe('Products | Phoolwala Gifts');
    const table = page.getByRole('region', { name: 'Products' });
    await table.getByRole('row').nth(1).waitFor();
    expect(await table.getByRole('columnheader').allTextContents()).toEqual([
      'ID',
      'NAME',
      'VENDOR',
      'PRICE',
      'CATEGORY',
      'BRAND',
      'Actions',
    ]);
    await shoot(page, 'admin-products-1280');
    expect(await seriousViolations(page)).toEqual([]);

    // Create Product: a confirm, then straight to the draft's edit page.
    await page.getByRole('button', { name: 'Create Product' }).click();
    await page.waitForURL((u) => /^\/admin\/product\/[0-9a-f-]{36}\/edit$/.test(u.pathname));
    productId = new URL(page.url()).pathname.split('/')[3]!;
    expect(dialogs).toEqual(['Are you sure you want to create a new product?']);
    await page.getByRole('heading', { level: 1, name: 'Edit Product' }).waitFor();
    const nameBox = page.getByLabel('Name', { exact: true });
    await expect.poll(() => nameBox.inputValue()).toBe('Sample Product');

    // A picture, uploaded: the server answers its path and message.
    await page
      .getByLabel('Upload top image')
      .setInputFiles({ name: 'sunrise.png', mimeType: 'image/png', buffer: picture });
    await page.getByText('Image uploaded').first().waitFor();
    const topImage = page.getByLabel('Top Image', { exact: true });
    await expect.poll(() => topImage.inputValue()).toMatch(/^\/uploads\/products\/[0-9a-f-]{36}\.png$/);

    // Stock comes in by adjustment, beside the form, and shows at once with its ledger row.
    const adjust = page.getByRole('form', { name: 'Adjust stock' });
    await adjust.getByLabel('Change').fill('7');
    await adjust.getByLabel('Reason').selectOption('Received');
    await adjust.getByRole('button', { name: 'Adjust stock' }).click();
    await page.getByText('Stock of Sample Product: 0 → 7').waitFor();
    const ledger = page.getByRole('region', { name: 'Stock ledger' });
    await ledger.getByRole('cell', { name: '+7' }).waitFor();

    await nameBox.fill(name);
    await page.getByLabel('Price', { exact: true }).fill('1299');
    const subCategory = page.getByRole('button', { name: /^Sub Category/ });
    expect(await subCategory.isDisabled()).toBe(true);
    await page.getByLabel('Category', { exact: true }).selectOption('Flowers');
    await subCategory.click();
    await page.getByRole('checkbox', { name: 'Roses', exact: true }).check();
    await page.keyboard.press('Escape');
    expect(await subCategory.innerText()).toContain('Roses');
    await page.getByLabel('Available', { exact: true }).check();
    await page.getByLabel('Same Day Delivery').check();
    await dismissToasts(page);
    await shoot(page, 'admin-product-edit-1280');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await page.getByText('Product updated').waitFor();
    await page.waitForURL((u) => u.pathname === '/admin/productlist');
    const row = page.getByRole('row').filter({ hasText: name });
    await row.waitFor();
    expect(await row.getByRole('cell').nth(4).innerText()).toBe('Flowers');

    // The storefront shows it at once: a search for its unusual word finds it.
    await page.goto(url(`/products/${word}`));
    await page.getByRole('link', { name, exact: true }).click();
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await page.getByText('₹1,299').first().waitFor();

    // Edit: a new price.
    await page.goto(url('/admin/productlist'));
    await page.getByRole('link', { name: `Edit ${name}` }).click();
    await page.getByRole('heading', { level: 1, name: 'Edit Product' }).waitFor();
    const price = page.getByLabel('Price', { exact: true });
    await expect.poll(() => price.inputValue()).toBe('1299');
    await expect.poll(() => page.getByLabel('Top Image', { exact: true }).inputValue()).toMatch(/^\/uploads\//);
    await price.fill('1499');
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await page.getByText('Product updated').waitFor();
    await page.waitForURL((u) => u.pathname === '/admin/productlist');
    await expect
      .poll(() => page.getByRole('row').filter({ hasText: name }).getByRole('cell').nth(3).innerText())
      .toBe('₹1,499');
    const stored = (await (await fetch(url(`/api/products/${productId}`))).json()) as { price: number };
    expect(stored.price).toBe(1499);

    // Delete: an 'Are you sure', then gone from the list and from the store.
    await page.getByRole('button', { name: `Delete ${name}` }).click();
    await page.getByText('Product removed').waitFor();
    await expect.poll(() => page.getByRole('row').filter({ hasText: name }).count()).toBe(0);
    expect(dialogs).toEqual(['Are you sure you want to create a new product?', 'Are you sure']);
    expect((await fetch(url(`/api/products/${productId}`))).status).toBe(404);
    await page.goto(url(`/product/${productId}`));
    await page.getByRole('heading', { level: 1, name: 'Product not found' }).waitFor();

    expect(problems).toEqual([]);
    await context.close();
  });

  it('lists orders and users; only shoppers can be edited or deleted; edits and deletes one (1280)', async () => {
    // A new shopper with an order (awaiting payment) for a product of one vendor.
    const cookie = await adminCookie();
    const productId = await productByApi(cookie, `Order Roses ${uniqueWord()}`, ['Kochi Bloom House']);
    const shopper = await registerByApi('Lakshmi Iyer', PASSWORD, { emailPrefix: 'shopper' });
    // Tomorrow (IST), any time of day.
    const order = await placeOrder<{ _id: string; orderNumber: string }>(shopper.cookie, {
      productId,
      qty: 2,
      recipient: { firstName: 'Lakshmi', lastName: 'Iyer', address: '', address2: '12 MG Road', postalCode: '682001' },
    });

    const { context, page, problems } = await open(1280);
    page.on('dialog', (d) => void d.accept());

    await signInTo(page, ADMIN.email, ADMIN.password, '/admin/orderlist');
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    // The ID column shows the order's short number (PW-000123).
    const orderRow = page.getByRole('row').filter({ hasText: order.orderNumber });
    const cells = orderRow.getByRole('cell');
    await orderRow.waitFor();
    expect(await page.getByRole('region', { name: 'Orders' }).getByRole('columnheader').allTextContents()).toEqual([
      'ID',
      'USER',
      'STATUS',
      'DELIVERY',
      'PARTNER',
      'VENDOR',
      'DATE',
      'TOTAL',
      'PAID',
      'DELIVERED',
      'Details',
    ]);
    expect(await cells.nth(1).innerText()).toBe(shopper.name);
    expect(await cells.nth(2).innerText()).toBe('Awaiting payment');
    expect(await cells.nth(3).innerText()).toMatch(/^\w{3}, \d{1,2} \w{3,4}\nAny time, 9 AM – 9 PM$/);
    expect(await cells.nth(4).innerText()).toBe('Your team');
    expect(await cells.nth(5).innerText()).toBe('Kochi Bloom House');
    expect(await cells.nth(8).textContent()).toBe('Not paid');
    expect(await cells.nth(9).textContent()).toBe('Not delivered');
    expect(await orderRow.getByRole('link', { name: /^Details/ }).getAttribute('href')).toBe(`/order/${order._id}`);
    await shoot(page, 'admin-orders-1280');
    expect(await seriousViolations(page)).toEqual([]);

    // The new shopper's welcome email: the server's sender writes it as an .eml file, and the
    // screen, asking again while anything waits, shows it sent.
    await page.goto(url('/admin/outbox'));
    await page.getByRole('heading', { level: 1, name: 'Email outbox' }).waitFor();
    const welcome = page
      .getByRole('region', { name: 'Email outbox' })
      .getByRole('row')
      .filter({ hasText: shopper.email })
      .filter({ hasText: `Welcome to Phoolwala Gifts, ${shopper.name}` });
    await expect.poll(() => welcome.getByRole('cell').nth(4).innerText(), { timeout: 20_000 }).toBe('Sent');
    expect((await welcome.getByRole('cell').allInnerTexts()).slice(1, 6)).toEqual([
      'welcome',
      shopper.email,
      `Welcome to Phoolwala Gifts, ${shopper.name}`,
      'Sent',
      '1',
    ]);
    expect(await welcome.getByRole('button', { name: /^Retry now/ }).count()).toBe(0);
    await shoot(page, 'admin-outbox-1280');
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(url('/admin/userlist'));
    await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    const rowOf = (email: string) => page.getByRole('row').filter({ has: page.getByRole('link', { name: email }) });
    const customer = rowOf('customer@example.com');
    await customer.waitFor();
    expect(await customer.getByRole('link', { name: /^Edit / }).count()).toBe(1);
    expect(await customer.getByRole('button', { name: /^Delete / }).count()).toBe(1);
    const adminRow = rowOf(ADMIN.email);
    expect(await adminRow.getByRole('button').count()).toBe(0);
    expect(await adminRow.getByRole('link').count()).toBe(1); // the mailto link only
    expect(await adminRow.getByRole('link').getAttribute('href')).toBe(`mailto:${ADMIN.email}`);
    await shoot(page, 'admin-users-1280');
    expect(await seriousViolations(page)).toEqual([]);

    // Edit the new shopper (not the demo customer, whom other tests sign in as).
    await rowOf(shopper.email)
      .getByRole('link', { name: `Edit ${shopper.name}` })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Edit User' }).waitFor();
    const name = page.getByLabel('Name', { exact: true });
    await expect.poll(() => name.inputValue()).toBe(shopper.name);
    await shoot(page, 'admin-user-edit-1280');
    expect(await seriousViolations(page)).toEqual([]);
    await name.fill('Lakshmi R. Iyer');
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await page.getByText('user updated successfully').waitFor();
    await page.waitForURL((u) => u.pathname === '/admin/userlist');
    await rowOf(shopper.email).getByText('Lakshmi R. Iyer').waitFor();

    await rowOf(shopper.email).getByRole('button', { name: 'Delete Lakshmi R. Iyer' }).click();
    await page.getByText('User removed').waitFor();
    await expect.poll(() => rowOf(shopper.email).count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
    await fetch(url(`/api/products/${productId}`), { method: 'DELETE', headers: { cookie } });
  });

  it('works on a phone: every admin screen (375)', async () => {
    // An order of its own, for the orders list's card.
    const productId = await productByApi(await adminCookie(), `Phone Roses ${uniqueWord()}`, ['Kochi Bloom House']);
    const shopper = await registerByApi('Anu Thomas', PASSWORD, { emailPrefix: 'shopper' });
    const order = await placeOrder<{ orderNumber: string }>(shopper.cookie, {
      productId,
      recipient: {
        firstName: 'Anu',
        lastName: 'Thomas',
        address: '',
        address2: 'Panampilly Nagar',
        postalCode: '682036',
      },
    });
    const { context, page, problems } = await open(375, 812);
    await signInTo(page, ADMIN.email, ADMIN.password, '/admin/productlist');
    await page.getByRole('heading', { level: 1, name: 'Products' }).waitFor();
    const table = page.getByRole('region', { name: 'Products' });
    await table.getByRole('row').nth(1).waitFor();
    // The table scrolls inside its own box; the page itself does not scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shoot(page, 'admin-products-375');
    expect(await seriousViolations(page)).toEqual([]);

    await table
      .getByRole('link', { name: /^Edit / })
      .first()
      .click();
    await page.getByRole('heading', { level: 1, name: 'Edit Product' }).waitFor();
    await expect.poll(() => page.getByLabel('Name', { exact: true }).inputValue()).not.toBe('');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shoot(page, 'admin-product-edit-375');
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(url('/admin/orderlist'));
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Loading orders' }).waitFor({ state: 'detached' });
    // A card per order on a phone: nothing cut off after the vendor, nothing to scroll sideways.
    const card = page
      .getByRole('list', { name: 'Orders' })
      .getByRole('listitem', { name: `Order ${order.orderNumber}` });
    const text = await card.innerText();
    expect(text).toMatch(/^PW-\d{6,}\s/);
    expect(text).toMatch(/\bDelivery\s+\w{3}, \d{1,2} \w{3,4}\s+Any time, 9 AM – 9 PM\s/);
    expect(await card.getByRole('link', { name: `Details of order ${order.orderNumber}` }).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shoot(page, 'admin-orders-375');
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(url('/admin/userlist'));
    await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    await page.getByRole('link', { name: 'customer@example.com' }).waitFor();
    await shoot(page, 'admin-users-375');
    expect(await seriousViolations(page)).toEqual([]);

    await page
      .getByRole('link', { name: /^Edit / })
      .first()
      .click();
    await page.getByRole('heading', { level: 1, name: 'Edit User' }).waitFor();
    await expect.poll(() => page.getByLabel('Name', { exact: true }).inputValue()).not.toBe('');
    await shoot(page, 'admin-user-edit-375');
    expect(await seriousViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('creates a coupon from the admin menu, sees it unused in the list, refuses its code twice and retires it (1280)', async () => {
    // The second try of the same code is refused with 409: that is the answer under test.
    const { context, page, problems } = await open(1280, 900, (p) => p === '/api/coupons');
    await signInTo(page, ADMIN.email, ADMIN.password, '/admin/productlist');
    await page.getByRole('button', { name: /^Account menu for/ }).click();
    await page.getByRole('menuitem', { name: 'Coupons' }).click();
    await page.waitForURL((u) => u.pathname === '/admin/coupons');
    await page.getByRole('heading', { level: 1, name: 'Coupons' }).waitFor();
    await expect(page.title()).resolves.toBe('Coupons | Phoolwala Gifts');
    const table = page.getByRole('region', { name: 'Coupons' });
    // The demo catalogue comes with WELCOME10.
    await table.getByRole('row').filter({ hasText: 'WELCOME10' }).waitFor();
    expect(await table.getByRole('columnheader').allTextContents()).toEqual([
      'CODE',
      'DISCOUNT',
      'MINIMUM ORDER',
      'VALID (IST)',
      'USES',
      'FIRST ORDER ONLY',
      'CATEGORIES',
      'ACTIVE',
      'Actions',
    ]);

    await page.getByRole('link', { name: 'Create Coupon' }).click();
    await page.getByRole('heading', { level: 1, name: 'Create Coupon' }).waitFor();
    await page.getByLabel('Code', { exact: true }).fill('diwali15');
    await expect.poll(() => page.getByLabel('Code', { exact: true }).inputValue()).toBe('DIWALI15');
    expect(await page.getByRole('radio', { name: 'Percent off' }).isChecked()).toBe(true);
    await page.getByLabel('Value (%)').fill('15');
    await page.getByLabel('Maximum discount (₹)').fill('200');
    await page.getByLabel('Minimum order value (₹)').fill('500');
    await shoot(page, 'admin-coupon-new-1280');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Create Coupon', exact: true }).click();
    await page.getByText('Coupon DIWALI15 created').waitFor();
    await page.waitForURL((u) => u.pathname === '/admin/coupons');

    const row = table.getByRole('row').filter({ hasText: 'DIWALI15' });
    await row.waitFor();
    const cells = () => row.getByRole('cell').allInnerTexts();
    expect((await cells()).slice(0, 8)).toEqual([
      'DIWALI15',
      '15 % up to ₹200',
      '₹500',
      'always',
      '0',
      'Any order',
      'All',
      'Active',
    ]);
    await dismissToasts(page);
    await shoot(page, 'admin-coupons-1280');
    expect(await seriousViolations(page)).toEqual([]);

    // The same code again, in any case: refused by the Code field.
    await page.getByRole('link', { name: 'Create Coupon' }).click();
    await page.getByLabel('Code', { exact: true }).fill('Diwali15');
    await page.getByLabel('Value (%)').fill('5');
    await page.getByRole('button', { name: 'Create Coupon', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'A coupon with the code DIWALI15 already exists' }).waitFor();
    expect(await page.getByLabel('Code', { exact: true }).getAttribute('aria-invalid')).toBe('true');

    // Retire it: no delete, only Active unticked.
    await page.goto(url('/admin/coupons'));
    await page.getByRole('link', { name: 'Edit DIWALI15' }).click();
    await page.getByRole('heading', { level: 1, name: 'Edit Coupon' }).waitFor();
    await expect.poll(() => page.getByLabel('Maximum discount (₹)').inputValue()).toBe('200');
    await dismissToasts(page);
    await shoot(page, 'admin-coupon-edit-1280');
    await page.getByLabel('Active', { exact: true }).uncheck();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Coupon DIWALI15 saved').waitFor();
    await page.waitForURL((u) => u.pathname === '/admin/coupons');
    await expect.poll(async () => (await cells())[7]).toBe('Inactive');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('coupons on a phone: the list scrolls in its own box, the form fits (375)', async () => {
    const { context, page, problems } = await open(375, 812);
    await signInTo(page, ADMIN.email, ADMIN.password, '/admin/coupons');
    await page.getByRole('heading', { level: 1, name: 'Coupons' }).waitFor();
    await page.getByRole('region', { name: 'Coupons' }).getByRole('row').filter({ hasText: 'WELCOME10' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shoot(page, 'admin-coupons-375');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Edit WELCOME10' }).click();
    await page.getByRole('heading', { level: 1, name: 'Edit Coupon' }).waitFor();
    await expect.poll(() => page.getByLabel('Code', { exact: true }).inputValue()).toBe('WELCOME10');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shoot(page, 'admin-coupon-edit-375');
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(url('/admin/coupon/new'));
    await page.getByRole('heading', { level: 1, name: 'Create Coupon' }).waitFor();
    await page.getByRole('radio', { name: 'Flat amount off' }).check();
    expect(await page.getByLabel('Maximum discount (₹)').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shoot(page, 'admin-coupon-new-375');
    expect(await seriousViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('keeps shoppers out: a customer opening an admin page goes home', async () => {
    const { context, page, problems } = await open(1280);
    await signInTo(page, 'customer@example.com', 'customer-demo-pass', '/');
    await page.goto(url('/admin/userlist'));
    await page.waitForURL((u) => u.pathname === '/');
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('reviews', () => {
  it('a new shopper writes a review; the count and distribution change; a second one is refused (1280, 375)', async () => {
    const cookie = await adminCookie();
    const productId = await productByApi(cookie, `Review Roses ${uniqueWord()}`);
    const reviewsPath = `/api/products/${productId}/reviews`;
    // The second review's 409 is the answer under test.
    const { context, page, problems } = await open(1280, 900, (p) => p === reviewsPath);
    try {
      await page.goto(url(`/product/${productId}`));
      const reviews = page.locator('#reviews');
      await reviews.getByText('Based on 0 reviews').waitFor();
      await reviews.getByRole('link', { name: 'Please Login to write a Review' }).waitFor();

      // Register, coming back to the product.
      await page.goto(url(`/register?redirect=${encodeURIComponent(`/product/${productId}`)}`));
      await page.getByLabel('Name').fill('Nila Varghese');
      await page.getByLabel('Email Address').fill(`reviewer-${randomUUID().slice(0, 8)}@example.com`);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByLabel('Confirm Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Register', exact: true }).click();
      await page.waitForURL((u) => u.pathname === `/product/${productId}`);
      await dismissToasts(page);

      const opener = reviews.getByRole('button', { name: 'Write a review' });
      await opener.click();
      const rating = reviews.getByLabel('Rating', { exact: true });
      expect(await rating.locator('option').allInnerTexts()).toEqual([
        'Select…',
        '1 - Poor',
        '2 - Fair',
        '3 - Good',
        '4 - Very Good',
        '5 - Excellent',
      ]);
      await rating.selectOption({ label: '4 - Very Good' });
      await reviews.getByLabel('Comment').fill('Fresh roses, <b>on time</b> for Onam.');
      await reviews.scrollIntoViewIfNeeded();
      await reviews.screenshot({ path: path.join(screenshots, 'review-form-1280.png'), animations: 'disabled' });
      expect(await seriousViolations(page)).toEqual([]);

      await reviews.getByRole('button', { name: 'Submit' }).click();
      await page.getByText('Review created successfully').waitFor();
      await reviews.getByText('Based on 1 review').waitFor();
      const distribution = reviews.getByRole('list', { name: 'Rating distribution' }).getByRole('listitem');
      await expect
        .poll(() => distribution.allTextContents())
        .toEqual(['5 star:0%', '4 star:100%', '3 star:0%', '2 star:0%', '1 star:0%']);
      // Said as text: the tags are shown, not obeyed.
      await reviews.getByText('Fresh roses, <b>on time</b> for Onam.').waitFor();
      expect(await reviews.getByRole('listitem').filter({ hasText: 'Nila Varghese' }).count()).toBe(1);

      // One review each.
      await opener.click();
      await rating.selectOption({ label: '5 - Excellent' });
      await reviews.getByLabel('Comment').fill('Again');
      await reviews.getByRole('button', { name: 'Submit' }).click();
      await page.getByText('You have already reviewed this product').waitFor();
      await dismissToasts(page);

      await page.setViewportSize({ width: 375, height: 812 });
      await reviews.scrollIntoViewIfNeeded();
      await reviews.screenshot({ path: path.join(screenshots, 'review-form-375.png'), animations: 'disabled' });
      expect(await seriousViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
      await fetch(url(`/api/products/${productId}`), { method: 'DELETE', headers: { cookie } });
    }
  });
});
