import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const OUTBOX_STATUSES = ['pending', 'sent', 'failed'] as const;
/** How a message goes: an email, or a text message to an Indian mobile (issue 35). */
export const OUTBOX_CHANNELS = ['email', 'sms'] as const;
export type OutboxChannel = (typeof OUTBOX_CHANNELS)[number];
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/**
 * Messages to send, written in the same transaction as the event that causes them (ADR 029), so a
 * committed event always has its message and a rolled-back one never does. A sender claims due
 * rows by pushing `next_attempt_at` ahead (a lease), sends, and marks them sent; a process killed
 * in between leaves the lease to run out, and the message goes again with the same Message-ID.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What the message is ('welcome', 'order_paid', …): which template renders it. */
    kind: text('kind').notNull(),
    channel: text('channel').$type<OutboxChannel>().notNull().default('email'),
    /** An email address, or for a text message a mobile as +91 and ten digits. */
    recipient: text('recipient').notNull(),
    /** What the template needs, as the event knew it. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /**
     * What the template needs that must not outlive the sending (a password reset link): merged
     * into the payload when the message is rendered to be sent, never shown to admins, and
     * emptied to `{}` by the update that marks the message sent or given up on. Null when the
     * message never had any; `{}` says it had and can no longer be sent.
     */
    secret: jsonb('secret').$type<Record<string, unknown>>(),
    /** The Message-ID every attempt carries, so a resent message is recognisably the same one. */
    messageId: text('message_id').notNull(),
    status: text('status').$type<OutboxStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('outbox_message_id').on(t.messageId),
    index('outbox_due')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('outbox_created').on(t.createdAt.desc()),
    check('outbox_status', sql`${t.status} IN ('pending', 'sent', 'failed')`),
    check('outbox_channel', sql`${t.channel} IN ('email', 'sms')`),
  ],
);
