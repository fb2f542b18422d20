import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema, paymentIdParamsSchema, paymentRefundSchema, type PaymentRefund } from '@store/contracts';
import { paiseToRupees } from '@store/domain';
import type { Tx } from '../../db/client.js';
import { adminOnly, signedInUser } from '../../lib/auth.js';
import { AppError } from '../../lib/app-error.js';
import { orderCountersOf, shopOf } from '../orders/orders.service.js';
import { applyPayment, firstDelivery, gatewayOrderState, recordFailedPayment } from './payments.service.js';
import { refundFailed, refundProcessed, type PaymentRow } from './payments.refunds.js';
import { simulatedWebhooks, WEBHOOK_PATH } from './simulated-webhooks.js';
import { razorpayStyleId } from './provider.js';
import { checkoutSignature, hmacSha256Hex, signatureMatches } from './signatures.js';

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: Buffer;
  }
}

const paymentEntity = z.object({
  id: z.string().min(1).max(100),
  order_id: z.string().min(1).max(100),
  amount: z.number().int().nonnegative(),
  error_description: z.string().nullish(),
});

const refundEntity = z.object({
  id: z.string().min(1).max(100),
  payment_id: z.string().min(1).max(100),
  amount: z.number().int().nonnegative(),
  receipt: z.string().max(100).nullish(),
});

const webhookSchema = z.object({
  event: z.string().max(100),
  payload: z
    .object({
      payment: z.object({ entity: paymentEntity }).optional(),
      refund: z.object({ entity: refundEntity }).optional(),
    })
    .passthrough(),
});

const PAYMENT_EVENTS = ['payment.captured', 'order.paid', 'payment.failed'];
const REFUND_EVENTS = ['refund.processed', 'refund.failed'];

/** A payment kept for refund as admins see it, in rupees. */
function toPaymentRefund(row: PaymentRow): PaymentRefund {
  return {
    paymentId: row.id,
    orderId: row.orderId,
    razorpayOrderId: row.razorpayOrderId,
    amount: row.amount === null ? null : paiseToRupees(row.amount),
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    status: row.outcome === 'refunding' || row.outcome === 'refunded' ? row.outcome : 'refund_due',
    refundRequestedAt: row.outcome === 'refunding' ? row.refundRequestedAt!.toISOString() : null,
    refundId: row.refundId,
    refundedAt: row.refundedAt?.toISOString() ?? null,
    refundError: row.refundError,
  };
}

const simulatedPaySchema = z.object({
  razorpayOrderId: z.string().regex(/^order_\w{1,40}$/, 'razorpayOrderId is not a Razorpay order id'),
  outcome: z.enum(['paid', 'failed']),
  method: z.enum(['upi', 'card']).default('upi'),
});

/**
 * Razorpay's server-to-server notices. They are what marks an order paid when the shopper closed
 * the browser before checkout could call verify, and what confirms a refund whose answer was
 * lost; a redelivered event changes nothing. Admins refund the money the store kept here too.
 */
