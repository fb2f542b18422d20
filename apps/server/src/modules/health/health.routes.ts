import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponseSchema, type HealthResponse } from '@store/contracts';
import { isDatabaseUnreachable } from '../../db/errors.js';

type RateLimitsDetail = NonNullable<HealthResponse['details']>['rateLimits'];

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Where the limits count: Redis being unreachable is reported, not a failure (ADR 063). */
  const rateLimits = (): RateLimitsDetail => {
    const { backend, redisReachable } = app.rateLimiter.status();
    return backend === 'memory' && redisReachable === false ? 'memory (Redis unreachable)' : backend;
  };

  app.get(
    '/api/health',
    {
      schema: {
        tags: ['Health'],
        summary: 'Whether this server can reach its database, and where it counts rate limits',
        response: { 200: healthResponseSchema, 503: healthResponseSchema },
      },
      logLevel: 'warn',
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      try {
        await app.database.ping();
        return { status: 'ok' as const, details: { database: 'up' as const, rateLimits: rateLimits() } };
      } catch (err) {
        // An unreachable database is logged once, where it is noticed (db/client.ts), not at every probe.
        if (!isDatabaseUnreachable(err)) req.log.error({ err }, 'health check: database did not answer');
        return reply
          .code(503)
          .send({ status: 'unavailable' as const, details: { database: 'down' as const, rateLimits: rateLimits() } });
      }
    },
  );
};
