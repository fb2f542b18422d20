import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { registerCustomer, signInAsAdmin } from '../../test/accounts.js';
import { insertProduct } from '../../test/fixtures.js';
import {
  checkoutProof,
  orderBody,
  placeOrder,
  refundWebhook,
  UNCAPPED_ORDERS,
  verify,
  webhook,
} from '../../test/orders.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/test-app.js';
import { orders } from '../orders/orders.table.js';
import { outbox } from '../outbox/outbox.table.js';
import { mailRenderer } from '../outbox/outbox.templates.js';
import { paymentEvents, payments } from './payments.table.js';
import { REFUND_STALE_AFTER_MS, refundReceipt } from './payments.refunds.js';
import { GatewayError, RazorpayProvider, razorpayStyleId, type GatewayRefund } from './provider.js';

let t: TestApp;
/** An email as the store renders it when it sends it. */
const renderMail = (kind: string, payload: Record<string, unknown>) =>
  mailRenderer(t.app.config.mail.support)(kind, payload);
let admin: { cookie: string };
beforeAll(async () => {
  // The simulated gateway's own refund webhook would land at a moment of its choosing; here each
  // test delivers it when it means to (one test below lets the gateway send it).
  t = await createTestApp({ ...UNCAPPED_ORDERS, SIMULATED_WEBHOOK_DELAY_MS: '600000' });
  admin = await signInAsAdmin(t.app);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});
afterAll(async () => {
  await t?.close();
});

interface Kept {
  orderId: string;
  /** 'PW-000123', as the shopper's emails name the order. */
  orderNumber: string;
  paymentId: string;
  /** Paise. */
  amount: number;
  shopper: { cookie: string; email: string };
}

/** A shopper pays ₹1,299 for an order that expired a moment before: the store keeps it for a refund. */
async function keptPayment(app = t.app): Promise<Kept> {
  const shopper = await registerCustomer(app);
  const product = await insertProduct(t.database.db, { name: 'Yellow Gerberas', price: 129_900, countInStock: 5 });
  const placed = await placeOrder(app, shopper.cookie, orderBody([{ _id: product, qty: 1 }]));
  expect(placed.statusCode).toBe(201);
  const order = placed.json();
  await t.database.db
    .update(orders)
    .set({ payBy: new Date(Date.now() - 1000) })
    .where(eq(orders.id, order._id));
  const proof = checkoutProof(order.razorpayOrder.id);
  const late = await verify(app, shopper.cookie, order._id, proof);
  expect([late.statusCode, late.json().message]).toEqual([
    409,
    'This order expired before the payment arrived; the payment will be refunded. Please place the order again.',
  ]);
  return {
    orderId: order._id,
    orderNumber: order.orderNumber,
    paymentId: proof.razorpayPaymentId,
    amount: order.razorpayOrder.amount,
    shopper,
  };
}

/** The admin's click on Refund, or someone else's (null: signed out). */
const refund = (paymentId: string, cookie: string | null = admin.cookie, app = t.app) =>
  app.inject({
    method: 'POST',
    url: `/api/payments/${paymentId}/refund`,
    headers: cookie === null ? {} : { cookie },
  });

const listed = async (paymentId: string) => {
  const res = await t.app.inject({ url: '/api/payments/refunds', headers: { cookie: admin.cookie } });
  expect(res.statusCode).toBe(200);
  return (res.json() as { paymentId: string }[]).find((r) => r.paymentId === paymentId);
};

const atGateway = (paymentId: string) => t.app.paymentProvider.refundsOf(paymentId);

const refundMails = (email: string) =>
  t.database.db
    .select({ payload: outbox.payload })
    .from(outbox)
    .where(and(eq(outbox.recipient, email), eq(outbox.kind, 'refund_issued')))
    .orderBy(asc(outbox.createdAt));

