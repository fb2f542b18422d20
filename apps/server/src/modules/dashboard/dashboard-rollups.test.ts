import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  addDays,
  DASHBOARD_PERIODS,
  istDate,
  istInstant,
  ORDER_STAGES,
  orderStage,
  paiseToRupees,
  percentChange,
  periodWindows,
  type DashboardPeriod,
} from '@store/domain';
import { registerCustomer, signInAsAdmin } from '../../test/accounts.js';
import { insertProduct } from '../../test/fixtures.js';
import {
  ADDRESS,
  checkoutProof,
  deliveryDayClock,
  insertOrderLines,
  orderBody,
  placeOrder,
  UNCAPPED_ORDERS,
  verify,
  type StoredLine,
} from '../../test/orders.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/test-app.js';
import { expireOrder } from '../orders/orders.service.js';
import { orderItems, orders } from '../orders/orders.table.js';
import { payments } from '../payments/payments.table.js';
import { productVariants } from '../products/products.table.js';

/*
 * The dashboard reads whole IST days from rollups that triggers keep in each order's transaction,
 * and only the rest of the last day from the orders (ADR 051). Each test changes orders as the
 * store does (the API, the expiry worker's code, straight inserts for times the API cannot set)
 * and then sets the dashboard's clock on both sides of IST midnights, so that the same orders are
 * read once from the rollups and once live; every answer must equal the figures worked out here
 * from the orders' rows.
 */

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * The dashboard's clock; null runs it on the real time, which the API's own changes use, or on the
 * orders' booked day while they are moved towards delivery (ADR 085).
 */
let now: Date | null = null;
const delivery = deliveryDayClock();
let t: TestApp;
let admin: string;
let shopper: string;
const ids = { roses: '', cake: '', cakeOneKg: '', lilies: '' };

beforeAll(async () => {
  t = await createTestApp({ ...UNCAPPED_ORDERS, SIMULATED_WEBHOOK_DELAY_MS: '600000' }, undefined, {
    clock: () => now ?? delivery.now(),
  });
  admin = (await signInAsAdmin(t.app)).cookie;
  shopper = (await registerCustomer(t.app)).cookie;
  const db = t.database.db;
  ids.roses = await insertProduct(db, { name: 'Rollup Red Roses', price: 79_900, countInStock: 500 });
  ids.cake = await insertProduct(db, {
    name: 'Rollup Truffle Cake',
    category: 'Cakes',
    price: 69_900,
    countInStock: 0,
    variants: [{ name: '1 kg', price: 119_900, countInStock: 500 }],
  });
  const [oneKg] = await db.select().from(productVariants).where(eq(productVariants.productId, ids.cake));
  ids.cakeOneKg = oneKg!.id;
  ids.lilies = await insertProduct(db, { name: 'Rollup Lilies', price: 45_000, countInStock: 500 });
});
afterAll(async () => {
  await t?.close();
});

let serial = 0;
/** An order as the store would have written it, at a time the API cannot set; a paid one with its payment. */
async function insertOrder(f: {
  status: 'awaiting_payment' | 'paid';
  placedAt: Date;
  paidAt?: Date;
  lines: StoredLine[];
}): Promise<string> {
  serial += 1;
  const total = f.lines.reduce(
    (sum, l) => sum + ((l.discountPrice || l.price) + (l.optionsPrice ?? 0)) * l.qty - (l.couponDiscount ?? 0),
    10_000,
  );
  const paidAt = f.status === 'paid' ? (f.paidAt ?? f.placedAt) : null;
  const paymentId = paidAt ? `pay_rollup${serial}` : null;
  const razorpayOrderId = `order_rollup${serial}`;
  const db = t.database.db;
  const [row] = await db
    .insert(orders)
    .values({
      userName: 'Kavya Iyer',
      userEmail: 'kavya@rollups.test',
      contactEmail: 'kavya@rollups.test',
      shippingAddress: { ...ADDRESS, phone: '+919847012345' },
      paymentMethod: 'Razorpay',
      itemsPrice: total - 10_000,
      shippingPrice: 10_000,
      taxPrice: 0,
      totalPrice: total,
      status: f.status,
      payBy: new Date(f.placedAt.getTime() + 15 * MINUTE),
      paidAt,
      paymentId,
      razorpayOrderId,
      razorpayAmount: total,
      createdAt: f.placedAt,
    })
    .returning({ id: orders.id });
  await insertOrderLines(db, row!.id, f.lines);
  if (paymentId) {
    await db
      .insert(payments)
      .values({ id: paymentId, orderId: row!.id, razorpayOrderId, amount: total, outcome: 'applied' });
  }
  return row!.id;
}

/** A shopper's order through the API, paid through the API unless told otherwise. */
async function apiOrder(lines: { _id: string; qty: number; variant?: { _id: string } }[], pay = true) {
  const placed = await placeOrder(t.app, shopper, orderBody(lines));
  expect(placed.statusCode).toBe(201);
  const order = placed.json();
  if (pay)
    expect((await verify(t.app, shopper, order._id, checkoutProof(order.razorpayOrder.id))).statusCode).toBe(200);
  return order._id as string;
}

