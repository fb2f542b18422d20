import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '../../lib/api.js';
import {
  fieldErrorsOfApiError,
  focusField,
  invalidFields,
  type AccountField,
  type FieldErrors,
} from '../../lib/account-validation.js';

/**
 * State of an account form. Errors: each field's own under it (aria-invalid, the first one
 * focused), a server refusal about no one field in an alert above the form, and every failed
 * submit as a toast as well. `pending` while a request is under way (the button is disabled).
 *
 * Requests are plain promises rather than TanStack mutations: useMutation would be shared with the
 * entry chunk and add its weight to the first page every shopper downloads.
 */
export function useAccountForm() {
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const sending = useRef(false);

  function fail(err: unknown): void {
    const message = errorMessage(err);
    const fields = fieldErrorsOfApiError(err);
    const first = invalidFields(fields)[0];
    // A refusal about fields is said under each of them; any other above the form.
    setErrors(fields);
    setAlert(first ? null : message);
    toast.error(message);
    focusField(formRef.current, first);
  }

  return {
    formRef,
    errors,
    alert,
    pending,
    /** Shows what the browser found wrong; true when nothing is, so the form may be sent. */
    check(found: FieldErrors): boolean {
      const fields = invalidFields(found);
      setErrors(found);
      setAlert(null);
      const first = fields[0];
      if (!first) return true;
      // 'Passwords do not match' is the spec's toast for a mismatch, whatever else is wrong.
      toast.error(found.confirmPassword ?? found[first]);
      focusField(formRef.current, first);
      return false;
    },
    /** Sends the form once (a second submit while one is under way is ignored); a refusal is shown. */
    async send<T>(request: () => Promise<T>, onSuccess: (result: T) => void): Promise<void> {
      if (sending.current) return;
      sending.current = true;
      setPending(true);
      try {
        onSuccess(await request());
      } catch (err) {
        fail(err);
      } finally {
        sending.current = false;
        setPending(false);
      }
    },
    /** An edited field is no longer known to be wrong. */
    clearField(field: AccountField): void {
      setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
    },
    reset(): void {
      setErrors({});
      setAlert(null);
    },
  };
}
