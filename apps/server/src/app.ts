import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { registerCatalogCache } from './plugins/catalog-cache.js';
import { registerErrorHandling } from './plugins/error-handler.js';
import { registerLoadShedding } from './plugins/load-shedding.js';
import { registerMetrics } from './plugins/metrics.js';
import { registerSecurity } from './plugins/security.js';
import { registerImageStore } from './plugins/image-store.js';
import { registerApiCaching } from './plugins/http-caching.js';
import { registerPayments } from './modules/payments/payments.plugin.js';
import { registerPartners } from './modules/partners/partners.plugin.js';
import { partnersRoutes } from './modules/partners/partners.routes.js';
import { registerOutbox } from './modules/outbox/outbox.plugin.js';
import { registerRateLimits } from './plugins/rate-limits.js';
import { registerSessions } from './modules/users/users.sessions.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { wishlistRoutes } from './modules/users/wishlist.routes.js';
import { registerOpenApi } from './plugins/openapi.js';
import { registerStaticFiles } from './plugins/static-files.js';
import { catalogRoutes } from './modules/catalog/catalog.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { pincodesRoutes } from './modules/pincodes/pincodes.routes.js';
import { PinReaches } from './modules/delivery/reach.service.js';
import { productsRoutes } from './modules/products/products.routes.js';
import { createPageRenderer, seoRoutes } from './modules/seo/seo.routes.js';
import { ordersRoutes } from './modules/orders/orders.routes.js';
import { paymentsRoutes } from './modules/payments/payments.routes.js';
import { uploadsRoutes } from './modules/uploads/uploads.routes.js';
import { deliveryRoutes } from './modules/delivery/delivery.routes.js';
import { couponsRoutes } from './modules/coupons/coupons.routes.js';
import { checkoutRoutes } from './modules/checkout/checkout.routes.js';
import { giveBackHolds } from './modules/checkout/checkout.service.js';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.js';
import { outboxRoutes } from './modules/outbox/outbox.routes.js';
import type { MailTransport } from './modules/outbox/outbox.mailer.js';
import { registerVitalsSweep } from './modules/vitals/vitals.plugin.js';
import { vitalsRoutes } from './modules/vitals/vitals.routes.js';
import { auditRoutes } from './modules/audit/audit.routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    /** What delivery dates and cut-offs are decided by; tests set it, the store runs on real time. */
    clock: () => Date;
    /** What can reach each PIN code, kept for a while: listings and product pages ask it (ADR 077). */
    pinReaches: PinReaches;
  }
}

export interface AppOptions {
  clock?: () => Date;
  /** Where the outbox sends email instead of SMTP_URL's server (or files); tests record what goes. */
  mailTransport?: MailTransport;
  /**
   * False: the sweeps' and senders' timers never start (lib/periodic.ts). A test that runs them
   * itself, at the moment its case needs, is then not raced by the app's own run.
   */
  periodicTasks?: boolean;
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** Builds the whole API without listening, so tests drive it through app.inject. */
export async function buildApp(config: Config, database: Database, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    },
    // Reuse a proxy's request id when it looks like one, so one id follows a request end to end.
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    // A hop count trusts that many proxies in front of the server, nearest first.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    routerOptions: { maxParamLength: 200 },
    // A client that trickles its headers or body is cut off (408) instead of holding a socket and
    // a file handle for as long as it likes; Node checks every second rather than every 30 s.
    requestTimeout: config.requestTimeoutMs,
    http: {
      requestTimeout: config.requestTimeoutMs,
      headersTimeout: config.headersTimeoutMs,
      connectionsCheckingInterval: 1_000,
    },
    keepAliveTimeout: config.keepAliveTimeoutMs,
    // A connection on which nothing moves either way, such as a client that stopped reading its
    // response, is closed; long enough that no handler comes near it.
    connectionTimeout: Math.max(60_000, 2 * config.requestTimeoutMs),
  }).withTypeProvider<ZodTypeProvider>();

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('clock', options.clock ?? (() => new Date()));
  app.decorate('periodicTasks', options.periodicTasks ?? true);
  // Orders give back what checkout took when one ends unpaid or cancelled (ADR 070).
  app.decorate('orderHolds', giveBackHolds);
  app.decorate('pinReaches', new PinReaches(database.db));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
  // A request that changes something (an order, a payment, a review, an admin's save) waits for
  // a database connection ahead of the shoppers' browsing, from its session's look-up on.
  app.addHook('onRequest', (req, _reply, done) => {
    if (READS.has(req.method)) done();
    else database.aheadOfReads(done);
  });
  // First: modules register their metrics as they are set up, and every route gets counted.
  await registerMetrics(app);
  registerErrorHandling(app);
  registerSecurity(app);
  // Before the session look-up and everything else, so a request turned away costs next to nothing.
  registerLoadShedding(app);
  registerCatalogCache(app);
  await registerSessions(app);
  await registerRateLimits(app);
  registerPayments(app);
  registerPartners(app);
  registerOutbox(app, options.mailTransport);
  registerImageStore(app);
  registerVitalsSweep(app);

  registerApiCaching(app);
  await app.register(compress, { threshold: 1024 });
  await registerOpenApi(app);

  await app.register(healthRoutes);
  await app.register(catalogRoutes);
  await app.register(productsRoutes);
  await app.register(pincodesRoutes);
  await app.register(seoRoutes);
  await app.register(usersRoutes);
  await app.register(wishlistRoutes);
  await app.register(ordersRoutes);
  await app.register(checkoutRoutes);
  await app.register(deliveryRoutes);
  await app.register(couponsRoutes);
  await app.register(outboxRoutes);
  await app.register(paymentsRoutes);
  await app.register(uploadsRoutes);
  await app.register(vitalsRoutes);
  await app.register(auditRoutes);
  await app.register(partnersRoutes);
  await app.register(dashboardRoutes);

  mkdirSync(config.uploadsDir, { recursive: true });
  await registerStaticFiles(app, config.uploadsDir, config.webDistDir, createPageRenderer(app, config.webDistDir));
  return app;
}
