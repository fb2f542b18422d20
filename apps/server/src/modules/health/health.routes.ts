import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponseSchema } from '@store/contracts';
import { isDatabaseUnreachable } from '../../db/errors.js';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['Health'],
        summary: 'Whether this server can reach its database',
        response: { 200: healthResponseSchema, 503: healthResponseSchema },
      },
      logLevel: 'warn',
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      try {
        await app.database.ping();
        return { status: 'ok' as const };
      } catch (err) {
        // An unreachable database is logged once, where it is noticed (db/client.ts), not at every probe.
        if (!isDatabaseUnreachable(err)) req.log.error({ err }, 'health check: database did not answer');
        return reply.code(503).send({ status: 'unavailable' as const });
      }
    },
  );
};
