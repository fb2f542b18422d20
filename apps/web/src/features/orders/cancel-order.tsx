import { useId, useRef, useState } from 'react';
import { Ban, CircleAlert, LoaderCircle } from 'lucide-react';
import { CANCEL_REASON_MAX, CANCEL_REASON_MIN } from '@store/domain';
import { Alert } from '../../components/ui/alert.js';
import { Button } from '../../components/ui/button.js';
import { LazyConfirmDialog as ConfirmDialog } from '../../components/ui/lazy-confirm-dialog.js';
import { cn } from '../../lib/cn.js';
import { inr } from '../../lib/format.js';

/** What the server would say of the reason, said before it is sent; null when it would take it. */
function reasonProblem(reason: string): string | null {
  const length = reason.trim().length;
  if (length < CANCEL_REASON_MIN) return `Reason must be at least ${CANCEL_REASON_MIN} characters`;
  if (length > CANCEL_REASON_MAX) return `Reason must be at most ${CANCEL_REASON_MAX} characters`;
  return null;
}

export interface CancelOrderProps {
  /**
   * Whether the order may be cancelled now. An open dialog stays when it no longer may (the
   * refusal that told why reloaded the order), so that the admin reads why.
   */
  allowed: boolean;
  orderNumber: string;
  /** Rupees: the whole payment goes back. */
  amount: number;
  /** Another action on the order is under way, or this one. */
  busy: boolean;
  pending: boolean;
  /** Cancels with the reason; answers the server's refusal in words, or null once cancelled. */
  onCancel(reason: string): Promise<string | null>;
}

/**
 * The admin's 'Cancel order' and the dialog that asks the reason first, saying everything the
 * cancellation does since it cannot be undone. The reason is checked as the server checks it; a
 * refusal (someone cancelled or sent it out meanwhile) is said in the dialog.
 */
export function CancelOrder({ allowed, orderNumber, amount, busy, pending, onCancel }: CancelOrderProps) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;

  function close() {
    setOpen(false);
    setReasonError(null);
    setRefusal(null);
  }

  async function confirm() {
    const problem = reasonProblem(reason);
    setReasonError(problem);
    if (problem) {
      field.current?.focus();
      return;
    }
    setRefusal(null);
    const refused = await onCancel(reason.trim());
    if (refused) setRefusal(refused);
    else close();
  }

  if (!allowed && !open) return null;
  return (
    <>
      {allowed ? (
        <Button variant="outline" size="lg" className="w-full" disabled={busy} onClick={() => setOpen(true)}>
          {pending ? (
            <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
          ) : (
            <Ban className="size-4" aria-hidden="true" />
          )}
          Cancel order
        </Button>
      ) : null}
      {open ? (
        <ConfirmDialog
          open
          onOpenChange={(next) => (next ? undefined : close())}
          title={`Cancel order ${orderNumber}?`}
          description={`${inr(amount)} goes back to the customer through Razorpay, the items go back into stock, the delivery slot and any coupon are released, a credit note is issued against the invoice, and the customer is emailed your reason. This cannot be undone.`}
          confirmLabel="Cancel order"
          cancelLabel="Keep order"
          destructive
          pending={pending}
          initialFocus={field}
          onConfirm={() => void confirm()}
        >
          <div className="flex flex-col gap-1.5">
            <label htmlFor={id} className="text-sm font-medium text-neutral-900">
              Reason for the customer
            </label>
            <textarea
              id={id}
              ref={field}
              rows={3}
              value={reason}
              readOnly={pending}
              maxLength={CANCEL_REASON_MAX}
              onChange={(e) => {
                setReason(e.target.value);
                if (reasonError) setReasonError(reasonProblem(e.target.value));
              }}
              aria-invalid={reasonError ? true : undefined}
              aria-describedby={[reasonError ? errorId : null, hintId].filter(Boolean).join(' ')}
              className={cn(
                'w-full rounded-md border border-neutral-300 bg-white px-3 py-2 text-sm placeholder:text-neutral-500 focus:border-brand-600 focus:outline-none',
                reasonError && 'border-red-600 focus:border-red-700',
              )}
            />
            {reasonError ? (
              <p id={errorId} className="flex items-start gap-1.5 text-sm text-red-700">
                <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                {reasonError}
              </p>
            ) : null}
            <p id={hintId} className="text-xs text-neutral-600">
              The customer reads it in the email and on the order page ({reason.trim().length}/{CANCEL_REASON_MAX}).
            </p>
          </div>
          {refusal ? <Alert>{refusal}</Alert> : null}
        </ConfirmDialog>
      ) : null}
    </>
  );
}
