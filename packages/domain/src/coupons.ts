import { formatInr, type Paise } from './money.js';

export type CouponKind = 'percent' | 'flat';

export interface CouponRules {
  code: string;
  kind: CouponKind;
  /** percent: 1..100; flat: paise. */
  value: number;
  /** Cap for percent coupons (ignored for flat). */
  maxDiscount: Paise | null;
  /** 0 = none; compared with the whole cart's items total. */
  minOrderValue: Paise;
  validFrom: Date | null;
  /** Exclusive. */
  validTo: Date | null;
  totalUses: number | null;
  usesPerCustomer: number | null;
  firstOrderOnly: boolean;
  /** Empty: every category. */
  categories: readonly string[];
  active: boolean;
}

export interface CouponCartLine {
  category: string;
  /** qty × unit price, after the product's own discount. */
  amount: Paise;
}

export interface CouponUsage {
  usedTotal: number;
  usedByCustomer: number;
  customerHasOrders: boolean;
}

export type CouponRefusal =
  'invalid' | 'not_yet' | 'expired' | 'used_up' | 'used' | 'first_order' | 'not_applicable' | 'min_order';

export type CouponOutcome =
  | {
      ok: true;
      discount: Paise;
      /** Per cart line, same order. */
      eligible: boolean[];
    }
  | { ok: false; reason: CouponRefusal; message: string };

export const COUPON_MESSAGES = {
  invalid: 'Invalid coupon code',
  not_yet: 'This coupon is not valid yet',
  expired: 'This coupon has expired',
  used_up: 'This coupon has been used up',
  used: 'You have already used this coupon',
  first_order: 'This coupon is for your first order',
  not_applicable: 'This coupon does not apply to these items',
} as const satisfies Record<Exclude<CouponRefusal, 'min_order'>, string>;

const refuse = (reason: keyof typeof COUPON_MESSAGES): CouponOutcome => ({
  ok: false,
  reason,
  message: COUPON_MESSAGES[reason],
});

/**
 * Refusals come in a fixed order, from what no cart can change to what the shopper can fix by
 * adding items, so the message shown is the one that matters. An inactive coupon reads as an
 * unknown code, so that codes cannot be probed for ones switched off. The minimum order is checked
 * against the whole cart, but the discount is worked out on the eligible lines only.
 */
export function evaluateCoupon(
  rules: CouponRules,
  lines: readonly CouponCartLine[],
  usage: CouponUsage,
  now: Date,
): CouponOutcome {
  const at = now.getTime();
  if (!rules.active) return refuse('invalid');
  if (rules.validFrom && at < rules.validFrom.getTime()) return refuse('not_yet');
  if (rules.validTo && at >= rules.validTo.getTime()) return refuse('expired');
  if (rules.totalUses !== null && usage.usedTotal >= rules.totalUses) return refuse('used_up');
  if (rules.usesPerCustomer !== null && usage.usedByCustomer >= rules.usesPerCustomer) return refuse('used');
  if (rules.firstOrderOnly && usage.customerHasOrders) return refuse('first_order');

  const eligible = lines.map((line) => rules.categories.length === 0 || rules.categories.includes(line.category));
  if (!eligible.includes(true)) return refuse('not_applicable');

  const itemsTotal = lines.reduce((sum, line) => sum + line.amount, 0);
  if (itemsTotal < rules.minOrderValue) {
    return {
      ok: false,
      reason: 'min_order',
      message: `Add ${formatInr(rules.minOrderValue - itemsTotal)} more to use this coupon`,
    };
  }

  const eligibleTotal = lines.reduce((sum, line, i) => (eligible[i] ? sum + line.amount : sum), 0);
  let discount =
    rules.kind === 'percent' ? Math.floor((eligibleTotal * rules.value) / 100) : Math.min(rules.value, eligibleTotal);
  if (rules.kind === 'percent' && rules.maxDiscount !== null) discount = Math.min(discount, rules.maxDiscount);
  return { ok: true, discount: Math.max(0, Math.min(discount, eligibleTotal)), eligible };
}

export function normaliseCouponCode(s: string): string {
  return s.trim().toUpperCase();
}

const COUPON_CODE_PATTERN = /^[A-Z0-9_-]*$/;

export function couponCodeProblem(s: string): string | null {
  const code = normaliseCouponCode(s);
  if (code.length < 3 || code.length > 20) return 'A coupon code has 3 to 20 characters';
  if (!COUPON_CODE_PATTERN.test(code)) return "A coupon code uses only letters, digits, '-' and '_'";
  return null;
}
