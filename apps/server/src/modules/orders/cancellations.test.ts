import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { registerCustomer, signInAsAdmin } from '../../test/accounts.js';
import { insertProduct } from '../../test/fixtures.js';
import {
  checkoutProof,
  deliveryDayClock,
  orderBody,
  placeOrder,
  refundWebhook,
  UNCAPPED_ORDERS,
  verify,
  webhook,
} from '../../test/orders.js';
import { pagesText } from '../../test/pdf.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/test-app.js';
import { couponUses, coupons } from '../coupons/coupons.table.js';
import { slotPlaces } from '../delivery/delivery.table.js';
import { outbox } from '../outbox/outbox.table.js';
import { mailRenderer } from '../outbox/outbox.templates.js';
import { payments } from '../payments/payments.table.js';
import { GatewayError, type GatewayRefund } from '../payments/provider.js';
import { productVariants, products } from '../products/products.table.js';
import { users } from '../users/users.table.js';
import { orderEvents, orders } from './orders.table.js';

let t: TestApp;
/** An email as the store renders it when it sends it. */
const renderMail = (kind: string, payload: Record<string, unknown>) =>
  mailRenderer(t.app.config.mail.support)(kind, payload);
let admin: { id: string; cookie: string };
let adminName: string;
const clock = deliveryDayClock();
beforeAll(async () => {
  // The simulated gateway's refund webhook would land at a moment of its choosing; each test
  // delivers it when it means to.
  t = await createTestApp({ ...UNCAPPED_ORDERS, SIMULATED_WEBHOOK_DELAY_MS: '600000' }, undefined, {
    clock: clock.now,
  });
  admin = await signInAsAdmin(t.app);
  adminName = (await t.database.db.select({ name: users.name }).from(users).where(eq(users.id, admin.id)))[0]!.name;
});
afterEach(() => {
  vi.restoreAllMocks();
});
afterAll(async () => {
  await t?.close();
});

interface Paid {
  _id: string;
  orderNumber: string;
  /** Paise, as the gateway took it. */
  amount: number;
  paymentId: string;
  shopper: { id: string; cookie: string; email: string };
  productId: string;
  variantId: string;
  couponId: string;
}

let codes = 0;

/**
 * A shopper pays for two roses and a one-kilo cake with a flat ₹100 coupon: stock of a product
 * and of a size, a slot's place and a coupon's use are all held by the order.
 */
async function paidOrder(): Promise<Paid> {
  const shopper = await registerCustomer(t.app);
  const productId = await insertProduct(t.database.db, { name: 'Red Roses', price: 79_900, countInStock: 10 });
  const cakeId = await insertProduct(t.database.db, {
    name: 'Chocolate Truffle Cake',
    category: 'Cakes',
    price: 69_900,
    countInStock: 0,
    variants: [{ name: '1 kg', price: 119_900, countInStock: 6 }],
  });
  const [variant] = await t.database.db
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(eq(productVariants.productId, cakeId));
  const code = `SORRY${Date.now().toString(36).toUpperCase()}${(codes += 1)}`;
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/coupons',
    headers: { cookie: admin.cookie },
    payload: { code, kind: 'flat', value: 100 },
  });
  expect(created.statusCode).toBe(201);
  const body = orderBody(
    [
      { _id: productId, qty: 2 },
      { _id: cakeId, qty: 1, variant: { _id: variant!.id } },
    ],
    { couponCode: code },
  );
  const placed = await placeOrder(t.app, shopper.cookie, body);
  expect(placed.statusCode).toBe(201);
  const order = placed.json();
  const proof = checkoutProof(order.razorpayOrder.id);
  const paid = await verify(t.app, shopper.cookie, order._id, proof);
  expect(paid.statusCode).toBe(200);
  return {
    _id: order._id,
    orderNumber: order.orderNumber,
    amount: order.razorpayOrder.amount,
    paymentId: proof.razorpayPaymentId,
    shopper,
    productId,
    variantId: variant!.id,
    couponId: created.json()._id,
  };
}

