import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema, refundDueSchema } from '@store/contracts';
import { paiseToRupees } from '@store/domain';
import { adminOnly } from '../../lib/auth.js';
import { AppError } from '../../lib/app-error.js';
import { shopOf } from '../orders/orders.service.js';
import { razorpayStyleId } from './provider.js';
import { applyPayment, firstDelivery, gatewayOrderState, recordFailedPayment, refundsDue } from './payments.service.js';
import { checkoutSignature, hmacSha256Hex, signatureMatches } from './signatures.js';

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: Buffer;
  }
}

export const WEBHOOK_PATH = '/api/payments/razorpay/webhook';

const paymentEntity = z.object({
  id: z.string().min(1).max(100),
  order_id: z.string().min(1).max(100),
  amount: z.number().int().nonnegative(),
  error_description: z.string().nullish(),
});

const webhookSchema = z.object({
  event: z.string().max(100),
  payload: z.object({ payment: z.object({ entity: paymentEntity }).optional() }).passthrough(),
});

const simulatedPaySchema = z.object({
  razorpayOrderId: z.string().regex(/^order_\w{1,40}$/, 'razorpayOrderId is not a Razorpay order id'),
  outcome: z.enum(['paid', 'failed']),
  method: z.enum(['upi', 'card']).default('upi'),
});

/**
 * Razorpay's server-to-server notices. They are what marks an order paid when the shopper closed
 * the browser before checkout could call verify; a redelivered event changes nothing.
 */
export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { webhookSecret, keySecret, provider, simulatedWebhookDelayMs } = app.config.payments;

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
        summary: 'Razorpay webhook (payment.captured, order.paid, payment.failed)',
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
      const entity = payload.payment?.entity;
      if (!entity || !['payment.captured', 'order.paid', 'payment.failed'].includes(event)) {
        return { status: 'ignored' as const };
      }
      const header = req.headers['x-razorpay-event-id'];
      const eventId = typeof header === 'string' && header ? header : createHash('sha256').update(raw).digest('hex');
      const incoming = { paymentId: entity.id, razorpayOrderId: entity.order_id, amount: entity.amount };
      const status = await app.database.db.transaction(async (tx) => {
        if (!(await firstDelivery(tx, eventId, event))) return 'duplicate' as const;
        if (event === 'payment.failed') {
          await recordFailedPayment(tx, incoming, entity.error_description ?? 'failed', shopOf(app.config).site);
        } else {
          const result = await applyPayment(tx, incoming, shopOf(app.config));
          if (result.result === 'refund_due' || result.result === 'rejected') {
            req.log.warn({ paymentId: entity.id, reason: result.reason }, 'payment needs a refund');
          }
        }
        return 'processed' as const;
      });
      return { status };
    },
  );

  app.get(
    '/api/payments/refunds',
    {
      schema: {
        tags: ['Payments'],
        summary: 'Payments due a refund, newest first (admin)',
        response: {
          200: z.array(refundDueSchema),
          401: errorResponseSchema,
          403: errorResponseSchema,
        },
      },
      preHandler: adminOnly,
    },
    async () => {
      const rows = await refundsDue(app.database.db);
      return rows.map((r) => ({
        paymentId: r.id,
        orderId: r.orderId,
        razorpayOrderId: r.razorpayOrderId,
        amount: r.amount === null ? null : paiseToRupees(r.amount),
        reason: r.reason,
        createdAt: r.createdAt.toISOString(),
      }));
    },
  );

  if (provider !== 'simulated') return;

  const timers = new Set<NodeJS.Timeout>();
  app.addHook('onClose', async () => {
    for (const t of timers) clearTimeout(t);
  });

  /** Delivers a signed webhook to this store, as Razorpay does a moment after a payment. */
  const sendWebhook = (event: string, entity: Record<string, unknown>) => {
    const body = JSON.stringify({ entity: 'event', event, contains: ['payment'], payload: { payment: { entity } } });
    const timer = setTimeout(() => {
      timers.delete(timer);
      app
        .inject({
          method: 'POST',
          url: WEBHOOK_PATH,
          headers: {
            'content-type': 'application/json',
            'x-razorpay-signature': hmacSha256Hex(webhookSecret, body),
            'x-razorpay-event-id': razorpayStyleId('evt'),
          },
          payload: body,
        })
        .catch((err: unknown) => app.log.error({ err }, 'simulated webhook failed'));
    }, simulatedWebhookDelayMs);
    timer.unref();
    timers.add(timer);
  };

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
          id: paymentId,
          order_id: razorpayOrderId,
          amount: order.amount,
          status: 'failed',
          method,
          error_description: error.description,
        });
        return { error };
      }
      sendWebhook('payment.captured', {
        id: paymentId,
        order_id: razorpayOrderId,
        amount: order.amount,
        currency: 'INR',
        status: 'captured',
        method,
      });
      return {
        razorpay_payment_id: paymentId,
        razorpay_order_id: razorpayOrderId,
        razorpay_signature: checkoutSignature(keySecret, razorpayOrderId, paymentId),
      };
    },
  );
};
