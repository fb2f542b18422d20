import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  outboxIdParamsSchema,
  outboxListQuerySchema,
  outboxListSchema,
  outboxMessageSchema,
} from '@store/contracts';
import { adminOnly, signedInUser } from '../../lib/auth.js';
import { OutboxAdmin } from './outbox.admin.js';
import { mailRenderer } from './outbox.templates.js';

const tags = ['Outbox'];
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = new OutboxAdmin(app.database.db, mailRenderer(app.config.mail.support));

  app.get(
    '/api/outbox',
    {
      schema: {
        tags,
        summary: "The store's email, newest first, 25 a page (admin)",
        description:
          'Pending messages wait for their next try; failed ones were given up on a day after they were ' +
          'written, with the last error kept. The subject is rendered from the payload as the sender would ' +
          'render it now, null when it cannot be. No message shows its secret (a reset link), which the ' +
          'outbox keeps only until the message is sent or given up on.',
        querystring: outboxListQuerySchema,
        response: { 200: outboxListSchema, ...errors },
      },
      preHandler: adminOnly,
    },
    async (req) => admin.list(req.query),
  );

  app.post(
    '/api/outbox/:id/retry',
    {
      schema: {
        tags,
        summary: 'Retry now: make a pending or failed message due at once and wake the sender (admin)',
        description:
          'Answers the message as it is now due; 409 for a message already sent, or given up on after its ' +
          'secret (a reset link) was removed.',
        params: outboxIdParamsSchema,
        response: { 200: outboxMessageSchema, ...errors },
      },
      preHandler: adminOnly,
    },
    async (req) => {
      const message = await admin.retry(signedInUser(req), req.params.id, new Date());
      // Not awaited: the admin gets the answer at once, and the list shows the result a moment later
      // instead of at the sender's next tick.
      void app.sendOutbox().catch((err: unknown) => req.log.error({ err }, 'could not send from the outbox'));
      return message;
    },
  );
};
