import { useId, useRef, useState } from 'react';
import { CircleAlert } from 'lucide-react';
import { Alert } from '../../components/ui/alert.js';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.js';
import { cn } from '../../lib/cn.js';

/** As the server takes it (declineInputSchema). */
const REASON_MAX = 300;

/**
 * Asks why before an offer is declined: the reason is required (the store reads it to offer the
 * partner the right orders). A refusal (the offer lapsed meanwhile) is said in the dialog.
 */
export function DeclineDialog({
  orderNumber,
  pending,
  onDecline,
  onClose,
}: {
  orderNumber: string;
  pending: boolean;
  /** Declines with the reason; answers the server's refusal in words, or null once declined. */
  onDecline: (reason: string) => Promise<string | null>;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const errorId = `${id}-error`;

  async function confirm() {
    if (!reason.trim()) {
      setReasonError('Please tell us why you cannot take it');
      field.current?.focus();
      return;
    }
    setRefusal(await onDecline(reason.trim()));
  }

  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Decline order ${orderNumber}?`}
      description="It goes to another partner straight away, so the gift still arrives on time."
      confirmLabel="Decline order"
      cancelLabel="Keep it"
      destructive
      pending={pending}
      initialFocus={field}
      onConfirm={() => void confirm()}
    >
      <div className="flex flex-col gap-1.5">
        <label htmlFor={id} className="text-sm font-medium text-neutral-900">
          Why can&apos;t you take it?
        </label>
        <textarea
          id={id}
          ref={field}
          rows={3}
          value={reason}
          readOnly={pending}
          maxLength={REASON_MAX}
          placeholder="For example: no oven free in this slot"
          onChange={(e) => {
            setReason(e.target.value);
            if (e.target.value.trim()) setReasonError(null);
          }}
          aria-invalid={reasonError ? true : undefined}
          aria-describedby={reasonError ? errorId : undefined}
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
      </div>
      {refusal ? <Alert>{refusal}</Alert> : null}
    </ConfirmDialog>
  );
}
