import { useEffect, useLayoutEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { PincodeDetail } from '@store/contracts';
import { isPincodeFormat, PINCODE_FORMAT_MESSAGE } from '@store/domain';
import { deliverySlotsQuery } from '../../api/delivery.js';
import { pincodeQuery } from '../../api/products.js';
import { ApiError } from '../../lib/api.js';
import { checkedPincode, rememberCheckedPincode } from '../../lib/checked-pincode.js';

export type PincodeCheck =
  | { status: 'idle' }
  | { status: 'loading'; pincode: string }
  | { status: 'error'; message: string }
  | { status: 'success'; detail: PincodeDetail };

/** When this product can reach a checked PIN code, from the delivery slots. */
export interface EarliestDelivery {
  /** `YYYY-MM-DD` (IST). */
  date: string;
  /** ISO instant: until when an order can still be delivered today; null when today is out. */
  sameDayDeadline: string | null;
}

export interface PincodeCheckApi {
  value: string;
  setValue(value: string): void;
  check(): void;
  state: PincodeCheck;
  /** Delivery is confirmed for the PIN code in the box: only then may the product be bought. */
  deliveryAvailable: boolean;
  /** Known once the slots of a deliverable PIN code are in; null before, or when no date is open. */
  earliest: EarliestDelivery | null;
  /** Asks for the slots again (today's deadline has passed, so the earliest date has moved). */
  refreshEarliest(): void;
}

/**
 * A check that failed on the way (a dropped connection, a fault on the server) says so in a
 * sentence with what to do; only the server's answers about the code itself ('Please enter a
 * valid Pin') are shown as they come.
 */
export const pincodeCheckFailed = (pincode: string) =>
  `We couldn't check delivery to ${pincode} just now. Please press Check to try again.`;

const checkMessage = (pincode: string, err: unknown) =>
  err instanceof ApiError && err.status >= 400 && err.status < 500 ? err.message : pincodeCheckFailed(pincode);

/** The PIN code box's name: the query parameter its form sends without the app's script. */
export const PINCODE_PARAM = 'pincode';

/** What the shopper asked to check: a code to look up, or one that is not even six digits. */
type Asked = { pincode: string } | { badFormat: true } | null;

/**
 * The postal check of spec section 4: idle → loading → error or success with availability; then,
 * for a PIN code delivered to, the earliest delivery date of this product and today's cut-off.
 */
export function usePincodeCheck(productId?: string): PincodeCheckApi {
  // A code in the address is what the box sent when Check was pressed before the app's script
  // had run (the form's own GET): the server's HTML shows it already, and it is checked on load.
  const [searchParams] = useSearchParams();
  const fromAddress = searchParams.get(PINCODE_PARAM)?.trim() ?? '';
  const [value, setValueState] = useState(fromAddress);
  const [asked, setAsked] = useState<Asked>(null);
  // Else a PIN code remembered from an earlier visit is checked again at once, so its answer is
  // current. It is read after the first render, which must match the server's HTML, and before the
  // paint.
  useLayoutEffect(() => {
    const code = fromAddress || checkedPincode();
    if (!code) return;
    setValueState(code);
    if (isPincodeFormat(code)) setAsked({ pincode: code });
    else if (fromAddress) setAsked({ badFormat: true });
  }, [fromAddress]);
  const pincode = asked && 'pincode' in asked ? asked.pincode : null;
  const query = useQuery({ ...pincodeQuery(pincode ?? ''), enabled: pincode !== null });

  useEffect(() => {
    if (pincode !== null && query.data) rememberCheckedPincode(pincode);
  }, [pincode, query.data]);

  let state: PincodeCheck;
  if (asked === null) state = { status: 'idle' };
  else if (!('pincode' in asked)) state = { status: 'error', message: PINCODE_FORMAT_MESSAGE };
  else if (query.data) state = { status: 'success', detail: query.data };
  // The server answers the spec's own texts ('Please enter a valid Pin' for an unknown code).
  else if (query.isError) state = { status: 'error', message: checkMessage(asked.pincode, query.error) };
  else state = { status: 'loading', pincode: asked.pincode };

  const deliverable = state.status === 'success' && state.detail.deliveryAvailable;
  const slots = useQuery({
    ...deliverySlotsQuery({ pincode: pincode ?? '', productIds: productId ? [productId] : [] }),
    enabled: deliverable && pincode !== null,
  });
  const earliestDate = deliverable ? slots.data?.earliestDate : null;
  const earliest = earliestDate ? { date: earliestDate, sameDayDeadline: slots.data?.sameDayDeadline ?? null } : null;

  return {
    value,
    // An answer belongs to the code it was given for; typing another one asks again.
    setValue: (next: string) => {
      setValueState(next);
      setAsked(null);
    },
    check: () => {
      const code = value.trim();
      // Checking the same code again after a failed look-up asks the server again.
      if (code === pincode && query.isError) void query.refetch();
      setAsked(isPincodeFormat(code) ? { pincode: code } : { badFormat: true });
    },
    state,
    deliveryAvailable: deliverable,
    earliest,
    refreshEarliest: () => void slots.refetch(),
  };
}
