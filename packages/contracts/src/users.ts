import { z } from 'zod';
import { signInCodeOf } from '@store/domain';
import { RESET_LINK_INVALID } from './constants.js';
import { addressResponseSchema } from './address.js';
import { emailSchema, idSchema, mobileSchema, safeText, versionSchema } from './common.js';
import { shippingAddressSchema } from './orders.js';

const email = emailSchema;
const name = safeText().trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters');
/** Length and commonness are judged by the domain's password policy, with its own messages. */
const password = z.string({ message: 'Password is required' });

export const registerInputSchema = z.object({ name, email, password });
export type RegisterInput = z.infer<typeof registerInputSchema>;

export const loginInputSchema = z.object({ email, password });
export type LoginInput = z.infer<typeof loginInputSchema>;

/**
 * isAdmin is not a field here: a profile update can never change it. currentPassword proves the
 * change of email or password comes from the account's owner, not from a borrowed session; the
 * server decides when it is needed (a change of name alone does not need it).
 */
export const profileUpdateSchema = z.object({
  name: name.optional(),
  email: email.optional(),
  password: password.optional(),
  currentPassword: z.string({ message: 'Current password must be text' }).optional(),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export const userResponseSchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  email: z.string(),
  isAdmin: z.boolean(),
  isPartner: z.boolean().describe("One of a partner kitchen's, florist's or courier desk's people (/partner)"),
  pincode: z.string(),
  phone: z.string().nullable().describe('The mobile given at the last checkout, offered at the next'),
});
export type UserResponse = z.infer<typeof userResponseSchema>;

export const messageResponseSchema = z.object({ message: z.string() });

export const forgotPasswordInputSchema = z.object({ email });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordInputSchema>;

/**
 * The token from the emailed link and the new password. A refusal of the token names the field
 * `token` in `details`, so a form can offer to ask for a new link.
 */
export const resetPasswordInputSchema = z.object({
  token: z.string({ message: RESET_LINK_INVALID }).max(512, RESET_LINK_INVALID),
  password,
});
export type ResetPasswordInput = z.infer<typeof resetPasswordInputSchema>;

/** The ID token Google Identity Services hands the page after the shopper picks an account. */
export const googleCallbackSchema = z.object({
  credential: z.string({ message: 'credential is required' }).min(1, 'credential is required').max(4096),
});

/** Settings the web app needs at start; null means the feature is off on this store. */
export const clientConfigSchema = z.object({
  googleClientId: z.string().nullable(),
  /** Which checkout the web app opens: Razorpay's, or the store's simulated stand-in. */
  payments: z.object({ provider: z.enum(['razorpay', 'simulated']), keyId: z.string() }),
  /** A demo store (simulated payments, demo keys or demo accounts): every page says so. */
  demo: z.boolean(),
  /** The share of page views that report their Core Web Vitals, 0 to 1 (ADR 043). */
  vitalsSampleRate: z.number().min(0).max(1),
  /** Whether sign-in codes may be asked for by text message (an SMS provider, or a store not in production). */
  signInCodesByText: z.boolean(),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;

export const userIdParamsSchema = z.object({ id: idSchema });

export const adminUserSchema = userResponseSchema.extend({
  createdAt: z.iso.datetime(),
  /** Whether the account can sign in with Google (shown to admins, never the subject id). */
  googleLinked: z.boolean(),
  version: z
    .number()
    .int()
    .describe(
      'Changes whenever the name, email or admin flag does; send it back with PUT, which refuses an older one (409)',
    ),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** The admin's edit of another user; the spec's client also sends userId, which the path already says. */
export const adminUserUpdateSchema = z.object({
  userId: idSchema.optional(),
  version: versionSchema(),
  name: name.optional(),
  email: email.optional(),
  isAdmin: z.boolean({ message: 'isAdmin must be true or false' }).optional(),
});
export type AdminUserUpdate = z.infer<typeof adminUserUpdateSchema>;

/**
 * A recipient kept in the signed-in shopper's address book: checked like an order's shipping
 * address, and its PIN code must be in the state it names.
 */
export const savedAddressInputSchema = shippingAddressSchema;
export type SavedAddressInput = z.infer<typeof savedAddressInputSchema>;

export const savedAddressSchema = addressResponseSchema.extend({
  _id: z.uuid(),
  /** When an order last went to it, or it was last saved: the book lists newest use first. */
  lastUsedAt: z.iso.datetime(),
});
export type SavedAddress = z.infer<typeof savedAddressSchema>;

export const savedAddressIdParamsSchema = z.object({ id: idSchema });

/**
 * Where a one-time sign-in code goes: an account's email, or the mobile number kept on it. Exactly
 * one of the two.
 */
const codeTarget = {
  email: emailSchema.optional(),
  phone: mobileSchema('Mobile number is required').optional(),
};
const oneTarget = (target: { email?: string; phone?: string }, ctx: z.RefinementCtx) => {
  if ((target.email === undefined) === (target.phone === undefined)) {
    ctx.addIssue({ code: 'custom', path: ['email'], message: 'Give your email or your mobile number' });
  }
};
export const signInCodeRequestSchema = z.object(codeTarget).superRefine(oneTarget);
export type SignInCodeRequest = z.infer<typeof signInCodeRequestSchema>;

export const signInCodeVerifySchema = z
  .object({
    ...codeTarget,
    code: z.string({ message: 'Enter the 6-digit code' }).transform((v, ctx) => {
      const code = signInCodeOf(v);
      if (!code) ctx.addIssue({ code: 'custom', message: 'Enter the 6-digit code' });
      return code ?? '';
    }),
  })
  .superRefine(oneTarget);
export type SignInCodeVerify = z.infer<typeof signInCodeVerifySchema>;

/** A guest's one step from a paid order to an account: the order gives the name and email. */
export const guestAccountSchema = z.object({ password });
