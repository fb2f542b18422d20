import { passwordProblem } from '@store/domain';
import { ApiError } from '../../lib/api.js';

export type AccountField = 'name' | 'email' | 'password' | 'confirmPassword' | 'currentPassword';
const ACCOUNT_FIELDS: readonly AccountField[] = ['name', 'email', 'password', 'confirmPassword', 'currentPassword'];
export type FieldErrors = Partial<Record<AccountField, string>>;

export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The same words the server uses, said before a round trip; the server still decides. */
export function nameError(name: string): string | undefined {
  return name.trim() ? undefined : 'Name is required';
}

export function emailError(email: string): string | undefined {
  return EMAIL_SHAPE.test(email.trim()) ? undefined : 'Enter a valid email address';
}

/** The domain's password policy (length, the most common breached passwords), as the server applies it. */
export function newPasswordError(password: string): string | undefined {
  return passwordProblem(password) ?? undefined;
}

export function confirmError(password: string, confirmPassword: string): string | undefined {
  return password === confirmPassword ? undefined : PASSWORDS_DO_NOT_MATCH;
}

/** The fields in form order that have an error; the first is the one to focus. */
export function invalidFields(errors: FieldErrors): AccountField[] {
  return ACCOUNT_FIELDS.filter((f) => errors[f]);
}

/** Which field a server refusal is about, so it can be marked and focused; undefined when none is. */
export function fieldOfApiError(err: unknown): AccountField | undefined {
  if (!(err instanceof ApiError)) return undefined;
  if (err.status === 409) return 'email';
  if (err.status !== 400) return undefined;
  const named = fieldOfDetails(err.details);
  if (named) return named;
  if (/password/i.test(err.message)) return 'password';
  if (/email/i.test(err.message)) return 'email';
  if (/name/i.test(err.message)) return 'name';
  return undefined;
}

/** The first account field a server's `details` ([{ field, message }]) names, if any. */
function fieldOfDetails(details: unknown): AccountField | undefined {
  if (!Array.isArray(details)) return undefined;
  for (const d of details as unknown[]) {
    const field = typeof d === 'object' && d !== null ? (d as { field?: unknown }).field : undefined;
    if (ACCOUNT_FIELDS.includes(field as AccountField)) return field as AccountField;
  }
  return undefined;
}

/** Moves focus to a form's input by its name attribute. */
export function focusField(form: HTMLFormElement | null, field: AccountField | undefined): void {
  if (!form || !field) return;
  const el = form.elements.namedItem(field);
  if (el instanceof HTMLInputElement) el.focus();
}
