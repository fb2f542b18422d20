import { useQuery } from '@tanstack/react-query';
import { Truck } from 'lucide-react';
import { pincodeQuery } from '../../api/pincodes.js';
import { cn } from '../../lib/cn.js';
import { openPincodeDialog, usePincode } from '../../stores/pincode-store.js';

/**
 * 'Deliver to': the recipient's PIN code and its district, or 'Set PIN' when none is chosen; it
 * opens the dialog that changes it. `className` places and sizes it: a size of its own whatever it
 * says, so the server's 'Set PIN' turning into this browser's code moves nothing. The code comes
 * first, so a long district is what a narrow control cuts short.
 */
export function DeliverTo({ className }: { className: string }) {
  const pincode = usePincode();
  const place = useQuery({ ...pincodeQuery(pincode), enabled: pincode !== '' });
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      onClick={openPincodeDialog}
      className={cn('items-center gap-1.5 text-left text-sm text-neutral-800', className)}
    >
      <Truck className="size-4 shrink-0 text-brand-600 xl:size-5" aria-hidden="true" />
      {/* One line in the phone's bar; two beside the desktop's logo, where only that one shows. */}
      <span className="flex min-w-0 items-baseline gap-1.5 xl:flex-col xl:items-start xl:gap-0">
        <span className="shrink-0 xl:text-xs xl:leading-4 xl:text-neutral-600">Deliver to</span>{' '}
        <span
          className={cn(
            'max-w-full truncate font-semibold',
            !pincode && 'text-brand-700 underline-offset-2 hover:underline',
          )}
        >
          {pincode ? [pincode, place.data?.district].filter(Boolean).join(' · ') : 'Set PIN'}
        </span>
      </span>
    </button>
  );
}
