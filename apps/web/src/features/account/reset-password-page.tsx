import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { RESET_LINK_INVALID } from '@store/contracts';
import { resetPassword } from '../../api/users.js';
import { Alert } from '../../components/ui/alert.js';
import { Field } from '../../components/ui/field.js';
import { ApiError } from '../../lib/api.js';
import { confirmError, newPasswordError } from '../../lib/account-validation.js';
import { usePageTitle } from '../../lib/page-title.js';
import { signedIn } from '../../stores/signed-in.js';
import { AccountForm } from './account-fields.js';
import { AuthCard } from './auth-card.js';
import { homeOf, safeRedirect } from '../../lib/redirect.js';
import { useAccountForm } from './use-account-form.js';

/** The server's words when it refuses the link itself (it names the field `token`), else null. */
function linkProblemOf(err: unknown): string | null {
  if (!(err instanceof ApiError) || !Array.isArray(err.details)) return null;
  const aboutLink = (err.details as unknown[]).some(
    (d) => typeof d === 'object' && d !== null && (d as { field?: unknown }).field === 'token',
  );
  return aboutLink ? err.message : null;
}

/**
 * /reset-password?token=…: the page an emailed reset link opens. A new password under the same
 * rules as registration; the server then signs the shopper in, and on they go to `redirect` (a
 * path on this site, else home, or a partner's orders). A link the server refuses (used, expired,
 * not valid) is said instead of the form, with the way to ask for a new one.
 */
export function ResetPasswordPage() {
  usePageTitle('Reset Password', 'Choose a new password for your Phoolwala Gifts account.');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const [values, setValues] = useState({ password: '', confirmPassword: '' });
  const [linkProblem, setLinkProblem] = useState<string | null>(token ? null : RESET_LINK_INVALID);
  const form = useAccountForm();

  const change = (field: 'password' | 'confirmPassword') => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    form.clearField(field);
  };

  function submit(e: FormEvent) {
    e.preventDefault();
    if (form.pending) return;
    const valid = form.check({
      password: newPasswordError(values.password),
      confirmPassword: confirmError(values.password, values.confirmPassword),
    });
    if (!valid) return;
    void form.send(
      async () => {
        try {
          return await resetPassword({ token, password: values.password });
        } catch (err) {
          const problem = linkProblemOf(err);
          if (!problem) throw err;
          setLinkProblem(problem);
          return null;
        }
      },
      (user) => {
        if (!user) return;
        signedIn(user);
        toast.success('Your new password is set, and you are signed in');
        // A partner's person, invited by email, sets their first password here.
        void navigate(safeRedirect(params.get('redirect'), homeOf(user)), { replace: true });
      },
    );
  }

  return (
    <AuthCard
      title="Reset Password"
      intro="Choose a new password for your account. You will be signed in with it, and signed out everywhere else."
      footer={
        <>
          Remembered it?{' '}
          <Link to="/login" className="font-semibold text-brand-700 hover:underline">
            Sign In
          </Link>
        </>
      }
    >
      {linkProblem ? (
        <>
          <Alert>{linkProblem}</Alert>
          <Link to="/forgot-password" className="text-sm font-semibold text-brand-700 hover:underline">
            Ask for a new reset link
          </Link>
        </>
      ) : (
        <>
          <AccountForm form={form} label="Reset password" onSubmit={submit} submitLabel="Set new password">
            <Field
              label="New Password"
              name="password"
              type="password"
              autoComplete="new-password"
              hint="At least 8 characters."
              value={values.password}
              error={form.errors.password}
              onChange={change('password')}
            />
            <Field
              label="Confirm Password"
              name="confirmPassword"
              type="password"
              autoComplete="new-password"
              value={values.confirmPassword}
              error={form.errors.confirmPassword}
              onChange={change('confirmPassword')}
            />
          </AccountForm>
        </>
      )}
    </AuthCard>
  );
}
