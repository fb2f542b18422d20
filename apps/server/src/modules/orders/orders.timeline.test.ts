import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { razorpayStyleId } from '../payments/provider.js';
import { registerCustomer, signInAsAdmin } from '../../test/accounts.js';
import { insertProduct } from '../../test/fixtures.js';
import {
  checkoutProof,
  deliveryDayClock,
  orderBody,
  placeOrder,
  TOMORROW_STANDARD,
  UNCAPPED_ORDERS,
  verify,
  webhook,
} from '../../test/orders.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/test-app.js';
import { addDays, istInstant, shortDate } from '@store/domain';
import { mailRenderer } from '../outbox/outbox.templates.js';
import { outbox } from '../outbox/outbox.table.js';
import { users } from '../users/users.table.js';
import { orders } from './orders.table.js';

let t: TestApp;
/** An email as the store renders it when it sends it. */
const renderMail = (kind: string, payload: Record<string, unknown>) =>
  mailRenderer(t.app.config.mail.support)(kind, payload);
let admin: { id: string; cookie: string };
let adminName: string;
const clock = deliveryDayClock();
afterEach(() => clock.set(null));
beforeAll(async () => {
  t = await createTestApp(UNCAPPED_ORDERS, undefined, { clock: clock.now });
  admin = await signInAsAdmin(t.app);
  adminName = (await t.database.db.select({ name: users.name }).from(users).where(eq(users.id, admin.id)))[0]!.name;
});
afterAll(async () => {
  await t?.close();
});

interface Shopper {
  id: string;
  cookie: string;
  email: string;
}

async function shopper(): Promise<Shopper> {
  const s = await registerCustomer(t.app);
  const [row] = await t.database.db.select({ email: users.email }).from(users).where(eq(users.id, s.id));
  return { ...s, email: row!.email };
}

