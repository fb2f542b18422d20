import { z } from 'zod';
import { couponCodeProblem, normaliseCouponCode } from '@store/domain';
import { idSchema } from './common.js';

/** What a cart asks for: products, variants and quantities only; the server prices them. */
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
