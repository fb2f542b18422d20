import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardSummary } from '@store/contracts';
import { eq } from 'drizzle-orm';
import { registerCustomer, signInAsAdmin } from '../../test/accounts.js';
import { insertProduct } from '../../test/fixtures.js';
import {
  ADDRESS,
  checkoutProof,
  insertOrderLines,
  orderBody,
  placeOrder,
  verify,
  type StoredLine,
} from '../../test/orders.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/test-app.js';
import { orders } from '../orders/orders.table.js';
import { payments } from '../payments/payments.table.js';
import { productVariants, products } from '../products/products.table.js';

/** An instant written as IST wall-clock time. */
const ist = (wallClock: string) => new Date(`${wallClock}+05:30`);

/** 11:00 IST on Friday 15 March 2030: years after any order another test places at the real time. */
const NOW = ist('2030-03-15T11:00');
/** The dashboard's clock; null runs it on the real time. */
let now: Date | null = NOW;

let t: TestApp;
let admin: string;
let customer: string;
const ids = { roses: '', cake: '', cakeHalfKg: '', cakeOneKg: '', lilies: '', hidden: '' };

interface Fixture {
  status: 'awaiting_payment' | 'paid' | 'expired';
  total: number;
  placedAt: Date;
  paidAt?: Date;
  packed?: boolean;
  delivered?: boolean;
  delivery?: { date: string; slotId: string };
  lines?: StoredLine[];
}

let serial = 0;
/** An order as the store would have written it, straight into the tables, at a time the API cannot set. */
async function insertOrder(f: Fixture) {
  serial += 1;
  const paidAt = f.status === 'paid' ? (f.paidAt ?? f.placedAt) : null;
  const [row] = await t.database.db
    .insert(orders)
    .values({
      userName: 'Priya Nair',
      userEmail: 'priya@dashboard.test',
      contactEmail: 'priya@dashboard.test',
      shippingAddress: { ...ADDRESS, phone: '+919847012345' },
      paymentMethod: 'Razorpay',
      itemsPrice: f.total,
      shippingPrice: 0,
      taxPrice: 0,
      totalPrice: f.total,
      status: f.status,
      payBy: new Date(f.placedAt.getTime() + 15 * 60_000),
      paidAt,
      paymentId: paidAt ? `pay_dash${serial}` : null,
      packedAt: f.packed || f.delivered ? paidAt : null,
      deliveredAt: f.delivered ? paidAt : null,
      razorpayOrderId: `order_dash${serial}`,
      razorpayAmount: f.total,
      deliveryDate: f.delivery?.date ?? null,
      deliverySlotId: f.delivery?.slotId ?? null,
      createdAt: f.placedAt,
    })
    .returning();
  const lines = f.lines ?? [{ productId: ids.lilies, name: 'Lilies', qty: 1, price: f.total }];
  await insertOrderLines(t.database.db, row!.id, lines);
  return row!;
}

