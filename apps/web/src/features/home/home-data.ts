import { queryOptions } from '@tanstack/react-query';
import { carouselQuery, productsQuery } from '../../api/products.js';
import type { PagePrefetch } from '../../lib/server-render.js';
import { HOME_PAGE_SIZE } from './components/exclusive-collection.js';

/**
 * The hero's last banner on a day (an IST date; null for today by this browser's clock), from the
 * occasion calendar. The server renders Home with it in the query cache, so the page hydrates with
 * the server's banner for the server's day; only a page the browser renders alone loads the
 * calendar for it.
 */
export const seasonQuery = (day: string | null) =>
  queryOptions({
    queryKey: ['Season', day],
    queryFn: () => import('./season.js').then((m) => m.seasonalBanner(day)),
    staleTime: Infinity,
  });

/** A positive whole page number from the route, else the first page. */
function toPage(value: string | undefined): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/** What 'Our Exclusive Collection' lists at a home route: /search/:keyword and /page/:pageNumber steer it. */
export function homeCollection(params: Readonly<Record<string, string | undefined>>) {
  return { keyword: params.keyword?.trim() || undefined, pageNumber: toPage(params.pageNumber) };
}

/**
 * Home's rows for the PIN code, asked as ExclusiveCollection and UniqueCollections ask them (same
 * keys), and the hero's banner for the day.
 */
export const prefetchHome: PagePrefetch = ({ queryClient, params, pincode, today, get }) => {
  const { keyword, pageNumber } = homeCollection(params);
  return Promise.all([
    queryClient.fetchQuery(productsQuery({ keyword, pincode }, pageNumber, HOME_PAGE_SIZE, get)),
    queryClient.fetchQuery(carouselQuery(get, pincode)),
    queryClient.fetchQuery(seasonQuery(today)),
  ]);
};
