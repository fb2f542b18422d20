import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponseSchema } from '@store/contracts';

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
        req.log.error({ err }, 'health check: database did not answer');
        return reply.code(503).send({ status: 'unavailable' as const });
      }
    },
  );
};
