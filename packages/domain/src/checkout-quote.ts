import { evaluateCoupon, type CouponRefusal, type CouponRules, type CouponUsage } from './coupons.js';
import {
  FREE_SHIPPING_THRESHOLD,
  shippingFor,
  unitPrice,
  type CartCoupon,
  type CartTotals,
  type PricedLine,
} from './cart.js';
import { orderTax, type OrderTax } from './gst.js';
import type { Paise } from './money.js';

/** A line as it is quoted: its prices and GST rate, and what the coupon and stock checks need. */
export interface QuoteLine extends PricedLine {
  /** The product's category, which a coupon may be limited to; a line without one is never eligible for such a coupon. */
  category?: string;
  /** Units left to sell (the product's or the size's); not checked when not given (a browser's cart). */
  stockLeft?: number;
}

/**
 * The coupon as the quote takes it: its rules and its usage so far, which the quote checks and
 * prices; or, where only the store can check it (a browser), the discount the store answered.
 */
export type QuoteCoupon = { rules: CouponRules; usage: CouponUsage } | { applied: CartCoupon };

/** GST state codes ('29'): the store's, which supplies, and the delivery's, the place of supply. */
export interface QuoteStates {
  store: string;
  delivery: string;
}

export interface QuoteInput {
  lines: readonly QuoteLine[];
  /** The chosen delivery slot's fee, on top of the standard delivery rule; 0 when none is chosen yet. */
  slotFee?: Paise;
  coupon?: QuoteCoupon | null;
  /** Decides CGST + SGST or IGST; the tax included is the same either way, so a cart may leave it out (IGST). */
  states?: QuoteStates | null;
  /** When the coupon's validity is judged. */
  now?: Date;
}

/** What the quote found wrong, where it found it: every failure, in the order a shopper would fix them. */
export type QuoteFailure =
  { kind: 'out_of_stock'; line: number; left: number } | { kind: 'coupon'; reason: CouponRefusal; message: string };

/** The cart's figures (what the cart and the place-order page show), and what an order records. */
export interface OrderQuote extends CartTotals {
  /** The GST included in the items after the coupon, without delivery's: what a cart shows before a slot. */
  itemsTax: Paise;
  /** The coupon's discount and the lines it applies to, when it applies; null otherwise. */
  coupon: CartCoupon | null;
  /** Supplied within the store's own state: CGST + SGST rather than IGST. */
  intraState: boolean;
  /** Per line (same order): the coupon's share and the line's GST; and delivery's GST. */
  tax: OrderTax;
  failures: QuoteFailure[];
}

/**
 * The one decision between CGST + SGST and IGST: a supply within the store's state is intra-state.
 * Orders record it; an invoice of an order from before it was recorded decides it here too.
 */
export function isIntraState(storeStateCode: string, deliveryStateCode: string): boolean {
  return storeStateCode === deliveryStateCode;
}

/** The coupon's outcome on these lines: its discount, or the failure to report. */
function couponOutcome(
  input: QuoteCoupon | null | undefined,
  lines: readonly QuoteLine[],
  now: Date,
): { coupon: CartCoupon | null; failure: QuoteFailure | null } {
  if (!input) return { coupon: null, failure: null };
  if ('applied' in input) return { coupon: input.applied.discount > 0 ? input.applied : null, failure: null };
  const cartLines = lines.map((line) => ({ category: line.category ?? '', amount: unitPrice(line) * line.qty }));
  const outcome = evaluateCoupon(input.rules, cartLines, input.usage, now);
  if (!outcome.ok)
    return { coupon: null, failure: { kind: 'coupon', reason: outcome.reason, message: outcome.message } };
  return { coupon: { discount: outcome.discount, eligible: outcome.eligible }, failure: null };
}

/**
 * Prices an order, or a cart, in one place: the items (the discount in force, the options), delivery
 * (free strictly above ₹1000, a coupon never costing it) with the slot's fee, the coupon's discount
 * and the lines it is shared over, and the GST carved out of every line and of delivery. Pure: it
 * reads nothing and throws for nothing a shopper did, but reports each failure it finds (a line short
 * of stock, a coupon that does not apply) in `failures`; the figures are then those without the
 * coupon. Free delivery is decided on the items before a coupon.
 */
export function quoteOrder(input: QuoteInput): OrderQuote {
  const { lines, slotFee = 0, states = null, now = new Date() } = input;
  const failures: QuoteFailure[] = [];
  lines.forEach((line, i) => {
    if (line.stockLeft !== undefined && line.qty > line.stockLeft) {
      failures.push({ kind: 'out_of_stock', line: i, left: line.stockLeft });
    }
  });
  const { coupon, failure } = couponOutcome(input.coupon, lines, now);
  if (failure) failures.push(failure);

  let itemsPrice = 0;
  let savings = 0;
  for (const line of lines) {
    itemsPrice += unitPrice(line) * line.qty;
    if (line.discountPrice > 0) savings += (line.price - line.discountPrice) * line.qty;
  }
  const shippingPrice = shippingFor(itemsPrice) + (itemsPrice > 0 ? slotFee : 0);
  const couponDiscount = coupon?.discount ?? 0;
  const intraState = states ? isIntraState(states.store, states.delivery) : false;
  const tax = orderTax({
    lines: lines.map((line, i) => ({
      amount: unitPrice(line) * line.qty,
      rate: line.gstRate ?? 0,
      couponEligible: coupon?.eligible[i] ?? false,
    })),
    shipping: shippingPrice,
    couponDiscount,
    intraState,
  });
  return {
    itemsPrice,
    shippingPrice,
    couponDiscount,
    taxPrice: tax.tax,
    totalPrice: itemsPrice + shippingPrice - couponDiscount,
    savings,
    awayFromFreeShipping: itemsPrice > FREE_SHIPPING_THRESHOLD ? 0 : Math.max(FREE_SHIPPING_THRESHOLD - itemsPrice, 1),
    itemsTax: tax.tax - tax.shipping.tax,
    coupon,
    intraState,
    tax,
    failures,
  };
}

/**
 * The figures of a cart or an order, as `quoteOrder` works them out. `slotFee` is the chosen delivery
 * slot's fee (fixed time, midnight, early morning), charged on top of the standard delivery rule,
 * which it does not change. Free delivery is decided on the items before a coupon: a coupon never
 * costs a shopper delivery.
 */
export function cartTotals(
  lines: readonly PricedLine[],
  slotFee: Paise = 0,
  coupon: CartCoupon | null = null,
): CartTotals {
  const q = quoteOrder({ lines, slotFee, coupon: coupon && { applied: coupon } });
  return {
    itemsPrice: q.itemsPrice,
    shippingPrice: q.shippingPrice,
    couponDiscount: q.couponDiscount,
    taxPrice: q.taxPrice,
    totalPrice: q.totalPrice,
    savings: q.savings,
    awayFromFreeShipping: q.awayFromFreeShipping,
  };
}
