import { describe, expect, it } from 'vitest';
import { CATEGORIES } from './catalog.js';
import {
  DEFAULT_TAX_CLASS,
  DELIVERY_SAC,
  GST_RATES,
  allocateDiscount,
  isGstRate,
  isHsnCode,
  lineTax,
  mixedSupply,
  orderTax,
  type GstRate,
  type OrderTaxLine,
} from './gst.js';

describe('GST rates and HSN codes', () => {
  it.each([
    { n: 0, ok: true },
    { n: 3, ok: true },
    { n: 5, ok: true },
    { n: 12, ok: true },
    { n: 18, ok: true },
    { n: 28, ok: true },
    { n: 40, ok: true },
    { n: 1, ok: false },
    { n: 5.5, ok: false },
    { n: -5, ok: false },
    { n: '5', ok: false },
    { n: null, ok: false },
  ])('isGstRate($n) is $ok', ({ n, ok }) => {
    expect(isGstRate(n)).toBe(ok);
  });

  it.each([
    { s: '0603', ok: true },
    { s: '190590', ok: true },
    { s: '18063100', ok: true },
    { s: DELIVERY_SAC, ok: true },
    { s: '060', ok: false },
    { s: '06031', ok: false },
    { s: '0603100', ok: false },
    { s: '180631000', ok: false },
    { s: '06O3', ok: false },
    { s: ' 0603', ok: false },
    { s: '', ok: false },
  ])('isHsnCode($s) is $ok', ({ s, ok }) => {
    expect(isHsnCode(s)).toBe(ok);
  });
});

describe('mixed supply', () => {
  it.each([
    { case: 'one part', parts: [{ hsn: '0603', rate: 0 }], expected: { hsn: '0603', rate: 0 } },
    {
      case: 'the highest rate wins with its HSN',
      parts: [
        { hsn: '0603', rate: 0 },
        { hsn: '9503', rate: 18 },
        { hsn: '1905', rate: 5 },
      ],
      expected: { hsn: '9503', rate: 18 },
    },
    {
      case: 'the first part wins a tie',
      parts: [
        { hsn: '0603', rate: 0 },
        { hsn: '1905', rate: 5 },
        { hsn: '1806', rate: 5 },
      ],
      expected: { hsn: '1905', rate: 5 },
    },
  ] as const)('$case', ({ parts, expected }) => {
    expect(mixedSupply(parts)).toEqual(expected);
  });

  it('refuses an empty list', () => {
    expect(() => mixedSupply([])).toThrow(RangeError);
  });
});

describe('default tax classes', () => {
  it.each([
    { category: 'Flowers', expected: { hsn: '0603', rate: 0 } },
    { category: 'Cakes', expected: { hsn: '1905', rate: 5 } },
    { category: 'Chocolates', expected: { hsn: '1806', rate: 5 } },
    { category: 'Combos', expected: { hsn: '1905', rate: 5 } },
  ] as const)('$category: $expected.hsn at $expected.rate %', ({ category, expected }) => {
    expect(DEFAULT_TAX_CLASS[category]).toEqual(expected);
  });

  it('covers every category with a valid class', () => {
    for (const category of CATEGORIES) {
      const { hsn, rate } = DEFAULT_TAX_CLASS[category];
      expect(isHsnCode(hsn)).toBe(true);
      expect(isGstRate(rate)).toBe(true);
    }
  });
});

