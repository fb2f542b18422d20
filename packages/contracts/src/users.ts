import { z } from 'zod';
import { safeText } from './common.js';

const email = safeText()
  .trim()
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email({ message: 'Enter a valid email address' }));
const name = safeText().trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters');
/** Length and commonness are judged by the domain's password policy, with its own messages. */
const password = z.string({ message: 'Password is required' });

export const registerInputSchema = z.object({ name, email, password });
export type RegisterInput = z.infer<typeof registerInputSchema>;

export const loginInputSchema = z.object({ email, password });
export type LoginInput = z.infer<typeof loginInputSchema>;

/** isAdmin is not a field here: a profile update can never change it. */
export const profileUpdateSchema = z.object({
  name: name.optional(),
  email: email.optional(),
  password: password.optional(),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export const userResponseSchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  email: z.string(),
  isAdmin: z.boolean(),
  pincode: z.string(),
});
export type UserResponse = z.infer<typeof userResponseSchema>;

export const messageResponseSchema = z.object({ message: z.string() });
