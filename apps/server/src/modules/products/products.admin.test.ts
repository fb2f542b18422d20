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
      ['PUT', `/api/products/${id}`, FULL],
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
    const res = await call('PUT', `/api/products/${id}`, admin.cookie, {
      ...FULL,
      productId: id,
      relatedProducts: [{ _id: related }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Midnight Red Roses',
      price: 1499,
      discountPrice: 1199,
      countInStock: 12,
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
    await call('PUT', `/api/products/${id}`, admin.cookie, { ...FULL, relatedProducts: [hidden] });
    expect((await call('GET', `/api/products/${id}/admin`, admin.cookie)).json().relatedProducts).toMatchObject([
      { _id: hidden },
    ]);
    expect((await call('GET', `/api/products/${id}`)).json().relatedProducts).toEqual([]);
  });

  it('keeps variant ids on a save, so carts holding them stay valid', async () => {
    const id = await draft();
    const first = (await call('PUT', `/api/products/${id}`, admin.cookie, FULL)).json();
    const variantId = first.variants[0]._id;
    const second = await call('PUT', `/api/products/${id}`, admin.cookie, {
      ...FULL,
      variants: [
        { name: 'Half Kg', price: 699, countInStock: 3 },
        { _id: variantId, name: '24 Roses', price: 2599, countInStock: 4 },
      ],
    });
    expect(second.json().variants).toMatchObject([
      { name: 'Half Kg', price: 699 },
      { _id: variantId, name: '24 Roses', price: 2599, countInStock: 4 },
    ]);
    const cleared = await call('PUT', `/api/products/${id}`, admin.cookie, { ...FULL, variants: [] });
    expect(cleared.json().variants).toEqual([]);
  });

  it('shows a scheduled discount to the admin, but not to shoppers before it starts', async () => {
    const id = await draft();
    await call('PUT', `/api/products/${id}`, admin.cookie, { ...FULL, discountStartDate: '2098-01-01' });
    expect((await call('GET', `/api/products/${id}/admin`, admin.cookie)).json().discountPrice).toBe(1199);
    expect((await call('GET', `/api/products/${id}`)).json().discountPrice).toBe(0);
  });

  it('validates every field with a message and changes nothing on a bad save', async () => {
    const id = await draft();
    await call('PUT', `/api/products/${id}`, admin.cookie, FULL);
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
      const res = await call('PUT', `/api/products/${id}`, admin.cookie, { ...FULL, ...change });
      expect([JSON.stringify(change), res.statusCode, res.json().message]).toEqual([
        JSON.stringify(change),
        400,
        expect.stringContaining(message),
      ]);
    }
    expect((await call('GET', `/api/products/${id}/admin`, admin.cookie)).json()).toMatchObject({
      name: 'Midnight Red Roses',
      price: 1499,
      countInStock: 12,
    });
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
