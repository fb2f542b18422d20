import { useQuery } from '@tanstack/react-query';
import type { DeliveredInput, PartnerOrder, PartnerOrderList } from '@store/contracts';
import { apiFetch } from '../../lib/api.js';
import { queryKeys } from '../../lib/query-client.js';

/** Under the orders' tag: a partner's move changes the order the buyer and the admins see too. */
export const partnerOrdersKey = [...queryKeys.orders, 'partner'] as const;

/**
 * How often the list is asked again while the page is in view, so that a new offer shows up
 * without a reload; TanStack Query stops asking while the tab is hidden.
 */
export const PARTNER_REFRESH_MS = 30_000;

/** The partner's orders of today and tomorrow (IST), offered and accepted, in slot order. */
export function usePartnerOrders() {
  return useQuery({
    queryKey: partnerOrdersKey,
    queryFn: ({ signal }) => apiFetch<PartnerOrderList>('/api/partner/orders', { signal }),
    refetchInterval: PARTNER_REFRESH_MS,
  });
}

const orderPath = (id: string, action: string) => `/api/partner/orders/${encodeURIComponent(id)}/${action}`;

/** 409 once the offer has lapsed or gone to another partner. */
export function acceptOrder(id: string): Promise<PartnerOrder> {
  return apiFetch<PartnerOrder>(orderPath(id, 'accept'), { method: 'POST' });
}

/** The order goes to the next partner at once; the server's answer says so. */
export function declineOrder(id: string, reason: string): Promise<{ message: string }> {
  return apiFetch<{ message: string }>(orderPath(id, 'decline'), { method: 'POST', body: { reason } });
}

/** 409 before the order's delivery date. */
export function sendOut(id: string): Promise<PartnerOrder> {
  return apiFetch<PartnerOrder>(orderPath(id, 'out-for-delivery'), { method: 'POST' });
}

/** `photo` is the path POST /api/upload answered. */
export function markDelivered(id: string, proof: DeliveredInput): Promise<PartnerOrder> {
  return apiFetch<PartnerOrder>(orderPath(id, 'delivered'), { method: 'POST', body: proof });
}
