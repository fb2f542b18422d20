import { useQuery } from '@tanstack/react-query';
import type { DeliverySlotsResponse } from '@store/contracts';
import { deliverySlotsQuery } from '../../api/delivery.js';

export interface DeliverySlots {
  /** There is a PIN code to ask about. */
  asked: boolean;
  /** Known once the first answer is in; null when nothing can be delivered to this PIN code. */
  earliestDate: string | null;
  /** The date shown: the one chosen, or the earliest; null until the first answer. */
  date: string | null;
  /** The answer for `date`, once it is in. */
  data: DeliverySlotsResponse | undefined;
  loading: boolean;
  /** Why no answer came (a PIN code the server refuses, a dropped connection); null otherwise. */
  error: unknown;
  /** Asks again for the answer that failed. */
  refetch(): void;
  isFetching: boolean;
}

/**
 * The slots a PIN code and a cart can have on the date the shopper looks at. The first answer
 * (no date) says the earliest date; a chosen date before it (a new PIN code, a day that has
 * passed) gives way to it, so what is shown is always a date that can be booked.
 */
export function useDeliverySlots(
  pincode: string | null,
  productIds: readonly string[],
  chosenDate: string | null,
): DeliverySlots {
  const asked = pincode !== null;
  const base = useQuery({ ...deliverySlotsQuery({ pincode: pincode ?? '', productIds }), enabled: asked });
  const earliestDate = base.data?.earliestDate ?? null;
  let date: string | null = null;
  if (base.data) date = chosenDate && earliestDate && chosenDate >= earliestDate ? chosenDate : base.data.date;
  const ownQuery = base.data !== undefined && date !== null && date !== base.data.date;
  const day = useQuery({
    ...deliverySlotsQuery({ pincode: pincode ?? '', productIds, date }),
    enabled: asked && ownQuery,
  });
  const current = ownQuery ? day : base;

  return {
    asked,
    earliestDate,
    date,
    data: asked ? current.data : undefined,
    loading: asked && current.isPending,
    error: asked && current.isError ? current.error : null,
    refetch: () => void current.refetch(),
    isFetching: current.isFetching,
  };
}
