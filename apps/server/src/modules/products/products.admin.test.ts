import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCustomer, signInAsAdmin } from '../../test/accounts.js';
import { FULL_PRODUCT_BODY as FULL, insertProduct } from '../../test/fixtures.js';
import { orderBody, placeOrder } from '../../test/orders.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: { cookie: string };
let customer: { cookie: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAsAdmin(t.app);
  customer = await registerCustomer(t.app);
});
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, ...(cookie ? { headers: { cookie } } : {}), ...(payload ? { payload } : {}) });

/**
 * Saves the product at the version it is at now: these tests are about what a save writes (those
 * about saves of an older version are in products.versions.test.ts).
 */
async function save(id: string, body: object) {
  const { version } = (await call('GET', `/api/products/${id}/admin`, admin.cookie)).json();
  return call('PUT', `/api/products/${id}`, admin.cookie, { version, ...body });
}

async function draft(): Promise<string> {
  const res = await call('POST', '/api/products', admin.cookie);
  expect(res.statusCode).toBe(201);
  return res.json()._id;
}

describe(`managing products on ${testDatabaseKind}`, () => {
  it('answers 401 signed out and 403 to a customer on every admin endpoint', async () => {
    const id = await insertProduct(t.database.db, {});
    const endpoints: [Method, string, object?][] = [
      ['GET', '/api/products/admin'],
      ['GET', `/api/products/${id}/admin`],
      ['POST', '/api/products'],
      ['PUT', `/api/products/${id}`, { ...FULL, version: 1 }],
      ['DELETE', `/api/products/${id}`],
    ];
    for (const [method, url, body] of endpoints) {
      expect([url, (await call(method, url, undefined, body)).statusCode]).toEqual([url, 401]);
      expect([url, (await call(method, url, customer.cookie, body)).statusCode]).toEqual([url, 403]);
    }
    expect((await call('GET', `/api/products/${id}`)).statusCode).toBe(200);
  });

  it('creates a hidden draft, then saves every field; the storefront sees it at once', async () => {
    const id = await draft();
    expect((await call('GET', `/api/products/${id}/admin`, admin.cookie)).json()).toMatchObject({
      name: 'Sample Product',
      available: false,
    });
    const listed = async () =>
      ((await call('GET', '/api/products?keyword=Midnight')).json().products as { _id: string }[]).some(
        (p) => p._id === id,
      );
    expect(await listed()).toBe(false);

    const related = await insertProduct(t.database.db, {});
    const res = await save(id, {
      ...FULL,
      productId: id,
      relatedProducts: [{ _id: related }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Midnight Red Roses',
      price: 1499,
      discountPrice: 1199,
      // The draft's: a save never writes the product's stock.
      countInStock: 0,
      tags: ['love', 'anniversary'],
      subCategory: ['Roses', 'Rose Bouquet'],
      deliveryOptions: { sameDayDelivery: true, expressDelivery: false },
      optimizedImages: {
        thumbnail: '/uploads/demo/red-roses-thumb.webp',
        detail: '/uploads/demo/red-roses-detail.webp',
      },
      dimensions: { length: 40, width: 25, height: 60 },
      weight: 900,
      variants: [{ name: '24 Roses', price: 2499, countInStock: 5 }],
      relatedProducts: [{ _id: related }],
    });
    expect(await listed()).toBe(true);
    const shown = (await call('GET', `/api/products/${id}`)).json();
    expect(shown).toMatchObject({ name: 'Midnight Red Roses', discountPrice: 1199, available: true });
  });

  it('shows the admin recommended products shoppers cannot see, so a save keeps them', async () => {
    const id = await draft();
    const hidden = await insertProduct(t.database.db, { available: false });
    await save(id, { ...FULL, relatedProducts: [hidden] });
    expect((await call('GET', `/api/products/${id}/admin`, admin.cookie)).json().relatedProducts).toMatchObject([
      { _id: hidden },
    ]);
    expect((await call('GET', `/api/products/${id}`)).json().relatedProducts).toEqual([]);
  });

  it('keeps variant ids on a save, so carts holding them stay valid', async () => {
    const id = await draft();
    const first = (await save(id, FULL)).json();
    const variantId = first.variants[0]._id;
    const second = await save(id, {
      ...FULL,
      variants: [
        { name: 'Half Kg', price: 699, countInStock: 3 },
        { _id: variantId, name: '24 Roses', price: 2599 },
      ],
    });
    expect(second.json().variants).toMatchObject([
      { name: 'Half Kg', price: 699, countInStock: 3 },
      { _id: variantId, name: '24 Roses', price: 2599, countInStock: 5 },
    ]);
    const cleared = await save(id, { ...FULL, variants: [] });
    expect(cleared.json().variants).toEqual([]);
  });

  it('saves personalisation options, keeps their ids and shows them on the product page', async () => {
    const id = await draft();
    const first = await save(id, {
      ...FULL,
      category: 'Cakes',
      subCategory: [],
      options: [
        { name: 'Eggless', kind: 'choice', price: 50, maxLength: 30, required: false },
        { name: 'Message on cake', kind: 'text', price: 0, maxLength: 30 },
      ],
    });
    expect(first.statusCode).toBe(200);
    // A yes/no choice carries no text limit, whatever the form sent.
    expect(first.json().options).toEqual([
      { _id: expect.any(String), name: 'Eggless', kind: 'choice', price: 50, maxLength: 0, required: false },
      { _id: expect.any(String), name: 'Message on cake', kind: 'text', price: 0, maxLength: 30, required: false },
    ]);
    const [eggless, message] = first.json().options;
    const second = await save(id, {
      ...FULL,
      category: 'Cakes',
      subCategory: [],
      options: [
        { _id: message._id, name: 'Message on cake', kind: 'text', price: 25, maxLength: 20, required: true },
        { _id: eggless._id, name: 'Eggless', kind: 'choice', price: 60 },
      ],
    });
    expect(second.json().options).toMatchObject([
      { _id: message._id, price: 25, maxLength: 20, required: true },
      { _id: eggless._id, price: 60 },
    ]);
    expect((await call('GET', `/api/products/${id}`)).json().options).toEqual(second.json().options);
  });

  it.each([
    [
      [{ name: 'Message', kind: 'text', price: 0 }],
      'options.0.maxLength',
      'Message needs a character limit from 1 to 100',
    ],
    [
      [{ name: 'Eggless', kind: 'choice', price: 50, required: true }],
      'options.0.required',
      'Eggless is a yes/no choice, which cannot be required',
    ],
    [
      [
        { name: 'Eggless', kind: 'choice', price: 50 },
        { name: 'eggless', kind: 'choice', price: 40 },
      ],
      'options.1.name',
      'Two options are named eggless',
    ],
    [[{ name: 'Candles', kind: 'sparkle', price: 0 }], 'options.0.kind', "Option kind must be 'choice'"],
    [[{ name: 'Candles', kind: 'choice', price: -5 }], 'options.0.price', 'Option price cannot be negative'],
    [[{ name: 'Message', kind: 'text', price: 0, maxLength: 101 }], 'options.0.maxLength', 'at most 100'],
  ])('refuses options %j naming %s', async (options, field, message) => {
    const id = await draft();
    const res = await save(id, { ...FULL, options });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toContainEqual({ field, message: expect.stringContaining(message) });
  });

  it('shows a scheduled discount to the admin, but not to shoppers before it starts', async () => {
    const id = await draft();
    await save(id, { ...FULL, discountStartDate: '2098-01-01' });
    expect((await call('GET', `/api/products/${id}/admin`, admin.cookie)).json().discountPrice).toBe(1199);
    expect((await call('GET', `/api/products/${id}`)).json().discountPrice).toBe(0);
  });

  it('validates every field with a message and changes nothing on a bad save', async () => {
    const id = await draft();
    await save(id, FULL);
    const bad: [object, string][] = [
      [{ price: -1 }, 'Price cannot be negative'],
      [{ discountPrice: 1499 }, 'Discount price must be below the price'],
      [
        { discountStartDate: '2030-01-02', discountEndDate: '2030-01-01' },
        'Discount end date must be after the start date',
      ],
      [{ discountStartDate: 'soon' }, 'Discount start date must be a date'],
      [{ countInStock: 2.5 }, 'Count in stock must be a whole number'],
      [{ countInStock: -3 }, 'Count in stock cannot be negative'],
      [{ category: 'Jewellery' }, 'Category is not one of the store'],
      [{ subCategory: ['Chocolate'] }, 'Chocolate is not a subcategory of Flowers'],
      [{ color: ['Ultraviolet'] }, 'Color is not one of the store'],
      [{ vendor: ['Someone Else'] }, 'Vendor is not one of the store'],
      [{ image: 'https://evil.example/x.jpg' }, 'Top image must be an uploaded picture'],
      [{ image: '/uploads/../../etc/passwd.jpg' }, 'Top image must be an uploaded picture'],
      [{ variants: [{ name: '', price: 1, countInStock: 1 }] }, 'Variant name is required'],
      [{ variants: [{ name: 'Big', countInStock: 1 }] }, 'Variant price must be a number'],
      [{ name: ' ' }, 'Name is required'],
      [{ productId: '00000000-0000-4000-8000-000000000000' }, 'productId in the body does not match'],
      [{ relatedProducts: ['00000000-0000-4000-8000-000000000000'] }, 'A recommended product does not exist'],
    ];
    for (const [change, message] of bad) {
      const res = await save(id, { ...FULL, ...change });
      expect([JSON.stringify(change), res.statusCode, res.json().message]).toEqual([
        JSON.stringify(change),
        400,
        expect.stringContaining(message),
      ]);
    }
    expect((await call('GET', `/api/products/${id}/admin`, admin.cookie)).json()).toMatchObject({
      name: 'Midnight Red Roses',
      price: 1499,
    });
  });

  it('saves a GST class of HSN code and rate; without one, the category’s; half of one is refused', async () => {
    const id = await draft();
    const saveTax = (change: object) => save(id, { ...FULL, variants: [], discountPrice: 0, ...change });
    const taxClass = async () => {
      const { hsnCode, gstRate } = (await call('GET', `/api/products/${id}/admin`, admin.cookie)).json();
      return { hsnCode, gstRate };
    };

    // Artificial flowers (6702) at 18 %, saved with the padding an admin's paste brings.
    const saved = await saveTax({ hsnCode: ' 67029090 ', gstRate: 18 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ hsnCode: '67029090', gstRate: 18 });
    expect(await taxClass()).toEqual({ hsnCode: '67029090', gstRate: 18 });
    // The storefront prices it with that rate inside.
    expect((await call('GET', `/api/products/${id}`)).json()).toMatchObject({ hsnCode: '67029090', gstRate: 18 });

    expect((await saveTax({ category: 'Chocolates', subCategory: [] })).statusCode).toBe(200);
    expect(await taxClass()).toEqual({ hsnCode: '1806', gstRate: 5 });
    expect((await saveTax({})).statusCode).toBe(200);
    expect(await taxClass()).toEqual({ hsnCode: '0603', gstRate: 0 });

    const bad: [object, string, string][] = [
      [{ hsnCode: '0603', gstRate: 15 }, 'gstRate', 'GST rate must be one of 0, 3, 5, 12, 18, 28, 40 %'],
      [{ hsnCode: '0603', gstRate: '5' }, 'gstRate', 'GST rate must be one of 0, 3, 5, 12, 18, 28, 40 %'],
      [{ hsnCode: '603', gstRate: 0 }, 'hsnCode', 'HSN code must be 4, 6 or 8 digits'],
      [{ hsnCode: '06O3', gstRate: 0 }, 'hsnCode', 'HSN code must be 4, 6 or 8 digits'],
      [{ hsnCode: '', gstRate: 0 }, 'hsnCode', 'HSN code must be 4, 6 or 8 digits'],
      [{ hsnCode: '0603' }, 'gstRate', 'GST rate is required with an HSN code'],
      [{ gstRate: 18 }, 'hsnCode', 'HSN code is required with a GST rate'],
    ];
    for (const [change, field, message] of bad) {
      const res = await saveTax(change);
      expect([JSON.stringify(change), res.statusCode, res.json().details]).toEqual([
        JSON.stringify(change),
        400,
        [{ field, message }],
      ]);
    }
    expect(await taxClass()).toEqual({ hsnCode: '0603', gstRate: 0 });
  });

  it('charges an order the GST rate saved on the product', async () => {
    const id = await insertProduct(t.database.db, { name: 'Silk Roses' });
    const saved = await save(id, {
      ...FULL,
      name: 'Silk Rose Arrangement',
      price: 1180,
      discountPrice: 0,
      variants: [],
      hsnCode: '6702',
      gstRate: 18,
    });
    expect(saved.statusCode).toBe(200);
    const placed = await placeOrder(t.app, customer.cookie, orderBody([{ _id: id, qty: 1 }]));
    expect(placed.statusCode).toBe(201);
    // ₹1,180 at 18 % inclusive is ₹1,000 of value and ₹180 of GST; delivery is free above ₹1,000.
    expect(placed.json()).toMatchObject({ itemsPrice: 1180, shippingPrice: 0, taxPrice: 180, totalPrice: 1180 });
    expect(placed.json().orderItems[0]).toMatchObject({ hsnCode: '6702', gstRate: 18, taxPrice: 180 });
  });

  it('lists every product for admins, 100 a page, drafts and unavailable ones included', async () => {
    const id = await draft();
    const first = (await call('GET', '/api/products/admin', admin.cookie)).json();
    expect(first.page).toBe(1);
    expect(first.products.length).toBeLessThanOrEqual(100);
    expect(first.products[0]).toMatchObject({ _id: id, name: 'Sample Product', vendor: [] });
    expect(first.pages).toBeGreaterThanOrEqual(1);
    const beyond = (await call('GET', `/api/products/admin?pageNumber=${first.pages + 1}`, admin.cookie)).json();
    expect(beyond.products).toEqual([]);
    expect((await call('GET', '/api/products/admin?pageNumber=0', admin.cookie)).statusCode).toBe(400);
  });

  it('searches the admin list by part of the name, any case, wildcards as text', async () => {
    const id = await insertProduct(t.database.db, { name: 'Marigold 100% Garland_Zx7' });
    const found = (await call('GET', '/api/products/admin?q=GARLAND_zx', admin.cookie)).json();
    expect(found).toMatchObject({ page: 1, pages: 1 });
    expect(found.products.map((p: { _id: string }) => p._id)).toEqual([id]);
    expect((await call('GET', '/api/products/admin?q=100%25%20garland', admin.cookie)).json().products).toHaveLength(1);
    expect((await call('GET', '/api/products/admin?q=Garland%25Zx7', admin.cookie)).json().products).toEqual([]);
    const tooLong = await call('GET', `/api/products/admin?q=${'a'.repeat(101)}`, admin.cookie);
    expect([tooLong.statusCode, tooLong.json().message]).toEqual([400, 'q must be at most 100 characters']);
  });

  it('deletes a product; orders keep their copy of it', async () => {
    const id = await insertProduct(t.database.db, { name: 'Going Away Lilies' });
    const order = (await placeOrder(t.app, customer.cookie, orderBody([{ _id: id, qty: 1 }]))).json();
    const res = await call('DELETE', `/api/products/${id}`, admin.cookie);
    expect([res.statusCode, res.json().message]).toEqual([200, 'Product removed']);
    expect((await call('GET', `/api/products/${id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/products/${id}`, admin.cookie)).statusCode).toBe(404);
    const kept = (await call('GET', `/api/orders/${order._id}`, customer.cookie)).json();
    expect(kept.orderItems[0]).toMatchObject({ name: 'Going Away Lilies', product: null });
  });
});
