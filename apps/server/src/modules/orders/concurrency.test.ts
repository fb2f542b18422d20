import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { registerCustomer } from '../../test/accounts.js';
import { insertProduct } from '../../test/fixtures.js';
import { orderBody, placeOrder } from '../../test/orders.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/test-app.js';
import { products } from '../products/products.table.js';
import { orderItems, orders } from './orders.table.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe(`orders under concurrency on ${testDatabaseKind}`, () => {
  it('50 shoppers racing for the last 3 units: exactly 3 orders, stock 0, the rest 409', async () => {
    const id = await insertProduct(t.database.db, { name: 'Last Orchids', countInStock: 3 });
    const shoppers = await Promise.all(Array.from({ length: 50 }, () => registerCustomer(t.app)));
    const results = await Promise.all(
      shoppers.map((s) => placeOrder(t.app, s.cookie, orderBody([{ _id: id, qty: 1 }]))),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(3);
    expect(codes.filter((c) => c === 409)).toHaveLength(47);
    expect(results.find((r) => r.statusCode === 409)!.json().message).toBe('Last Orchids is out of stock');
    const [row] = await t.database.db.select({ n: products.countInStock }).from(products).where(eq(products.id, id));
    expect(row!.n).toBe(0);
    const sold = await t.database.db.select().from(orderItems).where(eq(orderItems.productId, id));
    expect(sold.reduce((n, i) => n + i.qty, 0)).toBe(3);
  });

  it('the same Idempotency-Key ten times at once makes one order and the same answer', async () => {
    const shopper = await registerCustomer(t.app);
    const id = await insertProduct(t.database.db, { countInStock: 20 });
    const key = `confirm-${randomBytes(8).toString('hex')}`;
    const body = orderBody([{ _id: id, qty: 2 }]);
    const results = await Promise.all(Array.from({ length: 10 }, () => placeOrder(t.app, shopper.cookie, body, key)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
    expect(new Set(results.map((r) => r.json()._id)).size).toBe(1);
    const mine = await t.database.db.select().from(orders).where(eq(orders.userId, shopper.id));
    expect(mine).toHaveLength(1);
    const [row] = await t.database.db.select({ n: products.countInStock }).from(products).where(eq(products.id, id));
    expect(row!.n).toBe(18);

    const otherCart = await placeOrder(t.app, shopper.cookie, orderBody([{ _id: id, qty: 5 }]), key);
    expect([otherCart.statusCode, otherCart.json().message]).toEqual([
      422,
      'This Idempotency-Key was already used for a different order',
    ]);
    // Keys belong to a shopper: someone else's identical key is a new order.
    const neighbour = await registerCustomer(t.app);
    const theirs = await placeOrder(t.app, neighbour.cookie, body, key);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json()._id).not.toBe(results[0]!.json()._id);
    const badKey = await placeOrder(t.app, shopper.cookie, body, 'no spaces allowed');
    expect(badKey.statusCode).toBe(400);
  });
});
