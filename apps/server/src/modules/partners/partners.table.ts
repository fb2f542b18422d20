import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { PartnerMake } from '@store/domain';
import { serviceAreas } from '../pincodes/pincodes.table.js';

/**
 * A kitchen, a florist or a courier desk that makes and hands over the store's orders in the
 * areas it serves (issue 36). Its people are accounts whose `partner_id` names it.
 */
export const partners = pgTable(
  'partners',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    makes: text('makes').array().$type<PartnerMake[]>().notNull(),
    /** Orders it takes in one slot of one date, across its areas. */
    capacityPerSlot: integer('capacity_per_slot').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Admins, the dashboard and the orders list tell partners apart by name.
    uniqueIndex('partners_name').on(sql`lower(${t.name})`),
    check('partners_capacity', sql`${t.capacityPerSlot} > 0`),
    check('partners_makes', sql`cardinality(${t.makes}) > 0 AND ${t.makes} <@ ARRAY['cakes', 'flowers', 'courier']`),
  ],
);

/** The service areas a partner delivers in; an area deleted drops out of every partner's list. */
export const partnerAreas = pgTable(
  'partner_areas',
  {
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    areaId: integer('area_id')
      .notNull()
      .references(() => serviceAreas.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.partnerId, t.areaId] }), index('partner_areas_area').on(t.areaId)],
);
