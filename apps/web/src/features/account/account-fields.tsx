import { Field } from '../../components/ui/field.js';
import type { AccountField, FieldErrors } from './validation.js';

export type AccountValues = Record<AccountField, string>;

interface AccountFieldsProps {
  values: AccountValues;
  errors: FieldErrors;
  change: (field: AccountField) => (e: { target: { value: string } }) => void;
  passwordHint: string;
  emailPlaceholder?: string;
}

/** Name, email, password and its confirmation: the fields Register and the profile share. */
export function AccountFields({ values, errors, change, passwordHint, emailPlaceholder }: AccountFieldsProps) {
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
    </>
  );
}
