import { productQuery } from '../../api/products.js';
import type { PagePrefetch } from '../../lib/server-render.js';

export const prefetchProduct: PagePrefetch = ({ queryClient, params, get }) =>
  queryClient.fetchQuery(productQuery(params.id ?? '', get));
