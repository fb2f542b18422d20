import { describe, expect, it } from 'vitest';
import {
  COUPON_MESSAGES,
  couponCodeProblem,
  evaluateCoupon,
  normaliseCouponCode,
  type CouponCartLine,
  type CouponRules,
  type CouponUsage,
} from './coupons.js';

const NOW = new Date('2026-05-10T10:00:00Z');

const rules = (overrides: Partial<CouponRules> = {}): CouponRules => ({
  code: 'GIFT10',
  kind: 'percent',
  value: 10,
  maxDiscount: null,
  minOrderValue: 0,
  validFrom: null,
  validTo: null,
  totalUses: null,
  usesPerCustomer: null,
  firstOrderOnly: false,
  categories: [],
  active: true,
  ...overrides,
});

const usage = (overrides: Partial<CouponUsage> = {}): CouponUsage => ({
  usedTotal: 0,
  usedByCustomer: 0,
  customerHasOrders: false,
  ...overrides,
});

const cart: CouponCartLine[] = [
  { category: 'Flowers', amount: 89_900 },
  { category: 'Cakes', amount: 59_900 },
  { category: 'Chocolates', amount: 30_000 },
];

describe('coupon refusals', () => {
  it.each([
    { case: 'switched off', rules: { active: false }, reason: 'invalid' },
    { case: 'starts later', rules: { validFrom: new Date('2026-05-10T10:00:00.001Z') }, reason: 'not_yet' },
    { case: 'ended', rules: { validTo: new Date('2026-05-10T09:59:59.999Z') }, reason: 'expired' },
    { case: 'ends exactly now', rules: { validTo: NOW }, reason: 'expired' },
    { case: 'all uses taken', rules: { totalUses: 100 }, usage: { usedTotal: 100 }, reason: 'used_up' },
    { case: 'no uses at all', rules: { totalUses: 0 }, reason: 'used_up' },
    { case: 'used by this customer', rules: { usesPerCustomer: 1 }, usage: { usedByCustomer: 1 }, reason: 'used' },
    {
      case: 'not a first order',
      rules: { firstOrderOnly: true },
      usage: { customerHasOrders: true },
      reason: 'first_order',
    },
    { case: 'for other categories', rules: { categories: ['Combos'] }, reason: 'not_applicable' },
    { case: 'an empty cart', rules: {}, lines: [], reason: 'not_applicable' },
  ] as {
    case: string;
    rules: Partial<CouponRules>;
    usage?: Partial<CouponUsage>;
    lines?: CouponCartLine[];
    reason: keyof typeof COUPON_MESSAGES;
  }[])('$case: $reason', (c) => {
    expect(evaluateCoupon(rules(c.rules), c.lines ?? cart, usage(c.usage), NOW)).toEqual({
      ok: false,
      reason: c.reason,
      message: COUPON_MESSAGES[c.reason],
    });
  });

  it.each([
    { case: 'short by ₹250', minOrderValue: 204_800, message: 'Add ₹250 more to use this coupon' },
    { case: 'short by one paisa', minOrderValue: 179_801, message: 'Add ₹0.01 more to use this coupon' },
    { case: 'short by ₹1,000.25', minOrderValue: 279_825, message: 'Add ₹1,000.25 more to use this coupon' },
  ])('below the minimum order, $case', ({ minOrderValue, message }) => {
    expect(evaluateCoupon(rules({ minOrderValue }), cart, usage(), NOW)).toEqual({
      ok: false,
      reason: 'min_order',
      message,
    });
  });

  it('compares the minimum order with the whole cart, not the eligible lines', () => {
    const outcome = evaluateCoupon(rules({ minOrderValue: 179_800, categories: ['Cakes'] }), cart, usage(), NOW);
    expect(outcome).toEqual({ ok: true, discount: 5_990, eligible: [false, true, false] });
  });

  // Each row breaks every rule from its own onwards, so it shows the refusal that comes first.
  const broken: Partial<CouponRules> = {
    validFrom: new Date('2026-06-01T00:00:00Z'),
    validTo: new Date('2026-01-01T00:00:00Z'),
    totalUses: 1,
    usesPerCustomer: 1,
    firstOrderOnly: true,
    categories: ['Combos'],
    minOrderValue: 1_000_000,
  };
  it.each([
    { reason: 'invalid', fixed: {} },
    { reason: 'not_yet', fixed: { active: true } },
    { reason: 'expired', fixed: { active: true, validFrom: null } },
    { reason: 'used_up', fixed: { active: true, validFrom: null, validTo: null } },
    { reason: 'used', fixed: { active: true, validFrom: null, validTo: null, totalUses: null } },
    {
      reason: 'first_order',
      fixed: { active: true, validFrom: null, validTo: null, totalUses: null, usesPerCustomer: null },
    },
    {
      reason: 'not_applicable',
      fixed: {
        active: true,
        validFrom: null,
        validTo: null,
        totalUses: null,
        usesPerCustomer: null,
        firstOrderOnly: false,
      },
    },
    {
      reason: 'min_order',
      fixed: {
        active: true,
        validFrom: null,
        validTo: null,
        totalUses: null,
        usesPerCustomer: null,
        firstOrderOnly: false,
        categories: [],
      },
    },
  ] as { reason: string; fixed: Partial<CouponRules> }[])('precedence: $reason first', ({ reason, fixed }) => {
    const outcome = evaluateCoupon(
      rules({ ...broken, active: false, ...fixed }),
      cart,
      usage({ usedTotal: 1, usedByCustomer: 1, customerHasOrders: true }),
      NOW,
    );
    expect(outcome).toMatchObject({ ok: false, reason });
  });
});

