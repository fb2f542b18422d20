import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { orders } from '../orders/orders.table.js';

export const PAYMENT_OUTCOMES = ['applied', 'failed', 'refund_due', 'refunding', 'refunded'] as const;
export type PaymentOutcome = (typeof PAYMENT_OUTCOMES)[number];

/**
 * Every payment the store has heard of, by the gateway's payment id: the one that paid an order
 * ('applied'), attempts that failed, and money that arrived for an order that could not take it
 * (expired, already paid, wrong amount: 'refund_due'). An admin's refund claims a due payment
 * ('refunding') before the gateway is asked, and the gateway's answer or its webhook settles it
 * ('refunded'), or gives it back to 'refund_due' with the reason (ADR 032).
 */
export const payments = pgTable(
  'payments',
  {
    id: text('id').primaryKey(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    razorpayOrderId: text('razorpay_order_id').notNull(),
    amount: integer('amount'),
    outcome: text('outcome').$type<PaymentOutcome>().notNull(),
    reason: text('reason').notNull().default(''),
    /**
     * Refund attempts begun: part of each attempt's receipt and idempotency key, so a retry of one
     * attempt can only find its refund again, while an attempt after a failed refund makes a new one.
     */
    refundAttempts: integer('refund_attempts').notNull().default(0),
    /** When the current attempt claimed the payment; a claim left behind by a crash goes stale. */
    refundRequestedAt: timestamp('refund_requested_at', { withTimezone: true }),
    /** The gateway's refund (rfnd_…), once it is confirmed. */
    refundId: text('refund_id'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** Why the last attempt did not refund, in words for the admin; cleared by the next attempt. */
    refundError: text('refund_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('payments_outcome', sql.raw(`outcome IN (${PAYMENT_OUTCOMES.map((o) => `'${o}'`).join(', ')})`)),
    check(
      'payments_refunded_has_refund',
      sql`${t.outcome} <> 'refunded' OR (${t.refundId} IS NOT NULL AND ${t.refundedAt} IS NOT NULL)`,
    ),
    check('payments_refunding_since', sql`${t.outcome} <> 'refunding' OR ${t.refundRequestedAt} IS NOT NULL`),
    index('payments_order').on(t.orderId),
    // The admins' refunds list reads only these, a few among all the payments.
    index('payments_refunds')
      .on(t.createdAt)
      .where(sql`${t.outcome} IN ('refund_due', 'refunding', 'refunded')`),
    // One refund settles one payment.
    uniqueIndex('payments_refund').on(t.refundId),
  ],
);

/** Webhook deliveries already handled, by Razorpay's event id: a redelivery changes nothing. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  event: text('event').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
