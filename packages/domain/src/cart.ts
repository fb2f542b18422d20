import type { GstRate } from './gst.js';
import type { Paise } from './money.js';

export const FREE_SHIPPING_THRESHOLD: Paise = 100_000;
export const STANDARD_SHIPPING: Paise = 10_000;

export interface PricedLine {
  /** Unit price before discount. */
  price: Paise;
  /** Unit discount price in force, 0 when none. */
  discountPrice: Paise;
  /** What the chosen options ('Eggless', a message on the cake) add to each unit; never discounted. */
  optionsPrice?: Paise;
  qty: number;
  /** The GST % included in the price; 0 when not known (a cart line from before GST). */
  gstRate?: GstRate;
}

/** A coupon's discount on a cart, with which lines it applies to (in the cart's order). */
export interface CartCoupon {
  discount: Paise;
  eligible: readonly boolean[];
}

export interface CartTotals {
  itemsPrice: Paise;
  shippingPrice: Paise;
  couponDiscount: Paise;
  /** The GST included in the total: prices are tax-inclusive, so it is part of it, not added to it. */
  taxPrice: Paise;
  /** itemsPrice + shippingPrice − couponDiscount. */
  totalPrice: Paise;
  /** Sum of qty × (price − discountPrice) over discounted lines: the savings banner. */
  savings: Paise;
  /**
   * How much more to spend for free shipping; 0 once (and only once) it is unlocked. Shipping is free
   * strictly above the threshold, so a cart of exactly ₹1000 is still one paisa away.
   */
  awayFromFreeShipping: Paise;
}

/**
 * What one unit costs: the discount price when one is in force, else the price, plus its options.
 * Every figure built from lines (totals, GST, a coupon's share, the gateway's amount, invoices and
 * emails) goes through this, so an option is charged, taxed and discounted like the product.
 */
export function unitPrice(line: Pick<PricedLine, 'price' | 'discountPrice' | 'optionsPrice'>): Paise {
  return (line.discountPrice > 0 ? line.discountPrice : line.price) + (line.optionsPrice ?? 0);
}

/**
 * Shipping is free when the items total is above ₹1000 (strictly, as the spec says), else ₹100.
 * An empty cart ships nothing, so it costs nothing.
 */
export function shippingFor(itemsPrice: Paise): Paise {
  if (itemsPrice <= 0) return 0;
  return itemsPrice > FREE_SHIPPING_THRESHOLD ? 0 : STANDARD_SHIPPING;
}