beforeAll(async () => {
  t = await createTestApp({ LOW_STOCK_THRESHOLD: '4' }, undefined, { clock: () => now ?? new Date() });
  admin = (await signInAsAdmin(t.app)).cookie;
  customer = (await registerCustomer(t.app)).cookie;
  const db = t.database.db;
  // Plenty of everything the demo catalogue sells, so only this file's products run low.
  await db.update(products).set({ countInStock: 100 });
  await db.update(productVariants).set({ countInStock: 100 });
  ids.roses = await insertProduct(db, { name: 'Dashboard Red Roses', countInStock: 3 });
  ids.cake = await insertProduct(db, {
    name: 'Dashboard Truffle Cake',
    countInStock: 0,
    variants: [
      { name: 'Half Kg', price: 60_000, countInStock: 1 },
      { name: '1 Kg', price: 110_000, countInStock: 40 },
    ],
  });
  const sizes = await db.select().from(productVariants).where(eq(productVariants.productId, ids.cake));
  ids.cakeHalfKg = sizes.find((v) => v.name === 'Half Kg')!.id;
  ids.cakeOneKg = sizes.find((v) => v.name === '1 Kg')!.id;
  ids.lilies = await insertProduct(db, { name: 'Dashboard Lilies', countInStock: 4 });
  ids.hidden = await insertProduct(db, { name: 'Dashboard Hidden Orchid', countInStock: 0, available: false });

  // Today, 15 March, until 11:00: two paid orders, one packed, one still unpaid and one expired.
  await insertOrder({
    status: 'paid',
    total: 100_000,
    placedAt: ist('2030-03-14T23:58'),
    paidAt: ist('2030-03-15T00:01'),
    delivered: true,
    lines: [
      { productId: ids.roses, name: 'Dashboard Red Roses', qty: 2, price: 30_000, discountPrice: 25_000 },
      { productId: ids.cake, variantId: ids.cakeHalfKg, name: 'Dashboard Truffle Cake', qty: 1, price: 50_000 },
    ],
    delivery: { date: '2030-03-15', slotId: 'standard' },
  });
  await insertOrder({
    status: 'paid',
    total: 60_000,
    placedAt: ist('2030-03-15T10:50'),
    paidAt: ist('2030-03-15T10:59'),
    packed: true,
    lines: [
      // Options on the unit and a coupon's share: (500 + 100) × 1 − 100, delivery ₹100 on top.
      {
        productId: ids.roses,
        name: 'Dashboard Red Roses',
        qty: 1,
        price: 50_000,
        optionsPrice: 10_000,
        couponDiscount: 10_000,
      },
    ],
    delivery: { date: '2030-03-16', slotId: 'midnight' },
  });
  await insertOrder({ status: 'awaiting_payment', total: 70_000, placedAt: ist('2030-03-15T10:55') });
  await insertOrder({ status: 'expired', total: 80_000, placedAt: ist('2030-03-15T08:00') });
  // Not yet: paid after the dashboard's now.
  await insertOrder({ status: 'paid', total: 900_000, placedAt: ist('2030-03-15T11:30') });

  // Yesterday: one paid before 11:00 (set against today) and one at 23:59, a minute before today.
  await insertOrder({ status: 'paid', total: 40_000, placedAt: ist('2030-03-14T09:00') });
  await insertOrder({
    status: 'paid',
    total: 200_000,
    placedAt: ist('2030-03-14T23:59'),
    lines: [{ productId: null, name: 'Retired Bouquet', qty: 4, price: 50_000 }],
    delivery: { date: '2030-03-21', slotId: 'fixed-0900' },
  });

  // The rest of the last 7 days (from 9 March), the 7 before them, and beyond.
  await insertOrder({ status: 'paid', total: 30_000, placedAt: ist('2030-03-09T00:00') });
  await insertOrder({ status: 'paid', total: 70_000, placedAt: ist('2030-03-08T23:59') });
  await insertOrder({ status: 'paid', total: 50_000, placedAt: ist('2030-03-08T10:59') });
  await insertOrder({ status: 'paid', total: 25_000, placedAt: ist('2030-03-02T00:00') });
  await insertOrder({ status: 'paid', total: 11_000, placedAt: ist('2030-02-14T12:00') });
  await insertOrder({ status: 'paid', total: 13_000, placedAt: ist('2030-01-20T12:00') });

  // Deliveries ahead: paid ones count (up to 21 March, the seventh day), unpaid ones and the eighth day do not.
  await insertOrder({
    status: 'paid',
    total: 10_000,
    placedAt: ist('2030-02-01T12:00'),
    delivery: { date: '2030-03-16', slotId: 'midnight' },
  });
  await insertOrder({
    status: 'awaiting_payment',
    total: 10_000,
    placedAt: ist('2030-02-01T12:00'),
    delivery: { date: '2030-03-16', slotId: 'midnight' },
  });
  await insertOrder({
    status: 'paid',
    total: 10_000,
    placedAt: ist('2030-02-01T12:00'),
    delivery: { date: '2030-03-22', slotId: 'standard' },
  });

  // Payments kept for a refund: two still due, one being refunded and one refunded.
  await db.insert(payments).values([
    { id: 'pay_dashdue1', razorpayOrderId: 'order_dashx1', amount: 120_000, outcome: 'refund_due', reason: 'expired' },
    { id: 'pay_dashdue2', razorpayOrderId: 'order_dashx2', amount: 30_050, outcome: 'refund_due', reason: 'expired' },
    {
      id: 'pay_dashing',
      razorpayOrderId: 'order_dashx3',
      amount: 50_000,
      outcome: 'refunding',
      refundRequestedAt: NOW,
    },
    {
      id: 'pay_dashdone',
      razorpayOrderId: 'order_dashx4',
      amount: 70_000,
      outcome: 'refunded',
      refundId: 'rfnd_dash1',
      refundedAt: NOW,
    },
  ]);
});
afterAll(async () => {
  await t?.close();
});

