import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { CouponKind } from '@store/domain';
import { orders } from '../orders/orders.table.js';
import { users } from '../users/users.table.js';

/**
 * A coupon's rules, and `uses`: how many orders hold it now (placed and not expired). Money in
 * paise; a percent coupon's `value` is the percentage. Codes are stored upper-cased, so the unique
 * index makes them unique whatever case a shopper types.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    kind: text('kind').$type<CouponKind>().notNull(),
    value: integer('value').notNull(),
    maxDiscount: integer('max_discount'),
    minOrderValue: integer('min_order_value').notNull().default(0),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validTo: timestamp('valid_to', { withTimezone: true }),
    totalUses: integer('total_uses'),
    usesPerCustomer: integer('uses_per_customer'),
    firstOrderOnly: boolean('first_order_only').notNull().default(false),
    categories: text('categories')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    active: boolean('active').notNull().default(true),
    uses: integer('uses').notNull().default(0),
    /** One more with every admin save of the rules (ADR 065); the uses orders take leave it alone. */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coupons_code').on(t.code),
    check('coupons_code_upper', sql`${t.code} = upper(${t.code})`),
    check('coupons_kind', sql`${t.kind} IN ('percent', 'flat')`),
    check('coupons_value', sql`${t.value} > 0 AND (${t.kind} <> 'percent' OR ${t.value} <= 100)`),
    // The hold in an order's transaction is a conditional update; this is the last word on it.
    check('coupons_uses', sql`${t.uses} >= 0 AND (${t.totalUses} IS NULL OR ${t.uses} <= ${t.totalUses})`),
    check('coupons_window', sql`${t.validFrom} IS NULL OR ${t.validTo} IS NULL OR ${t.validFrom} < ${t.validTo}`),
  ],
);

/** Which order holds which coupon: made when the order is placed, removed when it expires unpaid. */
export const couponUses = pgTable(
  'coupon_uses',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('coupon_uses_coupon_user').on(t.couponId, t.userId)],
);
