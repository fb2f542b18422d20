import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { creditNoteCounters, invoiceCounters } from './invoices.table.js';

/** The next number of the year's series, locked until the caller's transaction ends. */
export async function takeNumber(tx: Tx, financialYear: string): Promise<number> {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ financialYear, lastNumber: 1 })
    .onConflictDoUpdate({
      target: invoiceCounters.financialYear,
      set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` },
    })
    .returning({ n: invoiceCounters.lastNumber });
  return row!.n;
}

/** The next number of the year's credit note series, locked until the caller's transaction ends. */
export async function takeCreditNoteNumber(tx: Tx, financialYear: string): Promise<number> {
  const [row] = await tx
    .insert(creditNoteCounters)
    .values({ financialYear, lastNumber: 1 })
    .onConflictDoUpdate({
      target: creditNoteCounters.financialYear,
      set: { lastNumber: sql`${creditNoteCounters.lastNumber} + 1` },
    })
    .returning({ n: creditNoteCounters.lastNumber });
  return row!.n;
}
