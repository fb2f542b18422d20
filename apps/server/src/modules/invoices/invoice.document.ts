import type { Paise } from '@store/domain';

/**
 * What a tax invoice prints, worked out in full before rendering (every amount is already
 * computed), so the renderer only lays out and never does GST arithmetic of its own.
 */

export interface InvoiceParty {
  name: string;
  addressLines: string[];
  state: string; // e.g. 'Karnataka'
  stateCode: string; // GST state code, e.g. '29'
  gstin: string | null; // null for an unregistered buyer
}

export interface InvoiceLine {
  description: string; // product name (and variant), or 'Delivery charges'
  hsn: string; // HSN, or SAC '9968' for delivery
  qty: number;
  unit: string | null; // the UQC goods are counted in, e.g. 'NOS'; null for a service (delivery)
  unitPrice: Paise; // GST-inclusive, after the product's own discount
  discount: Paise; // the coupon's share of this line
  taxable: Paise;
  rate: number; // GST % (0, 3, 5, 12, 18, 28, 40)
  cgst: Paise;
  sgst: Paise;
  igst: Paise;
  total: Paise; // taxable + tax = qty × unitPrice − discount
}

export interface InvoiceDocument {
  number: string; // e.g. 'INV/26-27/000001'
  issuedAt: Date; // shown as an IST date, e.g. '24 Nov 2026'
  orderNumber: string; // 'PW-000123', as the shopper quotes the order; the internal id means nothing to them
  supplier: InvoiceParty; // has a GSTIN
  demoSupplier: boolean; // true: print clearly 'Demo store: the supplier and GSTIN are made up; this is not a valid tax invoice.'
  recipient: InvoiceParty; // billed to: a registered buyer's name, address and GSTIN, or the account's name
  deliveryAddress: { name: string; addressLines: string[]; phone: string };
  placeOfSupply: { state: string; code: string };
  intraState: boolean; // true: CGST + SGST columns; false: IGST column
  reverseCharge: false;
  lines: InvoiceLine[];
  couponCode: string | null;
  totals: { taxable: Paise; cgst: Paise; sgst: Paise; igst: Paise; tax: Paise; discount: Paise; total: Paise };
  amountInWords: string; // e.g. 'Rupees One Thousand Two Hundred Ninety-Nine Only'
  /**
   * Present on a credit note (rule 53(1A)): the number and date above are the credit note's, the
   * lines and amounts those of the invoice it credits in full, which it names.
   */
  creditNote?: { invoiceNumber: string; invoicedAt: Date; reason: string };
}
