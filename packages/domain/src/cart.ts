import type { Paise } from './money.js';

export const FREE_SHIPPING_THRESHOLD: Paise = 100_000;
export const STANDARD_SHIPPING: Paise = 10_000;
export const TAX_RATE = 0;

export interface PricedLine {
  /** Unit price before discount. */
  price: Paise;
  /** Unit discount price in force, 0 when none. */
  discountPrice: Paise;
  qty: number;
}

export interface CartTotals {
  itemsPrice: Paise;
  shippingPrice: Paise;
  taxPrice: Paise;
  totalPrice: Paise;
  /** Sum of qty × (price − discountPrice) over discounted lines: the savings banner. */
  savings: Paise;
  /**
   * How much more to spend for free shipping; 0 once (and only once) it is unlocked. Shipping is free
   * strictly above the threshold, so a cart of exactly ₹1000 is still one paisa away.
   */
  awayFromFreeShipping: Paise;
}

export function unitPrice(line: Pick<PricedLine, 'price' | 'discountPrice'>): Paise {
  return line.discountPrice > 0 ? line.discountPrice : line.price;
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
 */
export function cartTotals(lines: readonly PricedLine[], slotFee: Paise = 0): CartTotals {
  let itemsPrice = 0;
  let savings = 0;
  for (const line of lines) {
    itemsPrice += unitPrice(line) * line.qty;
    if (line.discountPrice > 0) savings += (line.price - line.discountPrice) * line.qty;
  }
  const shippingPrice = shippingFor(itemsPrice) + (itemsPrice > 0 ? slotFee : 0);
  const taxPrice = Math.round(itemsPrice * TAX_RATE);
  return {
    itemsPrice,
    shippingPrice,
    taxPrice,
    totalPrice: itemsPrice + shippingPrice + taxPrice,
    savings,
    awayFromFreeShipping: itemsPrice > FREE_SHIPPING_THRESHOLD ? 0 : Math.max(FREE_SHIPPING_THRESHOLD - itemsPrice, 1),
  };
}