const cancel = (
  id: string,
  body: unknown = { reason: 'The florist cannot source these roses this week' },
  cookie: string | null = admin.cookie,
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/orders/${id}/cancel`,
    headers: cookie === null ? {} : { cookie },
    payload: body as object,
  });

const view = async (id: string, cookie = admin.cookie) =>
  (await t.app.inject({ url: `/api/orders/${id}`, headers: { cookie } })).json();

/** What the order holds or gave back: stock of the product and the size, its slot's places taken, its coupon's uses. */
async function holdings(order: Paid) {
  const db = t.database.db;
  const [row] = await db.select().from(orders).where(eq(orders.id, order._id));
  const [product] = await db
    .select({ n: products.countInStock })
    .from(products)
    .where(eq(products.id, order.productId));
  const [size] = await db
    .select({ n: productVariants.countInStock })
    .from(productVariants)
    .where(eq(productVariants.id, order.variantId));
  const [place] = await db
    .select({ taken: slotPlaces.taken })
    .from(slotPlaces)
    .where(
      and(
        eq(slotPlaces.areaId, row!.deliveryAreaId!),
        eq(slotPlaces.date, row!.deliveryDate!),
        eq(slotPlaces.slotId, row!.deliverySlotId!),
      ),
    );
  const [coupon] = await db.select({ uses: coupons.uses }).from(coupons).where(eq(coupons.id, order.couponId));
  const held = await db.select().from(couponUses).where(eq(couponUses.orderId, order._id));
  return {
    product: product!.n,
    size: size!.n,
    slotTaken: place!.taken,
    couponUses: coupon!.uses,
    heldUse: held.length,
  };
}

const mailsOf = async (email: string, kind: string) =>
  t.database.db
    .select({ payload: outbox.payload })
    .from(outbox)
    .where(and(eq(outbox.recipient, email), eq(outbox.kind, kind)))
    .orderBy(asc(outbox.createdAt));

const eventsOf = async (orderId: string) =>
  (
    await t.database.db
      .select({ kind: orderEvents.kind })
      .from(orderEvents)
      .where(eq(orderEvents.orderId, orderId))
      .orderBy(asc(orderEvents.at), asc(orderEvents.id))
  ).map((e) => e.kind);

const atGateway = (paymentId: string) => t.app.paymentProvider.refundsOf(paymentId);

const entityOf = (r: GatewayRefund) => ({ id: r.id, payment_id: r.paymentId, amount: r.amount, receipt: r.receipt });

const paymentRow = async (id: string) => (await t.database.db.select().from(payments).where(eq(payments.id, id)))[0]!;

describe(`cancelling a paid order on ${testDatabaseKind}`, () => {
  it('cancels, gives back stock, slot place and coupon use, refunds the payment once, tells the shopper and credits the invoice', async () => {
    const order = await paidOrder();
    const before = await holdings(order);
    expect(before).toMatchObject({ product: 8, size: 5, couponUses: 1, heldUse: 1 });

    const res = await cancel(order._id);
    expect(res.statusCode).toBe(200);
    const cancelled = res.json();
    const [refund] = await atGateway(order.paymentId);
    expect(refund).toEqual({
      id: expect.stringMatching(/^rfnd_/),
      paymentId: order.paymentId,
      amount: order.amount,
      status: 'processed',
      receipt: `refund-${order.paymentId}-1`,
    });
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      stage: 'cancelled',
      isPaid: false,
      paidAt: expect.any(String),
      cancellation: {
        at: expect.any(String),
        reason: 'The florist cannot source these roses this week',
        by: adminName,
        refund: {
          amount: order.amount / 100,
          status: 'refunded',
          refundId: refund!.id,
          refundedAt: expect.any(String),
          paymentId: order.paymentId,
          error: null,
        },
      },
      creditNote: {
        number: expect.stringMatching(/^CN\/\d{2}-\d{2}\/\d{6}$/),
        issuedAt: cancelled.cancellation.at,
        invoiceNumber: cancelled.invoice.number,
      },
    });
    expect(cancelled.timeline.map((e: { status: string }) => e.status)).toEqual([
      'placed',
      'paid',
      'cancelled',
      'refunded',
    ]);
    expect(cancelled.timeline[2]).toEqual({ status: 'cancelled', at: cancelled.cancellation.at, by: adminName });

    expect(await holdings(order)).toEqual({
      product: before.product + 2,
      size: before.size + 1,
      slotTaken: before.slotTaken - 1,
      couponUses: before.couponUses - 1,
      heldUse: 0,
    });

    const told = await mailsOf(order.shopper.email, 'order_cancelled');
    expect(told).toHaveLength(1);
    const mail = renderMail('order_cancelled', told[0]!.payload);
    expect(mail.subject).toBe(`Your order ${order.orderNumber} was cancelled`);
    const total = `₹${(order.amount / 100).toLocaleString('en-IN')}`;
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain('The florist cannot source these roses this week.');
      expect(part).toContain(`We are refunding ${total}`);
      expect(part).toContain('Red Roses');
      expect(part).toContain(`/order/${order._id}`);
    }
    expect(() => renderMail('order_cancelled', { ...told[0]!.payload, cancellation: undefined })).toThrow();
    const refunded = await mailsOf(order.shopper.email, 'refund_issued');
    expect(refunded).toHaveLength(1);
    const refundMail = renderMail('refund_issued', refunded[0]!.payload);
    expect(refundMail.text).toContain(
      `We have refunded ${total} to the card, UPI app or bank account you paid with: your order was cancelled.`,
    );
    expect(refundMail.text).toContain(refund!.id);

    // The Refunds list shows the payment refunded, with why.
    const listed = (await t.app.inject({ url: '/api/payments/refunds', headers: { cookie: admin.cookie } })).json();
    expect(listed.find((r: { paymentId: string }) => r.paymentId === order.paymentId)).toMatchObject({
      orderId: order._id,
      status: 'refunded',
      refundId: refund!.id,
      reason: 'order cancelled: The florist cannot source these roses this week',
    });

    // The invoice stands as issued; the credit note credits all of it.
    const invoice = await t.app.inject({
      url: `/api/orders/${order._id}/invoice`,
      headers: { cookie: order.shopper.cookie },
    });
    expect(invoice.statusCode).toBe(200);
    const note = await t.app.inject({
      url: `/api/orders/${order._id}/credit-note`,
      headers: { cookie: order.shopper.cookie },
    });
    expect(note.statusCode).toBe(200);
    expect(note.headers['content-type']).toBe('application/pdf');
    expect(note.headers['content-disposition']).toBe(
      `attachment; filename="credit-note-${cancelled.creditNote.number.replace(/\//g, '-')}.pdf"`,
    );
    const text = (await pagesText(note.rawPayload)).join('\n');
    expect(text).toContain('Credit Note');
    expect(text).toContain(`Credit note no.: ${cancelled.creditNote.number}`);
    expect(text).toContain(`Against invoice: ${cancelled.invoice.number} of`);
    expect(text).toContain('Reason: Order cancelled: The florist cannot source these roses');
    expect(text).toMatch(new RegExp(`Credit note total \\(₹\\) ${(order.amount / 100).toLocaleString('en-IN')}\\.00`));

    // Once is all: a second cancellation changes nothing.
    const again = await cancel(order._id, { reason: 'Clicked again' });
    expect([again.statusCode, again.json().message]).toEqual([409, 'This order was already cancelled']);
    expect(await holdings(order)).toEqual({
      product: before.product + 2,
      size: before.size + 1,
      slotTaken: before.slotTaken - 1,
      couponUses: before.couponUses - 1,
      heldUse: 0,
    });
    expect(await atGateway(order.paymentId)).toHaveLength(1);
    expect(await mailsOf(order.shopper.email, 'order_cancelled')).toHaveLength(1);
    expect(await eventsOf(order._id)).toEqual(['placed', 'paid', 'cancelled', 'refunded']);
    expect((await view(order._id)).cancellation.reason).toBe('The florist cannot source these roses this week');
  });

  it('shows the shopper the cancellation, its reason and refund, but not who cancelled it or the payment', async () => {
    const order = await paidOrder();
    await cancel(order._id, { reason: '  Our kitchen is closed for Diwali  ' });
    const seen = await view(order._id, order.shopper.cookie);
    expect(seen.cancellation).toEqual({
      at: expect.any(String),
      reason: 'Our kitchen is closed for Diwali',
      refund: {
        amount: order.amount / 100,
        status: 'refunded',
        refundId: expect.stringMatching(/^rfnd_/),
        refundedAt: expect.any(String),
      },
    });
    expect(seen.timeline.every((e: object) => !('by' in e))).toBe(true);
    const mine = (await t.app.inject({ url: '/api/orders/mine', headers: { cookie: order.shopper.cookie } })).json();
    expect(mine[0]).toMatchObject({ _id: order._id, status: 'cancelled', stage: 'cancelled' });
    expect(mine[0].cancellation.refund.status).toBe('refunded');

    // The admin list shows it and filters by it; it is no longer among the paid ones or the day's deliveries.
    const byStatus = (
      await t.app.inject({
        url: `/api/orders/admin?status=cancelled&q=${order.orderNumber}`,
        headers: { cookie: admin.cookie },
      })
    ).json();
    expect(byStatus.rows).toEqual([expect.objectContaining({ _id: order._id, status: 'cancelled', isPaid: false })]);
    const paidOnly = (
      await t.app.inject({
        url: `/api/orders/admin?paid=true&q=${order.orderNumber}`,
        headers: { cookie: admin.cookie },
      })
    ).json();
    expect(paidOnly.rows).toEqual([]);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order._id));
    const schedule = await t.app.inject({
      url: `/api/delivery/schedule?date=${row!.deliveryDate}`,
      headers: { cookie: admin.cookie },
    });
    expect(schedule.statusCode).toBe(200);
    expect(JSON.stringify(schedule.json())).not.toContain(order._id);
  });

  it('cancels a packed order, but not one out for delivery, delivered, unpaid or expired, each told why', async () => {
    // Packing is done at once, before the cancellation; going out waits for the booked day (ADR 085).
    const move = (id: string, status: string) => {
      const put = () =>
        t.app.inject({
          method: 'PUT',
          url: `/api/orders/${id}/status`,
          headers: { cookie: admin.cookie },
          payload: { status },
        });
      return status === 'packed' ? put() : clock.onDeliveryDay(put);
    };

    const packed = await paidOrder();
    expect((await move(packed._id, 'packed')).statusCode).toBe(200);
    const res = await cancel(packed._id);
    expect(res.statusCode).toBe(200);
    expect(res.json().timeline.map((e: { status: string }) => e.status)).toEqual([
      'placed',
      'paid',
      'packed',
      'cancelled',
      'refunded',
    ]);
    const moved = await move(packed._id, 'out_for_delivery');
    expect([moved.statusCode, moved.json().message]).toEqual([
      409,
      'This order was cancelled; it will not be delivered',
    ]);

    const out = await paidOrder();
    for (const step of ['packed', 'out_for_delivery']) expect((await move(out._id, step)).statusCode).toBe(200);
    const late = await cancel(out._id);
    expect([late.statusCode, late.json().message]).toEqual([
      409,
      'This order is already out for delivery; it can no longer be cancelled',
    ]);
    const delivered = await paidOrder();
    for (const step of ['packed', 'out_for_delivery', 'delivered']) {
      expect((await move(delivered._id, step)).statusCode).toBe(200);
    }
    const done = await cancel(delivered._id);
    expect([done.statusCode, done.json().message]).toEqual([
      409,
      'This order was already delivered; it can no longer be cancelled',
    ]);
    for (const o of [out, delivered]) {
      expect((await view(o._id)).cancellation).toBeNull();
      expect(await atGateway(o.paymentId)).toEqual([]);
      expect((await paymentRow(o.paymentId)).outcome).toBe('applied');
    }

    const shopper = await registerCustomer(t.app);
    const product = await insertProduct(t.database.db, { price: 50_000, countInStock: 3 });
    const unpaid = (await placeOrder(t.app, shopper.cookie, orderBody([{ _id: product, qty: 1 }]))).json();
    const refused = await cancel(unpaid._id);
    expect([refused.statusCode, refused.json().message]).toEqual([
      409,
      'Only a paid order can be cancelled; an unpaid order expires by itself',
    ]);
    await t.database.db
      .update(orders)
      .set({ payBy: new Date(Date.now() - 1000) })
      .where(eq(orders.id, unpaid._id));
    await t.app.expireOverdueOrders();
    const expired = await cancel(unpaid._id);
    expect([expired.statusCode, expired.json().message]).toEqual([
      409,
      'This order expired unpaid; there is nothing to cancel',
    ]);
    const [stock] = await t.database.db
      .select({ n: products.countInStock })
      .from(products)
      .where(eq(products.id, product));
    expect(stock!.n).toBe(3);
  });

  it('lets only admins cancel, only with a reason, and says so', async () => {
    const order = await paidOrder();
    expect((await cancel(order._id, undefined, null)).statusCode).toBe(401);
    const own = await cancel(order._id, undefined, order.shopper.cookie);
    expect(own.statusCode).toBe(403);
    const unknown = await cancel('7d3c1c0e-2a4b-4c5d-8e9f-0a1b2c3d4e5f');
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, 'Order not found']);
    expect((await cancel('not-an-order')).statusCode).toBe(400);
    for (const [body, message] of [
      [{}, 'Reason is required'],
      [{ reason: 42 }, 'Reason is required'],
      [{ reason: '  no ' }, 'Reason must be at least 3 characters'],
      [{ reason: 'x'.repeat(501) }, 'Reason must be at most 500 characters'],
      [{ reason: 'out of\u0000stock' }, 'must not contain NUL characters'],
    ] as const) {
      const res = await cancel(order._id, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
    }
    const bare = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order._id}/cancel`,
      headers: { cookie: admin.cookie },
    });
    expect(bare.statusCode).toBe(400);
    expect((await view(order._id)).status).toBe('paid');
    expect((await paymentRow(order.paymentId)).outcome).toBe('applied');
    expect(await mailsOf(order.shopper.email, 'order_cancelled')).toEqual([]);
    expect(await cancel(order._id, { reason: 'x'.repeat(500) })).toMatchObject({ statusCode: 200 });
  });

  it('makes one cancellation and one refund of twenty clicks at once, giving everything back exactly once', async () => {
    const order = await paidOrder();
    const before = await holdings(order);
    const asked = vi.spyOn(t.app.paymentProvider, 'refund');
    const answers = await Promise.all(Array.from({ length: 20 }, () => cancel(order._id)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    const refused = answers.filter((a) => a.statusCode !== 200);
    expect(refused).toHaveLength(19);
    for (const a of refused)
      expect([a.statusCode, a.json().message]).toEqual([409, 'This order was already cancelled']);
    expect(asked).toHaveBeenCalledTimes(1);
    expect(await atGateway(order.paymentId)).toHaveLength(1);
    expect(await holdings(order)).toEqual({
      product: before.product + 2,
      size: before.size + 1,
      slotTaken: before.slotTaken - 1,
      couponUses: before.couponUses - 1,
      heldUse: 0,
    });
    expect(await mailsOf(order.shopper.email, 'order_cancelled')).toHaveLength(1);
    expect(await mailsOf(order.shopper.email, 'refund_issued')).toHaveLength(1);
    expect(await eventsOf(order._id)).toEqual(['placed', 'paid', 'cancelled', 'refunded']);
  });

  it("records the refund once when the gateway's webhook arrives before its answer, and again after it", async () => {
    const order = await paidOrder();
    const gateway = t.app.paymentProvider;
    const make = gateway.refund.bind(gateway);
    vi.spyOn(gateway, 'refund').mockImplementation(async (...args) => {
      const made = await make(...args);
      const first = await refundWebhook(t.app, 'refund.processed', entityOf(made));
      expect(first.json()).toEqual({ status: 'processed' });
      return made;
    });
    const res = await cancel(order._id);
    expect(res.statusCode).toBe(200);
    const [made] = await atGateway(order.paymentId);
    expect(res.json().cancellation.refund).toMatchObject({ status: 'refunded', refundId: made!.id });
    expect((await refundWebhook(t.app, 'refund.processed', entityOf(made!))).json()).toEqual({ status: 'processed' });
    expect(await mailsOf(order.shopper.email, 'refund_issued')).toHaveLength(1);
    expect(await eventsOf(order._id)).toEqual(['placed', 'paid', 'cancelled', 'refunded']);

    // The payment's own webhook, redelivered after the cancellation, pays nothing and keeps nothing.
    const captured = await webhook(t.app, 'payment.captured', {
      id: order.paymentId,
      order_id: (await view(order._id)).razorpayOrder.id,
      amount: order.amount,
    });
    expect(captured.json()).toEqual({ status: 'processed' });
    expect((await paymentRow(order.paymentId)).outcome).toBe('refunded');
    expect((await view(order._id)).status).toBe('cancelled');
  });

  it('stays cancelled when the gateway refuses the refund, which an admin then retries from Refunds', async () => {
    const order = await paidOrder();
    vi.spyOn(t.app.paymentProvider, 'refund').mockRejectedValueOnce(
      new GatewayError('Razorpay refused: The refund could not be processed'),
    );
    const res = await cancel(order._id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'cancelled',
      cancellation: {
        refund: {
          status: 'refund_due',
          refundId: null,
          paymentId: order.paymentId,
          error: 'Razorpay refused: The refund could not be processed.',
        },
      },
    });
    const seen = await view(order._id, order.shopper.cookie);
    expect(seen.cancellation.refund).toEqual({
      amount: order.amount / 100,
      status: 'refund_due',
      refundId: null,
      refundedAt: null,
    });
    expect(await mailsOf(order.shopper.email, 'order_cancelled')).toHaveLength(1);
    expect(await mailsOf(order.shopper.email, 'refund_issued')).toEqual([]);

    const again = await cancel(order._id);
    expect([again.statusCode, again.json().message]).toEqual([409, 'This order was already cancelled']);

    const retried = await t.app.inject({
      method: 'POST',
      url: `/api/payments/${order.paymentId}/refund`,
      headers: { cookie: admin.cookie },
    });
    expect(retried.json()).toMatchObject({ status: 'refunded' });
    expect(await atGateway(order.paymentId)).toEqual([
      expect.objectContaining({ id: retried.json().refundId, receipt: `refund-${order.paymentId}-2` }),
    ]);
    expect((await view(order._id)).cancellation.refund).toMatchObject({ status: 'refunded', error: null });
    expect(await mailsOf(order.shopper.email, 'refund_issued')).toHaveLength(1);
  });

  it('makes no second refund when the gateway refunded but its answer was lost: the webhook settles it', async () => {
    const order = await paidOrder();
    const gateway = t.app.paymentProvider;
    const make = gateway.refund.bind(gateway);
    vi.spyOn(gateway, 'refund').mockImplementationOnce(async (...args) => {
      await make(...args);
      throw new GatewayError('Razorpay did not answer in time');
    });
    const res = await cancel(order._id);
    expect(res.json().cancellation.refund).toMatchObject({
      status: 'refund_due',
      error: 'Razorpay did not answer in time.',
    });
    const [made] = await atGateway(order.paymentId);
    expect((await refundWebhook(t.app, 'refund.processed', entityOf(made!))).json()).toEqual({ status: 'processed' });
    expect((await view(order._id)).cancellation.refund).toMatchObject({ status: 'refunded', refundId: made!.id });
    const retried = await t.app.inject({
      method: 'POST',
      url: `/api/payments/${order.paymentId}/refund`,
      headers: { cookie: admin.cookie },
    });
    expect([retried.statusCode, retried.json().message]).toEqual([409, 'This payment was already refunded']);
    expect(await atGateway(order.paymentId)).toHaveLength(1);
    expect(await mailsOf(order.shopper.email, 'refund_issued')).toHaveLength(1);
  });

  it('finds the refund a crashed process made when an admin retries its stale claim, instead of making a second', async () => {
    const order = await paidOrder();
    const gateway = t.app.paymentProvider;
    const make = gateway.refund.bind(gateway);
    // The cancellation committed, the gateway refunded, and the process died before it heard back.
    vi.spyOn(t.app.refunds, 'settle').mockImplementationOnce(async (claimed) => {
      await make(claimed.id, claimed.amount!, `refund-${claimed.id}-${claimed.refundAttempts}`);
      throw new Error('process killed');
    });
    const res = await cancel(order._id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', cancellation: { refund: { status: 'refunding' } } });

    const retry = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/payments/${order.paymentId}/refund`,
        headers: { cookie: admin.cookie },
      });
    const early = await retry();
    expect([early.statusCode, early.json().message]).toEqual([409, 'This payment is already being refunded']);
    await t.database.db
      .update(payments)
      .set({ refundRequestedAt: new Date(Date.now() - 6 * 60_000) })
      .where(eq(payments.id, order.paymentId));
    const retried = await retry();
    expect(retried.json()).toMatchObject({ status: 'refunded' });
    expect(await atGateway(order.paymentId)).toEqual([
      expect.objectContaining({ id: retried.json().refundId, receipt: `refund-${order.paymentId}-1` }),
    ]);
    expect(await mailsOf(order.shopper.email, 'refund_issued')).toHaveLength(1);
    expect(await eventsOf(order._id)).toEqual(['placed', 'paid', 'cancelled', 'refunded']);
  });

  it('refunds a second payment for a cancelled order instead of paying it', async () => {
    const order = await paidOrder();
    await cancel(order._id);
    const gatewayOrder = (await view(order._id)).razorpayOrder.id;
    const proof = checkoutProof(gatewayOrder);
    const late = await verify(t.app, order.shopper.cookie, order._id, proof);
    expect([late.statusCode, late.json().message]).toEqual([
      409,
      'This order was cancelled; this payment will be refunded.',
    ]);
    expect(await paymentRow(proof.razorpayPaymentId)).toMatchObject({
      outcome: 'refund_due',
      reason: 'order cancelled',
    });
    const refunded = await t.app.inject({
      method: 'POST',
      url: `/api/payments/${proof.razorpayPaymentId}/refund`,
      headers: { cookie: admin.cookie },
    });
    expect(refunded.json()).toMatchObject({ status: 'refunded' });
    const mails = await mailsOf(order.shopper.email, 'refund_issued');
    expect(mails).toHaveLength(2);
    expect(renderMail('refund_issued', mails[1]!.payload).text).toContain(
      'that payment could not be used for this order',
    );
    expect((await view(order._id)).cancellation.refund.paymentId).toBe(order.paymentId);
  });
});