describe('tax of one GST-inclusive line', () => {
  it.each([
    { case: 'one paisa at 18 % carries no tax', amount: 1, rate: 18, taxable: 1, tax: 0 },
    { case: '₹1.05 at 5 % is exactly ₹1 + 5 paise', amount: 105, rate: 5, taxable: 100, tax: 5 },
    { case: '₹1 at 18 %', amount: 100, rate: 18, taxable: 85, tax: 15 },
    { case: '₹1.18 at 18 % is exact', amount: 118, rate: 18, taxable: 100, tax: 18 },
    { case: 'an exact half at 12 % rounds up', amount: 14, rate: 12, taxable: 13, tax: 1 },
    { case: 'an exact half at 28 % rounds up', amount: 16, rate: 28, taxable: 13, tax: 3 },
    { case: 'nothing at all', amount: 0, rate: 18, taxable: 0, tax: 0 },
    { case: '₹1 crore at 18 %', amount: 1_000_000_000, rate: 18, taxable: 847_457_627, tax: 152_542_373 },
    { case: 'a huge amount at 40 %', amount: 123_456_789_012, rate: 40, taxable: 88_183_420_723, tax: 35_273_368_289 },
    {
      case: 'the largest safe amount at 18 %',
      amount: Number.MAX_SAFE_INTEGER,
      rate: 18,
      taxable: 7_633_219_707_407_619,
      tax: 1_373_979_547_333_372,
    },
    { case: '₹1,299 at 0 %', amount: 129_900, rate: 0, taxable: 129_900, tax: 0 },
    { case: '₹1,299 at 3 %', amount: 129_900, rate: 3, taxable: 126_117, tax: 3_783 },
    { case: '₹1,299 at 5 %', amount: 129_900, rate: 5, taxable: 123_714, tax: 6_186 },
    { case: '₹1,299 at 12 %', amount: 129_900, rate: 12, taxable: 115_982, tax: 13_918 },
    { case: '₹1,299 at 18 %', amount: 129_900, rate: 18, taxable: 110_085, tax: 19_815 },
    { case: '₹1,299 at 28 %', amount: 129_900, rate: 28, taxable: 101_484, tax: 28_416 },
    { case: '₹1,299 at 40 %', amount: 129_900, rate: 40, taxable: 92_786, tax: 37_114 },
  ] as { case: string; amount: number; rate: GstRate; taxable: number; tax: number }[])(
    '$case',
    ({ amount, rate, taxable, tax }) => {
      const line = lineTax(amount, rate, false);
      expect(line).toEqual({ amount, taxable, rate, cgst: 0, sgst: 0, igst: tax, tax });
      expect(line.taxable + line.tax).toBe(amount);
    },
  );

  it.each([
    { case: 'even tax splits evenly', amount: 118, rate: 18, cgst: 9, sgst: 9 },
    { case: 'odd tax gives CGST the extra paisa', amount: 105, rate: 5, cgst: 3, sgst: 2 },
    { case: 'one paisa of tax goes to CGST', amount: 14, rate: 12, cgst: 1, sgst: 0 },
    { case: 'no tax', amount: 129_900, rate: 0, cgst: 0, sgst: 0 },
  ] as { case: string; amount: number; rate: GstRate; cgst: number; sgst: number }[])(
    'intra-state: $case',
    ({ amount, rate, cgst, sgst }) => {
      const line = lineTax(amount, rate, true);
      expect([line.cgst, line.sgst, line.igst]).toEqual([cgst, sgst, 0]);
      expect(line.cgst + line.sgst).toBe(line.tax);
    },
  );

  it('taxes the same amount the same either way, only split differently', () => {
    for (const rate of GST_RATES) {
      const intra = lineTax(99_999, rate, true);
      const inter = lineTax(99_999, rate, false);
      expect(intra.taxable).toBe(inter.taxable);
      expect(intra.cgst + intra.sgst).toBe(inter.igst);
    }
  });

  it.each([-1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1])('refuses %s paise', (amount) => {
    expect(() => lineTax(amount, 18, true)).toThrow(RangeError);
  });
});

