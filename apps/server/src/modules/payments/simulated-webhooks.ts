import type { FastifyInstance } from 'fastify';
import { razorpayStyleId, type Announce } from './provider.js';
import { hmacSha256Hex } from './signatures.js';

export const WEBHOOK_PATH = '/api/payments/razorpay/webhook';

/**
 * What the simulated gateway uses to tell the store of a payment or a refund: the webhook Razorpay
 * would send, signed with the webhook secret, delivered to this store after
 * `SIMULATED_WEBHOOK_DELAY_MS`. Deliveries still waiting when the store closes are dropped, as a
 * stopped store would miss Razorpay's.
 */
export function simulatedWebhooks(app: FastifyInstance): Announce {
  const { webhookSecret, simulatedWebhookDelayMs } = app.config.payments;
  const timers = new Set<NodeJS.Timeout>();
  app.addHook('onClose', async () => {
    for (const t of timers) clearTimeout(t);
  });
  return (event, payload) => {
    const body = JSON.stringify({ entity: 'event', event, contains: Object.keys(payload), payload });
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
        .catch((err: unknown) => app.log.error({ err, event }, 'simulated webhook failed'));
    }, simulatedWebhookDelayMs);
    timer.unref();
    timers.add(timer);
  };
}
