import type { ListingFilters } from './filters-url.js';

/**
 * The heading of the listing, from the most specific thing the shopper asked for: a search, a
 * category and subcategory, a single occasion or recipient, else every product.
 */
export function listingTitle(filters: ListingFilters): string {
  const { keyword, category, subcategory, occasion, recipient } = filters;
  if (keyword) return `Results for "${keyword}"`;
  if (category && subcategory) return `${category} · ${subcategory}`;
  if (category || subcategory) return category ?? subcategory ?? '';
  if (occasion?.length === 1) return `${occasion[0]} gifts`;
  if (recipient?.length === 1) return `Gifts ${recipient[0]}`;
  return 'All products';
}

/** The page's meta description, naming what is listed. */
export function listingDescription(filters: ListingFilters): string {
  const what = filters.keyword ? `Gifts matching "${filters.keyword}"` : listingTitle(filters);
  return `${what} at Phoolwala Gifts. Flowers, cakes, chocolates and combos delivered across India.`;
}
