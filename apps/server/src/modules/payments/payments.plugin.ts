import type { FastifyInstance } from 'fastify';
import { RazorpayProvider, SimulatedProvider, type PaymentProvider } from './provider.js';
import { ordersServiceFor } from '../orders/orders.service.js';
import { mailSiteOf } from '../outbox/outbox.service.js';
import { RefundsService } from './payments.refunds.js';
import { gatewayOrderState } from './payments.service.js';
import { runPeriodically } from '../../lib/periodic.js';
import { simulatedWebhooks } from './simulated-webhooks.js';

declare module 'fastify' {
  interface FastifyInstance {
    paymentProvider: PaymentProvider;
    /**
     * Refunds through the gateway, once each: an admin's refund of money kept, and the refund of a
     * cancelled order's payment, which the orders module is given this way because this module
     * depends on it and not the other way round.
     */
    refunds: RefundsService;
    /** Expires overdue unpaid orders now (the sweeper also does it on a timer). */
    expireOverdueOrders: () => Promise<number>;
  }
}

/**
 * The payment gateway, and the sweeper that gives back the stock of orders nobody paid for. Every
 * server process runs the sweeper; the conditional update inside makes each expiry happen once.
 */
export function registerPayments(app: FastifyInstance): void {
  const { payments } = app.config;
  const provider: PaymentProvider =
    payments.provider === 'razorpay'
      ? new RazorpayProvider(payments.keyId, payments.keySecret)
      : new SimulatedProvider(
          async (razorpayOrderId) => (await gatewayOrderState(app.database.db, razorpayOrderId))?.amount,
          simulatedWebhooks(app),
        );
  app.decorate('paymentProvider', provider);
  app.decorate(
    'refunds',
    new RefundsService(app.database.db, { provider, site: mailSiteOf(app.config.publicUrl), log: app.log }),
  );
  const orders = ordersServiceFor(app);
  app.decorate('expireOverdueOrders', () => orders.expireOverdue());

  const every = Math.min(30_000, Math.max(1_000, payments.payWithinMs / 4));
  runPeriodically(app, every, 'could not expire unpaid orders', async () => {
    const expired = await orders.expireOverdue();
    if (expired > 0) app.log.info({ expired }, 'expired unpaid orders and returned their stock');
  });
  // Only ALLOW_DEMO gets a production store this far with demo settings (loadConfig refuses them otherwise).
  if (app.config.nodeEnv === 'production' && app.config.demoSettings.length) {
    app.log.warn(
      { demoSettings: app.config.demoSettings },
      'ALLOW_DEMO=true: this is a DEMO store in production; it must not take real orders',
    );
  }
}
