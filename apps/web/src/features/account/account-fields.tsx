import { Field } from '../../components/ui/field.js';
import type { AccountField, FieldErrors } from '../../lib/account-validation.js';

export type AccountValues = Record<Exclude<AccountField, 'currentPassword'>, string> & { currentPassword?: string };

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
  return (
    <>
      <Field
        label="Name"
        name="name"
        autoComplete="name"
        value={values.name}
        error={errors.name}
        onChange={change('name')}
      />
      <Field
        label="Email Address"
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder={emailPlaceholder}
        value={values.email}
        error={errors.email}
        onChange={change('email')}
      />
      <Field
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        hint={passwordHint}
        value={values.password}
        error={errors.password}
        onChange={change('password')}
      />
      <Field
        label="Confirm Password"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        value={values.confirmPassword}
        error={errors.confirmPassword}
        onChange={change('confirmPassword')}
      />
      {currentPasswordHint === undefined ? null : (
        <Field
          label="Current Password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          hint={currentPasswordHint}
          value={values.currentPassword ?? ''}
          error={errors.currentPassword}
          onChange={change('currentPassword')}
        />
      )}
    </>
  );
}
