import type { Category } from './catalog.js';
import type { Paise } from './money.js';

export const GST_RATES = [0, 3, 5, 12, 18, 28, 40] as const;
export type GstRate = (typeof GST_RATES)[number];

export function isGstRate(n: unknown): n is GstRate {
  return typeof n === 'number' && (GST_RATES as readonly number[]).includes(n);
}

export interface TaxClass {
  hsn: string;
  rate: GstRate;
}

const HSN_PATTERN = /^(\d{4}|\d{6}|\d{8})$/;

/** HSN codes are 4, 6 or 8 digits. */
export function isHsnCode(s: string): boolean {
  return HSN_PATTERN.test(s);
}

/**
 * A mixed supply (a combo) is taxed at the highest rate of its parts, with that part's HSN (the
 * law's rule for parts sold together for one price); first wins on ties. Throws on an empty list.
 */
export function mixedSupply(parts: readonly TaxClass[]): TaxClass {
  const [first, ...rest] = parts;
  if (!first) throw new RangeError('A mixed supply needs at least one part');
  return rest.reduce((highest, part) => (part.rate > highest.rate ? part : highest), first);
}

const FLOWERS: TaxClass = { hsn: '0603', rate: 0 };
const CAKES: TaxClass = { hsn: '1905', rate: 5 };
const CHOCOLATES: TaxClass = { hsn: '1806', rate: 5 };

/**
 * The class a new product of a category starts with. Rates are those in force since GST 2.0
 * (22 September 2025, when cakes 1905 and chocolates 1806 moved from 18 % to 5 %); the store's
 * accountant confirms them, and admins can change any product's class, since a category does not
 * decide a product's HSN. A combo usually joins flowers with a cake or chocolates, so it starts
 * as that mixed supply.
 */
export const DEFAULT_TAX_CLASS: Record<Category, TaxClass> = {
  Flowers: FLOWERS,
  Cakes: CAKES,
  Chocolates: CHOCOLATES,
  Combos: mixedSupply([FLOWERS, CAKES, CHOCOLATES]),
};

export const HSN_CODE_REQUIRED = 'HSN code is required with a GST rate';
export const GST_RATE_REQUIRED = 'GST rate is required with an HSN code';

/** Delivery (and a slot's fee) is a courier service, so an invoice shows it under this SAC. */
export const DELIVERY_SAC = '9968';

/**
 * The unit quantity code (GSTN's UQC list) an invoice counts the store's goods in (rule 46(h)):
 * every line is so many pieces, 'NOS'. A weight or size is a variant of the piece, not the unit it
 * is sold by: two '1 kg' cakes are 2 NOS, not 2 KGS (nobody buys 1.5 of them), and the weight
 * stays in the line's description. Delivery is a service and has no UQC.
 */
export const GOODS_UQC = 'NOS';

export interface LineTax {
  amount: Paise;
  taxable: Paise;
  rate: GstRate;
  cgst: Paise;
  sgst: Paise;
  igst: Paise;
  tax: Paise;
}

function assertPaise(value: Paise, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${what} must be whole paise, not ${value}`);
}

/**
 * Prices are GST-inclusive, so the tax is carved out of the amount: the taxable value is rounded
 * half up to the paisa in BigInt (a float division drifts, and 200 × amount can pass 2^53) and the
 * tax is what remains, so taxable + tax is always the amount the shopper paid. An odd paisa of
 * intra-state tax goes to CGST.
 */
export function lineTax(amount: Paise, rate: GstRate, intraState: boolean): LineTax {
  assertPaise(amount, 'amount');
  const taxable = Number((200n * BigInt(amount) + BigInt(100 + rate)) / BigInt(2 * (100 + rate)));
  const tax = amount - taxable;
  const cgst = intraState ? Math.ceil(tax / 2) : 0;
  const sgst = intraState ? tax - cgst : 0;
  return { amount, taxable, rate, cgst, sgst, igst: intraState ? 0 : tax, tax };
}

export interface OrderTaxLine {
  amount: Paise;
  rate: GstRate;
  couponEligible: boolean;
}

export interface OrderTax {
  /** Same order as the input; `amount` is after the line's share of the coupon. */
  lines: (LineTax & { discount: Paise })[];
  /**
   * Delivery and slot fee. They are charged for supplying the goods, so they follow them, at the
   * highest rate among the lines (which never under-pays); 0 when there are no lines.
   */
  shipping: LineTax;
  couponDiscount: Paise;
  /** Sums over the lines and shipping, never recomputed from totals, so the invoice adds up. */
  taxable: Paise;
  cgst: Paise;
  sgst: Paise;
  igst: Paise;
  tax: Paise;
  /** Line amounts after the coupon plus shipping. */
  total: Paise;
}

/**
 * Spreads a coupon over the eligible lines in proportion to their amounts (largest remainder, ties
 * to the earlier line), so the shares add up to the discount exactly and the tax of each line can be
 * worked out on what was really paid for it. The products are computed in BigInt because a
 * discount times a line amount can pass 2^53.
 */
export function allocateDiscount(amounts: readonly Paise[], eligible: readonly boolean[], discount: Paise): Paise[] {
  if (amounts.length !== eligible.length) throw new RangeError('amounts and eligible must have the same length');
  amounts.forEach((amount) => assertPaise(amount, 'amount'));
  assertPaise(discount, 'discount');
  const eligibleTotal = amounts.reduce((sum, amount, i) => (eligible[i] ? sum + amount : sum), 0);
  if (discount > eligibleTotal) {
    throw new RangeError(`A discount of ${discount} exceeds the eligible total of ${eligibleTotal}`);
  }
  if (discount === 0) return amounts.map(() => 0);

  const total = BigInt(eligibleTotal);
  const exact = amounts.map((amount, i) => (eligible[i] ? BigInt(discount) * BigInt(amount) : 0n));
  const shares = exact.map((product) => Number(product / total));
  let left = discount - shares.reduce((sum, share) => sum + share, 0);
  const byRemainder = exact
    .map((product, i) => ({ i, remainder: product % total }))
    .filter(({ remainder }) => remainder > 0n)
    .sort((a, b) => (a.remainder === b.remainder ? a.i - b.i : a.remainder > b.remainder ? -1 : 1));
  for (const { i } of byRemainder) {
    if (left === 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}

export function orderTax(input: {
  lines: readonly OrderTaxLine[];
  shipping: Paise;
  couponDiscount: Paise;
  intraState: boolean;
}): OrderTax {
  const { lines, shipping, couponDiscount, intraState } = input;
  const shares = allocateDiscount(
    lines.map((line) => line.amount),
    lines.map((line) => line.couponEligible),
    couponDiscount,
  );
  const taxedLines = lines.map((line, i) => {
    const discount = shares[i]!;
    return { ...lineTax(line.amount - discount, line.rate, intraState), discount };
  });
  const shippingRate = lines.reduce<GstRate>((highest, line) => (line.rate > highest ? line.rate : highest), 0);
  const shippingTax = lineTax(shipping, shippingRate, intraState);

  const all = [...taxedLines, shippingTax];
  const sum = (pick: (line: LineTax) => Paise) => all.reduce((total, line) => total + pick(line), 0);
  return {
    lines: taxedLines,
    shipping: shippingTax,
    couponDiscount,
    taxable: sum((line) => line.taxable),
    cgst: sum((line) => line.cgst),
    sgst: sum((line) => line.sgst),
    igst: sum((line) => line.igst),
    tax: sum((line) => line.tax),
    total: sum((line) => line.amount),
  };
}