export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { webhookSecret, keySecret, provider } = app.config.payments;
  const shop = shopOf(app);
  const counters = orderCountersOf(app.metrics);
  const { refunds } = app;

  // The signature covers the exact bytes Razorpay sent, so this route keeps them.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req, body, done) => {
    req.rawBody = body as Buffer;
    try {
      done(null, JSON.parse(body.toString('utf8')));
    } catch {
      done(new AppError('VALIDATION', 'The body is not valid JSON'), undefined);
    }
  });

  app.post(
    WEBHOOK_PATH,
    {
      schema: {
        tags: ['Payments'],
        summary: 'Razorpay webhook (payment.captured, order.paid, payment.failed, refund.processed, refund.failed)',
        response: {
          200: z.object({ status: z.enum(['processed', 'duplicate', 'ignored']) }),
          400: errorResponseSchema,
        },
      },
    },
    async (req) => {
      const signature = req.headers['x-razorpay-signature'];
      const raw = req.rawBody ?? Buffer.alloc(0);
      if (typeof signature !== 'string' || !/^[0-9a-f]{64}$/i.test(signature)) {
        throw new AppError('VALIDATION', 'Missing or malformed X-Razorpay-Signature');
      }
      if (!signatureMatches(hmacSha256Hex(webhookSecret, raw), signature)) {
        throw new AppError('VALIDATION', 'Invalid webhook signature');
      }
      const parsed = webhookSchema.safeParse(req.body);
      if (!parsed.success) throw new AppError('VALIDATION', 'Unexpected webhook body');
      const { event, payload } = parsed.data;
      let handle: ((tx: Tx) => Promise<void>) | undefined;
      let paid = false;
      const payment = payload.payment?.entity;
      const refund = payload.refund?.entity;
      if (PAYMENT_EVENTS.includes(event) && payment) {
        const incoming = { paymentId: payment.id, razorpayOrderId: payment.order_id, amount: payment.amount };
        handle = async (tx) => {
          if (event === 'payment.failed') {
            await recordFailedPayment(tx, incoming, payment.error_description ?? 'failed', shop.site);
            return;
          }
          const result = await applyPayment(tx, incoming, shop);
          paid = result.result === 'paid';
          if (result.result === 'refund_due' || result.result === 'rejected') {
            req.log.warn({ paymentId: payment.id, reason: result.reason }, 'payment needs a refund');
          }
        };
      } else if (REFUND_EVENTS.includes(event) && refund) {
        const reported = {
          id: refund.id,
          paymentId: refund.payment_id,
          amount: refund.amount,
          receipt: refund.receipt ?? null,
        };
        handle = (tx) =>
          event === 'refund.processed' ? refundProcessed(tx, reported, shop.site) : refundFailed(tx, reported);
      }
      if (!handle) return { status: 'ignored' as const };
      const header = req.headers['x-razorpay-event-id'];
      const eventId = typeof header === 'string' && header ? header : createHash('sha256').update(raw).digest('hex');
      const status = await app.database.db.transaction(async (tx) => {
        if (!(await firstDelivery(tx, eventId, event))) return 'duplicate' as const;
        await handle(tx);
        return 'processed' as const;
      });
      if (paid) counters.paid.inc();
      return { status };
    },
  );

  app.get(
    '/api/payments/refunds',
    {
      schema: {
        tags: ['Payments'],
        summary:
          'Payments kept for a refund, being refunded or refunded: those still to do first, newest first (admin)',
        response: {
          200: z.array(paymentRefundSchema),
          401: errorResponseSchema,
          403: errorResponseSchema,
        },
      },
      preHandler: adminOnly,
    },
    async () => (await refunds.list()).map(toPaymentRefund),
  );

  app.post(
    '/api/payments/:paymentId/refund',
    {
      schema: {
        tags: ['Payments'],
        summary:
          'Refund the whole of a payment kept for a refund to the customer, through the payment gateway, once (admin)',
        params: paymentIdParamsSchema,
        response: {
          200: paymentRefundSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema.describe(
            'Already refunded or being refunded, or not kept for a refund (it paid its order, or failed)',
          ),
          502: errorResponseSchema.describe('The gateway refused or did not answer: the payment is due a refund again'),
        },
      },
      preHandler: adminOnly,
    },
    async (req) => toPaymentRefund(await refunds.refund(signedInUser(req), req.params.paymentId)),
  );

  if (provider !== 'simulated') return;

  const sendWebhook = simulatedWebhooks(app);

  app.post(
    '/api/payments/simulated/pay',
    {
      schema: {
        tags: ['Payments'],
        summary: 'The simulated Razorpay Checkout: pay or fail an order (only when PAYMENT_PROVIDER=simulated)',
        body: simulatedPaySchema,
      },
    },
    async (req) => {
      const { razorpayOrderId, outcome, method } = req.body;
      const order = await gatewayOrderState(app.database.db, razorpayOrderId);
      if (!order) throw new AppError('NOT_FOUND', 'No such Razorpay order');
      if (order.paid) throw new AppError('CONFLICT', 'Order already paid');
      const paymentId = razorpayStyleId('pay');
      if (outcome === 'failed') {
        const error = {
          code: 'BAD_REQUEST_ERROR',
          description: 'Your payment could not be completed as the bank declined it (simulated).',
          source: 'bank',
          step: 'payment_authorization',
          reason: 'payment_failed',
          metadata: { order_id: razorpayOrderId, payment_id: paymentId },
        };
        sendWebhook('payment.failed', {
          payment: {
            entity: {
              id: paymentId,
              order_id: razorpayOrderId,
              amount: order.amount,
              status: 'failed',
              method,
              error_description: error.description,
            },
          },
        });
        return { error };
      }
      sendWebhook('payment.captured', {
        payment: {
          entity: {
            id: paymentId,
            order_id: razorpayOrderId,
            amount: order.amount,
            currency: 'INR',
            status: 'captured',
            method,
          },
        },
      });
      return {
        razorpay_payment_id: paymentId,
        razorpay_order_id: razorpayOrderId,
        razorpay_signature: checkoutSignature(keySecret, razorpayOrderId, paymentId),
      };
    },
  );
};
