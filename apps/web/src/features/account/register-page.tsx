import { useState, type FormEvent } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { register } from '../../api/users.js';
import { usePageTitle } from '../../lib/page-title.js';
import { AccountFields, AccountForm } from './account-fields.js';
import { AuthCard } from './auth-card.js';
import { isCheckoutStep, safeRedirect, withRedirect } from '../../lib/redirect.js';
import { useAccountForm } from './use-account-form.js';
import { useUserInfo } from '../../stores/user-store.js';
import { signedIn } from '../../stores/signed-in.js';
import {
  confirmError,
  emailError,
  nameError,
  newPasswordError,
  type AccountField,
} from '../../lib/account-validation.js';

/** /register: a new account signs in at once and goes on to `redirect`. */
export function RegisterPage() {
  usePageTitle('Register', 'Create your Phoolwala Gifts account to check out faster and follow your orders.');
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  const toCheckout = isCheckoutStep(redirect);
  const user = useUserInfo();
  const [values, setValues] = useState({ name: '', email: '', password: '', confirmPassword: '' });
  const form = useAccountForm();

  if (user) return <Navigate to={redirect} replace />;

  const change = (field: AccountField) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    form.clearField(field);
  };

  function submit(e: FormEvent) {
    e.preventDefault();
    if (form.pending) return;
    const valid = form.check({
      name: nameError(values.name),
      email: emailError(values.email),
      password: newPasswordError(values.password),
      confirmPassword: confirmError(values.password, values.confirmPassword),
    });
    if (!valid) return;
    const input = { name: values.name.trim(), email: values.email.trim(), password: values.password };
    void form.send(() => register(input), signedIn);
  }

  return (
    <AuthCard
      title="Register"
      intro={
        toCheckout
          ? "Create an account and you'll go straight back to your checkout, with your cart just as you left it."
          : 'Create an account to check out faster and follow your orders.'
      }
      footer={
        <>
          Already have an account?{' '}
          <Link to={withRedirect('/login', redirect)} className="font-semibold text-brand-700 hover:underline">
            Sign In
          </Link>
        </>
      }
    >
      <AccountForm form={form} label="Register" onSubmit={submit} submitLabel="Register">
        <AccountFields
          values={values}
          errors={form.errors}
          change={change}
          passwordHint="At least 8 characters."
          emailPlaceholder="you@example.com"
        />
      </AccountForm>
    </AuthCard>
  );
}
