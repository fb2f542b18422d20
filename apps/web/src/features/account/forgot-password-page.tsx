import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { PASSWORD_RESET_VALID_MINUTES } from '@store/contracts';
import { forgotPassword } from '../../api/users.js';
import { Alert } from '../../components/ui/alert.js';
import { emailError } from '../../lib/account-validation.js';
import { usePageTitle } from '../../lib/page-title.js';
import { AccountForm, EmailField } from './account-fields.js';
import { AuthCard } from './auth-card.js';
import { useAccountForm } from './use-account-form.js';

/**
 * /forgot-password: asks for a reset link by email. The server answers the same whether or not
 * the email has an account, and so does this page: it shows that answer, never more.
 */
export function ForgotPasswordPage() {
  usePageTitle('Forgot Password', 'Ask for a link to set a new password for your Phoolwala Gifts account.');
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const form = useAccountForm();

  function submit(e: FormEvent) {
    e.preventDefault();
    if (form.pending) return;
    if (form.check({ email: emailError(email) })) {
      void form.send(
        () => forgotPassword({ email: email.trim() }),
        (answer) => setSent(answer.message),
      );
    }
  }

  return (
    <AuthCard
      title="Forgot Password"
      intro="Enter the email address of your account and we will send you a link to set a new password."
      footer={
        <>
          Remembered it?{' '}
          <Link to="/login" className="font-semibold text-brand-700 hover:underline">
            Sign In
          </Link>
        </>
      }
    >
      {sent ? (
        <>
          <Alert tone="success" role="status">
            {sent}
          </Alert>
          <p className="text-sm text-neutral-700">
            The link works once, for {PASSWORD_RESET_VALID_MINUTES} minutes. Nothing there? Look in your spam folder, or{' '}
            <button
              type="button"
              className="font-semibold text-brand-700 hover:underline"
              onClick={() => {
                setSent(null);
                form.reset();
              }}
            >
              ask again
            </button>
            .
          </p>
        </>
      ) : (
        <>
          <AccountForm form={form} label="Forgot password" onSubmit={submit} submitLabel="Send reset link">
            <EmailField
              value={email}
              error={form.errors.email}
              onChange={(value) => {
                setEmail(value);
                form.clearField('email');
              }}
            />
          </AccountForm>
        </>
      )}
    </AuthCard>
  );
}
