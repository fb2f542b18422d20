import { topRatedQuery } from '../../api/products.js';
import type { PagePrefetch } from '../../lib/server-render.js';

/**
 * The empty cart's top-rated gifts for the PIN code, under the key the row asks with: the server
 * renders the cart as empty (only the browser knows its lines), so its HTML carries the row's
 * pictures rather than the browser fetching them after its script, the slowest paint of the page.
 * Suggestions that cannot be had leave the row out, not the page unrendered.
 */
export const prefetchCart: PagePrefetch = ({ queryClient, pincode, get }) =>
  queryClient.fetchQuery(topRatedQuery(pincode, get)).catch(() => undefined);
