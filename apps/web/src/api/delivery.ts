import type { DeliverySlotsResponse } from '@store/contracts';
import { apiFetch } from '../lib/api.js';
import { queryKeys } from '../lib/query-client.js';

export interface DeliverySlotsAsk {
  /** Six digits: the recipient's PIN code. */
  pincode: string;
  /** The products to deliver: a product without same-day delivery moves the whole order to tomorrow. */
  productIds: readonly string[];
  /** `YYYY-MM-DD` (IST); missing or null: the earliest date with a slot open. */
  date?: string | null;
}

/** Every slot-availability answer; invalidated after an order takes a place. */
export const deliverySlotsKey = [...queryKeys.delivery, 'slots'] as const;

/**
 * The slots of one date for a PIN code and a set of products (`GET /api/delivery/slots`), with
 * the earliest date and today's cut-off. The products are keyed sorted and without repeats, so a
 * cart and a product page asking about the same products share the answer.
 */
export function deliverySlotsQuery({ pincode, productIds, date = null }: DeliverySlotsAsk) {
  const ids = [...new Set(productIds)].sort();
  const params = new URLSearchParams({ pincode });
  if (date) params.set('date', date);
  for (const id of ids) params.append('productId', id);
  return {
    queryKey: [...deliverySlotsKey, pincode, date, ids] as const,
    queryFn: ({ signal }: { signal?: AbortSignal }) =>
      apiFetch<DeliverySlotsResponse>(`/api/delivery/slots?${params}`, { signal }),
    // Places fill up and cut-offs pass: a minute-old answer is as old as it should get.
    staleTime: 30_000,
  };
}
