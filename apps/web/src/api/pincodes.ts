import { queryOptions } from '@tanstack/react-query';
import type { PincodeDetail } from '@store/contracts';
import { apiFetch } from '../lib/api.js';
import { queryKeys } from '../lib/query-client.js';

/**
 * District, state and delivery options of a six-digit PIN code (`GET /api/pincodes/:pin`); the
 * server answers the spec's texts. One query per code, shared by the header's 'Deliver to', the
 * product page's delivery check and the shipping form: a code checked on one is known on the others.
 * A module of its own because the header is on every first page and the catalogue's queries are not.
 */
export const pincodeQuery = (pincode: string) =>
  queryOptions({
    queryKey: [...queryKeys.pincodes, pincode],
    queryFn: ({ signal }) => apiFetch<PincodeDetail>(`/api/pincodes/${encodeURIComponent(pincode)}`, { signal }),
    // Postal data hardly changes; an unknown code will not become known by asking again.
    staleTime: 10 * 60_000,
    retry: false,
  });
