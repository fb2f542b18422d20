import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { PRODUCT_DATA_ELEMENT_ID, type ProductDetail } from '@store/contracts';
import { SERVER_ERROR_MESSAGE } from '../../lib/api.js';
import { createQueryClient } from '../../lib/query-client.js';
import { ProductPage } from './product-page.js';

const summary = {
  _id: 'p1',
  name: 'Classic Dozen Red Roses',
  price: 999,
  discountPrice: 699,
  discountStartDate: null,
  discountEndDate: null,
  countInStock: 10,
  available: true,
  isFeatured: false,
  isSellingFast: false,
  isSubscription: false,
  image: '/roses.jpg',
  optimizedImages: { thumbnail: '/roses-thumb.webp', detail: '/roses-detail.webp' },
  category: 'Flowers',
  subCategory: ['Roses', 'Rose Bouquet'],
  brand: 'Phoolwala',
  color: ['Red', 'Pink'],
  occasion: [],
  recipient: [],
  deliveryOptions: { sameDayDelivery: true, expressDelivery: false },
  fulfilment: 'local',
  rating: 4.5,
  numReviews: 2,
  gstRate: 0,
  createdAt: '2026-11-01T00:00:00.000Z',
} satisfies Partial<ProductDetail>;

const roses: ProductDetail = {
  ...summary,
  description: 'Twelve long-stemmed red roses.',
  productImages: ['/roses-2.jpg'],
  optimizedProductImages: [{ original: '/roses-2.jpg', optimized: { detail: '/roses-2-detail.webp' } }],
  vendor: [],
  tags: ['valentine', 'bestseller'],
  arrangementStyle: 'Hand-tied Bouquet',
  material: ['Wrapping Paper', 'Satin Ribbon'],
  closure: '',
  measurements: '45 cm x 30 cm',
  packageContent: '',
  fragrance: 'Mild',
  careInstructions: 'Keep in a cool place, avoid direct sunlight.',
  weight: 650,
  dimensions: { length: null, width: null, height: null },
  variants: [],
  options: [],
  relatedProducts: [{ ...summary, _id: 'p2', name: 'Pink Rose Whisper' }],
  reviews: [],
  hsnCode: '0603',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

function stubApi(answers: Record<string, [number, unknown]>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const [status, body] = answers[url] ?? [500, { message: `unexpected ${url}` }];
      return new Response(JSON.stringify(body), { status });
    }),
  );
}

