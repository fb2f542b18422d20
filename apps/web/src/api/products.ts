import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  PRODUCT_DATA_ELEMENT_ID,
  type CatalogResponse,
  type ProductDetail,
  type ProductListResponse,
  type ProductSummary,
} from '@store/contracts';
import { apiFetch, type ApiGet } from '../lib/api.js';
import { queryKeys } from '../lib/query-client.js';

/**
 * The listing filters as the URL and the API name them (spec "Filter state"). Repeatable ones are
 * lists; absent ones are undefined.
 */
export interface ProductFilters {
  keyword?: string;
  category?: string;
  subcategory?: string;
  color?: string[];
  recipient?: string[];
  occasion?: string[];
  variant?: string;
  minRating?: number;
  maxRating?: number;
  minPrice?: number;
  maxPrice?: number;
  sortBy?: 'price' | 'rating' | 'name' | 'createdAt';
  order?: 'asc' | 'desc';
  sameDayDelivery?: boolean;
  /**
   * The recipient's PIN code, from the store rather than the listing's URL: only products that can
   * reach it, each with its earliest delivery.
   */
  pincode?: string;
}

export function filtersToSearchParams(filters: ProductFilters, extra: Record<string, string> = {}): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value === undefined || value === '' || value === false) continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  return params;
}

/**
 * The catalogue's queries, each asking the API through `get`: the browser's fetch, or on the server
 * the store's own services answering the same paths in-process (entry-server.tsx), under the same
 * keys, so the page hydrates from what the server rendered.
 */
export const catalogQuery = (get: ApiGet = apiFetch) =>
  queryOptions({
    queryKey: queryKeys.catalog,
    queryFn: ({ signal }) => get<CatalogResponse>('/api/catalog', { signal }),
    staleTime: Infinity,
  });

export function useCatalog() {
  return useQuery(catalogQuery());
}

export function productsQuery(filters: ProductFilters, pageNumber = 1, pageLimit?: number, get: ApiGet = apiFetch) {
  const params = filtersToSearchParams(filters, {
    pageNumber: String(pageNumber),
    ...(pageLimit ? { pageLimit: String(pageLimit) } : {}),
  });
  return queryOptions({
    queryKey: [...queryKeys.products, 'list', params.toString()],
    queryFn: ({ signal }) => get<ProductListResponse>(`/api/products?${params}`, { signal }),
  });
}

export function useProducts(filters: ProductFilters, pageNumber = 1, pageLimit?: number) {
  return useQuery({ ...productsQuery(filters, pageNumber, pageLimit), placeholderData: keepPreviousData });
}

/**
 * The product the server embedded in the page's HTML, when it is this one. Taken once: after the
 * first page the query cache holds what is current, and a stale copy must not come back.
 */
function takeEmbeddedProduct(id: string): ProductDetail | undefined {
  // The server renders a product page only with the product already in the query cache.
  if (typeof document === 'undefined') return undefined;
  const element = document.getElementById(PRODUCT_DATA_ELEMENT_ID);
  if (!element) return undefined;
  element.remove();
  try {
    const product = JSON.parse(element.textContent ?? '') as ProductDetail;
    return product._id === id ? product : undefined;
  } catch {
    return undefined;
  }
}

export const productQuery = (id: string, get: ApiGet = apiFetch) =>
  queryOptions({
    queryKey: [...queryKeys.products, 'detail', id],
    queryFn: ({ signal }) => get<ProductDetail>(`/api/products/${encodeURIComponent(id)}`, { signal }),
  });

export function useProduct(id: string | undefined) {
  return useQuery({
    ...productQuery(id ?? ''),
    initialData: () => (id ? takeEmbeddedProduct(id) : undefined),
    enabled: Boolean(id),
  });
}

/**
 * A product asked for a PIN code: its `delivery` (whether, how and from when it can reach it) and
 * only the related products that can, dated. Under the product's own key, so whatever refreshes
 * the product refreshes this too.
 */
export const productForPincodeQuery = (id: string, pincode: string) =>
  queryOptions({
    queryKey: [...queryKeys.products, 'detail', id, pincode],
    queryFn: ({ signal }) =>
      apiFetch<ProductDetail>(`/api/products/${encodeURIComponent(id)}?${new URLSearchParams({ pincode })}`, {
        signal,
      }),
  });

/** Newest available products for the home page's 'Our UNIQUE Collections' carousel, for a PIN code when one is chosen. */
export const carouselQuery = (get: ApiGet = apiFetch, pincode = '') =>
  queryOptions({
    queryKey: [...queryKeys.products, 'all', pincode],
    queryFn: ({ signal }) =>
      get<{ products: ProductSummary[] }>(`/api/products/all${pincode ? `?${new URLSearchParams({ pincode })}` : ''}`, {
        signal,
      }).then((r) => r.products),
  });

/** Another PIN code keeps the carousel's cards until its own arrive, as the listing does. */
export const useCarouselProducts = (pincode: string) =>
  useQuery({ ...carouselQuery(apiFetch, pincode), placeholderData: keepPreviousData });

/** The highest-rated products (`GET /api/products/top`), for a PIN code when one is chosen. */
export const topRatedQuery = (pincode = '', get: ApiGet = apiFetch) =>
  queryOptions({
    queryKey: [...queryKeys.products, 'top', pincode],
    queryFn: ({ signal }) =>
      get<{ products: ProductSummary[] }>(`/api/products/top${pincode ? `?${new URLSearchParams({ pincode })}` : ''}`, {
        signal,
      }).then((r) => r.products),
  });
