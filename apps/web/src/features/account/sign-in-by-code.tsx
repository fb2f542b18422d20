import { useState, type FormEvent } from 'react';
import type { SignInCodeRequest } from '@store/contracts';
import { normalizeIndianMobile, signInCodeOf } from '@store/domain';
import { toast } from 'sonner';
import { requestSignInCode, signInWithCode, useClientConfig } from '../../api/users.js';
import { Field } from '../../components/ui/field.js';
import { emailError } from '../../lib/account-validation.js';
import { AccountForm } from './account-fields.js';
import { signedIn } from '../../stores/signed-in.js';
import { useAccountForm } from './use-account-form.js';

/** What was typed, read as an email (it has an @) or an Indian mobile; null when it is neither. */
function targetOf(typed: string): SignInCodeRequest | null {
  const value = typed.trim();
  if (value.includes('@')) return emailError(value) ? null : { email: value };
  const phone = normalizeIndianMobile(value);
  return phone ? { phone } : null;
}

/**
 * Sign-in by a one-time code (issue 35): the shopper's email, or the mobile they gave at checkout,
 * gets a six-digit code; typing it signs them in where they are, without a password. By text only
 * where the store sends texts.
 */
export function SignInByCode() {
  const byText = useClientConfig().data?.signInCodesByText ?? false;
  const [typed, setTyped] = useState('');
  const [sentTo, setSentTo] = useState<SignInCodeRequest | null>(null);
  const [sentSentence, setSentSentence] = useState('');
  const [code, setCode] = useState('');
  const form = useAccountForm();
  const label = byText ? 'Email or mobile number' : 'Email Address';
  const where = form.errors.email ?? form.errors.phone;

  function ask(e: FormEvent) {
    e.preventDefault();
    if (form.pending) return;
    const target = targetOf(typed);
    const wrong = byText ? 'Enter your email or a 10-digit mobile number' : 'Enter a valid email address';
    if (!form.check({ email: target && (byText || target.email) ? undefined : wrong }) || !target) return;
    void form.send(
      () => requestSignInCode(target),
      ({ message }) => {
        setSentTo(target);
        setSentSentence(message);
        setCode('');
        toast.success('Code sent');
      },
    );
  }

  function verify(e: FormEvent) {
    e.preventDefault();
    if (form.pending || !sentTo) return;
    const digits = signInCodeOf(code);
    if (form.check({ code: digits ? undefined : 'Enter the 6-digit code' }) && digits) {
      void form.send(() => signInWithCode(sentTo, digits), signedIn);
    }
  }

  if (!sentTo) {
    return (
      <AccountForm form={form} label="Sign in with a code" onSubmit={ask} submitLabel="Send code">
        <Field
          label={label}
          name="email"
          type={byText ? 'text' : 'email'}
          autoComplete="username"
          inputMode={byText ? 'text' : 'email'}
          hint="We send a 6-digit code that signs you in, no password needed."
          value={typed}
          error={where}
          onChange={(e) => {
            setTyped(e.target.value);
            form.clearField('email');
            form.clearField('phone');
          }}
        />
      </AccountForm>
    );
  }
  return (
    <AccountForm form={form} label="Enter your code" onSubmit={verify} submitLabel="Sign In">
      <p role="status" className="text-sm text-neutral-700">
        {sentSentence}
      </p>
      <Field
        label="6-digit code"
        name="code"
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={7}
        value={code}
        error={form.errors.code}
        onChange={(e) => {
          setCode(e.target.value);
          form.clearField('code');
        }}
      />
      <button
        type="button"
        className="-mt-2 self-end text-sm font-medium text-brand-700 hover:underline"
        onClick={() => {
          form.reset();
          setSentTo(null);
        }}
      >
        Use another email or number, or send a new code
      </button>
    </AccountForm>
  );
}
