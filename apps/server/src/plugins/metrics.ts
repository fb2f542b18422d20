import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, onResponseHookHandler, RouteOptions } from 'fastify';
import { AppError } from '../lib/app-error.js';
import { clusterMetrics, offerWorkerMetrics } from '../lib/cluster-metrics.js';
import { NO_METRICS, PrometheusMetrics, sharedReading, UNMATCHED_ROUTE, type Metrics } from '../lib/metrics.js';
import { isStoreWorker } from '../lib/workers.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where modules count their events and read their figures for GET /metrics (ADR 066). */
    metrics: Metrics;
  }
}

export const METRICS_PATH = '/metrics';

/** A scrape's database ping gives up after this: Prometheus then sees the database down. */
const PING_TIMEOUT_MS = 1_000;

/** Whether `authorization` is `Bearer <token>`, compared in constant time (digests of equal length). */
function bearerMatcher(token: string): (authorization: string | undefined) => boolean {
  const expected = createHash('sha256').update(token).digest();
  return (authorization) => {
    const given = /^Bearer[ ]+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
    return given !== undefined && timingSafeEqual(createHash('sha256').update(given).digest(), expected);
  };
}

/**
 * The route pattern a request is counted under. @fastify/static gives each file of the web build
 * a route of its own, naming the file in its config: those of one folder share `/folder/:file`,
 * so a deployment's new file names add no series.
 */
function routeLabel(route: RouteOptions): string {
  return route.config && 'file' in route.config ? route.url.replace(/[^/]*$/, ':file') : route.url;
}

/**
 * GET /metrics for Prometheus (ADR 066), behind METRICS_TOKEN: without it the address answers 404
 * as any unknown one does, nothing is counted and prom-client is never loaded. With it, every
 * request is counted by route pattern and status as its response goes (a route's own hook, so
 * nothing is looked up that the route did not know when it was registered), and each scrape reads
 * the database pool, pings the database and gathers what the modules registered on `app.metrics`.
 * Under several workers the answer covers all of them, combined by the primary.
 */
export async function registerMetrics(app: FastifyInstance): Promise<void> {
  const token = app.config.metricsToken;
  if (!token) {
    app.decorate('metrics', NO_METRICS);
    app.get(METRICS_PATH, { schema: { hide: true } }, async (_req, reply) => reply.callNotFound());
    return;
  }
  const metrics = await PrometheusMetrics.load();
  app.decorate('metrics', metrics);

  app.addHook('onRoute', (route) => {
    const record = metrics.http.route(routeLabel(route));
    const recorded: onResponseHookHandler = (req, reply, done) => {
      record(req.method, reply.statusCode, reply.elapsedTime);
      done();
    };
    route.onResponse = [route.onResponse ?? []].flat().concat(recorded);
  });
  // A request no route matched (or one a route handed to the not-found handler) runs the
  // not-found handler's hooks, not its route's.
  const unmatched = metrics.http.route(UNMATCHED_ROUTE);
  app.addHook('onResponse', (req, reply, done) => {
    if (req.is404) unmatched(req.method, reply.statusCode, reply.elapsedTime);
    done();
  });

  const pool = () => app.database.stats();
  metrics.reading({
    name: 'store_db_pool_connections',
    help: 'Open database connections (the embedded database: 1).',
    across: 'sum',
    read: () => pool().total,
  });
  metrics.reading({
    name: 'store_db_pool_idle_connections',
    help: 'Open database connections no request is using.',
    across: 'sum',
    read: () => pool().idle,
  });
  metrics.reading({
    name: 'store_db_pool_waiting_clients',
    help: 'Queries and transactions waiting for a free database connection.',
    across: 'sum',
    read: () => pool().waiting,
  });
  metrics.reading({
    name: 'store_db_pool_errors_total',
    help: 'Database connections that failed: refused, lost while idle, or none free within DATABASE_POOL_TIMEOUT_MS.',
    type: 'counter',
    across: 'sum',
    read: () => pool().errors,
  });
  const ping = sharedReading(() => app.database.ping().then(() => true), PING_TIMEOUT_MS);
  metrics.reading({
    name: 'store_db_up',
    help: `1 when the database answered a ping within ${PING_TIMEOUT_MS} ms at this scrape (every worker's), else 0.`,
    across: 'min',
    read: async () => ((await ping()) ? 1 : 0),
  });

  const authorized = bearerMatcher(token);
  const worker = isStoreWorker();
  if (worker) {
    const withdraw = offerWorkerMetrics(() => metrics.json());
    app.addHook('onClose', async () => withdraw());
  }

  app.get(METRICS_PATH, { schema: { hide: true }, logLevel: 'warn' }, async (req, reply) => {
    if (!authorized(req.headers.authorization)) {
      throw new AppError('UNAUTHORIZED', 'GET /metrics needs Authorization: Bearer <METRICS_TOKEN>', undefined, {
        'www-authenticate': 'Bearer realm="metrics"',
      });
    }
    let text: string;
    try {
      text = worker ? await clusterMetrics() : await metrics.text();
    } catch (err) {
      req.log.error({ err }, 'could not gather the metrics');
      throw new AppError('UNAVAILABLE', 'The metrics could not be gathered just now; try again.');
    }
    return reply.header('cache-control', 'no-store').type(metrics.contentType).send(text);
  });
}
