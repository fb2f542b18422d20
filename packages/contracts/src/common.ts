import { z } from 'zod';
import { normalizeIndianMobile, PHONE_MESSAGE } from '@store/domain';

/** Every error the API sends has this body, so a client can always show `message`. */
export const errorResponseSchema = z.object({
  message: z.string(),
  code: z.string(),
  details: z.unknown().optional(),
});

/** The refusals a route may answer, each with the one error body: `{ 200: x, ...errorResponses(400, 404) }`. */
export function errorResponses<Code extends number>(...codes: Code[]): Record<Code, typeof errorResponseSchema> {
  return Object.fromEntries(codes.map((code) => [code, errorResponseSchema])) as Record<
    Code,
    typeof errorResponseSchema
  >;
}
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const idSchema = z.uuid({ message: 'must be a valid id' });

export const idParamsSchema = z.object({ id: idSchema });

/**
 * Text from a client that goes near the database. PostgreSQL rejects NUL bytes in text, so they
 * are refused here as bad input rather than failing later as a server error.
 */
export const safeText = (params?: { message: string }) =>
  z.string(params).refine((v) => !v.includes('\u0000'), 'must not contain NUL characters');

const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);

/** An optional query value where an empty `?x=` means "not given", as browsers' forms send it. */
export function optionalQuery<T extends z.ZodType>(schema: T) {
  return z.preprocess(emptyToUndefined, schema.optional());
}

/**
 * A query parameter that may be repeated (`?color=Red&color=Pink`); it always arrives as a list.
 * Empty values are dropped.
 */
export function repeatableQuery(maxItems = 20, maxLength = 80) {
  return z.preprocess(
    (v) => {
      const list = v === undefined ? [] : Array.isArray(v) ? v : [v];
      return list.filter((item) => item !== '');
    },
    z
      .array(safeText().trim().max(maxLength, `values must be at most ${maxLength} characters`))
      .max(maxItems, `at most ${maxItems} values`),
  );
}

/**
 * The version an admin form was loaded at (ADR 065): every change of what the form holds adds
 * one, and a save carrying an older one is refused with 409 and the thing as it is now. `min` is 0
 * for things that may not exist yet (a slot type an area never offered).
 */
export const versionSchema = (min = 1) =>
  z
    .number({ message: 'version is required: the one the form was loaded at' })
    .int('version must be a whole number')
    .min(min, `version must be at least ${min}`)
    .describe('The version the form was loaded at, as the admin GET answered it');

/** An email address as accounts, sign-in and an order's contact take it. */
export const emailSchema = safeText()
  .trim()
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email({ message: 'Enter a valid email address' }));

/** An Indian mobile number in any of the ways people type one, kept as its ten digits. */
export const mobileSchema = (requiredMessage = 'Phone is required') =>
  z.string({ message: requiredMessage }).transform((v, ctx) => {
    const phone = normalizeIndianMobile(v);
    if (!phone) ctx.addIssue({ code: 'custom', message: PHONE_MESSAGE });
    return phone ?? '';
  });
