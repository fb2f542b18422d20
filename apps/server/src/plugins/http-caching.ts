import type { FastifyInstance } from 'fastify';

/**
 * API answers are asked again each time unless a route says how long its answer keeps (the
 * catalogue's vocabularies do): without a header a browser or proxy may keep one by heuristic.
 */
export function registerApiCaching(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-cache');
    return payload;
  });
}