describe('coupon discounts', () => {
  it.each([
    { case: '10 % of the cart', rules: { value: 10 }, discount: 17_980 },
    { case: '10 % under its cap', rules: { value: 10, maxDiscount: 20_000 }, discount: 17_980 },
    { case: '10 % capped at ₹150', rules: { value: 10, maxDiscount: 15_000 }, discount: 15_000 },
    { case: 'a percentage rounds down to the paisa', rules: { value: 7 }, discount: 12_586 },
    { case: '100 % is the whole eligible total', rules: { value: 100 }, discount: 179_800 },
    { case: 'a cap of 0 gives nothing', rules: { value: 10, maxDiscount: 0 }, discount: 0 },
    { case: 'flat ₹200', rules: { kind: 'flat', value: 20_000 }, discount: 20_000 },
    { case: 'flat ignores the cap', rules: { kind: 'flat', value: 20_000, maxDiscount: 5_000 }, discount: 20_000 },
    {
      case: 'flat above the eligible total gives the eligible total',
      rules: { kind: 'flat', value: 50_000, categories: ['Chocolates'] },
      discount: 30_000,
    },
    {
      case: 'percent on eligible categories only',
      rules: { value: 10, categories: ['Flowers', 'Chocolates'] },
      discount: 11_990,
    },
    { case: 'exactly the minimum order passes', rules: { value: 10, minOrderValue: 179_800 }, discount: 17_980 },
  ] as { case: string; rules: Partial<CouponRules>; discount: number }[])('$case', (c) => {
    const outcome = evaluateCoupon(rules(c.rules), cart, usage(), NOW);
    expect(outcome).toMatchObject({ ok: true, discount: c.discount });
  });

  it.each([
    { case: 'every category when none is named', categories: [], eligible: [true, true, true] },
    { case: 'one category', categories: ['Cakes'], eligible: [false, true, false] },
    { case: 'two categories', categories: ['Flowers', 'Chocolates'], eligible: [true, false, true] },
    { case: 'categories the cart partly has', categories: ['Combos', 'Cakes'], eligible: [false, true, false] },
  ])('eligible lines: $case', ({ categories, eligible }) => {
    expect(evaluateCoupon(rules({ categories }), cart, usage(), NOW)).toMatchObject({ ok: true, eligible });
  });

  it.each([
    { case: 'exactly at validFrom', validFrom: NOW, validTo: null },
    { case: 'a millisecond before validTo', validFrom: null, validTo: new Date(NOW.getTime() + 1) },
    { case: 'inside both', validFrom: new Date('2026-05-01T00:00:00Z'), validTo: new Date('2026-06-01T00:00:00Z') },
  ])('valid $case', ({ validFrom, validTo }) => {
    expect(evaluateCoupon(rules({ validFrom, validTo }), cart, usage(), NOW)).toMatchObject({ ok: true });
  });

  it.each([
    { case: 'one use left in all', rules: { totalUses: 100 }, usage: { usedTotal: 99 } },
    { case: 'one use left for the customer', rules: { usesPerCustomer: 2 }, usage: { usedByCustomer: 1 } },
    { case: 'a first order', rules: { firstOrderOnly: true }, usage: { customerHasOrders: false } },
    { case: 'a repeat customer without the first-order rule', rules: {}, usage: { customerHasOrders: true } },
  ] as { case: string; rules: Partial<CouponRules>; usage: Partial<CouponUsage> }[])('accepts $case', (c) => {
    expect(evaluateCoupon(rules(c.rules), cart, usage(c.usage), NOW)).toMatchObject({ ok: true });
  });
});

describe('coupon codes', () => {
  it.each([
    { input: 'gift10', output: 'GIFT10' },
    { input: '  Diwali-25 ', output: 'DIWALI-25' },
    { input: 'FIRST_ORDER', output: 'FIRST_ORDER' },
  ])('normalises $input to $output', ({ input, output }) => {
    expect(normaliseCouponCode(input)).toBe(output);
  });

  it.each([
    { code: 'ABC', problem: null },
    { code: ' abc ', problem: null },
    { code: 'A'.repeat(20), problem: null },
    { code: 'NEW-YEAR_2027', problem: null },
    { code: 'AB', problem: 'A coupon code has 3 to 20 characters' },
    { code: '  ab  ', problem: 'A coupon code has 3 to 20 characters' },
    { code: 'A'.repeat(21), problem: 'A coupon code has 3 to 20 characters' },
    { code: '', problem: 'A coupon code has 3 to 20 characters' },
    { code: 'GIFT 10', problem: "A coupon code uses only letters, digits, '-' and '_'" },
    { code: 'GIFT%10', problem: "A coupon code uses only letters, digits, '-' and '_'" },
    { code: 'DÉJÀ-VU', problem: "A coupon code uses only letters, digits, '-' and '_'" },
  ])('$code: $problem', ({ code, problem }) => {
    expect(couponCodeProblem(code)).toBe(problem);
  });
});
