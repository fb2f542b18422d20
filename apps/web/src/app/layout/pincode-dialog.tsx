import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Dialog } from 'radix-ui';
import { LoaderCircle } from 'lucide-react';
import { isPincodeFormat, PINCODE_FORMAT_MESSAGE, PINCODE_LENGTH } from '@store/domain';
import { pincodeQuery } from '../../api/pincodes.js';
import { Button } from '../../components/ui/button.js';
import { Input } from '../../components/ui/input.js';
import { useReturnFocus } from '../../components/ui/sheet.js';
import { ApiError } from '../../lib/api.js';
import { cn } from '../../lib/cn.js';
import { choosePincode, setPincodeDialogOpen, usePincode, usePincodeDialogOpen } from '../../stores/pincode-store.js';

/** What the listings answer for a PIN code no area serves, said here before it is chosen. */
export const notDeliveredMessage = (pincode: string) => `We do not deliver to ${pincode} yet.`;

const checkFailedMessage = (pincode: string) => `We couldn't check ${pincode} just now. Please try again.`;

/**
 * Asks where the gift is going: a six-digit PIN code, looked up before it is kept, and refused in
 * the server's words when it is malformed, unknown or not delivered to.
 */
function PincodeForm() {
  const queryClient = useQueryClient();
  const chosen = usePincode();
  const [value, setValue] = useState(chosen);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const inputId = useId();
  const errorId = useId();

  async function save(event: FormEvent) {
    event.preventDefault();
    const code = value.trim();
    if (!isPincodeFormat(code)) return setError(PINCODE_FORMAT_MESSAGE);
    setPending(true);
    try {
      const place = await queryClient.fetchQuery(pincodeQuery(code));
      if (!place.deliveryAvailable) return setError(notDeliveredMessage(code));
      choosePincode(code);
      setPincodeDialogOpen(false);
    } catch (err) {
      setError(err instanceof ApiError && err.status < 500 ? err.message : checkFailedMessage(code));
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={(e) => void save(e)} noValidate aria-busy={pending} className="flex flex-col gap-3">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={inputId} className="text-sm font-medium text-neutral-900">
          PIN code
        </label>
        <Input
          id={inputId}
          name="pincode"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={PINCODE_LENGTH}
          placeholder="6-digit PIN code"
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => {
            setValue(e.target.value);
            setError(null);
          }}
          className={cn('tracking-wider', error && 'border-red-600 focus:border-red-700')}
        />
        {error ? (
          <p id={errorId} role="alert" className="text-sm font-medium text-red-700">
            {error}
          </p>
        ) : null}
      </div>
      <div className="mt-1 flex flex-col-reverse gap-2 sm:flex-row sm:items-center">
        {chosen ? (
          <Button
            variant="ghost"
            className="sm:mr-auto"
            onClick={() => {
              choosePincode(null);
              setPincodeDialogOpen(false);
            }}
          >
            Clear PIN code
          </Button>
        ) : null}
        <Dialog.Close asChild>
          <Button variant="outline" className="sm:ml-auto">
            Cancel
          </Button>
        </Dialog.Close>
        <Button type="submit" disabled={pending}>
          {pending ? <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> : null}
          Save
        </Button>
      </div>
    </form>
  );
}

/**
 * The 'Deliver to' dialog, opened by the header's control and the listings' prompt. Its content
 * mounts afresh each time it opens, so it starts from the chosen code with nothing said.
 */
export function PincodeDialog() {
  const open = usePincodeDialogOpen();
  const returnFocus = useReturnFocus(open);
  return (
    <Dialog.Root open={open} onOpenChange={setPincodeDialogOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content
          onCloseAutoFocus={returnFocus}
          className="fixed top-1/2 left-1/2 z-50 flex w-[calc(100vw-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 flex-col gap-3 rounded-xl bg-white p-5 shadow-xl focus:outline-none"
        >
          <Dialog.Title className="text-lg font-semibold text-neutral-900">Where is the gift going?</Dialog.Title>
          <Dialog.Description className="text-sm text-neutral-700">
            Enter the recipient&apos;s PIN code to see only the gifts that can reach it, and when.
          </Dialog.Description>
          <PincodeForm />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
