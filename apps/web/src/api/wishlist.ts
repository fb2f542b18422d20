import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ProductSummary, Wishlist } from '@store/contracts';
import { apiFetch } from '../lib/api.js';
import { queryKeys } from '../lib/query-client.js';

const path = (productId: string) => `/api/users/wishlist/${encodeURIComponent(productId)}`;

/** The signed-in account's wishlist; every call answers the whole list, newest first. */
export const accountWishlist = () => apiFetch<Wishlist>('/api/users/wishlist');
export const addToAccountWishlist = (productId: string) => apiFetch<Wishlist>(path(productId), { method: 'PUT' });
export const removeFromAccountWishlist = (productId: string) =>
  apiFetch<Wishlist>(path(productId), { method: 'DELETE' });
export const mergeIntoAccountWishlist = (productIds: string[]) =>
  apiFetch<Wishlist>('/api/users/wishlist/merge', { method: 'POST', body: { productIds } });

/**
 * The cards of the products a wishlist names, in its order, and the ids they were asked for: ids
 * the answer left out (products deleted since) can be told apart from ones hearted meanwhile.
 */
export interface WishlistProducts {
  asked: string[];
  products: ProductSummary[];
}

/** While a changed list is fetched the previous answer stays, so a removed card goes at once. */
export function useWishlistProducts(productIds: string[]) {
  const ids = productIds.join(',');
  return useQuery({
    queryKey: [...queryKeys.products, 'by-ids', ids],
    queryFn: async ({ signal }): Promise<WishlistProducts> => {
      const { products } = await apiFetch<{ products: ProductSummary[] }>(`/api/products/by-ids?ids=${ids}`, {
        signal,
      });
      return { asked: productIds, products };
    },
    enabled: productIds.length > 0,
    placeholderData: keepPreviousData,
  });
}
