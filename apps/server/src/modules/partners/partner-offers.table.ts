import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { orders } from '../orders/orders.table.js';
import { partners } from './partners.table.js';

export const OFFER_STATUSES = ['offered', 'accepted', 'declined', 'expired', 'withdrawn'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

/**
 * Each time a paid order was put to a partner, and what came of it: accepted (the partner makes
 * it), declined with a reason, expired (not answered in time) or withdrawn (the order was
 * cancelled). The order's date and slot are copied here so that a partner's load in a slot is
 * counted from this table alone.
 */
export const partnerOffers = pgTable(
  'partner_offers',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    deliveryDate: date('delivery_date', { mode: 'string' }).notNull(),
    slotId: text('slot_id').notNull(),
    status: text('status').$type<OfferStatus>().notNull().default('offered'),
    offeredAt: timestamp('offered_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    reason: text('reason'),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.partnerId] }),
    check('partner_offers_status', sql`${t.status} IN ('offered', 'accepted', 'declined', 'expired', 'withdrawn')`),
    // One live offer per order: of two servers offering the same order at once, one insert fails.
    uniqueIndex('partner_offers_live')
      .on(t.orderId)
      .where(sql`${t.status} IN ('offered', 'accepted')`),
    // A partner's day and its load in a slot.
    index('partner_offers_partner_day').on(t.partnerId, t.deliveryDate, t.slotId),
    // The sweep for offers nobody answered.
    index('partner_offers_open')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'offered'`),
  ],
);
