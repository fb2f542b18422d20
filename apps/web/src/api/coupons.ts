import type { CouponQuote } from '@store/contracts';
import { COUPON_MESSAGES } from '@store/domain';
import { ApiError, apiFetch } from '../lib/api.js';

export type CouponItems = { _id: string; qty: number; variant?: { _id: string } }[];

/** A coupon's quote for one cart: the code and the products, variants and quantities it was asked for. */
export const couponKey = (code: string, items: CouponItems) => ['Coupon', code, items] as const;

/** Would this code apply to these items, and how much would it take off (rupees)? Works signed in or not. */
export function validateCoupon(
  couponCode: string,
  orderItems: CouponItems,
  signal?: AbortSignal,
): Promise<CouponQuote> {
  return apiFetch<CouponQuote>('/api/coupons/validate', { method: 'POST', body: { couponCode, orderItems }, signal });
}

const REFUSALS: readonly string[] = Object.values(COUPON_MESSAGES);
const MIN_ORDER = /^Add ₹[\d,.]+ more to use this coupon$/;

/** The server's 400 or 409 refusing a coupon (at validation or when an order is placed), as against any other error. */
export function isCouponRefusal(err: unknown): err is ApiError {
  return (
    err instanceof ApiError &&
    (err.status === 400 || err.status === 409) &&
    (REFUSALS.includes(err.message) || MIN_ORDER.test(err.message))
  );
}
