import { financialYear, invoiceNumber } from '@store/domain';
import type { Tx } from '../../db/client.js';
import { takeNumber } from './invoices.repository.js';

export type { InvoiceDocument, InvoiceLine, InvoiceParty } from './invoice.document.js';
export { renderInvoicePdf } from './invoice.pdf.js';

/**
 * The next invoice number of the financial year `at` falls in, taken in the caller's transaction
 * (the payment's): numbers are consecutive within a year and never shared or skipped, since a
 * payment that rolls back gives its number back before anyone else can take the next one.
 */
export async function nextInvoiceNumber(tx: Tx, at: Date): Promise<string> {
  const year = financialYear(at);
  return invoiceNumber(year, await takeNumber(tx, year));
}
