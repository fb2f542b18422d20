import type { Category } from './catalog.js';
import { DEFAULT_TAX_CLASS, isGstRate, isHsnCode, type TaxClass } from './gst.js';

/**
 * The GST class an order charges a product at: its own when an admin classified it, else its
 * category's default (a row from before classes existed, or one made outside the admin form).
 */
export function productTaxClass(product: { hsnCode: string; gstRate: number; category: string }): TaxClass {
  if (isHsnCode(product.hsnCode) && isGstRate(product.gstRate)) return { hsn: product.hsnCode, rate: product.gstRate };
  return DEFAULT_TAX_CLASS[product.category as Category] ?? { hsn: '', rate: 0 };
}
