import { catalogQuery, infiniteProductsQuery } from '../../api/products.js';
import type { PagePrefetch } from '../../lib/server-render.js';
import { parseFilters } from './filters-url.js';

/** The listing's first page of products, and the catalogue its filters offer. */
export const prefetchListing: PagePrefetch = ({ queryClient, params, searchParams, get }) =>
  Promise.all([
    queryClient.fetchInfiniteQuery(infiniteProductsQuery(parseFilters(searchParams, params.keyword), get)),
    queryClient.fetchQuery(catalogQuery(get)),
  ]);
