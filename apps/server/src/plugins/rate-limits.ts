import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RateLimit } from '../config.js';
import { MemoryCounterStore, RateLimiter, RedisCounterStore, type CounterStore } from '../lib/rate-limiter.js';

declare module 'fastify' {
  interface FastifyInstance {
    rateLimiter: RateLimiter;
  }
}

/**
 * Counters live in Redis when REDIS_URL is set, so every server process sees the same counts;
 * otherwise in this process's memory, which is right for a single server.
 */
export async function registerRateLimits(app: FastifyInstance): Promise<void> {
  let store: CounterStore;
  if (app.config.redisUrl) {
    const redis = new RedisCounterStore(app.config.redisUrl, app.config.redisKeyPrefix, (err) =>
      app.log.warn({ err }, 'Redis connection problem (rate-limit counters)'),
    );
    try {
      await redis.connect();
    } catch (err) {
      // The client keeps reconnecting; until it does, limits are not enforced (and say so).
      app.log.error({ err }, 'could not reach Redis for rate-limit counters');
    }
    store = redis;
  } else {
    store = new MemoryCounterStore();
  }
  const limiter = new RateLimiter(store, app.log);
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
