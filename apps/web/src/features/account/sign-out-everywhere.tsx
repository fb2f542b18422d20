import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { logoutEverywhere } from '../../api/users.js';
import { Button } from '../../components/ui/button.js';
import { LazyConfirmDialog as ConfirmDialog } from '../../components/ui/lazy-confirm-dialog.js';
import { errorMessage } from '../../lib/api.js';
import { logout } from './logout.js';

/**
 * For a shopper who signed in on a shared or lost device: every session of the account ends, this
 * one too, and any reset link asked for from it stops working. Only once the server has done it
 * does this device forget the shopper, as Logout does; a failure is said and changes nothing here.
 */
export function SignOutEverywhere() {
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  async function confirm() {
    setPending(true);
    try {
      await logoutEverywhere();
    } catch (err) {
      setPending(false);
      toast.error(errorMessage(err));
      return;
    }
    setOpen(false);
    toast.success('Signed out on every device');
    await logout({ navigate: (to) => navigate(to), queryClient });
  }

  return (
    <div className="flex flex-col gap-2 rounded-xl border border-neutral-200 p-5">
      <h2 className="text-base font-semibold text-neutral-900">Signed in somewhere else?</h2>
      <p className="text-sm text-neutral-600">
        Signed in on a shared or lost phone or computer? Sign out everywhere, this device included. Any password reset
        link you asked for stops working too.
      </p>
      <Button type="button" variant="outline" className="mt-1 self-start" onClick={() => setOpen(true)}>
        Sign out everywhere
      </Button>
      {open ? (
        <ConfirmDialog
          open={open}
          onOpenChange={(next) => !pending && setOpen(next)}
          title="Sign out on every device?"
          description="You will need your password to sign in again, here and everywhere else."
          confirmLabel="Sign out everywhere"
          pending={pending}
          destructive
          onConfirm={() => void confirm()}
        />
      ) : null}
    </div>
  );
}
