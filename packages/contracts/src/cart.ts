import { z } from 'zod';
import { couponCodeProblem, MAX_PRODUCT_OPTIONS, normaliseCouponCode } from '@store/domain';
import { idSchema, safeText } from './common.js';

/**
 * The options chosen for each unit of a line: a choice by its id alone, a text option with its
 * text. What they cost, and whether the text fits, is the server's to say from the product.
 */
export const chosenOptionsSchema = z
  .array(
    z.object({
      _id: idSchema,
      value: safeText({ message: 'value must be text' }).max(1000, 'value must be at most 1000 characters').optional(),
    }),
    { message: 'options must be a list' },
  )
  .max(MAX_PRODUCT_OPTIONS, `A line can have at most ${MAX_PRODUCT_OPTIONS} options`);

/** What a cart asks for: products, variants, options and quantities only; the server prices them. */
export const orderItemsSchema = z
  .array(
    z.object({
      _id: idSchema,
      qty: z
        .number({ message: 'qty must be a whole number' })
        .int('qty must be a whole number')
        .min(1, 'qty must be at least 1')
        .max(1000, 'qty must be at most 1000'),
      variant: z.object({ _id: idSchema }).optional(),
      options: chosenOptionsSchema.optional(),
    }),
    { message: 'orderItems must be a list' },
  )
  .min(1, 'Your cart is empty')
  .max(50, 'An order can have at most 50 lines');

/** A coupon code as a shopper types it: case does not matter, spaces around it neither. */
export const couponCodeSchema = z.string({ message: 'Enter a coupon code' }).transform((v, ctx) => {
  const code = normaliseCouponCode(v);
  const problem = couponCodeProblem(code);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
  return code;
});
