import { sql } from 'drizzle-orm';
import { boolean, check, date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { SlotType } from '@store/domain';
import { serviceAreas } from '../pincodes/pincodes.table.js';

/**
 * The slot types a service area offers, each with its fee and places per slot per date. A slot
 * type withdrawn keeps its row, `offered` false, so its version goes on counting (ADR 065): a row
 * deleted and made again would start again at 1, and a form loaded before could save over it.
 */
export const areaSlotTypes = pgTable(
  'area_slot_types',
  {
    areaId: integer('area_id')
      .notNull()
      .references(() => serviceAreas.id, { onDelete: 'cascade' }),
    type: text('type').$type<SlotType>().notNull(),
    /** Paise. */
    fee: integer('fee').notNull(),
    capacity: integer('capacity').notNull(),
    offered: boolean('offered').notNull().default(true),
    /** One more with every admin save; 0 is what a form sends for a type the area never had. */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.areaId, t.type] }),
    check('area_slot_types_type', sql`${t.type} IN ('standard', 'fixed', 'midnight', 'early-morning')`),
    check('area_slot_types_fee', sql`${t.fee} >= 0`),
    check('area_slot_types_capacity', sql`${t.capacity} >= 0`),
  ],
);

/**
 * The places taken in one slot of one area on one date, a row made on the first booking. Orders
 * hold and release places with conditional updates of this row, so concurrent orders can never
 * take more than there is. `capacity` is an admin's figure for that date alone (null: the area's).
 */
export const slotPlaces = pgTable(
  'slot_places',
  {
    areaId: integer('area_id')
      .notNull()
      .references(() => serviceAreas.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    slotId: text('slot_id').notNull(),
    taken: integer('taken').notNull().default(0),
    capacity: integer('capacity'),
  },
  (t) => [
    primaryKey({ columns: [t.areaId, t.date, t.slotId] }),
    check('slot_places_taken', sql`${t.taken} >= 0`),
    check('slot_places_capacity', sql`${t.capacity} IS NULL OR ${t.capacity} >= 0`),
  ],
);
