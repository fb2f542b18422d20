import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { registerCustomer, signInAsAdmin } from '../../test/accounts.js';
import { insertProduct } from '../../test/fixtures.js';
import { checkoutProof, orderBody, placeOrder, UNCAPPED_ORDERS, verify, webhook } from '../../test/orders.js';
import { createTestApp, PRODUCTION_ENV, testDatabaseKind, type TestApp } from '../../test/test-app.js';
import { orders } from '../orders/orders.table.js';
import { payments } from './payments.table.js';
import { products } from '../products/products.table.js';
import { razorpayStyleId } from './provider.js';

let t: TestApp;
let shopper: { id: string; cookie: string };
beforeAll(async () => {
  // One shopper places many unpaid orders here; the caps have tests of their own (orders.limits.test.ts).
  t = await createTestApp(UNCAPPED_ORDERS);
  shopper = await registerCustomer(t.app);
});
afterAll(async () => {
  await t?.close();
});

interface Order {
  _id: string;
  razorpayOrder: { id: string; amount: number };
}

async function newOrder(cookie = shopper.cookie, app = t.app): Promise<Order> {
  const id = await insertProduct(t.database.db, { price: 120_000, countInStock: 5 });
  const res = await placeOrder(app, cookie, orderBody([{ _id: id, qty: 1 }]));
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json();
}

const orderRow = async (id: string) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const paymentRow = async (id: string) => (await t.database.db.select().from(payments).where(eq(payments.id, id)))[0];

