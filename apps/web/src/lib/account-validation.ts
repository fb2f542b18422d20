import { passwordProblem } from '@store/domain';
import { fieldErrorsOf, type FieldMessages } from './field-errors.js';

export type AccountField = 'name' | 'email' | 'phone' | 'code' | 'password' | 'confirmPassword' | 'currentPassword';
const ACCOUNT_FIELDS: readonly AccountField[] = [
  'name',
  'email',
  'phone',
  'code',
  'password',
  'confirmPassword',
  'currentPassword',
];
export type FieldErrors = FieldMessages<AccountField>;

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

/** The account fields a server refusal is about, each with its message (see `fieldErrorsOf`). */
export function fieldErrorsOfApiError(err: unknown): FieldErrors {
  return fieldErrorsOf(err, ACCOUNT_FIELDS);
}

/** Moves focus to a form's input by its name attribute. */
export function focusField(form: HTMLFormElement | null, field: AccountField | undefined): void {
  if (!form || !field) return;
  const el = form.elements.namedItem(field);
  if (el instanceof HTMLInputElement) el.focus();
}