const timeline = async (kept: Kept) => {
  const res = await t.app.inject({ url: `/api/orders/${kept.orderId}`, headers: { cookie: kept.shopper.cookie } });
  return (res.json().timeline as { status: string }[]).map((e) => e.status);
};

/** A refund as Razorpay's refund webhooks carry it. */
const entityOf = (r: GatewayRefund) => ({ id: r.id, payment_id: r.paymentId, amount: r.amount, receipt: r.receipt });

describe(`refunding money the store kept, on ${testDatabaseKind}`, () => {
  it("refunds the whole payment through the gateway, once, and tells the shopper: 'refunded' in the timeline and one email", async () => {
    const kept = await keptPayment();
    expect(await listed(kept.paymentId)).toMatchObject({ status: 'refund_due', refundId: null, amount: 1299 });

    const res = await refund(kept.paymentId);
    expect(res.statusCode).toBe(200);
    const answer = res.json();
    expect(answer).toEqual({
      paymentId: kept.paymentId,
      orderId: kept.orderId,
      razorpayOrderId: expect.stringMatching(/^order_/),
      amount: 1299,
      reason: 'order expired before the payment arrived',
      createdAt: expect.any(String),
      status: 'refunded',
      refundRequestedAt: null,
      refundId: expect.stringMatching(/^rfnd_[A-Za-z0-9]{14}$/),
      refundedAt: expect.any(String),
      refundError: null,
    });
    const made = await atGateway(kept.paymentId);
    expect(made).toEqual([
      {
        id: answer.refundId,
        paymentId: kept.paymentId,
        amount: kept.amount,
        status: 'processed',
        receipt: `refund-${kept.paymentId}-1`,
      },
    ]);
    expect(await listed(kept.paymentId)).toEqual(answer);
    expect(await timeline(kept)).toEqual(['placed', 'expired', 'refunded']);

    const mails = await refundMails(kept.shopper.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.payload).toMatchObject({
      orderId: kept.orderId,
      refund: { id: answer.refundId, amount: kept.amount },
    });
    const mail = renderMail('refund_issued', mails[0]!.payload);
    expect(mail.subject).toBe(`Refund issued for order ${kept.orderNumber}: ₹1,299 is on its way back to you`);
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain('We have refunded ₹1,299');
      expect(part).toContain('5–7 working days');
      expect(part).toContain(answer.refundId);
      expect(part).toContain('Yellow Gerberas');
      expect(part).toContain(`/order/${kept.orderId}`);
    }
    expect(() => renderMail('refund_issued', { ...mails[0]!.payload, refund: undefined })).toThrow();

    // The gateway's webhook comes after the answer, and again: nothing more happens.
    const eventId = razorpayStyleId('evt');
    const late = await refundWebhook(t.app, 'refund.processed', entityOf(made[0]!), { eventId });
    expect(late.json()).toEqual({ status: 'processed' });
    const again = await refundWebhook(t.app, 'refund.processed', entityOf(made[0]!), { eventId });
    expect(again.json()).toEqual({ status: 'duplicate' });
    expect(await refundMails(kept.shopper.email)).toHaveLength(1);
    expect(await timeline(kept)).toEqual(['placed', 'expired', 'refunded']);
    expect(await listed(kept.paymentId)).toEqual(answer);

    const twice = await refund(kept.paymentId);
    expect([twice.statusCode, twice.json().message]).toEqual([409, 'This payment was already refunded']);
    expect(await atGateway(kept.paymentId)).toHaveLength(1);
  });

  it("records the refund once when the gateway's webhook arrives before its answer, and when it is delivered again", async () => {
    const kept = await keptPayment();
    const gateway = t.app.paymentProvider;
    const make = gateway.refund.bind(gateway);
    const eventId = razorpayStyleId('evt');
    vi.spyOn(gateway, 'refund').mockImplementation(async (...args) => {
      const made = await make(...args);
      const first = await refundWebhook(t.app, 'refund.processed', entityOf(made), { eventId });
      expect(first.json()).toEqual({ status: 'processed' });
      return made;
    });
    const res = await refund(kept.paymentId);
    expect(res.statusCode).toBe(200);
    const [made] = await atGateway(kept.paymentId);
    expect(res.json()).toMatchObject({ status: 'refunded', refundId: made!.id });

    expect((await refundWebhook(t.app, 'refund.processed', entityOf(made!), { eventId })).json()).toEqual({
      status: 'duplicate',
    });
    expect((await refundWebhook(t.app, 'refund.processed', entityOf(made!))).json()).toEqual({ status: 'processed' });
    expect(await refundMails(kept.shopper.email)).toHaveLength(1);
    expect(await timeline(kept)).toEqual(['placed', 'expired', 'refunded']);
  });

  it("converges when the simulated gateway sends its own webhook, and takes no refund webhook that is not Razorpay's", async () => {
    const sim = await createTestApp(
      { ...UNCAPPED_ORDERS, SIMULATED_WEBHOOK_DELAY_MS: '0' },
      { database: t.database, databaseUrl: t.databaseUrl },
    );
    try {
      const kept = await keptPayment(sim.app);
      const heard = async () =>
        (
          await t.database.db
            .select({ id: paymentEvents.id })
            .from(paymentEvents)
            .where(eq(paymentEvents.event, 'refund.processed'))
        ).length;
      const before = await heard();
      const res = await refund(kept.paymentId, admin.cookie, sim.app);
      expect(res.json()).toMatchObject({ status: 'refunded' });
      for (let i = 0; i < 100 && (await heard()) === before; i++) await new Promise((r) => setTimeout(r, 20));
      expect(await heard()).toBe(before + 1);
      expect(await refundMails(kept.shopper.email)).toHaveLength(1);

      const [made] = await sim.app.paymentProvider.refundsOf(kept.paymentId);
      const forged = await refundWebhook(sim.app, 'refund.failed', entityOf(made!), { secret: 'guessed_secret' });
      expect([forged.statusCode, forged.json().message]).toEqual([400, 'Invalid webhook signature']);
      const tampered = await refundWebhook(sim.app, 'refund.failed', entityOf(made!), {
        tamper: (body) => body.replace('"refund.failed"', '"refund.failed" '),
      });
      expect(tampered.statusCode).toBe(400);
      expect(await listed(kept.paymentId)).toMatchObject({ status: 'refunded', refundId: made!.id });
    } finally {
      await sim.close();
    }
  });

  it('makes one refund of twenty clicks at once; the others are told why not', async () => {
    const kept = await keptPayment();
    const asked = vi.spyOn(t.app.paymentProvider, 'refund');
    const answers = await Promise.all(Array.from({ length: 20 }, () => refund(kept.paymentId)));
    expect(asked).toHaveBeenCalledTimes(1);
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    const refused = answers.filter((a) => a.statusCode !== 200);
    expect(refused).toHaveLength(19);
    for (const a of refused) {
      expect(a.statusCode).toBe(409);
      expect(['This payment is already being refunded', 'This payment was already refunded']).toContain(
        a.json().message,
      );
    }
    expect(await atGateway(kept.paymentId)).toHaveLength(1);
    expect(await refundMails(kept.shopper.email)).toHaveLength(1);
    expect((await timeline(kept)).filter((s) => s === 'refunded')).toHaveLength(1);
  });

  it('refunds nothing for shoppers or strangers, for unknown payments, or for payments the store did not keep', async () => {
    const kept = await keptPayment();
    const shopper = await registerCustomer(t.app);
    expect((await refund(kept.paymentId, null)).statusCode).toBe(401);
    expect((await refund(kept.paymentId, shopper.cookie)).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/payments/refunds', headers: { cookie: shopper.cookie } })).statusCode).toBe(
      403,
    );
    const unknown = await refund('pay_Unknown0000000001');
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, 'Payment not found']);
    expect((await refund('not-a-payment')).statusCode).toBe(400);

    const product = await insertProduct(t.database.db, { price: 60_000 });
    const order = (await placeOrder(t.app, shopper.cookie, orderBody([{ _id: product, qty: 1 }]))).json();
    const failure = {
      id: razorpayStyleId('pay'),
      order_id: order.razorpayOrder.id,
      amount: order.razorpayOrder.amount,
    };
    await webhook(t.app, 'payment.failed', { ...failure, error_description: 'Card declined' });
    const failed = await refund(failure.id);
    expect([failed.statusCode, failed.json().message]).toEqual([
      409,
      'This payment failed: no money was taken, so there is nothing to refund',
    ]);
    const proof = checkoutProof(order.razorpayOrder.id);
    expect((await verify(t.app, shopper.cookie, order._id, proof)).statusCode).toBe(200);
    const applied = await refund(proof.razorpayPaymentId);
    expect([applied.statusCode, applied.json().message]).toEqual([
      409,
      'This payment paid its order, so it is not kept for a refund',
    ]);
    expect(await atGateway(failure.id)).toEqual([]);
    expect(await atGateway(proof.razorpayPaymentId)).toEqual([]);
    expect(await listed(kept.paymentId)).toMatchObject({ status: 'refund_due' });
  });

  it('refunds money for an order the store does not know, with nobody to email', async () => {
    const stray = { id: razorpayStyleId('pay'), order_id: razorpayStyleId('order'), amount: 45_000 };
    await webhook(t.app, 'payment.captured', stray);
    expect(await listed(stray.id)).toMatchObject({ status: 'refund_due', orderId: null, amount: 450 });
    const res = await refund(stray.id);
    expect(res.json()).toMatchObject({ status: 'refunded', orderId: null });
    const refundId = res.json().refundId as string;
    const mails = await t.database.db.select({ payload: outbox.payload }).from(outbox);
    expect(mails.filter((m) => (m.payload.refund as { id?: string } | undefined)?.id === refundId)).toEqual([]);
  });

  it('gives the payment back to refund due with the reason when the gateway refuses, and the next attempt makes the refund', async () => {
    const kept = await keptPayment();
    vi.spyOn(t.app.paymentProvider, 'refund').mockRejectedValueOnce(
      new GatewayError('Razorpay refused: The refund could not be processed'),
    );
    const refused = await refund(kept.paymentId);
    expect([refused.statusCode, refused.json().message]).toEqual([
      502,
      'Razorpay refused: The refund could not be processed. The payment is still due a refund: try again in a moment.',
    ]);
    expect(await listed(kept.paymentId)).toMatchObject({
      status: 'refund_due',
      refundId: null,
      refundError: 'Razorpay refused: The refund could not be processed.',
    });
    expect(await refundMails(kept.shopper.email)).toEqual([]);
    expect(await timeline(kept)).toEqual(['placed', 'expired']);

    const retried = await refund(kept.paymentId);
    expect(retried.json()).toMatchObject({ status: 'refunded', refundError: null });
    expect(await atGateway(kept.paymentId)).toEqual([
      expect.objectContaining({ id: retried.json().refundId, receipt: `refund-${kept.paymentId}-2` }),
    ]);
    expect(await refundMails(kept.shopper.email)).toHaveLength(1);
  });

  it('makes no second refund when the gateway refunded but its answer was lost', async () => {
    const kept = await keptPayment();
    const gateway = t.app.paymentProvider;
    const make = gateway.refund.bind(gateway);
    vi.spyOn(gateway, 'refund').mockImplementationOnce(async (...args) => {
      await make(...args);
      throw new GatewayError('Razorpay did not answer in time');
    });
    const lost = await refund(kept.paymentId);
    expect([lost.statusCode, lost.json().message]).toEqual([
      502,
      'Razorpay did not answer in time. The payment is still due a refund: try again in a moment.',
    ]);
    const [made] = await atGateway(kept.paymentId);

    const retried = await refund(kept.paymentId);
    expect(retried.json()).toMatchObject({ status: 'refunded', refundId: made!.id });
    expect(await atGateway(kept.paymentId)).toHaveLength(1);
    await refundWebhook(t.app, 'refund.processed', entityOf(made!));
    expect(await refundMails(kept.shopper.email)).toHaveLength(1);
  });

  it("settles a refund whose answer was lost by the gateway's webhook alone", async () => {
    const kept = await keptPayment();
    const gateway = t.app.paymentProvider;
    const make = gateway.refund.bind(gateway);
    vi.spyOn(gateway, 'refund').mockImplementationOnce(async (...args) => {
      await make(...args);
      throw new GatewayError('Razorpay did not answer in time');
    });
    expect((await refund(kept.paymentId)).statusCode).toBe(502);
    const [made] = await atGateway(kept.paymentId);
    expect((await refundWebhook(t.app, 'refund.processed', entityOf(made!))).json()).toEqual({ status: 'processed' });
    expect(await listed(kept.paymentId)).toMatchObject({ status: 'refunded', refundId: made!.id, refundError: null });
    expect(await refundMails(kept.shopper.email)).toHaveLength(1);
    expect((await refund(kept.paymentId)).statusCode).toBe(409);
  });

  it('lets an admin retry a refund left claimed by a crash, which finds the refund the gateway made instead of making a second', async () => {
    const kept = await keptPayment();
    const claim = (minutesAgo: number) =>
      t.database.db
        .update(payments)
        .set({ outcome: 'refunding', refundAttempts: 1, refundRequestedAt: new Date(Date.now() - minutesAgo * 60_000) })
        .where(eq(payments.id, kept.paymentId));
    // The process claimed the payment, the gateway refunded, and the process died before it heard.
    await claim(1);
    const made = await t.app.paymentProvider.refund(kept.paymentId, kept.amount, refundReceipt(kept.paymentId, 1));
    expect(await listed(kept.paymentId)).toMatchObject({ status: 'refunding', refundRequestedAt: expect.any(String) });
    const early = await refund(kept.paymentId);
    expect([early.statusCode, early.json().message]).toEqual([409, 'This payment is already being refunded']);

    await claim(REFUND_STALE_AFTER_MS / 60_000 + 1);
    const retried = await refund(kept.paymentId);
    expect(retried.json()).toMatchObject({ status: 'refunded', refundId: made.id });
    expect(await atGateway(kept.paymentId)).toHaveLength(1);
    expect(await refundMails(kept.shopper.email)).toHaveLength(1);
  });

  it("gives the payment back to refund due when Razorpay reports its refund failed, before the answer or after it's recorded", async () => {
    const racing = await keptPayment();
    vi.spyOn(t.app.paymentProvider, 'refund').mockImplementationOnce(async (paymentId, amount, receipt) => {
      const failed = { id: razorpayStyleId('rfnd'), paymentId, amount, receipt };
      await refundWebhook(t.app, 'refund.failed', entityOf({ ...failed, status: 'failed' }));
      return { ...failed, status: 'pending' };
    });
    const res = await refund(racing.paymentId);
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toMatch(
      /^Razorpay could not complete refund rfnd_\w+\. The payment is still due a refund: try again in a moment\.$/,
    );
    expect(await listed(racing.paymentId)).toMatchObject({ status: 'refund_due', refundId: null });
    expect(await refundMails(racing.shopper.email)).toEqual([]);

    const later = await keptPayment();
    const done = (await refund(later.paymentId)).json();
    // A late failure of some other refund of this payment changes nothing.
    const other = { id: razorpayStyleId('rfnd'), payment_id: later.paymentId, amount: later.amount, receipt: null };
    await refundWebhook(t.app, 'refund.failed', other);
    expect(await listed(later.paymentId)).toMatchObject({ status: 'refunded', refundId: done.refundId });
    const [made] = await atGateway(later.paymentId);
    await refundWebhook(t.app, 'refund.failed', entityOf(made!));
    expect(await listed(later.paymentId)).toMatchObject({
      status: 'refund_due',
      refundId: null,
      refundError: `Razorpay could not complete refund ${done.refundId}.`,
    });
  });
});

