import { creditNoteNumber, financialYear, invoiceNumber } from '@store/domain';
import type { Tx } from '../../db/client.js';
import { takeCreditNoteNumber, takeNumber } from './invoices.repository.js';

export type { InvoiceDocument, InvoiceLine, InvoiceParty } from './invoice.document.js';
import type { InvoiceDocument } from './invoice.document.js';

/**
 * pdfkit and fontkit hold about 50 MB once loaded: a store pays for them when it first issues an
 * invoice, not at every start (ADR 044).
 */
export async function renderInvoicePdf(doc: InvoiceDocument): Promise<Buffer> {
  const { renderInvoicePdf: render } = await import('./invoice.pdf.js');
  return render(doc);
}

/**
 * The next invoice number of the financial year `at` falls in, taken in the caller's transaction
 * (the payment's): numbers are consecutive within a year and never shared or skipped, since a
 * payment that rolls back gives its number back before anyone else can take the next one.
 */
export async function nextInvoiceNumber(tx: Tx, at: Date): Promise<string> {
  const year = financialYear(at);
  return invoiceNumber(year, await takeNumber(tx, year));
}

/**
 * The next credit note number of the financial year `at` falls in, taken in the caller's
 * transaction (the cancellation's), consecutive and without gaps like the invoices'.
 */
export async function nextCreditNoteNumber(tx: Tx, at: Date): Promise<string> {
  const year = financialYear(at);
  return creditNoteNumber(year, await takeCreditNoteNumber(tx, year));
}
