import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditListQuerySchema, auditPageSchema, errorResponseSchema } from '@store/contracts';
import { adminOnly } from '../../lib/auth.js';
import { auditPage } from './audit.service.js';

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/audit',
    {
      schema: {
        tags: ['Audit'],
        summary: 'The audit trail of admin writes, newest first, filtered and paged (admin)',
        description:
          '`actor` is an admin’s id; `entityType` and `entityId` name what was written; `from` and `to` ' +
          'are IST days, both included. Each row keeps only the fields the write changed.',
        querystring: auditListQuerySchema,
        response: {
          200: auditPageSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
        },
      },
      preHandler: adminOnly,
    },
    async (req) => auditPage(app.database.db, req.query),
  );
};
