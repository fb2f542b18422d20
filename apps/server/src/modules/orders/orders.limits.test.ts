import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { registerCustomer, signInAsAdmin } from '../../test/accounts.js';
import { insertProduct } from '../../test/fixtures.js';
import { checkoutProof, orderBody, placeOrder, verify } from '../../test/orders.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/test-app.js';
import { products } from '../products/products.table.js';
import { clientAddressKey as addressKey } from '../../lib/client-address.js';
import { orderItems, orders } from './orders.table.js';

let t: TestApp;
beforeAll(async () => {
  // The defaults: 3 unpaid orders and 20 items per account, 10 unpaid orders per address, 15 minutes to pay.
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const PAY_WITHIN_S = 15 * 60;
const FOURTH = 'You have 3 unpaid orders. Pay for one or wait until it expires.';
const FROM_NETWORK =
  'Too many unpaid orders have been placed from your network. Please try again when one is paid or expires.';

/** Each test places from addresses of its own, so the per-address cap of one never meets another's orders. */
let nextAddress = 1;
const newAddress = () => `198.51.100.${nextAddress++}`;

const stockOf = async (app: TestApp, id: string) =>
  (await app.database.db.select({ n: products.countInStock }).from(products).where(eq(products.id, id)))[0]!.n;
const ordersOf = (app: TestApp, userId: string) =>
  app.database.db.select().from(orders).where(eq(orders.userId, userId));
const retryAfterOf = (res: { headers: Record<string, unknown> }) => Number(res.headers['retry-after']);

describe(`caps on unpaid orders per account on ${testDatabaseKind}`, () => {
  it('refuses the 4th unpaid order with 429, the message and Retry-After, and takes no stock for it', async () => {
    const shopper = await registerCustomer(t.app);
    const from = { remoteAddress: newAddress() };
    const id = await insertProduct(t.database.db, { countInStock: 50 });
    const placed = [];
    for (let i = 0; i < 3; i++) {
      const res = await placeOrder(t.app, shopper.cookie, orderBody([{ _id: id, qty: 1 }]), undefined, from);
      expect(res.statusCode).toBe(201);
      placed.push(res.json());
    }
    // The default pay window is 15 minutes.
    const payIn = new Date(placed[0].payBy).getTime() - Date.now();
    expect(payIn).toBeGreaterThan((PAY_WITHIN_S - 60) * 1000);
    expect(payIn).toBeLessThanOrEqual(PAY_WITHIN_S * 1000);

    const fourth = await placeOrder(t.app, shopper.cookie, orderBody([{ _id: id, qty: 1 }]), undefined, from);
    expect([fourth.statusCode, fourth.json()]).toEqual([429, { message: FOURTH, code: 'RATE_LIMITED' }]);
    // Seconds until the oldest of the three expires.
    const expected = (new Date(placed[0].payBy).getTime() - Date.now()) / 1000;
    expect(retryAfterOf(fourth)).toBeGreaterThanOrEqual(Math.floor(expected));
    expect(retryAfterOf(fourth)).toBeLessThanOrEqual(Math.ceil(expected) + 1);
    expect(await ordersOf(t, shopper.id)).toHaveLength(3);
    expect(await stockOf(t, id)).toBe(47);

    // Another account is not held back by this one's orders.
    const neighbour = await registerCustomer(t.app);
    const theirs = await placeOrder(t.app, neighbour.cookie, orderBody([{ _id: id, qty: 1 }]), undefined, from);
    expect(theirs.statusCode).toBe(201);
  });

  it('follows the configured number', async () => {
    const five = await createTestApp({ ORDER_MAX_UNPAID_PER_ACCOUNT: '5' }, { database: t.database });
    try {
      const shopper = await registerCustomer(five.app);
      const from = { remoteAddress: newAddress() };
      const id = await insertProduct(t.database.db, { countInStock: 50 });
      for (let i = 0; i < 5; i++) {
        const res = await placeOrder(five.app, shopper.cookie, orderBody([{ _id: id, qty: 1 }]), undefined, from);
        expect(res.statusCode).toBe(201);
      }
      const sixth = await placeOrder(five.app, shopper.cookie, orderBody([{ _id: id, qty: 1 }]), undefined, from);
      expect([sixth.statusCode, sixth.json().message]).toEqual([
        429,
        'You have 5 unpaid orders. Pay for one or wait until it expires.',
      ]);
    } finally {
      await five.close();
    }
  });

  it('caps the items held across unpaid orders at 20, counting the new order', async () => {
    const shopper = await registerCustomer(t.app);
    const from = { remoteAddress: newAddress() };
    const id = await insertProduct(t.database.db, { countInStock: 100 });
    const place = (qty: number) => placeOrder(t.app, shopper.cookie, orderBody([{ _id: id, qty }]), undefined, from);
    expect((await place(15)).statusCode).toBe(201);
    const over = await place(6);
    expect([over.statusCode, over.json().message]).toEqual([
      429,
      'Your unpaid orders already hold 15 items, and at most 20 can be held at once. Pay for one or wait until it expires.',
    ]);
    expect(retryAfterOf(over)).toBeGreaterThan(PAY_WITHIN_S - 60);
    expect(retryAfterOf(over)).toBeLessThanOrEqual(PAY_WITHIN_S);
    expect((await place(5)).statusCode).toBe(201);
    expect(await stockOf(t, id)).toBe(80);

    // An order bigger than the whole allowance is never placed, so it is not worth waiting for.
    const newcomer = await registerCustomer(t.app);
    const big = await placeOrder(t.app, newcomer.cookie, orderBody([{ _id: id, qty: 21 }]), undefined, from);
    expect([big.statusCode, big.json().message]).toEqual([400, 'One order can hold at most 20 items.']);
    expect(big.headers['retry-after']).toBeUndefined();
    expect(await stockOf(t, id)).toBe(80);
  });

  it('frees a place when one of the unpaid orders is paid', async () => {
    const shopper = await registerCustomer(t.app);
    const from = { remoteAddress: newAddress() };
    const id = await insertProduct(t.database.db, { countInStock: 10 });
    const body = orderBody([{ _id: id, qty: 1 }]);
    const first = (await placeOrder(t.app, shopper.cookie, body, undefined, from)).json();
    await placeOrder(t.app, shopper.cookie, body, undefined, from);
    await placeOrder(t.app, shopper.cookie, body, undefined, from);
    expect((await placeOrder(t.app, shopper.cookie, body, undefined, from)).statusCode).toBe(429);

    const paid = await verify(t.app, shopper.cookie, first._id, checkoutProof(first.razorpayOrder.id));
    expect(paid.json()).toMatchObject({ isPaid: true });
    expect((await placeOrder(t.app, shopper.cookie, body, undefined, from)).statusCode).toBe(201);
    expect((await placeOrder(t.app, shopper.cookie, body, undefined, from)).statusCode).toBe(429);
  });

  it('frees a place as soon as an unpaid order is past its deadline, before the sweeper has run', async () => {
    // An app of its own whose sweeper never runs (its timer is a fake one nobody advances): this
    // is about what the caps count before the sweeper gets to an overdue order.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const own = await createTestApp().finally(() => vi.useRealTimers());
    try {
      const shopper = await registerCustomer(own.app);
      const id = await insertProduct(own.database.db, { countInStock: 10 });
      const body = orderBody([{ _id: id, qty: 2 }]);
      const first = (await placeOrder(own.app, shopper.cookie, body)).json();
      await placeOrder(own.app, shopper.cookie, body);
      await placeOrder(own.app, shopper.cookie, body);
      expect((await placeOrder(own.app, shopper.cookie, body)).statusCode).toBe(429);
      expect(await stockOf(own, id)).toBe(4);

      // Fifteen minutes pass for the first order.
      await own.database.db
        .update(orders)
        .set({ payBy: sql`now() - interval '1 second'` })
        .where(eq(orders.id, first._id));
      const fourth = await placeOrder(own.app, shopper.cookie, body);
      expect(fourth.statusCode).toBe(201);
      const [overdue] = await own.database.db.select().from(orders).where(eq(orders.id, first._id));
      expect(overdue!.status).toBe('awaiting_payment');
      expect(await stockOf(own, id)).toBe(2);

      // The sweeper gives the overdue order's stock back, once.
      expect(await own.app.expireOverdueOrders()).toBe(1);
      expect(await own.app.expireOverdueOrders()).toBe(0);
      expect(await stockOf(own, id)).toBe(4);
      expect((await placeOrder(own.app, shopper.cookie, body)).statusCode).toBe(429);
    } finally {
      await own.close();
    }
  });

  it('answers a retry with the same Idempotency-Key with its order, not with 429', async () => {
    const shopper = await registerCustomer(t.app);
    const from = { remoteAddress: newAddress() };
    const id = await insertProduct(t.database.db, { countInStock: 20 });
    const body = orderBody([{ _id: id, qty: 1 }]);
    const key = `order-${randomBytes(8).toString('hex')}`;
    await placeOrder(t.app, shopper.cookie, body, undefined, from);
    await placeOrder(t.app, shopper.cookie, body, undefined, from);
    const third = await placeOrder(t.app, shopper.cookie, body, key, from);
    expect(third.statusCode).toBe(201);

    const retry = await placeOrder(t.app, shopper.cookie, body, key, from);
    expect([retry.statusCode, retry.json()._id]).toEqual([201, third.json()._id]);
    const other = await placeOrder(t.app, shopper.cookie, body, `order-${randomBytes(8).toString('hex')}`, from);
    expect([other.statusCode, other.json().message]).toEqual([429, FOURTH]);
    expect(await ordersOf(t, shopper.id)).toHaveLength(3);
    expect(await stockOf(t, id)).toBe(17);
  });

  it('answers ten simultaneous attempts with one key, at the last free place, with the one order they made', async () => {
    const shopper = await registerCustomer(t.app);
    const from = { remoteAddress: newAddress() };
    const id = await insertProduct(t.database.db, { countInStock: 20 });
    const body = orderBody([{ _id: id, qty: 1 }]);
    await placeOrder(t.app, shopper.cookie, body, undefined, from);
    await placeOrder(t.app, shopper.cookie, body, undefined, from);
    const key = `order-${randomBytes(8).toString('hex')}`;
    const results = await Promise.all(
      Array.from({ length: 10 }, () => placeOrder(t.app, shopper.cookie, body, key, from)),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
    expect(new Set(results.map((r) => r.json()._id)).size).toBe(1);
    expect(await ordersOf(t, shopper.id)).toHaveLength(3);
    expect(await stockOf(t, id)).toBe(17);
  });
});

describe(`caps on unpaid orders per address on ${testDatabaseKind}`, () => {
  it('refuses the 11th unpaid order from one address, whichever accounts placed them, and never shows the address', async () => {
    const address = '203.0.113.77';
    const from = { remoteAddress: address };
    const id = await insertProduct(t.database.db, { countInStock: 50 });
    const body = orderBody([{ _id: id, qty: 1 }]);
    const shoppers = await Promise.all(Array.from({ length: 4 }, () => registerCustomer(t.app)));
    const codes: number[] = [];
    let refused;
    for (const shopper of shoppers) {
      for (let i = 0; i < 3; i++) {
        const res = await placeOrder(t.app, shopper.cookie, body, undefined, from);
        codes.push(res.statusCode);
        if (res.statusCode === 429) refused = res;
      }
    }
    expect(codes).toEqual([...Array(10).fill(201), 429, 429]);
    expect(refused!.json().message).toBe(FROM_NETWORK);
    expect(retryAfterOf(refused!)).toBeGreaterThan(PAY_WITHIN_S - 60);
    expect(retryAfterOf(refused!)).toBeLessThanOrEqual(PAY_WITHIN_S);
    expect(await stockOf(t, id)).toBe(40);

    // The last shopper, from elsewhere, is not held back.
    const last = shoppers[3]!;
    const elsewhere = await placeOrder(t.app, last.cookie, body, undefined, { remoteAddress: newAddress() });
    expect(elsewhere.statusCode).toBe(201);

    // The address is kept on the order for the cap, and no answer about orders ever carries it.
    const [row] = await t.database.db.select().from(orders).where(eq(orders.userId, shoppers[0]!.id)).limit(1);
    expect(row!.placedFrom).toBe(address);
    const admin = await signInAsAdmin(t.app);
    const answers = [
      await t.app.inject({ url: `/api/orders/${row!.id}`, headers: { cookie: admin.cookie } }),
      await t.app.inject({ url: '/api/orders/mine', headers: { cookie: shoppers[0]!.cookie } }),
      await t.app.inject({ url: '/api/orders', headers: { cookie: admin.cookie } }),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(address);
      expect(res.body).not.toMatch(/placedFrom|placed_from/);
    }
  });

  it('counts the address the proxy reports with TRUST_PROXY, and an IPv6 client by its /64', async () => {
    const proxied = await createTestApp(
      { TRUST_PROXY: 'true', ORDER_MAX_UNPAID_PER_ADDRESS: '2' },
      { database: t.database },
    );
    try {
      const id = await insertProduct(t.database.db, { countInStock: 50 });
      const body = orderBody([{ _id: id, qty: 1 }]);
      const shoppers = await Promise.all(Array.from({ length: 3 }, () => registerCustomer(proxied.app)));
      const via = (client: string) => ({ remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': client } });
      const place = (n: number, client: string) =>
        placeOrder(proxied.app, shoppers[n]!.cookie, body, undefined, via(client));

      expect((await place(0, '192.0.2.10')).statusCode).toBe(201);
      expect((await place(1, '192.0.2.10')).statusCode).toBe(201);
      expect((await place(2, '192.0.2.10')).statusCode).toBe(429);
      expect((await place(2, '192.0.2.11')).statusCode).toBe(201);

      // Any address in one /64 is the same client.
      expect((await place(0, '2001:db8:17:4::1')).statusCode).toBe(201);
      expect((await place(1, '2001:db8:17:4:a5c3:9f1e:2b:7')).statusCode).toBe(201);
      const third = await place(2, '2001:db8:17:4:ffff::2');
      expect([third.statusCode, third.json().message]).toEqual([429, FROM_NETWORK]);
      expect((await place(2, '2001:db8:17:5::1')).statusCode).toBe(201);
    } finally {
      await proxied.close();
    }
  });
});

describe(`the caps under concurrency on ${testDatabaseKind}`, () => {
  it('50 simultaneous orders by one account: exactly 3 placed, stock taken only for those', async () => {
    const shopper = await registerCustomer(t.app);
    const from = { remoteAddress: newAddress() };
    const id = await insertProduct(t.database.db, { countInStock: 100 });
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        placeOrder(t.app, shopper.cookie, orderBody([{ _id: id, qty: 1 }]), undefined, from),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(3);
    expect(codes.filter((c) => c === 429)).toHaveLength(47);
    expect(results.find((r) => r.statusCode === 429)!.json().message).toBe(FOURTH);
    expect(await ordersOf(t, shopper.id)).toHaveLength(3);
    expect(await stockOf(t, id)).toBe(97);
    const sold = await t.database.db.select().from(orderItems).where(eq(orderItems.productId, id));
    expect(sold.reduce((n, i) => n + i.qty, 0)).toBe(3);
  });

  it('50 simultaneous orders of 3 items by one account with no cap on orders: exactly 6, 18 items held', async () => {
    const itemsOnly = await createTestApp({ ORDER_MAX_UNPAID_PER_ACCOUNT: 'off' }, { database: t.database });
    try {
      const shopper = await registerCustomer(itemsOnly.app);
      const from = { remoteAddress: newAddress() };
      const id = await insertProduct(t.database.db, { countInStock: 500 });
      const results = await Promise.all(
        Array.from({ length: 50 }, () =>
          placeOrder(itemsOnly.app, shopper.cookie, orderBody([{ _id: id, qty: 3 }]), undefined, from),
        ),
      );
      expect(results.filter((r) => r.statusCode === 201)).toHaveLength(6);
      expect(results.filter((r) => r.statusCode === 429)).toHaveLength(44);
      expect(await stockOf(t, id)).toBe(500 - 18);
    } finally {
      await itemsOnly.close();
    }
  });

  it('30 accounts ordering at once from one address: exactly 10 placed', async () => {
    const from = { remoteAddress: newAddress() };
    const id = await insertProduct(t.database.db, { countInStock: 100 });
    const shoppers = await Promise.all(Array.from({ length: 30 }, () => registerCustomer(t.app)));
    const results = await Promise.all(
      shoppers.map((s) => placeOrder(t.app, s.cookie, orderBody([{ _id: id, qty: 1 }]), undefined, from)),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(10);
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(20);
    expect(await stockOf(t, id)).toBe(90);
  });
});

describe('the address an order counts under', () => {
  it.each([
    ['203.0.113.5', '203.0.113.5'],
    ['::ffff:203.0.113.5', '203.0.113.5'],
    ['2001:db8:17:4::1', '2001:db8:17:4::/64'],
    ['2001:0db8:0017:0004:a5c3:9f1e:002b:0007', '2001:db8:17:4::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['64:ff9b::192.0.2.33', '64:ff9b:0:0::/64'],
  ])('%s counts as %s', (ip, key) => {
    expect(addressKey(ip)).toBe(key);
  });
});
