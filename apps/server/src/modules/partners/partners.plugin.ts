import type { FastifyInstance } from 'fastify';
import { mailSiteOf } from '../outbox/outbox.service.js';
import { runPeriodically } from '../../lib/periodic.js';
import { PartnersService } from './partners.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    partners: PartnersService;
  }
}

/**
 * How often every server sweeps: a same-day offer lapses after 10 minutes, so the next partner
 * hears of it within a quarter of a minute more; a missed slot is marked within that too.
 */
export const PARTNER_SWEEP_MS = 15_000;

/** Partner fulfilment and its sweep; after the payments plugin, whose gateway refunds late slot fees. */
export function registerPartners(app: FastifyInstance): void {
  const service = new PartnersService(app.database.db, {
    site: mailSiteOf(app.config.publicUrl),
    provider: app.paymentProvider,
    log: app.log,
  });
  app.decorate('partners', service);
  runPeriodically(app, PARTNER_SWEEP_MS, 'could not sweep partner offers and late orders', () =>
    service.sweep(app.clock()),
  );
}
