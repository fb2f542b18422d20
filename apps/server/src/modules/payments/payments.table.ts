import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { orders } from '../orders/orders.table.js';

export const PAYMENT_OUTCOMES = ['applied', 'failed', 'refund_due'] as const;
export type PaymentOutcome = (typeof PAYMENT_OUTCOMES)[number];

/**
 * Every payment the store has heard of, by the gateway's payment id: the one that paid an order
 * ('applied'), attempts that failed, and money that arrived for an order that could not take it
 * (expired, already paid, wrong amount: 'refund_due', for a person to refund).
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('payments_outcome', sql`${t.outcome} IN ('applied', 'failed', 'refund_due')`),
    index('payments_order').on(t.orderId),
  ],
);

/** Webhook deliveries already handled, by Razorpay's event id: a redelivery changes nothing. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  event: text('event').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
