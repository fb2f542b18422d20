import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCustomer, signInAsAdmin } from '../../test/accounts.js';
import { insertProduct } from '../../test/fixtures.js';
import { orderBody, placeOrder, UNCAPPED_ORDERS } from '../../test/orders.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ ...UNCAPPED_ORDERS, RATE_LIMIT_REGISTER: 'off', RATE_LIMIT_COUPON_ADDRESS: '1000/1h' });
  admin = (await signInAsAdmin(t.app)).cookie;
});
afterAll(async () => {
  await t?.close();
});

let codes = 0;
async function coupon(body: Record<string, unknown>): Promise<string> {
  const code = `QUOTE${Date.now().toString(36).toUpperCase()}${(codes += 1)}`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/coupons',
    headers: { cookie: admin },
    payload: { code, ...body },
  });
  expect(res.statusCode).toBe(201);
  return code;
}

const validate = (couponCode: string, orderItems: { _id: string; qty: number }[], cookie: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/coupons/validate',
    headers: { cookie },
    payload: { couponCode, orderItems },
  });

describe(`checkout quotes once, for the coupon box and the order alike, on ${testDatabaseKind}`, () => {
  it('gives a category coupon the same discount when tried and when the order is placed, shared over its lines', async () => {
    const cake = await insertProduct(t.database.db, { name: 'Quote Cake', category: 'Cakes', price: 60_000 });
    const roses = await insertProduct(t.database.db, { name: 'Quote Roses', category: 'Flowers', price: 40_000 });
    const shopper = await registerCustomer(t.app);
    const code = await coupon({ kind: 'percent', value: 10, categories: ['Cakes'] });
    const items = [
      { _id: cake, qty: 2 },
      { _id: roses, qty: 1 },
    ];

    const tried = await validate(code, items, shopper.cookie);
    expect(tried.statusCode).toBe(200);
    expect(tried.json()).toEqual({ couponCode: code, couponDiscount: 120, message: `${code} applied: you save ₹120` });

    const placed = await placeOrder(t.app, shopper.cookie, orderBody(items, { couponCode: code }));
    expect(placed.statusCode).toBe(201);
    const order = placed.json();
    expect(order).toMatchObject({ itemsPrice: 1600, shippingPrice: 0, couponDiscount: 120, totalPrice: 1480 });
    // The cake (5 %) takes all of the discount; the roses (0 %) none.
    expect(order.orderItems.map((i: { couponDiscount: number }) => i.couponDiscount)).toEqual([120, 0]);
    expect(order.taxPrice).toBe(order.orderItems[0].taxPrice + order.orderItems[1].taxPrice);
  });

  it('refuses a line short of stock in the coupon box as placing the order does, before the coupon', async () => {
    const cake = await insertProduct(t.database.db, {
      name: 'Scarce Cake',
      category: 'Cakes',
      price: 50_000,
      countInStock: 2,
    });
    const shopper = await registerCustomer(t.app);
    const code = await coupon({ kind: 'flat', value: 100, minOrderValue: 5000 });
    const items = [{ _id: cake, qty: 3 }];

    const tried = await validate(code, items, shopper.cookie);
    const placed = await placeOrder(t.app, shopper.cookie, orderBody(items, { couponCode: code }));
    for (const res of [tried, placed]) {
      expect([res.statusCode, res.json().message]).toEqual([409, 'Only 2 left of Scarce Cake']);
    }
  });

  it('tells why a coupon does not apply in the same words, tried or placed', async () => {
    const cake = await insertProduct(t.database.db, { name: 'Small Cake', category: 'Cakes', price: 50_000 });
    const shopper = await registerCustomer(t.app);
    const code = await coupon({ kind: 'flat', value: 100, minOrderValue: 999 });
    const items = [{ _id: cake, qty: 1 }];

    const tried = await validate(code, items, shopper.cookie);
    const placed = await placeOrder(t.app, shopper.cookie, orderBody(items, { couponCode: code }));
    for (const res of [tried, placed]) {
      expect([res.statusCode, res.json().message]).toEqual([400, 'Add ₹499 more to use this coupon']);
    }
  });
});
