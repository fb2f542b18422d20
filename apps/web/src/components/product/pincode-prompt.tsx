import { Truck } from 'lucide-react';
import { ApiError } from '../../lib/api.js';
import { cn } from '../../lib/cn.js';
import { openPincodeDialog, usePincode } from '../../stores/pincode-store.js';
import { Alert } from '../ui/alert.js';
import { Button, buttonClasses } from '../ui/button.js';

/**
 * The listings' and home's one quiet line about the recipient's PIN code: asked for when none is
 * chosen (a dialog on the first visit would cost the page its layout-shift budget), named with a
 * way to change it once one is. Both say two short lines in a box of one height, so the server's
 * question turning into this browser's code moves nothing below it.
 */
export function PincodePrompt({ className }: { className?: string }) {
  const pincode = usePincode();
  return (
    <div
      className={cn(
        'flex h-[4.5rem] items-center gap-3 rounded-lg bg-neutral-50 px-3 text-sm sm:h-14 sm:px-4',
        className,
      )}
    >
      <Truck className="size-5 shrink-0 text-brand-600" aria-hidden="true" />
      <p className="flex min-w-0 flex-1 flex-col">
        <span className="truncate font-semibold text-neutral-900">
          {pincode ? `Delivering to ${pincode}` : 'Where is the gift going?'}
        </span>{' '}
        <span className="line-clamp-2 text-xs text-neutral-700 sm:line-clamp-1 sm:text-sm">
          {pincode
            ? 'Only what can reach it, each with its earliest day.'
            : 'Set the PIN code to see only what can reach it, and when.'}
        </span>
      </p>
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={openPincodeDialog}
        className={cn(buttonClasses('outline', 'sm'), 'shrink-0')}
      >
        {pincode ? 'Change PIN' : 'Set PIN'}
      </button>
    </div>
  );
}

/** A refusal about the PIN code asked with (its `details` name the field); anything else is a load error. */
export function isPincodeRefusal(err: unknown): err is ApiError {
  return (
    err instanceof ApiError &&
    Array.isArray(err.details) &&
    err.details.some((d: unknown) => typeof d === 'object' && d !== null && 'field' in d && d.field === 'pincode')
  );
}

/** A list the chosen PIN code was refused for: the server's words, and a way to choose another. */
export function PincodeRefused({ error, className }: { error: ApiError; className?: string }) {
  return (
    <Alert className={className}>
      <p className="font-semibold">{error.message}</p>
      <Button
        variant="outline"
        size="sm"
        aria-haspopup="dialog"
        className="mt-2 border-red-300 bg-white text-red-900 hover:bg-red-100"
        onClick={openPincodeDialog}
      >
        Change PIN
      </Button>
    </Alert>
  );
}
