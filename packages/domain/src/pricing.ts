import type { Paise } from './money.js';

export interface DiscountFields {
  price: Paise;
  discountPrice: Paise;
  discountStartDate: Date | null;
  discountEndDate: Date | null;
}

/**
 * A discount is in force when it is set (non-zero, below the price) and today lies in its window;
 * a missing start or end leaves that side open.
 */
export function isDiscountActive(p: DiscountFields, now: Date = new Date()): boolean {
  if (p.discountPrice <= 0 || p.discountPrice >= p.price) return false;
  if (p.discountStartDate && p.discountStartDate.getTime() > now.getTime()) return false;
  if (p.discountEndDate && p.discountEndDate.getTime() <= now.getTime()) return false;
  return true;
}

/** The discount price a shopper sees now, or 0 when none is in force (the spec's "0 means none"). */
export function activeDiscountPrice(p: DiscountFields, now: Date = new Date()): Paise {
  return isDiscountActive(p, now) ? p.discountPrice : 0;
}

/** What a shopper pays for one unit: the discount price when one is in force, else the price. */
export function effectivePrice(p: DiscountFields, now: Date = new Date()): Paise {
  return isDiscountActive(p, now) ? p.discountPrice : p.price;
}

/** Whole percent off, rounded to the nearest percent; 0 without a discount. */
export function discountPercent(price: Paise, discountPrice: Paise): number {
  if (discountPrice <= 0 || discountPrice >= price || price <= 0) return 0;
  return Math.round(((price - discountPrice) / price) * 100);
}

/**
 * A size's discount price while the product's discount is in force: the same share off the size's
 * own price, to the whole rupee, so the size a product page opens on costs what its card said
 * (ADR 038); 0 when no discount is in force.
 */
export function sizeDiscountPrice(product: DiscountFields, sizePrice: Paise, now: Date = new Date()): Paise {
  if (!isDiscountActive(product, now) || sizePrice <= 0) return 0;
  const discounted = Math.round((sizePrice * product.discountPrice) / product.price / 100) * 100;
  return discounted > 0 && discounted < sizePrice ? discounted : 0;
}
