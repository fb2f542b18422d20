import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { PincodeDetail, ProductDetail } from '@store/contracts';
import { isPincodeFormat, PINCODE_FORMAT_MESSAGE } from '@store/domain';
import { deliverySlotsQuery } from '../../api/delivery.js';
import { pincodeQuery } from '../../api/pincodes.js';
import { productForPincodeQuery } from '../../api/products.js';
import { ApiError } from '../../lib/api.js';
import { choosePincode, usePincode } from '../../stores/pincode-store.js';

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
  /** Delivery is confirmed for the PIN code in the box and this product: only then may it be bought. */
  deliveryAvailable: boolean;
  /**
   * This product as asked for the PIN code in the box, once that is known to be delivered to:
   * its `delivery` (whether, how and from when it can reach it) and the related products that can.
   */
  forPincode: ProductDetail | null;
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
 * The postal check of spec section 4: idle → loading → error or success with availability, for the
 * area and for this product; then, for a PIN code this product can reach, its earliest delivery
 * date and today's cut-off. The box follows the store's PIN code (chosen in the header, say), and a
 * code it finds delivered to becomes the store's: one PIN code for the whole store.
 */
export function usePincodeCheck(productId: string): PincodeCheckApi {
  // A code in the address is what the box sent when Check was pressed before the app's script
  // had run (the form's own GET): the server's HTML shows it already, and it is checked on load.
  const [searchParams] = useSearchParams();
  const fromAddress = searchParams.get(PINCODE_PARAM)?.trim() ?? '';
  const chosen = usePincode();
  const [value, setValueState] = useState(fromAddress);
  const [asked, setAsked] = useState<Asked>(null);
  const addressTaken = useRef('');
  // The address's code is checked once, over the store's; from then on the store's PIN code is
  // checked whenever it changes. The store's is known after the first render, which must match the
  // server's HTML, and before the paint.
  useLayoutEffect(() => {
    const code = fromAddress && addressTaken.current !== fromAddress ? fromAddress : chosen;
    addressTaken.current = fromAddress;
    if (!code) return;
    setValueState(code);
    setAsked(isPincodeFormat(code) ? { pincode: code } : { badFormat: true });
  }, [fromAddress, chosen]);
  const pincode = asked && 'pincode' in asked ? asked.pincode : null;
  const query = useQuery({ ...pincodeQuery(pincode ?? ''), enabled: pincode !== null });
  const areaDelivered = query.data?.deliveryAvailable === true;
  // The store's code is one whose area was found delivered to: asked beside the look-up, so a
  // remembered code is answered in one round trip. Another waits for the look-up, so that an
  // unknown code is refused once, by the look-up.
  const product = useQuery({
    ...productForPincodeQuery(productId, pincode ?? ''),
    enabled: pincode !== null && (pincode === chosen || areaDelivered),
  });

  useEffect(() => {
    if (pincode !== null && areaDelivered) choosePincode(pincode);
  }, [pincode, areaDelivered]);

  let state: PincodeCheck;
  if (asked === null) state = { status: 'idle' };
  else if (!('pincode' in asked)) state = { status: 'error', message: PINCODE_FORMAT_MESSAGE };
  // Where the area is delivered to, the answer waits for this product's: 'Available' must not turn
  // into 'cannot be delivered' a moment later.
  else if (query.data && !(areaDelivered && product.isPending)) state = { status: 'success', detail: query.data };
  // The server answers the spec's own texts ('Please enter a valid Pin' for an unknown code).
  else if (query.isError) state = { status: 'error', message: checkMessage(asked.pincode, query.error) };
  else state = { status: 'loading', pincode: asked.pincode };

  const forPincode = state.status === 'success' && areaDelivered ? (product.data ?? null) : null;
  // A product answer that failed on the way leaves it to the area's, as before products had their
  // own reach: the order is checked again when it is placed.
  const deliverable = state.status === 'success' && areaDelivered && forPincode?.delivery?.deliverable !== false;
  // Beside this product's answer too: for a product that cannot reach the area, every slot is closed.
  const slots = useQuery({
    ...deliverySlotsQuery({ pincode: pincode ?? '', productIds: [productId] }),
    enabled: areaDelivered && pincode !== null,
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
      if (code === pincode && product.isError) void product.refetch();
      setAsked(isPincodeFormat(code) ? { pincode: code } : { badFormat: true });
    },
    state,
    deliveryAvailable: deliverable,
    forPincode,
    earliest,
    refreshEarliest: () => void slots.refetch(),
  };
}
