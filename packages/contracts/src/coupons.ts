import { z } from 'zod';
import { CATEGORIES, type Category } from '@store/domain';
import { couponCodeSchema, orderItemsSchema } from './cart.js';
import { versionSchema } from './common.js';

const MAX_FLAT_RUPEES = 100_000;

const wholeRupees = (label: string, max: number) =>
  z
    .number({ message: `${label} must be a number` })
    .min(0, `${label} cannot be negative`)
    .max(max, `${label} must be at most ₹${max}`)
    .refine((v) => Math.round(v * 100) === v * 100, `${label} can have at most two decimals`);

const uses = (label: string) =>
  z
    .number({ message: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(1, `${label} must be at least 1`)
    .max(10_000_000)
    .nullable()
    .default(null);

/** IST calendar days: a coupon runs from the start of `validFrom` to the end of `validTo`. */
const istDay = (label: string) =>
  z.iso
    .date({ message: `${label} must be a date (YYYY-MM-DD)` })
    .nullable()
    .default(null);

/** An admin's coupon; money in rupees, a percent coupon's value in percent. */
export const couponInputSchema = z
  .object({
    code: couponCodeSchema,
    kind: z.enum(['percent', 'flat'], { message: "Kind must be 'percent' or 'flat'" }),
    value: z.number({ message: 'Value must be a number' }).positive('Value must be above 0'),
    maxDiscount: wholeRupees('Maximum discount', MAX_FLAT_RUPEES)
      .positive('Maximum discount must be above 0')
      .nullable()
      .default(null),
    minOrderValue: wholeRupees('Minimum order value', 1_000_000).default(0),
    validFrom: istDay('Valid from'),
    validTo: istDay('Valid to'),
    totalUses: uses('Total uses'),
    usesPerCustomer: uses('Uses per customer'),
    firstOrderOnly: z.boolean().default(false),
    categories: z
      .array(
        z
          .string()
          .refine(
            (c): c is Category => (CATEGORIES as readonly string[]).includes(c),
            "Not one of the store's categories",
          ),
      )
      .max(CATEGORIES.length)
      .default([])
      .transform((list) => [...new Set(list)]),
    active: z.boolean().default(true),
  })
  .superRefine((c, ctx) => {
    if (c.kind === 'percent' && (!Number.isInteger(c.value) || c.value > 100)) {
      ctx.addIssue({
        code: 'custom',
        path: ['value'],
        message: 'A percent coupon takes a whole percentage from 1 to 100',
      });
    }
    if (c.kind === 'flat' && (c.value > MAX_FLAT_RUPEES || Math.round(c.value * 100) !== c.value * 100)) {
      ctx.addIssue({
        code: 'custom',
        path: ['value'],
        message: `A flat coupon takes rupees up to ₹${MAX_FLAT_RUPEES}`,
      });
    }
    if (c.validFrom && c.validTo && c.validTo < c.validFrom) {
      ctx.addIssue({ code: 'custom', path: ['validTo'], message: 'Valid to must not be before valid from' });
    }
  });
export type CouponInput = z.infer<typeof couponInputSchema>;

/** A change of a coupon: every field, and the version the form was loaded at (ADR 065). */
export const couponUpdateSchema = couponInputSchema.safeExtend({ version: versionSchema() });
export type CouponUpdate = z.infer<typeof couponUpdateSchema>;

export const couponSchema = z.object({
  _id: z.string(),
  code: z.string(),
  kind: z.enum(['percent', 'flat']),
  value: z.number().describe('Percent, or rupees for a flat coupon'),
  maxDiscount: z.number().nullable().describe('Rupees'),
  minOrderValue: z.number().describe('Rupees'),
  validFrom: z.iso.date().nullable().describe('First IST day it can be used'),
  validTo: z.iso.date().nullable().describe('Last IST day it can be used'),
  totalUses: z.number().int().nullable(),
  usesPerCustomer: z.number().int().nullable(),
  firstOrderOnly: z.boolean(),
  categories: z.array(z.string()),
  active: z.boolean(),
  uses: z.number().int().describe('Orders holding it now: placed, paid or awaiting payment'),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  version: z
    .number()
    .int()
    .describe('Send it back with PUT: a save of an older version is refused (409) with the coupon as it is now'),
});
export type Coupon = z.infer<typeof couponSchema>;

export const couponIdParamsSchema = z.object({ id: z.uuid({ message: 'Not a coupon id' }) });

/** `POST /api/coupons/validate`: would this code apply to this cart, and how much would it take off. */
export const validateCouponSchema = z.object({
  couponCode: couponCodeSchema,
  orderItems: orderItemsSchema,
});

export const couponQuoteSchema = z.object({
  couponCode: z.string(),
  couponDiscount: z.number().describe('Rupees'),
  message: z.string(),
});
export type CouponQuote = z.infer<typeof couponQuoteSchema>;