describe('allocating a coupon over lines', () => {
  it.each([
    {
      case: '100 paise over three equal lines',
      amounts: [1000, 1000, 1000],
      eligible: [true, true, true],
      discount: 100,
      shares: [34, 33, 33],
    },
    {
      case: 'in proportion to the amounts',
      amounts: [30_000, 10_000, 60_000],
      eligible: [true, true, true],
      discount: 5_000,
      shares: [1_500, 500, 3_000],
    },
    {
      case: 'largest remainders first, ties to the earlier line',
      amounts: [100, 100, 101],
      eligible: [true, true, true],
      discount: 5,
      shares: [2, 1, 2],
    },
    {
      case: 'ineligible lines get nothing',
      amounts: [1000, 500, 500],
      eligible: [true, false, true],
      discount: 300,
      shares: [200, 0, 100],
    },
    {
      case: 'a share never exceeds its line',
      amounts: [1, 1000],
      eligible: [true, true],
      discount: 1000,
      shares: [1, 999],
    },
    {
      case: 'the whole eligible total',
      amounts: [1234, 999, 5],
      eligible: [true, false, true],
      discount: 1239,
      shares: [1234, 0, 5],
    },
    {
      case: 'no discount',
      amounts: [1000, 2000],
      eligible: [true, true],
      discount: 0,
      shares: [0, 0],
    },
    {
      case: 'no discount and nothing eligible',
      amounts: [1000],
      eligible: [false],
      discount: 0,
      shares: [0],
    },
    {
      case: 'no lines',
      amounts: [],
      eligible: [],
      discount: 0,
      shares: [],
    },
    {
      case: 'large amounts whose products pass 2^53',
      amounts: [4_000_000_000, 3_000_000_001, 2_999_999_999],
      eligible: [true, true, true],
      discount: 3_333_333_333,
      shares: [1_333_333_333, 1_000_000_000, 1_000_000_000],
    },
  ])('$case', ({ amounts, eligible, discount, shares }) => {
    const allocated = allocateDiscount(amounts, eligible, discount);
    expect(allocated).toEqual(shares);
    expect(allocated.reduce((sum, share) => sum + share, 0)).toBe(discount);
    allocated.forEach((share, i) => expect(share).toBeLessThanOrEqual(amounts[i]!));
  });

  it('always sums exactly and stays within each line', () => {
    const amounts = [1, 7, 13, 99, 100, 101, 4_999, 12_345];
    const eligible = amounts.map((_, i) => i % 3 !== 1);
    const eligibleTotal = amounts.reduce((sum, amount, i) => (eligible[i] ? sum + amount : sum), 0);
    for (let discount = 0; discount <= eligibleTotal; discount += 97) {
      const shares = allocateDiscount(amounts, eligible, discount);
      expect(shares.reduce((sum, share) => sum + share, 0)).toBe(discount);
      shares.forEach((share, i) => {
        expect(share).toBeGreaterThanOrEqual(0);
        expect(share).toBeLessThanOrEqual(eligible[i] ? amounts[i]! : 0);
      });
    }
  });

  it.each([
    { case: 'more than the eligible total', amounts: [1000, 500], eligible: [true, false], discount: 1001 },
    { case: 'anything when nothing is eligible', amounts: [1000], eligible: [false], discount: 1 },
    { case: 'a negative discount', amounts: [1000], eligible: [true], discount: -1 },
    { case: 'a fractional discount', amounts: [1000], eligible: [true], discount: 0.5 },
    { case: 'lists of different lengths', amounts: [1000, 500], eligible: [true], discount: 1 },
  ])('refuses $case', ({ amounts, eligible, discount }) => {
    expect(() => allocateDiscount(amounts, eligible, discount)).toThrow(RangeError);
  });
});

