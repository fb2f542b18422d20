import { integer, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * The last invoice number issued in each Indian financial year. Taken by an upsert in the
 * payment's transaction: the row stays locked until that commits, so concurrent payments queue for
 * it and a rolled-back payment gives its number back. Consecutive, without gaps (rule 46(b)).
 */
export const invoiceCounters = pgTable('invoice_counters', {
  financialYear: text('financial_year').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

/**
 * The last credit note number issued in each financial year: a series of its own (CGST Act s.34,
 * rule 53), taken like the invoices' in the transaction that cancels the order.
 */
export const creditNoteCounters = pgTable('credit_note_counters', {
  financialYear: text('financial_year').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});
