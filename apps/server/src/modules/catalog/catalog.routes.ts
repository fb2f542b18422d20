import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { catalogResponseSchema } from '@store/contracts';
import { catalog } from './catalog.service.js';

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/catalog',
    {
      schema: {
        tags: ['Catalogue'],
        summary: 'Categories, palettes and other vocabularies for menus, filters and forms',
        response: { 200: catalogResponseSchema },
      },
    },
    async (_req, reply) => {
      // Changes only with a deployment; let browsers and proxies keep it for a while.
      reply.header('cache-control', 'public, max-age=300');
      return catalog;
    },
  );
};