function renderAt(path: string, client = new QueryClient({ defaultOptions: { queries: { retry: false } } })) {
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/product/:id" element={<ProductPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the product page', () => {
  it('shows the breadcrumb, title, price, specifications present and related products', async () => {
    stubApi({ '/api/products/p1': [200, roses] });
    renderAt('/product/p1');
    await screen.findByRole('heading', { level: 1, name: 'Classic Dozen Red Roses' });
    expect(document.title).toBe('Classic Dozen Red Roses | Phoolwala Gifts');

    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' }));
    expect(crumbs.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['Flowers', '/products?category=Flowers'],
      ['Roses', '/products?category=Flowers&subcategory=Roses'],
    ]);
    expect(crumbs.getByText('Classic Dozen Red Roses').getAttribute('aria-current')).toBe('page');

    const related = screen.getByRole('region', { name: 'You may also like' });
    expect(screen.getAllByText('30% Off').filter((el) => !related.contains(el))).toHaveLength(1);
    expect(screen.getByRole('link', { name: /2 reviews/ }).getAttribute('href')).toBe('#reviews');

    const specs = screen.getByRole('table');
    expect(
      within(specs)
        .getAllByRole('rowheader')
        .map((th) => th.textContent),
    ).toEqual(['Colour', 'Material', 'Measurements', 'Care Instructions']);
    expect(within(specs).queryByText('Wrapping Paper, Satin Ribbon')).not.toBeNull();
    expect(screen.getByText('Related tags: valentine, bestseller').className).toContain('sr-only');

    expect(within(related).getAllByRole('link', { name: 'Pink Rose Whisper' })[0]?.getAttribute('href')).toBe(
      '/product/p2',
    );
  });

  it('starts from the product the server put in the page, without asking the API again, and only once', async () => {
    const embed = (product: ProductDetail) => {
      const script = document.createElement('script');
      script.type = 'application/json';
      script.id = PRODUCT_DATA_ELEMENT_ID;
      script.textContent = JSON.stringify(product);
      document.head.append(script);
    };
    stubApi({});
    embed(roses);
    // The app's own client: answers count as fresh for a few seconds, the embedded one included.
    renderAt('/product/p1', createQueryClient());
    expect(await screen.findByRole('heading', { level: 1, name: 'Classic Dozen Red Roses' })).not.toBeNull();
    expect(fetch).not.toHaveBeenCalledWith('/api/products/p1', expect.anything());
    expect(document.getElementById(PRODUCT_DATA_ELEMENT_ID)).toBeNull();
    cleanup();

    // Another product's data is not taken for this one.
    stubApi({ '/api/products/p1': [200, { ...roses, name: 'Fresh From The API' }] });
    embed({ ...roses, _id: 'p9', name: 'Someone Else' });
    renderAt('/product/p1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Fresh From The API' })).not.toBeNull();
  });

  it('switches pictures with the thumbnails and the arrow keys', async () => {
    stubApi({ '/api/products/p1': [200, roses] });
    const user = renderAt('/product/p1');
    const main = await screen.findByRole('button', { name: 'Open full-size image 1 of 2' });
    expect(main.querySelector('img')?.getAttribute('src')).toBe('/roses-detail.webp');
    await user.click(screen.getByRole('button', { name: 'Show image 2 of 2' }));
    expect(screen.getByRole('button', { name: 'Open full-size image 2 of 2' })).toBe(main);
    expect(main.querySelector('img')?.getAttribute('src')).toBe('/roses-2-detail.webp');
    main.focus();
    await user.keyboard('{ArrowRight}');
    expect(main.querySelector('img')?.getAttribute('src')).toBe('/roses-detail.webp');
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Classic Dozen Red Roses, image 1 of 2' });
    expect(within(dialog).getByRole('img').getAttribute('src')).toBe('/roses.jpg');
  });

  it('toggles the wishlist heart and keeps it in this browser', async () => {
    stubApi({ '/api/products/p1': [200, roses] });
    const user = renderAt('/product/p1');
    const heart = await screen.findByRole('button', { name: 'Add to wishlist' });
    expect(heart.getAttribute('aria-pressed')).toBe('false');
    await user.click(heart);
    expect(heart.getAttribute('aria-label')).toBe('Remove from wishlist');
    expect(heart.getAttribute('aria-pressed')).toBe('true');
    expect(JSON.parse(localStorage.getItem('wishlist')!)).toEqual({ productIds: ['p1'], accountId: null });
    await user.click(heart);
    expect(JSON.parse(localStorage.getItem('wishlist')!)).toEqual({ productIds: [], accountId: null });
  });

  it('says so when the product does not exist', async () => {
    stubApi({ '/api/products/gone': [404, { message: 'Product not found', code: 'NOT_FOUND' }] });
    renderAt('/product/gone');
    await screen.findByRole('heading', { name: 'Product not found' });
    expect(screen.getByRole('link', { name: 'Browse all products' }).getAttribute('href')).toBe('/products');
  });

  it("shows other failures as a sentence, not the server's text, with Try again", async () => {
    stubApi({ '/api/products/p1': [503, { message: 'Database is restarting' }] });
    renderAt('/product/p1');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("We couldn't load this product.");
    expect(alert.textContent).toContain(SERVER_ERROR_MESSAGE);
    expect(alert.textContent).not.toContain('Database is restarting');
    expect(within(alert).queryByRole('button', { name: 'Try again' })).not.toBeNull();
  });
});
