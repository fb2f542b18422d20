import { orderTax, type GstRate } from './gst.js';
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

/**
 * The figures of a cart or an order. `slotFee` is the chosen delivery slot's fee (fixed time,
 * midnight, early morning), charged on top of the standard delivery rule, which it does not change.
 * Free delivery is decided on the items before a coupon: a coupon never costs a shopper delivery.
 */
export function cartTotals(
  lines: readonly PricedLine[],
  slotFee: Paise = 0,
  coupon: CartCoupon | null = null,
): CartTotals {
  let itemsPrice = 0;
  let savings = 0;
  for (const line of lines) {
    itemsPrice += unitPrice(line) * line.qty;
    if (line.discountPrice > 0) savings += (line.price - line.discountPrice) * line.qty;
  }
  const shippingPrice = shippingFor(itemsPrice) + (itemsPrice > 0 ? slotFee : 0);
  const couponDiscount = coupon?.discount ?? 0;
  // Which state supplies and which receives only splits the tax between CGST, SGST and IGST; the
  // amount included is the same.
  const tax = orderTax({
    lines: lines.map((line, i) => ({
      amount: unitPrice(line) * line.qty,
      rate: line.gstRate ?? 0,
      couponEligible: coupon?.eligible[i] ?? false,
    })),
    shipping: shippingPrice,
    couponDiscount,
    intraState: false,
  });
  return {
    itemsPrice,
    shippingPrice,
    couponDiscount,
    taxPrice: tax.tax,
    totalPrice: itemsPrice + shippingPrice - couponDiscount,
    savings,
    awayFromFreeShipping: itemsPrice > FREE_SHIPPING_THRESHOLD ? 0 : Math.max(FREE_SHIPPING_THRESHOLD - itemsPrice, 1),
  };
}
