import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RateLimit } from '../config.js';
import { RateLimiter, RedisCounterStore } from '../lib/rate-limiter.js';
import { isStoreWorker, workerCount } from '../lib/workers.js';

declare module 'fastify' {
  interface FastifyInstance {
    rateLimiter: RateLimiter;
  }
}

/**
 * Counters live in Redis when REDIS_URL is set, so every server process sees the same counts;
 * otherwise in this process's memory, which is right for a single server. While Redis cannot be
 * reached each process counts in its memory against its share of the limits (ADR 063).
 */
export async function registerRateLimits(app: FastifyInstance): Promise<void> {
  let limiter: RateLimiter;
  if (app.config.redisUrl) {
    // Each failed reconnect reports an error; the limiter warns once per outage, these are detail.
    const redis = new RedisCounterStore(app.config.redisUrl, app.config.redisKeyPrefix, (err) =>
      app.log.debug({ err }, 'Redis connection problem (rate-limit counters)'),
    );
    limiter = new RateLimiter(app.log, {
      shared: redis,
      clock: app.clock,
      // The store's own workers share the port round-robin, so each sees its share of the callers.
      processes: isStoreWorker() ? workerCount(app.config) : 1,
    });
    await limiter.connect();
  } else {
    limiter = new RateLimiter(app.log, { clock: app.clock });
  }
  app.decorate('rateLimiter', limiter);
  // Without Redis there is nothing to reach, and no such metric.
  if (limiter.status().backend === 'redis') {
    app.metrics.reading({
      name: 'store_redis_up',
      help: "1 when the rate-limit counters' Redis connection is ready (every worker's), else 0.",
      across: 'min',
      read: () => (limiter.status().redisReachable ? 1 : 0),
    });
  }
  app.addHook('onClose', () => limiter.close());
}

/** A pre-handler counting each request against a per-address limit, such as registrations per hour. */
export function limitPerAddress(app: FastifyInstance, bucket: string, limit: RateLimit | null, what: string) {
  return async (req: FastifyRequest) => {
    await app.rateLimiter.consume(`${bucket}:${req.ip}`, limit, what);
  };
}
