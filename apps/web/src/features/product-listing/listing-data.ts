import { infiniteQueryOptions } from '@tanstack/react-query';
import type { ProductListResponse } from '@store/contracts';
import { catalogQuery, filtersToSearchParams, type ProductFilters } from '../../api/products.js';
import { apiFetch, type ApiGet } from '../../lib/api.js';
import { queryKeys } from '../../lib/query-client.js';
import type { PagePrefetch } from '../../lib/server-render.js';
import { parseFilters } from './filters-url.js';

/**
 * The listing's pages, read one by one as the shopper scrolls, for the chosen PIN code when there is
 * one: its own part of the key, so another PIN code for the same filters can keep the cards shown.
 * With the listing rather than the catalogue's other queries, since no other page scrolls for more.
 */
export function infiniteProductsQuery({ pincode = '', ...filters }: ProductFilters, get: ApiGet = apiFetch) {
  const base = filtersToSearchParams(filters);
  return infiniteQueryOptions({
    queryKey: [...queryKeys.products, 'infinite', base.toString(), pincode],
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => {
      const params = filtersToSearchParams({ ...filters, pincode }, { pageNumber: String(pageParam) });
      return get<ProductListResponse>(`/api/products?${params}`, { signal });
    },
    getNextPageParam: (last) => (last.page < last.pages ? last.page + 1 : undefined),
  });
}

/**
 * The listing's first page of products for the PIN code, under the key ProductResults asks it with,
 * and the catalogue its filters offer.
 */
export const prefetchListing: PagePrefetch = ({ queryClient, params, searchParams, pincode, get }) =>
  Promise.all([
    queryClient.fetchInfiniteQuery(
      infiniteProductsQuery({ ...parseFilters(searchParams, params.keyword), pincode }, get),
    ),
    queryClient.fetchQuery(catalogQuery(get)),
  ]);
