import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { login } from '../../api/users.js';
import { Button } from '../../components/ui/button.js';
import { Field } from '../../components/ui/field.js';
import { usePageTitle } from '../../lib/page-title.js';
import { AccountForm, EmailField } from './account-fields.js';
import { AuthCard } from './auth-card.js';
import { GoogleSignIn } from './google-sign-in.js';
import { SignInByCode } from './sign-in-by-code.js';
import { homeOf, isCheckoutStep, safeRedirect, withRedirect } from '../../lib/redirect.js';
import { setGuestCheckout, useGuestCheckout } from '../../stores/guest-store.js';
import { useAccountForm } from './use-account-form.js';
import { useUserInfo } from '../../stores/user-store.js';
import { signedIn } from '../../stores/signed-in.js';
import { emailError } from '../../lib/account-validation.js';

/** /login: email and password or Google; afterwards on to `redirect` (a path on this site, else home). */
export function LoginPage() {
  usePageTitle('Sign In', 'Sign in to Phoolwala Gifts to check out faster and follow your orders.');
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  const user = useUserInfo();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [byCode, setByCode] = useState(false);
  const form = useAccountForm();
  const navigate = useNavigate();
  const guest = useGuestCheckout();

  // Signed in already, or just now: on to where the shopper was going (a partner's people, their orders).
  if (user) return <Navigate to={safeRedirect(params.get('redirect'), homeOf(user))} replace />;

  function submit(e: FormEvent) {
    e.preventDefault();
    if (form.pending) return;
    const valid = form.check({
      email: emailError(email),
      password: password ? undefined : 'Password is required',
    });
    if (valid) void form.send(() => login({ email: email.trim(), password }), signedIn);
  }

  return (
    <AuthCard
      title="Sign In"
      intro="Welcome back! Sign in to check out faster and follow your orders."
      footer={
        <>
          New Customer?{' '}
          <Link to={withRedirect('/register', redirect)} className="font-semibold text-brand-700 hover:underline">
            Register
          </Link>
        </>
      }
    >
      {byCode ? (
        <SignInByCode />
      ) : (
        <AccountForm form={form} label="Sign in" onSubmit={submit} submitLabel="Sign In">
          <EmailField
            value={email}
            error={form.errors.email}
            onChange={(value) => {
              setEmail(value);
              form.clearField('email');
            }}
          />
          <Field
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            error={form.errors.password}
            onChange={(e) => {
              setPassword(e.target.value);
              form.clearField('password');
            }}
          />
          <Link to="/forgot-password" className="-mt-2 self-end text-sm font-medium text-brand-700 hover:underline">
            Forgot password?
          </Link>
        </AccountForm>
      )}
      <Button variant="outline" size="lg" className="w-full" onClick={() => setByCode((b) => !b)}>
        {byCode ? 'Sign in with your password' : 'Sign in with a one-time code'}
      </Button>
      <GoogleSignIn onSignedIn={signedIn} />
      {isCheckoutStep(redirect) ? (
        <section aria-labelledby="guest-heading" className="flex flex-col gap-2 border-t border-neutral-200 pt-4">
          <h2 id="guest-heading" className="text-base font-semibold text-neutral-900">
            New here?
          </h2>
          <p className="text-sm text-neutral-700">
            Check out as a guest with your email and mobile number. You can set a password after paying.
          </p>
          <Button
            variant="dark"
            size="lg"
            className="w-full"
            onClick={() => {
              setGuestCheckout(guest ?? { name: '', email: '' });
              void navigate(redirect);
            }}
          >
            Continue as guest
          </Button>
        </section>
      ) : null}
    </AuthCard>
  );
}
