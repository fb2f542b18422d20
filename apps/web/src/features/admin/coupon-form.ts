import type { Coupon, CouponInput } from '@store/contracts';
import type { FieldSpec } from './stale-edit.js';
import { isCategory } from '@store/domain';
import { inr } from './admin-page.js';

/** Everything the coupon form holds. Numbers and dates stay strings as typed until sent. */
export interface CouponFormState {
  code: string;
  kind: 'percent' | 'flat';
  value: string;
  maxDiscount: string;
  minOrderValue: string;
  validFrom: string;
  validTo: string;
  totalUses: string;
  usesPerCustomer: string;
  firstOrderOnly: boolean;
  categories: string[];
  active: boolean;
}

/** The fields the server names in a refusal's `details`, in form order. */
export const COUPON_FIELDS = [
  'code',
  'kind',
  'value',
  'maxDiscount',
  'minOrderValue',
  'validFrom',
  'validTo',
  'totalUses',
  'usesPerCustomer',
  'firstOrderOnly',
  'categories',
  'active',
] as const;
export type CouponField = (typeof COUPON_FIELDS)[number];
export type CouponFormErrors = Partial<Record<CouponField, string>>;

/** The form's fields as a stale save's conflict view names them, in the form's order. */
export const COUPON_FIELD_SPECS: readonly FieldSpec<CouponFormState>[] = [
  { key: 'code', label: 'Code' },
  { key: 'kind', label: 'Kind', show: (v) => (v === 'flat' ? 'Flat amount off' : 'Percent off') },
  { key: 'value', label: 'Value' },
  { key: 'maxDiscount', label: 'Maximum discount (₹)' },
  { key: 'minOrderValue', label: 'Minimum order value (₹)' },
  { key: 'categories', label: 'Categories' },
  { key: 'firstOrderOnly', label: 'First order only' },
  { key: 'validFrom', label: 'Valid from (IST)' },
  { key: 'validTo', label: 'Valid to (IST, inclusive)' },
  { key: 'totalUses', label: 'Total uses' },
  { key: 'usesPerCustomer', label: 'Uses per customer' },
  { key: 'active', label: 'Active' },
];

/** Ids of the form's inputs, so a problem can focus the input it is about. */
export const couponFieldId = (field: CouponField) => `coupon-${field}`;

export function emptyCouponForm(): CouponFormState {
  return {
    code: '',
    kind: 'percent',
    value: '',
    maxDiscount: '',
    minOrderValue: '',
    validFrom: '',
    validTo: '',
    totalUses: '',
    usesPerCustomer: '',
    firstOrderOnly: false,
    categories: [],
    active: true,
  };
}

const numberText = (n: number | null) => (n === null ? '' : String(n));

/** The form filled from a coupon as stored. */
export function formFromCoupon(c: Coupon): CouponFormState {
  return {
    code: c.code,
    kind: c.kind,
    value: String(c.value),
    maxDiscount: numberText(c.maxDiscount),
    minOrderValue: c.minOrderValue > 0 ? String(c.minOrderValue) : '',
    validFrom: c.validFrom ?? '',
    validTo: c.validTo ?? '',
    totalUses: numberText(c.totalUses),
    usesPerCustomer: numberText(c.usesPerCustomer),
    firstOrderOnly: c.firstOrderOnly,
    categories: [...c.categories],
    active: c.active,
  };
}

/** Empty → null ('no limit'). */
const optionalNumber = (text: string) => (text.trim() === '' ? null : Number(text));

/**
 * The POST/PUT body from the form: empty limits are null (no limit), an empty minimum order is 0,
 * and a flat coupon has no maximum discount.
 */
export function couponPayload(f: CouponFormState): CouponInput {
  return {
    code: f.code.trim().toUpperCase(),
    kind: f.kind,
    value: Number(f.value),
    maxDiscount: f.kind === 'percent' ? optionalNumber(f.maxDiscount) : null,
    minOrderValue: optionalNumber(f.minOrderValue) ?? 0,
    validFrom: f.validFrom || null,
    validTo: f.validTo || null,
    totalUses: optionalNumber(f.totalUses),
    usesPerCustomer: optionalNumber(f.usesPerCustomer),
    firstOrderOnly: f.firstOrderOnly,
    categories: f.categories.filter(isCategory),
    active: f.active,
  };
}

const isNumber = (text: string) => text.trim() !== '' && Number.isFinite(Number(text));

/**
 * What the browser can tell before asking the server: a code and a value, and numbers that are
 * numbers. The server checks everything again (ranges, whole percentages, dates), with its own
 * messages, shown by the field they are about.
 */
export function validateCouponForm(f: CouponFormState): CouponFormErrors {
  const errors: CouponFormErrors = {};
  if (!f.code.trim()) errors.code = 'Code is required';
  if (!f.value.trim()) errors.value = 'Value is required';
  else if (!isNumber(f.value)) errors.value = 'Value must be a number';
  const optional: [CouponField, string, string][] = [
    ['maxDiscount', f.kind === 'percent' ? f.maxDiscount : '', 'Maximum discount'],
    ['minOrderValue', f.minOrderValue, 'Minimum order value'],
    ['totalUses', f.totalUses, 'Total uses'],
    ['usesPerCustomer', f.usesPerCustomer, 'Uses per customer'],
  ];
  for (const [field, text, label] of optional) {
    if (text.trim() && !isNumber(text)) errors[field] = `${label} must be a number`;
  }
  return errors;
}

/** '10 % up to ₹150', '10 %', '₹100 off'. */
export function discountText(c: Pick<Coupon, 'kind' | 'value' | 'maxDiscount'>): string {
  if (c.kind === 'flat') return `${inr(c.value)} off`;
  return c.maxDiscount === null ? `${c.value} %` : `${c.value} % up to ${inr(c.maxDiscount)}`;
}

/** '3 of 100', or '3' when there is no limit. */
export function usesText(c: Pick<Coupon, 'uses' | 'totalUses'>): string {
  return c.totalUses === null ? String(c.uses) : `${c.uses} of ${c.totalUses}`;
}

// 'YYYY-MM-DD' is an IST calendar day: read and shown as a date alone, never moved by a time zone.
const dayFormat = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
/** An IST day 'YYYY-MM-DD' → '1 Nov 2026'. */
export const dayText = (ymd: string) => dayFormat.format(new Date(`${ymd}T00:00:00Z`));

/** '1 Nov 2026 – 15 Nov 2026', 'from 1 Nov 2026', 'until 15 Nov 2026' or 'always'. */
export function validText(c: Pick<Coupon, 'validFrom' | 'validTo'>): string {
  if (c.validFrom && c.validTo) return `${dayText(c.validFrom)} – ${dayText(c.validTo)}`;
  if (c.validFrom) return `from ${dayText(c.validFrom)}`;
  if (c.validTo) return `until ${dayText(c.validTo)}`;
  return 'always';
}
