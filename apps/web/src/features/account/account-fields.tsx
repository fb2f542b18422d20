import type { FormEvent, ReactNode } from 'react';
import { LoaderCircle } from 'lucide-react';
import { Alert } from '../../components/ui/alert.js';
import { Button } from '../../components/ui/button.js';
import { Field } from '../../components/ui/field.js';
import type { AccountField, FieldErrors } from '../../lib/account-validation.js';
import type { useAccountForm } from './use-account-form.js';

export type AccountValues = Record<Exclude<AccountField, 'currentPassword' | 'phone' | 'code'>, string> & {
  currentPassword?: string;
};

interface AccountFieldsProps {
  values: AccountValues;
  errors: FieldErrors;
  change: (field: AccountField) => (e: { target: { value: string } }) => void;
  passwordHint: string;
  emailPlaceholder?: string;
  /** Adds 'Current Password' after the others, with this hint (the profile, when it is needed). */
  currentPasswordHint?: string;
}

/**
 * Name, email, password and its confirmation: the fields Register and the profile share; the
 * profile also asks for the current password when the email or password is being changed.
 */
export function AccountFields({
  values,
  errors,
  change,
  passwordHint,
  emailPlaceholder,
  currentPasswordHint,
}: AccountFieldsProps) {
  const bind = (field: keyof AccountValues) => ({
    name: field,
    value: values[field] ?? '',
    error: errors[field],
    onChange: change(field),
  });
  return (
    <>
      <Field label="Name" autoComplete="name" {...bind('name')} />
      <Field
        label="Email Address"
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder={emailPlaceholder}
        {...bind('email')}
      />
      <Field label="Password" type="password" autoComplete="new-password" hint={passwordHint} {...bind('password')} />
      <Field label="Confirm Password" type="password" autoComplete="new-password" {...bind('confirmPassword')} />
      {currentPasswordHint === undefined ? null : (
        <Field
          label="Current Password"
          type="password"
          autoComplete="current-password"
          hint={currentPasswordHint}
          {...bind('currentPassword')}
        />
      )}
    </>
  );
}

interface AccountFormProps {
  form: Pick<ReturnType<typeof useAccountForm>, 'alert' | 'formRef' | 'pending'>;
  /** The form's accessible name. */
  label: string;
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
  submitLabel: string;
  children: ReactNode;
}

/**
 * Every account screen's form alike: what went wrong above it, the browser's own checks off (the
 * page says what is wrong, in its words), busy and its button spinning while it is sent.
 */
export function AccountForm({ form, label, onSubmit, submitLabel, children }: AccountFormProps) {
  return (
    <>
      {form.alert ? <Alert>{form.alert}</Alert> : null}
      <form
        ref={form.formRef}
        onSubmit={onSubmit}
        noValidate
        aria-label={label}
        aria-busy={form.pending}
        className="flex flex-col gap-4"
      >
        {children}
        <Button type="submit" size="lg" disabled={form.pending} className="mt-1 w-full">
          {form.pending ? <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> : null}
          {submitLabel}
        </Button>
      </form>
    </>
  );
}

/** The email a shopper signs in or asks for a reset link with. */
export function EmailField({
  value,
  error,
  onChange,
}: {
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <Field
      label="Email Address"
      name="email"
      type="email"
      autoComplete="email"
      inputMode="email"
      placeholder="you@example.com"
      value={value}
      error={error}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