const asAdmin = (method: 'POST' | 'PUT', url: string, payload: object) =>
  t.app.inject({ method, url, headers: { cookie: admin }, payload });
const cancel = (id: string) => asAdmin('POST', `/api/orders/${id}/cancel`, { reason: 'The shopper asked for it' });
const moveTo = (id: string, status: 'packed' | 'out_for_delivery' | 'delivered') =>
  delivery.onDeliveryDay(() => asAdmin('PUT', `/api/orders/${id}/status`, { status }));

interface Figures {
  summaries: { period: string; revenue: object; orders: object }[];
  revenueByDay: { date: string; revenue: number; orders: number }[];
  ordersByStatus: { status: string; count: number }[];
  topProducts: { productId: string | null; units: number; revenue: number }[];
}

/** The dashboard's figures that come from orders, as the API answers them. */
function figuresOf(body: Figures): Figures {
  return {
    summaries: body.summaries.map(({ period, revenue, orders }) => ({ period, revenue, orders })),
    revenueByDay: body.revenueByDay,
    ordersByStatus: body.ordersByStatus,
    topProducts: body.topProducts.map(({ productId, units, revenue }) => ({ productId, units, revenue })),
  };
}

/** The same figures worked out here from every order and line in the tables, at `at`. */
async function reference(period: DashboardPeriod, at: Date): Promise<Figures> {
  const db = t.database.db;
  const all = await db.select().from(orders);
  const lines = await db.select().from(orderItems);
  const inRange = (instant: Date | null, w: { from: Date; to: Date }) =>
    instant !== null && instant >= w.from && instant < w.to;
  const paidIn = (w: { from: Date; to: Date }) => all.filter((o) => o.status === 'paid' && inRange(o.paidAt, w));
  const figure = (current: number, previous: number) => ({
    current,
    previous,
    change: percentChange(current, previous),
  });
  const sum = (rows: { totalPrice: number }[]) => rows.reduce((s, o) => s + o.totalPrice, 0);
  const chosen = periodWindows(period, at).current;
  const paidInChosen = paidIn(chosen);
  const sold = new Map<string | null, { units: number; revenue: number }>();
  for (const l of lines.filter((line) => paidInChosen.some((o) => o.id === line.orderId))) {
    const amount = ((l.discountPrice > 0 ? l.discountPrice : l.price) + l.optionsPrice) * l.qty - l.couponDiscount;
    const seen = sold.get(l.productId) ?? { units: 0, revenue: 0 };
    sold.set(l.productId, { units: seen.units + l.qty, revenue: seen.revenue + amount });
  }
  return {
    summaries: DASHBOARD_PERIODS.map((p) => {
      const w = periodWindows(p, at);
      const [current, previous] = [paidIn(w.current), paidIn(w.previous)];
      return {
        period: p,
        revenue: figure(paiseToRupees(sum(current)), paiseToRupees(sum(previous))),
        orders: figure(current.length, previous.length),
      };
    }),
    revenueByDay: chosen.days.map((date) => {
      const paid = paidInChosen.filter((o) => istDate(o.paidAt!) === date);
      return { date, revenue: paiseToRupees(sum(paid)), orders: paid.length };
    }),
    ordersByStatus: ORDER_STAGES.map((status) => ({
      status,
      count: all.filter((o) => inRange(o.createdAt, chosen) && orderStage(o) === status).length,
    })),
    topProducts: [...sold]
      .sort(([a, x], [b, y]) => y.revenue - x.revenue || (a === null ? 1 : b === null ? -1 : a.localeCompare(b)))
      .slice(0, 5)
      .map(([productId, s]) => ({ productId, units: s.units, revenue: paiseToRupees(s.revenue) })),
  };
}

/** Every period's figures at each instant equal the reference; returns how many orders they counted. */
async function expectFiguresAt(instants: readonly Date[]) {
  let counted = 0;
  try {
    for (const at of instants) {
      now = at;
      for (const period of DASHBOARD_PERIODS) {
        const res = await t.app.inject({
          method: 'GET',
          url: `/api/admin/dashboard?period=${period}`,
          headers: { cookie: admin },
        });
        expect(res.statusCode).toBe(200);
        const expected = await reference(period, at);
        expect(figuresOf(res.json()), `${period} at ${at.toISOString()}`).toEqual(expected);
        counted += expected.ordersByStatus.reduce((s, x) => s + x.count, 0);
      }
    }
  } finally {
    now = null;
  }
  return counted;
}