async function placed(who: Shopper, delivery = TOMORROW_STANDARD()) {
  const id = await insertProduct(t.database.db, { name: 'Pink Carnations', price: 84_900, countInStock: 10 });
  const res = await placeOrder(t.app, who.cookie, orderBody([{ _id: id, qty: 2 }], { delivery }));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function paid(who: Shopper, delivery = TOMORROW_STANDARD()) {
  const order = await placed(who, delivery);
  const res = await verify(t.app, who.cookie, order._id, checkoutProof(order.razorpayOrder.id));
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** The emails written for an address, oldest first: kind and payload. */
const mailTo = async (email: string) =>
  t.database.db
    .select({ kind: outbox.kind, payload: outbox.payload })
    .from(outbox)
    .where(eq(outbox.recipient, email))
    .orderBy(asc(outbox.createdAt));

/** An admin's move, on the day the order is booked for unless the test set the clock. */
const move = (id: string, status: string, cookie = admin.cookie) =>
  clock.onDeliveryDay(() =>
    t.app.inject({ method: 'PUT', url: `/api/orders/${id}/status`, headers: { cookie }, payload: { status } }),
  );
const deliver = (id: string) =>
  clock.onDeliveryDay(() =>
    t.app.inject({ method: 'PUT', url: `/api/orders/${id}/deliver`, headers: { cookie: admin.cookie } }),
  );

const view = async (id: string, cookie: string) =>
  (await t.app.inject({ url: `/api/orders/${id}`, headers: { cookie } })).json();

describe(`an order's timeline and emails on ${testDatabaseKind}`, () => {
  it('tells the shopper when the order is placed and when it is paid, each with its time', async () => {
    const who = await shopper();
    const order = await placed(who);
    expect(order.stage).toBe('awaiting_payment');
    expect(order.timeline).toEqual([{ status: 'placed', at: expect.any(String) }]);
    const afterPlacing = await mailTo(who.email);
    expect(afterPlacing.map((m) => m.kind)).toEqual(['welcome', 'order_placed']);
    expect(afterPlacing[1]!.payload).toMatchObject({
      orderId: order._id,
      orderNumber: order.orderNumber,
      orderUrl: `${t.config.publicUrl}/order/${order._id}`,
      lines: [{ name: 'Pink Carnations', variant: null, qty: 2, amount: 169_800 }],
      totalPrice: order.totalPrice * 100,
      recipient: { name: 'Anjali Menon', city: expect.any(String), postalCode: expect.any(String) },
      delivery: { date: expect.stringMatching(/^\w+day, \d{1,2} \w+ \d{4}$/), slot: 'Any time, 9 AM – 9 PM' },
    });

    const res = await verify(t.app, who.cookie, order._id, checkoutProof(order.razorpayOrder.id));
    const now = res.json();
    expect(now.stage).toBe('paid');
    expect(now.timeline.map((e: { status: string }) => e.status)).toEqual(['placed', 'paid']);
    expect(now.timeline[1].at).toBe(now.paidAt);
    expect((await mailTo(who.email)).map((m) => m.kind)).toEqual(['welcome', 'order_placed', 'order_paid']);
  });

  it('lets an admin move a paid order forward, step by step, never skipping one or going back, and records who', async () => {
    const who = await shopper();
    const order = await paid(who);
    const packed = await move(order._id, 'packed');
    expect(packed.statusCode).toBe(200);
    expect(packed.json()).toMatchObject({ stage: 'packed', isDelivered: false });
    expect(packed.json().timeline.at(-1)).toEqual({ status: 'packed', at: expect.any(String), by: adminName });

    const back = await move(order._id, 'packed');
    expect([back.statusCode, back.json().message]).toEqual([409, 'This order is already packed']);

    const out = await move(order._id, 'out_for_delivery');
    expect(out.json().stage).toBe('out_for_delivery');
    // The shopper sees the steps and their times, not which admin made them.
    const seen = await view(order._id, who.cookie);
    expect(seen.stage).toBe('out_for_delivery');
    expect(seen.timeline.map((e: { status: string }) => e.status)).toEqual([
      'placed',
      'paid',
      'packed',
      'out_for_delivery',
    ]);
    expect(seen.timeline.every((e: object) => !('by' in e))).toBe(true);
    const mine = (await t.app.inject({ url: '/api/orders/mine', headers: { cookie: who.cookie } })).json();
    expect(mine[0]).toMatchObject({ _id: order._id, stage: 'out_for_delivery' });

    const again = await move(order._id, 'packed');
    expect([again.statusCode, again.json().message]).toEqual([
      409,
      'This order is already out for delivery; it cannot go back to packed',
    ]);

    const delivered = await deliver(order._id);
    expect(delivered.json()).toMatchObject({ stage: 'delivered', isDelivered: true });
    expect((await mailTo(who.email)).map((m) => m.kind)).toEqual([
      'welcome',
      'order_placed',
      'order_paid',
      'order_packed',
      'order_out_for_delivery',
      'order_delivered',
    ]);

    const skipping = await paid(who);
    const straight = await move(skipping._id, 'delivered');
    expect([straight.statusCode, straight.json().message]).toEqual([
      409,
      'This order is paid; mark it as packed first',
    ]);
    const spec = await deliver(skipping._id);
    expect([spec.statusCode, spec.json().message]).toEqual([409, 'This order is paid; mark it as packed first']);
    expect((await move(skipping._id, 'packed')).statusCode).toBe(200);
    const early = await move(skipping._id, 'delivered');
    expect([early.statusCode, early.json().message]).toEqual([
      409,
      'This order is packed; send it out for delivery first',
    ]);
    expect((await view(skipping._id, admin.cookie)).timeline.map((e: { status: string }) => e.status)).toEqual([
      'placed',
      'paid',
      'packed',
    ]);
  });

  it('moves an order out and delivers it only on its booked day, near its slot, in IST', async () => {
    const who = await shopper();
    const day = TOMORROW_STANDARD().date;
    const midnightOrder = await paid(who, { date: day, slotId: 'midnight' });
    const dayAfter = await paid(who, { date: addDays(day, 1), slotId: 'standard' });
    for (const order of [midnightOrder, dayAfter]) expect((await move(order._id, 'packed')).statusCode).toBe(200);

    // 10:37 on the midnight order's own day: too early to go out; packing days ahead was fine.
    clock.set(istInstant(day, 10 * 60 + 37));
    const morning = await move(midnightOrder._id, 'out_for_delivery');
    expect([morning.statusCode, morning.json().message]).toEqual([
      409,
      `This order is booked for Midnight, 11 PM – 12 AM on ${shortDate(day)}; it cannot go out for delivery before 8 PM`,
    ]);
    const tomorrows = await move(dayAfter._id, 'out_for_delivery');
    expect([tomorrows.statusCode, tomorrows.json().message]).toEqual([
      409,
      `This order is booked for ${shortDate(addDays(day, 1))}; it cannot go out for delivery before then`,
    ]);

    clock.set(istInstant(day, 20 * 60));
    expect((await move(midnightOrder._id, 'out_for_delivery')).json().stage).toBe('out_for_delivery');
    clock.set(istInstant(day, 22 * 60));
    const soon = await move(midnightOrder._id, 'delivered');
    expect([soon.statusCode, soon.json().message]).toEqual([
      409,
      `This order is booked for Midnight, 11 PM – 12 AM on ${shortDate(day)}; it cannot be marked delivered before 10:30 PM`,
    ]);
    const lateEvening = istInstant(day, 23 * 60 + 10);
    clock.set(lateEvening);
    const delivered = (await move(midnightOrder._id, 'delivered')).json();
    expect(delivered).toMatchObject({ stage: 'delivered', isDelivered: true, deliveredAt: lateEvening.toISOString() });
    // Nothing the refusals asked for was written: the timeline has each step once.
    expect(delivered.timeline.map((e: { status: string }) => e.status)).toEqual([
      'placed',
      'paid',
      'packed',
      'out_for_delivery',
      'delivered',
    ]);
  });

  it('moves nothing unpaid, unknown or asked for wrongly, and only for admins', async () => {
    const who = await shopper();
    const order = await placed(who);
    const unpaid = await move(order._id, 'packed');
    expect([unpaid.statusCode, unpaid.json().message]).toEqual([
      409,
      'Only a paid order can be moved towards delivery',
    ]);
    expect((await move(order._id, 'packed', who.cookie)).statusCode).toBe(403);
    const wrong = await move(order._id, 'shipped');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/status must be one of packed, out_for_delivery, delivered/);
    expect((await move('00000000-0000-4000-8000-000000000000', 'packed')).statusCode).toBe(404);
    expect((await view(order._id, who.cookie)).timeline).toHaveLength(1);
  });

  it('makes one move of many admins clicking at once: one line in the timeline, one email', async () => {
    const who = await shopper();
    const order = await paid(who);
    expect((await move(order._id, 'packed')).statusCode).toBe(200);
    const answers = await Promise.all(Array.from({ length: 10 }, () => move(order._id, 'out_for_delivery')));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(9);
    const seen = await view(order._id, admin.cookie);
    expect(seen.timeline.filter((e: { status: string }) => e.status === 'out_for_delivery')).toHaveLength(1);
    expect((await mailTo(who.email)).filter((m) => m.kind === 'order_out_for_delivery')).toHaveLength(1);
  });

  it('tells the shopper once of a failed payment while the order can still be paid, and not after it is paid', async () => {
    const who = await shopper();
    const order = await placed(who);
    const failure = {
      id: razorpayStyleId('pay'),
      order_id: order.razorpayOrder.id,
      amount: order.razorpayOrder.amount,
    };
    for (let i = 0; i < 2; i++) {
      const res = await webhook(t.app, 'payment.failed', { ...failure, error_description: 'Card declined by bank' });
      expect(res.statusCode).toBe(200);
    }
    const failed = (await mailTo(who.email)).filter((m) => m.kind === 'payment_failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]!.payload).toMatchObject({ reason: 'Card declined by bank', orderId: order._id });
    expect((await view(order._id, who.cookie)).timeline.map((e: { status: string }) => e.status)).toEqual([
      'placed',
      'payment_failed',
    ]);

    await verify(t.app, who.cookie, order._id, checkoutProof(order.razorpayOrder.id));
    const late = { id: razorpayStyleId('pay'), order_id: order.razorpayOrder.id, amount: order.razorpayOrder.amount };
    await webhook(t.app, 'payment.failed', { ...late, error_description: 'late' });
    expect((await mailTo(who.email)).filter((m) => m.kind === 'payment_failed')).toHaveLength(1);
  });

  it('records when an unpaid order expired', async () => {
    const who = await shopper();
    const order = await placed(who);
    await t.database.db
      .update(orders)
      .set({ payBy: new Date(Date.now() - 1000) })
      .where(eq(orders.id, order._id));
    await t.app.expireOverdueOrders();
    const seen = await view(order._id, who.cookie);
    expect(seen.stage).toBe('expired');
    expect(seen.timeline.map((e: { status: string }) => e.status)).toEqual(['placed', 'expired']);
  });

  it('renders each order email with the lines, ₹ amounts, delivery, recipient and a link, in HTML and plain text', async () => {
    const who = await shopper();
    const order = await paid(who);
    await move(order._id, 'packed');
    await move(order._id, 'out_for_delivery');
    const mails = await mailTo(who.email);
    const subjects: Record<string, string> = {};
    for (const { kind, payload } of mails.filter((m) => m.kind !== 'welcome')) {
      const mail = renderMail(kind, payload);
      subjects[kind] = mail.subject;
      for (const part of [mail.html, mail.text]) {
        expect(part).toContain(`/order/${order._id}`);
        expect(part).toContain('Pink Carnations');
        expect(part).toContain('₹1,698');
        expect(part).toContain('Anjali Menon');
        expect(part).toContain('Any time, 9 AM – 9 PM');
        // Shoppers quote the short number; the id is only in the link.
        expect(part).toContain(`Order ${order.orderNumber}`);
        expect(part).not.toContain(`Order ${order._id}`);
      }
      expect(mail.html).toMatch(/max-width:600px/);
      // The recipient's landmark, under the To: line, as the order page and the invoice print it.
      expect(mail.text).toContain("To: Anjali Menon, Kochi 682011\nLandmark: Opposite St. Teresa's College\n");
      expect(mail.html).toContain('Landmark: Opposite St. Teresa&#x27;s College');
    }
    expect(subjects).toEqual({
      order_placed: `We have your order ${order.orderNumber}: pay to confirm it`,
      order_paid: `Order ${order.orderNumber} confirmed: your gift for Anjali Menon`,
      order_packed: `Your order ${order.orderNumber} for Anjali Menon is packed`,
      order_out_for_delivery: `Your order ${order.orderNumber} for Anjali Menon is out for delivery`,
    });
    expect(() => renderMail('order_paid', { orderId: order._id })).toThrow();
  });
});
