import { useState, type FormEvent } from 'react';
import { LoaderCircle } from 'lucide-react';
import { toast } from 'sonner';
import type { OrderResponse } from '@store/contracts';
import { accountFromOrder } from '../../api/orders.js';
import { Button } from '../../components/ui/button.js';
import { Field } from '../../components/ui/field.js';
import { newPasswordError } from '../../lib/account-validation.js';
import { errorMessage } from '../../lib/api.js';
import { signedIn } from '../../stores/signed-in.js';

/**
 * A guest's one step from a paid order to an account (issue 35): the order already has their name
 * and email, so a password is all it asks; they are signed in with this order in the account.
 */
export function GuestAccount({ order, token, onMade }: { order: OrderResponse; token: string; onMade: () => void }) {
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [pending, setPending] = useState(false);

  async function make(e: FormEvent) {
    e.preventDefault();
    const weak = newPasswordError(password);
    if (weak) return setProblem(weak);
    setPending(true);
    try {
      signedIn(await accountFromOrder(order._id, token, password));
      toast.success('Account created. Your orders are in one place now.');
      onMade();
    } catch (err) {
      setProblem(errorMessage(err));
    } finally {
      setPending(false);
    }
  }

  return (
    <section aria-labelledby="guest-account" className="rounded-xl border border-neutral-200 bg-neutral-50 p-4">
      <h2 id="guest-account" className="text-lg font-semibold text-neutral-900">
        Save your details for next time
      </h2>
      <p className="mt-0.5 text-sm text-neutral-700">
        Set a password for {order.contact.email} to follow this order and check out faster.
      </p>
      <form onSubmit={(e) => void make(e)} noValidate className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-start">
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          className="sm:flex-1"
          value={password}
          error={problem}
          onChange={(e) => {
            setPassword(e.target.value);
            setProblem(undefined);
          }}
        />
        <Button type="submit" size="lg" disabled={pending} className="sm:mt-6">
          {pending ? <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> : null}
          Create account
        </Button>
      </form>
    </section>
  );
}