describe(`the dashboard's rollups of whole IST days on ${testDatabaseKind}`, () => {
  it('match the orders on both sides of IST midnight through payments, steps, cancellations, expiry and a deleted product', async () => {
    const start = new Date();
    const today = istDate(start);
    const midnight = istInstant(today, 0);
    // Around last midnight: the last instant of yesterday and the first of today.
    const lastOfYesterday = await insertOrder({
      status: 'paid',
      placedAt: new Date(midnight.getTime() - 10 * MINUTE),
      paidAt: new Date(midnight.getTime() - 1),
      lines: [{ productId: ids.roses, qty: 2, price: 79_900, discountPrice: 69_900 }],
    });
    const placedYesterdayPaidToday = await insertOrder({
      status: 'paid',
      placedAt: new Date(midnight.getTime() - MINUTE),
      paidAt: midnight,
      lines: [{ productId: ids.cake, qty: 1, price: 119_900, optionsPrice: 5_000, couponDiscount: 10_000 }],
    });
    const unpaidFromYesterday = await insertOrder({
      status: 'awaiting_payment',
      placedAt: new Date(midnight.getTime() - 1),
      lines: [{ productId: ids.lilies, qty: 1, price: 45_000 }],
    });
    // Further back: the 7 days' and the 30 days' edges, and a line of a product deleted long ago.
    await insertOrder({
      status: 'paid',
      placedAt: new Date(istInstant(addDays(today, -7), 0).getTime() - 1),
      lines: [{ productId: ids.lilies, qty: 3, price: 45_000 }],
    });
    const lastMonth = await insertOrder({
      status: 'paid',
      placedAt: istInstant(addDays(today, -29), 0),
      lines: [
        { productId: ids.lilies, qty: 1, price: 45_000 },
        { productId: null, qty: 2, price: 30_000 },
      ],
    });
    // Today, through the API.
    const delivered = await apiOrder([{ _id: ids.roses, qty: 1 }]);
    const cancelled = await apiOrder([{ _id: ids.cake, qty: 2, variant: { _id: ids.cakeOneKg } }]);
    await apiOrder([{ _id: ids.lilies, qty: 4 }]);
    await apiOrder([{ _id: ids.roses, qty: 1 }], false);

    const instants = [
      start,
      midnight,
      new Date(midnight.getTime() - 1),
      new Date(start.getTime() + DAY),
      new Date(start.getTime() + 7 * DAY),
      new Date(start.getTime() + 30 * DAY),
    ];
    expect(await expectFiguresAt(instants)).toBeGreaterThan(0);

    // Changes to orders of closed days and of today.
    expect((await cancel(lastOfYesterday)).statusCode).toBe(200);
    expect((await moveTo(placedYesterdayPaidToday, 'packed')).statusCode).toBe(200);
    for (const step of ['packed', 'out_for_delivery', 'delivered'] as const) {
      expect((await moveTo(delivered, step)).statusCode).toBe(200);
    }
    expect((await cancel(cancelled)).statusCode).toBe(200);
    await t.database.db.update(orders).set({ payBy: start }).where(eq(orders.id, unpaidFromYesterday));
    expect(
      await t.database.db.transaction((tx) => expireOrder(tx, unpaidFromYesterday, new Date(), t.app.orderHolds)),
    ).toBe(true);
    // The lilies leave the catalogue: their lines, a month ago and today, count with the deleted ones.
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/products/${ids.lilies}`,
      headers: { cookie: admin },
    });
    expect(deleted.statusCode).toBe(200);
    const [line] = await t.database.db.select().from(orderItems).where(eq(orderItems.orderId, lastMonth));
    expect(line!.productId).toBeNull();

    await expectFiguresAt(instants);
    const body = (
      await t.app.inject({ method: 'GET', url: '/api/admin/dashboard?period=30d', headers: { cookie: admin } })
    ).json();
    expect(body.ordersByStatus).toContainEqual({ status: 'cancelled', count: 2 });
  });

  it('counts each of many payments, steps and cancellations made at once exactly once', async () => {
    const placed = await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        placeOrder(
          t.app,
          shopper,
          orderBody([
            { _id: n % 2 ? ids.roses : ids.cake, qty: 1, ...(n % 2 ? {} : { variant: { _id: ids.cakeOneKg } }) },
          ]),
        ),
      ),
    );
    const orderIds = placed.map((res) => {
      expect(res.statusCode).toBe(201);
      return res.json() as { _id: string; razorpayOrder: { id: string } };
    });
    const paid = await Promise.all(
      orderIds.map((o) => verify(t.app, shopper, o._id, checkoutProof(o.razorpayOrder.id))),
    );
    expect(paid.map((res) => res.statusCode)).toEqual(Array(12).fill(200));
    const packed = await Promise.all(orderIds.filter((_, n) => n % 3 === 2).map((o) => moveTo(o._id, 'packed')));
    expect(packed.map((res) => res.statusCode)).toEqual(Array(4).fill(200));
    const changes = await Promise.all(
      orderIds.flatMap((o, n) =>
        n % 3 === 0
          ? [cancel(o._id)]
          : n % 3 === 1
            ? [moveTo(o._id, 'packed')]
            : [moveTo(o._id, 'out_for_delivery'), cancel(o._id)],
      ),
    );
    // Of a packed order going out and its cancellation racing, exactly one wins.
    const wins = changes.filter((res) => res.statusCode === 200).length;
    expect(wins).toBe(4 + 4 + 4);

    const start = new Date();
    await expectFiguresAt([start, new Date(start.getTime() + DAY), new Date(start.getTime() + 30 * DAY)]);
  });
});
