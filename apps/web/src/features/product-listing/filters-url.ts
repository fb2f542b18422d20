import type { ProductFilters } from '../../api/products.js';

/** The price slider's range (spec section 9): 0 to 10000 in steps of 500. */
export const PRICE_MIN = 0;
export const PRICE_MAX = 10_000;
export const PRICE_STEP = 500;

export const SORT_FIELDS = ['price', 'rating', 'name', 'createdAt'] as const;
export type SortField = (typeof SORT_FIELDS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** The order the API sorts a field in when none is asked: best rated and newest first, the rest A to Z. */
export function defaultOrder(sortBy: SortField): SortOrder {
  return sortBy === 'rating' || sortBy === 'createdAt' ? 'desc' : 'asc';
}

/** The filters a shopper can set on the listing; the keyword travels in the route, the rest in the query. */
export type ListingFilters = Pick<
  ProductFilters,
  | 'keyword'
  | 'category'
  | 'subcategory'
  | 'color'
  | 'minRating'
  | 'minPrice'
  | 'maxPrice'
  | 'sortBy'
  | 'order'
  | 'recipient'
  | 'occasion'
  | 'sameDayDelivery'
>;

// The API refuses longer values with a 400; dropping them keeps a mangled link from breaking the page.
const MAX_TEXT = 80;
const MAX_KEYWORD = 100;
const MAX_REPEATS = 20;
const DECIMAL = /^\d+(\.\d+)?$/;

function text(value: string | null | undefined, max = MAX_TEXT): string | undefined {
  const trimmed = value?.trim();
  return trimmed && trimmed.length <= max ? trimmed : undefined;
}

function list(params: URLSearchParams, name: string): string[] | undefined {
  const values = [...new Set(params.getAll(name).map((v) => text(v)))].filter((v): v is string => v !== undefined);
  return values.length ? values.slice(0, MAX_REPEATS) : undefined;
}

function price(value: string | null): number | undefined {
  return value !== null && DECIMAL.test(value.trim()) ? Number(value) : undefined;
}

function oneOf<T extends string>(choices: readonly T[], value: string | null): T | undefined {
  return choices.find((c) => c === value);
}

/**
 * The listing filters from the URL (spec "Product listing"). Unknown or invalid values are
 * ignored rather than sent on, since the API would answer them with an error: a rating must be a
 * whole number of stars, prices must lie on the slider's scale, and a minimum above the maximum
 * drops both. A price at the slider's ends is the same as no bound.
 */
export function parseFilters(params: URLSearchParams, keyword?: string): ListingFilters {
  const rating = params.get('minRating')?.trim();
  let minPrice = price(params.get('minPrice'));
  let maxPrice = price(params.get('maxPrice'));
  if (minPrice !== undefined && (minPrice <= PRICE_MIN || minPrice > PRICE_MAX)) minPrice = undefined;
  if (maxPrice !== undefined && maxPrice >= PRICE_MAX) maxPrice = undefined;
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) minPrice = maxPrice = undefined;

  const filters: ListingFilters = {
    keyword: text(keyword, MAX_KEYWORD),
    category: text(params.get('category')),
    subcategory: text(params.get('subcategory')),
    color: list(params, 'color'),
    minRating: rating && /^[1-5]$/.test(rating) ? Number(rating) : undefined,
    minPrice,
    maxPrice,
    sortBy: oneOf(SORT_FIELDS, params.get('sortBy')),
    order: oneOf(SORT_ORDERS, params.get('order')),
    recipient: list(params, 'recipient'),
    occasion: list(params, 'occasion'),
    sameDayDelivery: params.get('sameDayDelivery') === 'true' ? true : undefined,
  };
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined)) as ListingFilters;
}

/**
 * The query string of the filters, in a fixed order so equal filters give equal URLs. The keyword
 * is left out (it belongs in the route) and so are defaults: empty lists, no same-day delivery and
 * prices at the slider's ends.
 */
export function filtersToQuery(filters: ListingFilters): URLSearchParams {
  const query = new URLSearchParams();
  const set = (name: string, value: string | number | undefined) => {
    if (value !== undefined && value !== '') query.set(name, String(value));
  };
  const add = (name: string, values: string[] | undefined) => values?.forEach((v) => query.append(name, v));

  set('category', filters.category);
  set('subcategory', filters.subcategory);
  add('color', filters.color);
  set('minRating', filters.minRating);
  if (filters.minPrice !== undefined && filters.minPrice > PRICE_MIN) set('minPrice', filters.minPrice);
  if (filters.maxPrice !== undefined && filters.maxPrice < PRICE_MAX) set('maxPrice', filters.maxPrice);
  set('sortBy', filters.sortBy);
  set('order', filters.order);
  add('recipient', filters.recipient);
  add('occasion', filters.occasion);
  if (filters.sameDayDelivery) query.set('sameDayDelivery', 'true');
  return query;
}

/**
 * Where the listing of these filters lives: /products/{keyword} or /products, always page 1, so
 * that any change of filters starts the list again (spec section 4).
 */
export function listingHref(filters: ListingFilters): string {
  const keyword = filters.keyword?.trim();
  const path = keyword ? `/products/${encodeURIComponent(keyword)}` : '/products';
  const query = filtersToQuery(filters).toString();
  return query ? `${path}?${query}` : path;
}

/**
 * Where 'Clear filters' of an empty result leads: the same search without its filters (the order
 * kept), or, when the search alone found nothing, every product; null when nothing narrows the list.
 */
export function clearedFiltersHref(filters: ListingFilters): string | null {
  const { keyword, sortBy, order, ...narrowing } = filters;
  if (filtersToQuery(narrowing).size > 0) return listingHref({ keyword, sortBy, order });
  return keyword ? listingHref({ sortBy, order }) : null;
}

/**
 * Choosing another category (or none) clears the subcategory, and the colours too, since each
 * category has its own palette.
 */
export function withCategory(filters: ListingFilters, category: string | undefined): ListingFilters {
  const { subcategory: _subcategory, color: _color, category: _category, ...rest } = filters;
  return category ? { ...rest, category } : rest;
}