describe(`checkout verification on ${testDatabaseKind}`, () => {
  it('marks the order paid on a good signature, and a repeat changes nothing', async () => {
    const order = await newOrder();
    const proof = checkoutProof(order.razorpayOrder.id);
    const res = await verify(t.app, shopper.cookie, order._id, { ...proof, user: 'someone', orderId: 'else' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ isPaid: true, status: 'paid' });
    const paidAt = res.json().paidAt;
    const again = await verify(t.app, shopper.cookie, order._id, proof);
    expect([again.statusCode, again.json().paidAt]).toEqual([200, paidAt]);
    expect(await paymentRow(proof.razorpayPaymentId)).toMatchObject({
      orderId: order._id,
      outcome: 'applied',
      amount: 120_000,
    });
  });

  it('refuses forged and mismatched signatures, and a payment replayed onto another order', async () => {
    const order = await newOrder();
    const other = await newOrder();
    const forged = { ...checkoutProof(order.razorpayOrder.id), razorpaySignature: 'ab'.repeat(32) };
    const wrongSecret = checkoutProof(order.razorpayOrder.id, undefined, 'not_the_secret');
    const otherOrders = checkoutProof(other.razorpayOrder.id);
    for (const proof of [forged, wrongSecret, otherOrders]) {
      const res = await verify(t.app, shopper.cookie, order._id, proof);
      expect([res.statusCode, res.json().message]).toEqual([400, 'Payment Verification Failed!']);
    }
    // The body's order id is ignored: the signature is checked against the stored one.
    const lying = { ...otherOrders, razorpayOrderId: order.razorpayOrder.id };
    expect((await verify(t.app, shopper.cookie, order._id, lying)).statusCode).toBe(400);
    // A payment id that paid one order cannot pay another.
    const paid = checkoutProof(other.razorpayOrder.id);
    expect((await verify(t.app, shopper.cookie, other._id, paid)).statusCode).toBe(200);
    const replay = checkoutProof(order.razorpayOrder.id, paid.razorpayPaymentId);
    const replayed = await verify(t.app, shopper.cookie, order._id, replay);
    expect(replayed.statusCode).toBe(400);
    expect((await orderRow(order._id)).status).toBe('awaiting_payment');
    const malformed = await verify(t.app, shopper.cookie, order._id, {
      razorpayPaymentId: 'x',
      razorpaySignature: 'y',
    });
    expect(malformed.statusCode).toBe(400);
  });

  it('lets only the owner verify; PUT /pay needs the same proof', async () => {
    const order = await newOrder();
    const stranger = await registerCustomer(t.app);
    const admin = await signInAsAdmin(t.app);
    const proof = checkoutProof(order.razorpayOrder.id);
    expect((await verify(t.app, stranger.cookie, order._id, proof)).statusCode).toBe(404);
    expect((await verify(t.app, admin.cookie, order._id, proof)).statusCode).toBe(404);
    const pay = (payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/orders/${order._id}/pay`,
        headers: { cookie: shopper.cookie },
        payload,
      });
    expect((await pay({ details: { id: 'PAYPAL-123', status: 'COMPLETED' } })).statusCode).toBe(400);
    expect((await orderRow(order._id)).status).toBe('awaiting_payment');
    const res = await pay({ details: proof });
    expect([res.statusCode, res.json().isPaid]).toEqual([200, true]);
  });
});

describe(`Razorpay webhooks on ${testDatabaseKind}`, () => {
  it('pay the order when the shopper closed the browser before verify; three deliveries and a late failure change nothing', async () => {
    const order = await newOrder();
    const payment = {
      id: razorpayStyleId('pay'),
      order_id: order.razorpayOrder.id,
      amount: order.razorpayOrder.amount,
    };
    const eventId = razorpayStyleId('evt');
    const first = await webhook(t.app, 'payment.captured', payment, { eventId });
    expect([first.statusCode, first.json()]).toEqual([200, { status: 'processed' }]);
    const paidAt = (await orderRow(order._id)).paidAt;
    expect(paidAt).not.toBeNull();
    for (let i = 0; i < 2; i++) {
      expect((await webhook(t.app, 'payment.captured', payment, { eventId })).json()).toEqual({ status: 'duplicate' });
    }
    // order.paid for the same payment, then a failure arriving out of order: still paid, once.
    expect((await webhook(t.app, 'order.paid', payment)).json()).toEqual({ status: 'processed' });
    expect((await webhook(t.app, 'payment.failed', { ...payment, error_description: 'late' })).statusCode).toBe(200);
    const row = await orderRow(order._id);
    expect(row).toMatchObject({ status: 'paid', paymentId: payment.id, paidAt });
    // The shopper's verify arriving after the webhook is harmless.
    const proof = checkoutProof(order.razorpayOrder.id, payment.id);
    expect((await verify(t.app, shopper.cookie, order._id, proof)).json().isPaid).toBe(true);
  });

  it('refuses tampered bodies and wrong signatures', async () => {
    const order = await newOrder();
    const payment = {
      id: razorpayStyleId('pay'),
      order_id: order.razorpayOrder.id,
      amount: order.razorpayOrder.amount,
    };
    const tampered = await webhook(t.app, 'payment.captured', payment, {
      tamper: (body) => body.replace(`"amount":${payment.amount}`, '"amount":1'),
    });
    expect([tampered.statusCode, tampered.json().message]).toEqual([400, 'Invalid webhook signature']);
    const wrongSecret = await webhook(t.app, 'payment.captured', payment, { secret: 'guessed_secret' });
    expect(wrongSecret.statusCode).toBe(400);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/payments/razorpay/webhook',
      headers: { 'content-type': 'application/json' },
      payload: '{"event":"payment.captured"}',
    });
    expect(unsigned.statusCode).toBe(400);
    expect((await orderRow(order._id)).status).toBe('awaiting_payment');
  });

  it('never marks an order paid with a different amount, nor twice with another payment', async () => {
    const order = await newOrder();
    const short = {
      id: razorpayStyleId('pay'),
      order_id: order.razorpayOrder.id,
      amount: order.razorpayOrder.amount - 100,
    };
    expect((await webhook(t.app, 'payment.captured', short)).statusCode).toBe(200);
    expect((await orderRow(order._id)).status).toBe('awaiting_payment');
    expect(await paymentRow(short.id)).toMatchObject({ outcome: 'refund_due' });

    const good = { ...short, id: razorpayStyleId('pay'), amount: order.razorpayOrder.amount };
    await webhook(t.app, 'payment.captured', good);
    const second = { ...good, id: razorpayStyleId('pay') };
    await webhook(t.app, 'payment.captured', second);
    expect(await orderRow(order._id)).toMatchObject({ status: 'paid', paymentId: good.id });
    expect(await paymentRow(second.id)).toMatchObject({ outcome: 'refund_due', orderId: order._id });

    // Both are listed for an admin to refund; nobody else may see the list.
    const admin = await signInAsAdmin(t.app);
    const refunds = await t.app.inject({ url: '/api/payments/refunds', headers: { cookie: admin.cookie } });
    expect(refunds.statusCode).toBe(200);
    const listed = (refunds.json() as { paymentId: string }[]).filter((r) =>
      [short.id, second.id].includes(r.paymentId),
    );
    expect(listed).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          paymentId: short.id,
          orderId: order._id,
          amount: (order.razorpayOrder.amount - 100) / 100,
          reason: expect.stringMatching(/^paid \d+ paise, order total \d+$/),
        }),
        expect.objectContaining({ paymentId: second.id, reason: 'order already paid by another payment' }),
      ]),
    );
    expect((await t.app.inject({ url: '/api/payments/refunds', headers: { cookie: shopper.cookie } })).statusCode).toBe(
      403,
    );
    expect((await t.app.inject({ url: '/api/payments/refunds' })).statusCode).toBe(401);
  });
});

describe(`unpaid orders expire on ${testDatabaseKind}`, () => {
  it('give their stock back exactly once and can no longer be paid', async () => {
    const quick = await createTestApp({ ...UNCAPPED_ORDERS, ORDER_PAY_WITHIN: '1s' }, { database: t.database });
    try {
      const id = await insertProduct(t.database.db, { price: 50_000, countInStock: 4 });
      const res = await placeOrder(quick.app, shopper.cookie, orderBody([{ _id: id, qty: 3 }]));
      const order = res.json() as Order;
      const stock = async () =>
        (await t.database.db.select({ n: products.countInStock }).from(products).where(eq(products.id, id)))[0]!.n;
      expect(await stock()).toBe(1);
      await new Promise((r) => setTimeout(r, 1_100));
      // The app's own sweeper runs every second too and may get there first: whoever does, once.
      const [a, b] = await Promise.all([quick.app.expireOverdueOrders(), quick.app.expireOverdueOrders()]);
      expect(a + b).toBeLessThanOrEqual(1);
      expect(await quick.app.expireOverdueOrders()).toBe(0);
      expect(await stock()).toBe(4);
      expect((await orderRow(order._id)).status).toBe('expired');

      const proof = checkoutProof(order.razorpayOrder.id);
      const late = await verify(quick.app, shopper.cookie, order._id, proof);
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toMatch(/expired before the payment arrived; the payment will be refunded/);
      expect(await paymentRow(proof.razorpayPaymentId)).toMatchObject({ outcome: 'refund_due' });
      expect(await stock()).toBe(4);
    } finally {
      await quick.close();
    }
  });

  it('expire at payment time even before the sweeper runs', async () => {
    const quick = await createTestApp({ ...UNCAPPED_ORDERS, ORDER_PAY_WITHIN: '1s' }, { database: t.database });
    try {
      const id = await insertProduct(t.database.db, { countInStock: 2 });
      const order = (await placeOrder(quick.app, shopper.cookie, orderBody([{ _id: id, qty: 2 }]))).json() as Order;
      await new Promise((r) => setTimeout(r, 1_100));
      const payment = {
        id: razorpayStyleId('pay'),
        order_id: order.razorpayOrder.id,
        amount: order.razorpayOrder.amount,
      };
      await webhook(quick.app, 'payment.captured', payment);
      expect((await orderRow(order._id)).status).toBe('expired');
      const [row] = await t.database.db.select({ n: products.countInStock }).from(products).where(eq(products.id, id));
      expect(row!.n).toBe(2);
    } finally {
      await quick.close();
    }
  });
});

describe(`the simulated Razorpay on ${testDatabaseKind}`, () => {
  it('signs a payment the store verifies, and reports it by webhook too', async () => {
    const sim = await createTestApp({ ...UNCAPPED_ORDERS, SIMULATED_WEBHOOK_DELAY_MS: '0' }, { database: t.database });
    try {
      const order = await newOrder(shopper.cookie, sim.app);
      const res = await sim.app.inject({
        method: 'POST',
        url: '/api/payments/simulated/pay',
        payload: { razorpayOrderId: order.razorpayOrder.id, outcome: 'paid', method: 'upi' },
      });
      const handed = res.json();
      expect(handed.razorpay_payment_id).toMatch(/^pay_[A-Za-z0-9]{14}$/);
      expect(handed.razorpay_signature).toMatch(/^[0-9a-f]{64}$/);
      // The shopper closes the browser: the webhook alone pays the order.
      for (let i = 0; i < 50 && (await orderRow(order._id)).status !== 'paid'; i++) {
        await new Promise((r) => setTimeout(r, 20));
      }
      expect((await orderRow(order._id)).paymentId).toBe(handed.razorpay_payment_id);
      const proof = {
        razorpayOrderId: handed.razorpay_order_id,
        razorpayPaymentId: handed.razorpay_payment_id,
        razorpaySignature: handed.razorpay_signature,
      };
      expect((await verify(sim.app, shopper.cookie, order._id, proof)).json().isPaid).toBe(true);

      const failing = await newOrder(shopper.cookie, sim.app);
      const failed = await sim.app.inject({
        method: 'POST',
        url: '/api/payments/simulated/pay',
        payload: { razorpayOrderId: failing.razorpayOrder.id, outcome: 'failed' },
      });
      expect(failed.json().error).toMatchObject({
        code: 'BAD_REQUEST_ERROR',
        source: 'bank',
        step: 'payment_authorization',
        reason: 'payment_failed',
        metadata: { order_id: failing.razorpayOrder.id },
      });
      expect((await orderRow(failing._id)).status).toBe('awaiting_payment');
    } finally {
      await sim.close();
    }
  });
});

/** A store with its own Razorpay account; nothing here reaches Razorpay. */
describe(`production and demo stores on ${testDatabaseKind}`, () => {
  it('has no simulated checkout with Razorpay configured, and takes no webhook signed with the demo secret', async () => {
    const order = await newOrder();
    const real = await createTestApp({ ...UNCAPPED_ORDERS, ...PRODUCTION_ENV }, { database: t.database });
    try {
      const pay = await real.app.inject({
        method: 'POST',
        url: '/api/payments/simulated/pay',
        payload: { razorpayOrderId: order.razorpayOrder.id, outcome: 'paid', method: 'upi' },
      });
      expect([pay.statusCode, pay.json().message]).toEqual([404, 'Not found: POST /api/payments/simulated/pay']);
      const payment = {
        id: razorpayStyleId('pay'),
        order_id: order.razorpayOrder.id,
        amount: order.razorpayOrder.amount,
      };
      const forged = await webhook(real.app, 'payment.captured', payment);
      expect([forged.statusCode, forged.json().message]).toEqual([400, 'Invalid webhook signature']);
      expect((await orderRow(order._id)).status).toBe('awaiting_payment');
      expect((await real.app.inject({ url: '/api/config' })).json()).toMatchObject({
        payments: { provider: 'razorpay', keyId: PRODUCTION_ENV.RAZORPAY_KEY_ID },
        demo: false,
      });
    } finally {
      await real.close();
    }
  });

  it('runs a demo store in production only with ALLOW_DEMO=true, and tells the web app it is one', async () => {
    const demo = await createTestApp(
      { ...UNCAPPED_ORDERS, NODE_ENV: 'production', ALLOW_DEMO: 'true' },
      { database: t.database },
    );
    try {
      expect((await demo.app.inject({ url: '/api/config' })).json()).toMatchObject({
        payments: { provider: 'simulated' },
        demo: true,
      });
      const order = await newOrder(shopper.cookie, demo.app);
      const pay = await demo.app.inject({
        method: 'POST',
        url: '/api/payments/simulated/pay',
        payload: { razorpayOrderId: order.razorpayOrder.id, outcome: 'paid', method: 'upi' },
      });
      expect(pay.statusCode).toBe(200);
    } finally {
      await demo.close();
    }
    await expect(createTestApp({ NODE_ENV: 'production' }, { database: t.database })).rejects.toThrow(
      'PAYMENT_PROVIDER is simulated',
    );
  });
});
