import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { PRODUCT_DATA_ELEMENT_ID, type ProductDetail } from '@store/contracts';
import { SERVER_ERROR_MESSAGE } from '../../lib/api.js';
import { createQueryClient } from '../../lib/query-client.js';
import { choosePincode } from '../../stores/pincode-store.js';
import { NOW, slotsAnswer, TODAY } from '../../test/delivery-test-utils.js';
import { FRESH_CAKES_REASON, productSummary, reach, unreachable } from '../../test/product-test-utils.js';
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

beforeEach(() => {
  localStorage.clear();
  choosePincode(null);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
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

describe('the product page for the chosen PIN code', () => {
  const kolkata = {
    pincode: '700001',
    district: 'Kolkata',
    state: 'West Bengal',
    postOffices: [],
    deliveryAvailable: true,
    sameDayDelivery: false,
  };
  const kochi = { ...kolkata, pincode: '682001', district: 'Ernakulam', state: 'Kerala', sameDayDelivery: true };
  const dated = (n: number, label: string) => productSummary(n, { earliestDelivery: { date: TODAY, label } });

  /** The API by path and query; anything else is a 500 naming it. */
  function stubByUrl(answers: Record<string, unknown>) {
    const fetchMock = vi.fn(async (url: string) => {
      const found = url in answers;
      return new Response(JSON.stringify(found ? answers[url] : { message: `unexpected ${url}` }), {
        status: found ? 200 : 500,
      });
    });
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  }

  it('says it cannot be delivered there and why, keeps buying closed, and offers three gifts that can go', async () => {
    choosePincode('700001');
    const cake = { ...roses, occasion: ['Anniversary'], category: 'Cakes' };
    stubByUrl({
      '/api/products/p1': cake,
      '/api/pincodes/700001': kolkata,
      '/api/products/p1?pincode=700001': { ...cake, relatedProducts: [], delivery: unreachable('700001') },
      '/api/delivery/slots?pincode=700001&productId=p1': slotsAnswer({ pincode: '700001', earliestDate: null }),
      // Two for the occasion; the rest from anything that can go there, without repeats.
      '/api/products?pincode=700001&occasion=Anniversary&pageNumber=1&pageLimit=3': {
        page: 1,
        pages: 1,
        total: 2,
        products: [dated(1, 'Sat, 5 Dec'), dated(2, 'Sat, 5 Dec')],
      },
      '/api/products?pincode=700001&pageNumber=1&pageLimit=6': {
        page: 1,
        pages: 3,
        total: 14,
        products: [dated(2, 'Sat, 5 Dec'), dated(3, 'Sun, 6 Dec'), dated(4, 'Sun, 6 Dec')],
      },
    });
    renderAt('/product/p1');
    const box = await screen.findByLabelText('Check delivery');
    const status = document.getElementById(box.getAttribute('aria-describedby')!)!;
    await waitFor(() => expect(status.textContent).toBe(`Can't be delivered to 700001.${FRESH_CAKES_REASON}`));
    expect(screen.getByRole('button', { name: 'Add To Cart' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Buy Now' })).toHaveProperty('disabled', true);
    expect(screen.queryByText('Same-day delivery')).toBeNull();

    const instead = await screen.findByRole('region', { name: 'Gifts that can reach 700001' });
    await waitFor(() =>
      expect(
        within(instead)
          .getAllByRole('article')
          .map((a) => within(a).getAllByRole('link')[1]?.textContent),
      ).toEqual(['Gift 1', 'Gift 2', 'Gift 3']),
    );
    expect(within(instead).getAllByText('Earliest Sat, 5 Dec')).toHaveLength(2);
    // The related products are those that can go there: none.
    expect(screen.queryByRole('region', { name: 'You may also like' })).toBeNull();
  });

  it('says how it goes there, shows only related gifts that can go too, and promises same-day only for today', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
    choosePincode('682001');
    const tomorrow = '2026-11-25';
    stubByUrl({
      '/api/products/p1': roses,
      '/api/pincodes/682001': kochi,
      '/api/products/p1?pincode=682001': {
        ...roses,
        relatedProducts: [{ ...roses.relatedProducts[0], earliestDelivery: { date: tomorrow, label: 'Tomorrow' } }],
        delivery: reach('682001', { earliestDate: tomorrow }),
      },
      '/api/delivery/slots?pincode=682001&productId=p1': slotsAnswer({
        pincode: '682001',
        date: tomorrow,
        earliestDate: tomorrow,
        sameDayDeadline: null,
      }),
    });
    renderAt('/product/p1');
    await screen.findByText('Earliest delivery: Tomorrow');
    expect(screen.getByText('Delivering to Ernakulam, Kerala').parentElement?.textContent).toBe(
      'Delivering to Ernakulam, Kerala · Made and hand-delivered locally',
    );
    expect(screen.getByRole('button', { name: 'Add To Cart' })).toHaveProperty('disabled', false);
    // The same-day badge gives its place to the earliest day there.
    expect(screen.queryByText('Same-day delivery')).toBeNull();
    expect(screen.queryByText('Delivery Tomorrow', { selector: 'li' })).not.toBeNull();
    const related = screen.getByRole('region', { name: 'You may also like' });
    expect(within(related).queryByText('Delivery Tomorrow')).not.toBeNull();
  });
});