describe('tax of an order', () => {
  const lines: OrderTaxLine[] = [
    { amount: 129_900, rate: 5, couponEligible: true },
    { amount: 99_900, rate: 0, couponEligible: true },
    { amount: 50_000, rate: 3, couponEligible: false },
  ];

  it.each([
    {
      case: 'intra-state',
      intraState: true,
      split: [
        { cgst: 2959, sgst: 2958, igst: 0 },
        { cgst: 0, sgst: 0, igst: 0 },
        { cgst: 728, sgst: 728, igst: 0 },
      ],
      shippingSplit: { cgst: 834, sgst: 833, igst: 0 },
      totals: { cgst: 4521, sgst: 4519, igst: 0 },
    },
    {
      case: 'inter-state',
      intraState: false,
      split: [
        { cgst: 0, sgst: 0, igst: 5917 },
        { cgst: 0, sgst: 0, igst: 0 },
        { cgst: 0, sgst: 0, igst: 1456 },
      ],
      shippingSplit: { cgst: 0, sgst: 0, igst: 1667 },
      totals: { cgst: 0, sgst: 0, igst: 9040 },
    },
  ])('$case: the coupon is shared, each line taxed after it, shipping at the highest rate', (c) => {
    const tax = orderTax({ lines, shipping: 35_000, couponDiscount: 10_000, intraState: c.intraState });
    expect(tax.lines).toEqual([
      { amount: 124_247, discount: 5_653, taxable: 118_330, rate: 5, tax: 5_917, ...c.split[0] },
      { amount: 95_553, discount: 4_347, taxable: 95_553, rate: 0, tax: 0, ...c.split[1] },
      { amount: 50_000, discount: 0, taxable: 48_544, rate: 3, tax: 1_456, ...c.split[2] },
    ]);
    expect(tax.shipping).toEqual({ amount: 35_000, taxable: 33_333, rate: 5, tax: 1_667, ...c.shippingSplit });
    expect(tax).toMatchObject({ couponDiscount: 10_000, taxable: 295_760, tax: 9_040, total: 304_800, ...c.totals });
  });

  it.each([
    { case: 'one 18 % line among exempt ones', rates: [0, 18, 0], expected: 18 },
    { case: 'all exempt', rates: [0, 0], expected: 0 },
    { case: 'jewellery and a cake', rates: [3, 5], expected: 5 },
  ] as { case: string; rates: GstRate[]; expected: GstRate }[])(
    'shipping rate: $case → $expected %',
    ({ rates, expected }) => {
      const tax = orderTax({
        lines: rates.map((rate) => ({ amount: 10_000, rate, couponEligible: true })),
        shipping: 10_000,
        couponDiscount: 0,
        intraState: true,
      });
      expect(tax.shipping).toEqual(lineTax(10_000, expected, true));
    },
  );

  it('adds up the lines rather than taxing the totals again', () => {
    // Each 10 paise at 18 % carries 2 paise of tax; 70 paise taxed at once would carry only 11.
    const tax = orderTax({
      lines: Array.from({ length: 7 }, () => ({ amount: 10, rate: 18 as const, couponEligible: false })),
      shipping: 0,
      couponDiscount: 0,
      intraState: true,
    });
    expect(tax).toMatchObject({ taxable: 56, tax: 14, cgst: 7, sgst: 7, igst: 0, total: 70 });
  });

  it.each([
    { case: 'intra-state', intraState: true },
    { case: 'inter-state', intraState: false },
  ])('$case: totals are exactly the sums of the lines and shipping', ({ intraState }) => {
    const tax = orderTax({
      lines: [
        { amount: 33_333, rate: 18, couponEligible: true },
        { amount: 77_777, rate: 5, couponEligible: true },
        { amount: 1, rate: 40, couponEligible: false },
        { amount: 12_345, rate: 12, couponEligible: true },
      ],
      shipping: 20_001,
      couponDiscount: 9_999,
      intraState,
    });
    const all = [...tax.lines, tax.shipping];
    for (const key of ['taxable', 'cgst', 'sgst', 'igst', 'tax', 'amount'] as const) {
      const sum = all.reduce((total, line) => total + line[key], 0);
      expect(key === 'amount' ? tax.total : tax[key]).toBe(sum);
    }
    expect(tax.total).toBe(33_333 + 77_777 + 1 + 12_345 - 9_999 + 20_001);
    expect(tax.lines.reduce((sum, line) => sum + line.discount, 0)).toBe(9_999);
    expect(tax.taxable + tax.tax).toBe(tax.total);
    expect(tax.shipping.rate).toBe(40);
  });

  it.each([
    { case: 'nothing at all', shipping: 0 },
    { case: 'a fee without lines is taxed at 0 %', shipping: 10_000 },
  ])('no lines: $case', ({ shipping }) => {
    expect(orderTax({ lines: [], shipping, couponDiscount: 0, intraState: true })).toEqual({
      lines: [],
      shipping: lineTax(shipping, 0, true),
      couponDiscount: 0,
      taxable: shipping,
      cgst: 0,
      sgst: 0,
      igst: 0,
      tax: 0,
      total: shipping,
    });
  });

  it('refuses a coupon larger than the eligible lines', () => {
    expect(() => orderTax({ lines, shipping: 0, couponDiscount: 229_901, intraState: true })).toThrow(RangeError);
  });
});
