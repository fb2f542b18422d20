import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { CatalogResponse, ProductListResponse } from '@store/contracts';
import { productSummary } from '../../test/product-test-utils.js';

/** A small catalogue: Flowers and Cakes have palettes, Combos has none. */
export const catalog: CatalogResponse = {
  categories: [
    { name: 'Flowers', subcategories: ['Roses', 'Lilies Bouquet'] },
    { name: 'Cakes', subcategories: ['Chocolate', 'Red Velvet'] },
    { name: 'Combos', subcategories: ['Flowers and Cakes'] },
  ],
  colorPalettes: {
    Flowers: [
      { name: 'Red', hex: '#C8102E' },
      { name: 'White', hex: '#FAFAF7' },
    ],
    Cakes: [
      { name: 'Chocolate Brown', hex: '#5C3317' },
      { name: 'Cream', hex: '#F3E5C0' },
    ],
  },
  occasions: ['Birthday'],
  homeOccasions: ['Birthday'],
  recipients: ['For Her', 'For Him'],
  materials: [],
  arrangementStyles: [],
  fragrances: [],
  defaultFragrance: '',
  defaultCareInstructions: '',
  vendors: [],
};

/** Pages of `size` products numbered from 1, as the API answers them. */
export function pagesOf(total: number, size = 12): ProductListResponse[] {
  const pages = Math.max(1, Math.ceil(total / size));
  return Array.from({ length: pages }, (_, i) => ({
    page: i + 1,
    pages,
    total,
    products: Array.from({ length: Math.min(size, total - i * size) }, (_, j) => productSummary(i * size + j + 1)),
  }));
}

export type Reply = { status: number; body: unknown } | Promise<{ status: number; body: unknown }>;

/**
 * A stand-in for the API: the catalogue, and product pages from `listPage` (given the query the
 * page sent). Every product request's query is kept in `requests`.
 */
export function fakeApi(listPage: (query: URLSearchParams) => Reply) {
  const requests: URLSearchParams[] = [];
  const fetch = async (input: string | URL | Request) => {
    const url = new URL(String(input), 'http://localhost');
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (url.pathname === '/api/catalog') return json(200, catalog);
    if (url.pathname === '/api/products') {
      requests.push(url.searchParams);
      const reply = await listPage(url.searchParams);
      return json(reply.status, reply.body);
    }
    return json(404, { message: 'Not found', code: 'NOT_FOUND' });
  };
  return { fetch, requests };
}

/** Serves fixed pages, by the pageNumber asked for. */
export function servePages(pages: ProductListResponse[]) {
  return (query: URLSearchParams): Reply => ({
    status: 200,
    body: pages[Number(query.get('pageNumber') ?? 1) - 1] ?? { products: [], page: 1, pages: 1, total: 0 },
  });
}

function LocationProbe() {
  const location = useLocation();
  return <output aria-label="Current address">{`${location.pathname}${location.search}`}</output>;
}

const LISTING_ROUTES = [
  '/products',
  '/products/:keyword',
  '/products/page/:pageNumber',
  '/products/:keyword/page/:pageNumber',
];

/** Renders `element` on the listing's routes at `url`, with a fresh query cache and no retries. */
export function withListingRoutes(element: ReactNode, url = '/products') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 5_000 } } });
  return (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          {LISTING_ROUTES.map((path) => (
            <Route key={path} path={path} element={element} />
          ))}
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>
  );
}