const dashboard = (query = '', cookie = admin) =>
  t.app.inject({ method: 'GET', url: `/api/admin/dashboard${query}`, headers: { cookie } });

const summaryOf = (body: { summaries: DashboardSummary[] }, period: string) =>
  body.summaries.find((s) => s.period === period);

describe(`the owner's dashboard on ${testDatabaseKind}`, () => {
  it('is for admins only, and names a period it does not know', async () => {
    const guest = await t.app.inject({ method: 'GET', url: '/api/admin/dashboard' });
    expect(guest.statusCode).toBe(401);
    expect((await dashboard('', customer)).statusCode).toBe(403);
    const bad = await dashboard('?period=week');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('period must be one of today, 7d, 30d');
  });

  it("counts today's revenue and orders up to now, against yesterday up to the same time", async () => {
    const res = await dashboard('?period=today');
    expect(res.statusCode).toBe(200);
    expect(summaryOf(res.json(), 'today')).toEqual({
      period: 'today',
      from: ist('2030-03-15T00:00').toISOString(),
      to: NOW.toISOString(),
      previousFrom: ist('2030-03-14T00:00').toISOString(),
      previousTo: ist('2030-03-14T11:00').toISOString(),
      // 00:01 and 10:59 today; yesterday only the order paid at 09:00 is before 11:00.
      revenue: { current: 1600, previous: 400, change: 300 },
      orders: { current: 2, previous: 1, change: 100 },
    });
  });

  it('counts the last 7 and 30 days in IST days, and says nothing of change from nothing', async () => {
    const body = (await dashboard()).json();
    expect(body.period).toBe('7d');
    expect(summaryOf(body, '7d')).toMatchObject({
      from: ist('2030-03-09T00:00').toISOString(),
      previousFrom: ist('2030-03-02T00:00').toISOString(),
      previousTo: ist('2030-03-08T11:00').toISOString(),
      // 9 March 00:00 onwards: 1000 + 600 + 400 + 2000 + 300; before, 2 and 8 March (10:59) only.
      revenue: { current: 4300, previous: 750, change: 473.3 },
      orders: { current: 5, previous: 2, change: 150 },
    });
    expect(summaryOf(body, '30d')).toMatchObject({
      from: ist('2030-02-14T00:00').toISOString(),
      previousFrom: ist('2030-01-15T00:00').toISOString(),
      // From 14 February: 110 + 250 + 500 + 700 + 300 + 400 + 2000 + 1000 + 600; before, 20 January and 1 February.
      revenue: { current: 5860, previous: 330, change: 1675.8 },
      orders: { current: 9, previous: 3, change: 200 },
    });
  });

  it('answers null for the change when the period before had nothing', async () => {
    now = ist('2030-03-09T00:30');
    try {
      const today = summaryOf((await dashboard('?period=today')).json(), 'today');
      expect(today).toMatchObject({ revenue: { current: 300, previous: 0, change: null } });
    } finally {
      now = NOW;
    }
  });

  it('puts revenue on the IST day it was paid: 23:59 and 00:01 IST are different days', async () => {
    const body = (await dashboard('?period=7d')).json();
    expect(body.days).toEqual([
      '2030-03-09',
      '2030-03-10',
      '2030-03-11',
      '2030-03-12',
      '2030-03-13',
      '2030-03-14',
      '2030-03-15',
    ]);
    expect(body.revenueByDay).toEqual([
      { date: '2030-03-09', revenue: 300, orders: 1 },
      { date: '2030-03-10', revenue: 0, orders: 0 },
      { date: '2030-03-11', revenue: 0, orders: 0 },
      { date: '2030-03-12', revenue: 0, orders: 0 },
      { date: '2030-03-13', revenue: 0, orders: 0 },
      { date: '2030-03-14', revenue: 2400, orders: 2 },
      { date: '2030-03-15', revenue: 1600, orders: 2 },
    ]);
  });

  it('counts orders placed in the period by where each is now', async () => {
    const today = (await dashboard('?period=today')).json().ordersByStatus;
    // The order paid at 00:01 was placed at 23:58 yesterday: today's placed orders are these.
    expect(today).toEqual([
      { status: 'awaiting_payment', count: 1 },
      { status: 'paid', count: 0 },
      { status: 'packed', count: 1 },
      { status: 'out_for_delivery', count: 0 },
      { status: 'delivered', count: 0 },
      { status: 'expired', count: 1 },
      { status: 'cancelled', count: 0 },
    ]);
    const week = (await dashboard('?period=7d')).json().ordersByStatus;
    expect(week.find((s: { status: string }) => s.status === 'delivered').count).toBe(1);
    expect(week.find((s: { status: string }) => s.status === 'paid').count).toBe(3);
  });

  it("ranks products by their lines' amounts after the coupon, by the catalogue's name for them", async () => {
    expect((await dashboard('?period=today')).json().topProducts).toEqual([
      // 2 × 250 on the first order, (500 + 100) − 100 on the second.
      { productId: ids.roses, name: 'Dashboard Red Roses', units: 3, revenue: 1000 },
      { productId: ids.cake, name: 'Dashboard Truffle Cake', units: 1, revenue: 500 },
    ]);
    expect((await dashboard('?period=7d')).json().topProducts).toEqual([
      { productId: null, name: 'Products deleted since', units: 4, revenue: 2000 },
      { productId: ids.roses, name: 'Dashboard Red Roses', units: 3, revenue: 1000 },
      // Sold as 'Lilies'; the catalogue calls it this now.
      { productId: ids.lilies, name: 'Dashboard Lilies', units: 2, revenue: 700 },
      { productId: ids.cake, name: 'Dashboard Truffle Cake', units: 1, revenue: 500 },
    ]);
  });

  it('lists what is on sale under LOW_STOCK_THRESHOLD, each size of a cake by itself, lowest first', async () => {
    expect((await dashboard()).json().lowStock).toEqual({
      threshold: 4,
      total: 2,
      items: [
        {
          productId: ids.cake,
          variantId: ids.cakeHalfKg,
          name: 'Dashboard Truffle Cake',
          variantName: 'Half Kg',
          countInStock: 1,
        },
        { productId: ids.roses, variantId: null, name: 'Dashboard Red Roses', variantName: null, countInStock: 3 },
      ],
    });
  });

  it('counts the payments due a refund and their amount', async () => {
    expect((await dashboard()).json().refunds).toEqual({ count: 2, amount: 1500.5 });
  });

  it('counts paid deliveries per slot for today and the next 6 IST days', async () => {
    const deliveries = (await dashboard()).json().deliveries;
    expect(deliveries.days).toEqual([
      '2030-03-15',
      '2030-03-16',
      '2030-03-17',
      '2030-03-18',
      '2030-03-19',
      '2030-03-20',
      '2030-03-21',
    ]);
    expect(deliveries.slots).toEqual([
      { slotId: 'standard', label: 'Any time, 9 AM – 9 PM', counts: [1, 0, 0, 0, 0, 0, 0] },
      { slotId: 'fixed-0900', label: 'Fixed time, 9 AM – 11 AM', counts: [0, 0, 0, 0, 0, 0, 1] },
      { slotId: 'midnight', label: 'Midnight, 11 PM – 12 AM', counts: [0, 2, 0, 0, 0, 0, 0] },
    ]);
  });

  it('counts an order paid through the API in today at once', async () => {
    now = null;
    try {
      const before = summaryOf((await dashboard('?period=today')).json(), 'today');
      const placed = await placeOrder(t.app, customer, orderBody([{ _id: ids.lilies, qty: 1 }]));
      expect(placed.statusCode).toBe(201);
      const order = placed.json();
      expect((await verify(t.app, customer, order._id, checkoutProof(order.razorpayOrder.id))).statusCode).toBe(200);
      const after = summaryOf((await dashboard('?period=today')).json(), 'today');
      expect(after).toMatchObject({
        revenue: { current: before!.revenue.current + order.totalPrice },
        orders: { current: before!.orders.current + 1 },
      });
      // A cancelled order was refunded (ADR 046): it leaves the takings and shows as cancelled.
      const cancel = await t.app.inject({
        method: 'POST',
        url: `/api/orders/${order._id}/cancel`,
        headers: { cookie: admin },
        payload: { reason: 'The shopper asked for it' },
      });
      expect(cancel.statusCode).toBe(200);
      const cancelled = (await dashboard('?period=today')).json();
      expect(summaryOf(cancelled, 'today')).toMatchObject({
        revenue: { current: before!.revenue.current },
        orders: { current: before!.orders.current },
      });
      expect(cancelled.ordersByStatus).toContainEqual({ status: 'cancelled', count: 1 });
    } finally {
      now = NOW;
    }
  });
});
