import { z } from 'zod';
import { optionalQuery } from './common.js';

/** Waiting to go (or being retried), accepted by the mail server, or given up on after a day of retries. */
export const OUTBOX_STATUSES = ['pending', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export const OUTBOX_PAGE_SIZE = 25;

/** `GET /api/outbox`: one status or all of them, a page at a time. */
export const outboxListQuerySchema = z.object({
  status: optionalQuery(z.enum(OUTBOX_STATUSES, { message: 'status must be pending, sent or failed' })),
  page: z.coerce
    .number({ message: 'page must be a whole number' })
    .int('page must be a whole number')
    .min(1, 'page must be at least 1')
    .max(100_000, 'page must be at most 100000')
    .default(1),
});
export type OutboxListQuery = z.output<typeof outboxListQuerySchema>;

export const outboxMessageSchema = z.object({
  _id: z.string(),
  kind: z.string().describe("Which template renders it: 'welcome', 'order_paid', …"),
  recipient: z.string(),
  subject: z
    .string()
    .nullable()
    .describe('As its template renders it now; null when it cannot be rendered (no template for its kind, say)'),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number().int().describe('Sends tried so far'),
  lastError: z.string().nullable().describe("The mail server's (or template's) refusal of the last try"),
  nextAttemptAt: z.iso.datetime().describe('When a pending message is tried next'),
  sentAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export const outboxListSchema = z.object({
  messages: z.array(outboxMessageSchema),
  page: z.number().int(),
  pages: z.number().int(),
  total: z.number().int().describe('Messages of the status asked for (all of them without one)'),
});
export type OutboxList = z.infer<typeof outboxListSchema>;

export const outboxIdParamsSchema = z.object({ id: z.uuid({ message: 'Not a message id' }) });
