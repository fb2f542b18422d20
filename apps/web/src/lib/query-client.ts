import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api.js';

/**
 * Query keys start with the spec's cache tags, so one invalidation refreshes everything that
 * shows a kind of data: a product update or review invalidates ['Product'], and so on.
 */
export const queryKeys = {
  catalog: ['Catalog'] as const,
  products: ['Product'] as const,
  orders: ['Order'] as const,
  users: ['User'] as const,
  config: ['Config'] as const,
  pincodes: ['Pincode'] as const,
  delivery: ['Delivery'] as const,
};

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5_000,
        // A 4xx will not change by asking again ('Product not found' should show at once); a
        // dropped connection or a 5xx may, once.
        retry: (failures, err) => !(err instanceof ApiError && err.status < 500) && failures < 1,
        refetchOnWindowFocus: false,
      },
    },
  });
}
