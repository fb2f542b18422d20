import { describe, expect, it } from 'vitest';
import { cartTotals, isIntraState, quoteOrder, type QuoteLine } from './checkout-quote.js';
import { COUPON_MESSAGES, type CouponRules, type CouponUsage } from './coupons.js';
import { orderTax } from './gst.js';

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

const fresh: CouponUsage = { usedTotal: 0, usedByCustomer: 0, customerHasOrders: false };

const cake: QuoteLine = { price: 60_000, discountPrice: 52_500, qty: 1, gstRate: 5, category: 'Cakes', stockLeft: 3 };
const roses: QuoteLine = { price: 40_000, discountPrice: 0, qty: 2, gstRate: 0, category: 'Flowers', stockLeft: 10 };

describe('quoteOrder', () => {
  it('prices the items, delivery with the slot fee, and the GST in each', () => {
    const q = quoteOrder({ lines: [cake, roses], slotFee: 20_000, now: NOW });
    expect(q).toMatchObject({
      itemsPrice: 52_500 + 80_000,
      shippingPrice: 20_000,
      couponDiscount: 0,
      totalPrice: 132_500 + 20_000,
      savings: 7_500,
      awayFromFreeShipping: 0,
      coupon: null,
      failures: [],
    });
    // Delivery follows the goods at their highest rate (5 %).
    expect(q.tax.shipping).toMatchObject({ amount: 20_000, rate: 5, tax: 952 });
    expect(q.tax.lines.map((l) => l.tax)).toEqual([2_500, 0]);
    expect(q.taxPrice).toBe(2_500 + 952);
    expect(q.itemsTax).toBe(2_500);
  });

  it('is the figures orderTax and cartTotals give, with no rule of its own', () => {
    const q = quoteOrder({ lines: [cake, roses], slotFee: 25_000, now: NOW });
    const tax = orderTax({
      lines: [
        { amount: 52_500, rate: 5, couponEligible: false },
        { amount: 80_000, rate: 0, couponEligible: false },
      ],
      shipping: 25_000,
      couponDiscount: 0,
      intraState: false,
    });
    expect(q.tax).toEqual(tax);
    expect(cartTotals([cake, roses], 25_000)).toEqual({
      itemsPrice: q.itemsPrice,
      shippingPrice: q.shippingPrice,
      couponDiscount: q.couponDiscount,
      taxPrice: q.taxPrice,
      totalPrice: q.totalPrice,
      savings: q.savings,
      awayFromFreeShipping: q.awayFromFreeShipping,
    });
  });

  describe('intra-state or inter-state', () => {
    it('splits the tax into CGST and SGST within the store state', () => {
      const q = quoteOrder({ lines: [cake], states: { store: '29', delivery: '29' }, now: NOW });
      expect(q.intraState).toBe(true);
      expect(q.tax.lines[0]).toMatchObject({ cgst: 1_250, sgst: 1_250, igst: 0 });
      expect(q.tax.shipping).toMatchObject({ amount: 10_000, cgst: 238, sgst: 238, igst: 0 });
    });

    it('charges IGST to another state, and when the states are not given', () => {
      for (const states of [{ store: '29', delivery: '33' }, null]) {
        const q = quoteOrder({ lines: [cake], states, now: NOW });
        expect(q.intraState).toBe(false);
        expect(q.tax.lines[0]).toMatchObject({ cgst: 0, sgst: 0, igst: 2_500 });
      }
    });

    it('includes the same tax either way', () => {
      const within = quoteOrder({ lines: [cake, roses], states: { store: '29', delivery: '29' }, now: NOW });
      const across = quoteOrder({ lines: [cake, roses], states: { store: '29', delivery: '07' }, now: NOW });
      expect(within.taxPrice).toBe(across.taxPrice);
    });

    it('is one decision', () => {
      expect(isIntraState('29', '29')).toBe(true);
      expect(isIntraState('29', '07')).toBe(false);
    });
  });

  describe('coupons', () => {
    it('shares a checked coupon over its eligible lines and taxes what is left of each', () => {
      const coupon = { rules: rules({ categories: ['Cakes'] }), usage: fresh };
      const q = quoteOrder({ lines: [cake, roses], coupon, now: NOW });
      expect(q.coupon).toEqual({ discount: 5_250, eligible: [true, false] });
      expect(q.couponDiscount).toBe(5_250);
      expect(q.tax.lines.map((l) => l.discount)).toEqual([5_250, 0]);
      expect(q.tax.lines[0]!.amount).toBe(52_500 - 5_250);
      expect(q.totalPrice).toBe(132_500 - 5_250);
      expect(q.failures).toEqual([]);
    });

    it('never costs delivery: free delivery is decided before the coupon', () => {
      const big: QuoteLine = { price: 100_100, discountPrice: 0, qty: 1, gstRate: 5, category: 'Cakes' };
      const q = quoteOrder({ lines: [big], coupon: { rules: rules(), usage: fresh }, now: NOW });
      expect(q.shippingPrice).toBe(0);
      expect(q.totalPrice).toBe(100_100 - 10_010);
    });

    it.each([
      { case: 'expired', coupon: rules({ validTo: new Date('2026-05-01T00:00:00Z') }), usage: fresh },
      { case: 'not yet valid', coupon: rules({ validFrom: new Date('2026-06-01T00:00:00Z') }), usage: fresh },
      { case: 'used up', coupon: rules({ totalUses: 5 }), usage: { ...fresh, usedTotal: 5 } },
      { case: 'used by this customer', coupon: rules({ usesPerCustomer: 1 }), usage: { ...fresh, usedByCustomer: 1 } },
      {
        case: 'first order only',
        coupon: rules({ firstOrderOnly: true }),
        usage: { ...fresh, customerHasOrders: true },
      },
      { case: 'for other categories', coupon: rules({ categories: ['Chocolates'] }), usage: fresh },
      { case: 'switched off', coupon: rules({ active: false }), usage: fresh },
    ])('reports a coupon that does not apply ($case) and prices without it', ({ coupon, usage }) => {
      const q = quoteOrder({ lines: [cake], coupon: { rules: coupon, usage }, now: NOW });
      expect(q.failures).toHaveLength(1);
      expect(q.failures[0]).toMatchObject({ kind: 'coupon' });
      expect(q.coupon).toBeNull();
      expect(q.couponDiscount).toBe(0);
      expect(q.totalPrice).toBe(52_500 + 10_000);
    });

    it('tells the reason and message evaluateCoupon gives', () => {
      const expired = quoteOrder({
        lines: [cake],
        coupon: { rules: rules({ validTo: new Date('2026-05-01T00:00:00Z') }), usage: fresh },
        now: NOW,
      });
      expect(expired.failures).toEqual([{ kind: 'coupon', reason: 'expired', message: COUPON_MESSAGES.expired }]);
      const short = quoteOrder({ lines: [cake], coupon: { rules: rules({ minOrderValue: 60_000 }), usage: fresh } });
      expect(short.failures).toEqual([
        { kind: 'coupon', reason: 'min_order', message: 'Add ₹75 more to use this coupon' },
      ]);
    });

    it('takes a discount the store answered as it is', () => {
      const q = quoteOrder({ lines: [cake, roses], coupon: { applied: { discount: 1_000, eligible: [true, true] } } });
      expect(q.couponDiscount).toBe(1_000);
      expect(q.tax.lines.map((l) => l.discount)).toEqual([396, 604]);
      expect(q.failures).toEqual([]);
    });

    it('takes an answered discount of nothing as no coupon', () => {
      const q = quoteOrder({ lines: [cake], coupon: { applied: { discount: 0, eligible: [true] } } });
      expect(q.coupon).toBeNull();
    });
  });

  describe('stock', () => {
    it('reports every line short of stock, with what is left, before the coupon', () => {
      const q = quoteOrder({
        lines: [{ ...cake, qty: 4 }, roses, { ...roses, qty: 11 }],
        coupon: { rules: rules({ active: false }), usage: fresh },
        now: NOW,
      });
      expect(q.failures).toEqual([
        { kind: 'out_of_stock', line: 0, left: 3 },
        { kind: 'out_of_stock', line: 2, left: 10 },
        { kind: 'coupon', reason: 'invalid', message: COUPON_MESSAGES.invalid },
      ]);
    });

    it('takes the last unit, and does not check a line whose stock it was not told', () => {
      const last = quoteOrder({ lines: [{ ...cake, qty: 3 }] });
      expect(last.failures).toEqual([]);
      const unknown = quoteOrder({ lines: [{ ...cake, qty: 99, stockLeft: undefined }] });
      expect(unknown.failures).toEqual([]);
    });
  });

  it('quotes an empty cart as nothing, delivery included', () => {
    const q = quoteOrder({ lines: [], slotFee: 20_000 });
    expect(q).toMatchObject({ itemsPrice: 0, shippingPrice: 0, taxPrice: 0, totalPrice: 0, failures: [] });
  });
});