describe('the Razorpay refund API as the store calls it', () => {
  const rzp = new RazorpayProvider('rzp_live_N8fX2kQ9pLm3Zt', 'Hq7Yw2RzVb9Kx4Lm8Ns1Pt6D');
  const answer = (status: number, body: unknown) =>
    vi.fn<typeof fetch>(async () => new Response(JSON.stringify(body), { status }));
  const refundEntity = {
    id: 'rfnd_FP8QHiV938haTz',
    entity: 'refund',
    amount: 129_900,
    currency: 'INR',
    payment_id: 'pay_29QQoUBi66xm2f',
    receipt: 'refund-pay_29QQoUBi66xm2f-1',
    status: 'processed',
    speed_requested: 'normal',
  };

  it('asks for a normal refund of the amount with the receipt as its idempotency key, with basic auth', async () => {
    const fetchMock = answer(200, refundEntity);
    vi.stubGlobal('fetch', fetchMock);
    expect(await rzp.refund('pay_29QQoUBi66xm2f', 129_900, 'refund-pay_29QQoUBi66xm2f-1')).toEqual({
      id: 'rfnd_FP8QHiV938haTz',
      paymentId: 'pay_29QQoUBi66xm2f',
      amount: 129_900,
      status: 'processed',
      receipt: 'refund-pay_29QQoUBi66xm2f-1',
    });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('https://api.razorpay.com/v1/payments/pay_29QQoUBi66xm2f/refund');
    expect(init.method).toBe('POST');
    expect(init.headers).toMatchObject({
      authorization: `Basic ${Buffer.from('rzp_live_N8fX2kQ9pLm3Zt:Hq7Yw2RzVb9Kx4Lm8Ns1Pt6D').toString('base64')}`,
      'content-type': 'application/json',
      'x-refund-idempotency': 'refund-pay_29QQoUBi66xm2f-1',
    });
    expect(JSON.parse(String(init.body))).toEqual({
      amount: 129_900,
      speed: 'normal',
      receipt: 'refund-pay_29QQoUBi66xm2f-1',
    });
  });

  it("lists a payment's refunds, and turns refusals and silence into words", async () => {
    const fetchMock = answer(200, { entity: 'collection', count: 1, items: [{ ...refundEntity, receipt: null }] });
    vi.stubGlobal('fetch', fetchMock);
    expect(await rzp.refundsOf('pay_29QQoUBi66xm2f')).toEqual([expect.objectContaining({ receipt: null })]);
    expect(fetchMock.mock.calls[0]![0]).toBe(
      'https://api.razorpay.com/v1/payments/pay_29QQoUBi66xm2f/refunds?count=100',
    );

    vi.stubGlobal(
      'fetch',
      answer(400, { error: { code: 'BAD_REQUEST_ERROR', description: 'The payment has been fully refunded already' } }),
    );
    await expect(rzp.refund('pay_29QQoUBi66xm2f', 129_900, 'r-0000000001')).rejects.toThrow(
      new GatewayError('Razorpay refused: The payment has been fully refunded already'),
    );
    vi.stubGlobal('fetch', answer(502, 'Bad Gateway'));
    await expect(rzp.refundsOf('pay_29QQoUBi66xm2f')).rejects.toThrow('Razorpay answered 502');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('fetch failed');
      }),
    );
    await expect(rzp.refund('pay_29QQoUBi66xm2f', 129_900, 'r-0000000001')).rejects.toThrow(
      'Razorpay could not be reached',
    );
  });
});
