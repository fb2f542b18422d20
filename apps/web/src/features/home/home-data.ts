import { carouselQuery, productsQuery } from '../../api/products.js';
import type { PagePrefetch } from '../../lib/server-render.js';
import { HOME_PAGE_SIZE } from './components/exclusive-collection.js';

/** A positive whole page number from the route, else the first page. */
function toPage(value: string | undefined): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/** What 'Our Exclusive Collection' lists at a home route: /search/:keyword and /page/:pageNumber steer it. */
export function homeCollection(params: Readonly<Record<string, string | undefined>>) {
  return { keyword: params.keyword?.trim() || undefined, pageNumber: toPage(params.pageNumber) };
}

/** Home's rows for the PIN code, asked as ExclusiveCollection and UniqueCollections ask them (same keys). */
export const prefetchHome: PagePrefetch = ({ queryClient, params, pincode, get }) => {
  const { keyword, pageNumber } = homeCollection(params);
  return Promise.all([
    queryClient.fetchQuery(productsQuery({ keyword, pincode }, pageNumber, HOME_PAGE_SIZE, get)),
    queryClient.fetchQuery(carouselQuery(get, pincode)),
  ]);
};
