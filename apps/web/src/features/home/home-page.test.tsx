import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { ProductSummary } from '@store/contracts';
import { productSummary } from '../../test/product-test-utils.js';
import { StoreDayContext } from '../../lib/store-day.js';
import { choosePincode } from '../../stores/pincode-store.js';
import { HOME_TITLE, HomePage } from './home-page.js';

const product = (i: number, category = 'Flowers'): ProductSummary =>
  productSummary(i, {
    _id: `p${i}`,
    name: `Gift number ${i}`,
    image: `/uploads/p${i}.jpg`,
    optimizedImages: { thumbnail: `/uploads/p${i}-thumb.webp`, detail: `/uploads/p${i}-detail.webp` },
    category,
    brand: 'Phoolwala',
    createdAt: '2024-01-01T00:00:00.000Z',
  });

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let listRequests: URLSearchParams[];
let carouselRequests: URLSearchParams[];
let listReply: () => Response;

function fakeFetch(input: RequestInfo | URL): Promise<Response> {
  const url = new URL(String(input), 'http://store.test');
  if (url.pathname === '/api/products/all') {
    carouselRequests.push(url.searchParams);
    return Promise.resolve(json({ products: [product(101, 'Cakes')] }));
  }
  if (url.pathname === '/api/products') {
    listRequests.push(url.searchParams);
    return Promise.resolve(listReply());
  }
  return Promise.resolve(json({ message: 'Not found', code: 'NOT_FOUND' }, 404));
}

function reducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('prefers-reduced-motion'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
  }));
}

/** Home at `url` on `day` (an IST date), by default one outside every occasion's window. */
function renderHome(url = '/', day = '2026-12-01') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <StoreDayContext value={day}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            {['/', '/search/:keyword', '/page/:pageNumber', '/search/:keyword/page/:pageNumber'].map((path) => (
              <Route key={path} path={path} element={<HomePage />} />
            ))}
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </StoreDayContext>,
  );
}

const region = (name: string) => screen.getByRole('region', { name });
const hrefs = (links: HTMLElement[]) => links.map((a) => a.getAttribute('href'));

beforeEach(() => {
  choosePincode(null);
  listRequests = [];
  carouselRequests = [];
  listReply = () => json({ products: Array.from({ length: 10 }, (_, i) => product(i)), page: 1, pages: 3 });
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
  reducedMotion(false);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the home page', () => {
  it('has its own title, one h1 and a heading per section in page order', async () => {
    renderHome();
    await screen.findByRole('list', { name: 'Our Exclusive Collection' });
    expect(document.title).toBe(HOME_TITLE);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Phoolwala Gifts');
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Shop for every Occasions',
      'Our UNIQUE Collections',
      'Gifts for Him & Her',
      'Our Exclusive Collection',
      'Subscribe and Save',
    ]);
  });

  it('shows four hero banners, only the first loaded eagerly, and the Kochi same-day banner', () => {
    renderHome();
    const slides = within(screen.getByRole('region', { name: 'Offers' })).getAllByRole('group');
    expect(slides).toHaveLength(4);
    const images = slides.map((slide) => slide.querySelector('img')!);
    expect(images.map((img) => img.getAttribute('loading'))).toEqual(['eager', 'lazy', 'lazy', 'lazy']);
    expect(images[0]!.getAttribute('fetchpriority')).toBe('high');
    expect(within(slides[0]!).getByRole('link').textContent).toContain('Same-day flowers in Kochi');
    const sameDay = screen.getByRole('link', { name: /Same-day delivery in Kochi — order by 4 PM/ });
    expect(sameDay.getAttribute('href')).toBe('/products?sameDayDelivery=true');
  });

  it.each([
    ['2026-08-26', 'Onam gifts', 'Shop Onam gifts', '/products/onam', 'onam-gifts'],
    [
      '2026-12-20',
      'Christmas gifts',
      'Shop Christmas gifts',
      '/products?category=Cakes&subcategory=Plum+cakes',
      'gifts',
    ],
    ['2026-12-01', 'Gifts for every occasion', 'Shop all gifts', '/products', 'gifts'],
    ['2026-12-26', 'New Year gifts', 'Shop New Year gifts', '/products?category=Cakes', 'gifts'],
  ])('on %s ends the hero with %s', async (day, headline, cta, href, picture) => {
    renderHome('/', day);
    const slides = within(screen.getByRole('region', { name: 'Offers' })).getAllByRole('group');
    // Rendered here without the server, the banner waits for the calendar's module.
    await within(slides[3]!).findByText(headline);
    const last = within(slides[3]!).getByRole('link');
    expect(last.textContent).toContain(cta);
    expect(last.getAttribute('href')).toBe(href);
    expect(last.querySelector('img')!.getAttribute('src')).toBe(`/images/home/banner-${picture}-desktop.webp`);
    // The three standing banners stay as they are, whatever the season.
    expect(slides.slice(0, 3).map((s) => within(s).getByRole('link').getAttribute('href'))).toEqual([
      '/products?category=Flowers&sameDayDelivery=true',
      '/products?category=Cakes',
      '/products?category=Chocolates',
    ]);
  });

  it('links each occasion tile, in the spec order, to the listing filtered by that occasion', () => {
    renderHome();
    const links = within(region('Shop for every Occasions')).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual([
      'Love and Romance',
      'Weddings and Engagements',
      'Housewarming',
      'Congratulations',
      'Mothers day',
      'Sympathy and Support',
      'Birthday',
      'Apologies',
    ]);
    expect(hrefs(links)).toEqual([
      '/products/?occasion=Love%20and%20Romance',
      '/products/?occasion=Weddings%20and%20Engagements',
      '/products/?occasion=Housewarming',
      '/products/?occasion=Congratulations',
      '/products/?occasion=Mothers%20day',
      '/products/?occasion=Sympathy%20and%20Support',
      '/products/?occasion=Birthday',
      '/products/?occasion=Apologies',
    ]);
    expect(links.every((a) => a.querySelector('img[width="400"][height="400"]'))).toBe(true);
  });

  it('sends For Him and For Her to the listing filtered by recipient', () => {
    renderHome();
    expect(screen.getByRole('link', { name: /For Him/ }).getAttribute('href')).toBe('/products?recipient=For+Him');
    expect(screen.getByRole('link', { name: /For Her/ }).getAttribute('href')).toBe('/products?recipient=For+Her');
  });

  it('fills Our UNIQUE Collections from the carousel products', async () => {
    renderHome();
    const unique = region('Our UNIQUE Collections');
    await expect(within(unique).findByRole('heading', { name: 'Gift number 101' })).resolves.not.toBeNull();
  });

  it('shows the first page of ten products with a Show all products link', async () => {
    renderHome();
    const exclusive = region('Our Exclusive Collection');
    expect(within(exclusive).getByRole('link', { name: 'Show all products' }).getAttribute('href')).toBe('/products');
    const items = within(await within(exclusive).findByRole('list')).getAllByRole('listitem');
    expect(items).toHaveLength(10);
    expect(listRequests[0]!.get('pageNumber')).toBe('1');
    expect(listRequests[0]!.get('pageLimit')).toBe('10');
    expect(listRequests[0]!.has('keyword')).toBe(false);
    expect(within(exclusive).getByRole('link', { name: 'Next' }).getAttribute('href')).toBe('/page/2');
  });

  it('takes the keyword and page number from the route', async () => {
    listReply = () => json({ products: [product(1)], page: 2, pages: 2 });
    renderHome('/search/red%20roses/page/2');
    const exclusive = region('Our Exclusive Collection');
    await within(exclusive).findByRole('list');
    expect(listRequests[0]!.get('keyword')).toBe('red roses');
    expect(listRequests[0]!.get('pageNumber')).toBe('2');
    expect(within(exclusive).queryByText('Results for “red roses”')).not.toBeNull();
    expect(within(exclusive).getByRole('link', { name: 'Previous' }).getAttribute('href')).toBe('/search/red%20roses');
  });

  it('shows placeholders while the products load', () => {
    vi.stubGlobal('fetch', () => new Promise<Response>(() => undefined));
    renderHome();
    const exclusive = region('Our Exclusive Collection');
    expect(within(exclusive).getByRole('status').textContent).toBe('Loading products…');
    expect(within(exclusive).queryByRole('list')).toBeNull();
  });

  it('says in a red alert that the products failed to load, and loads them on Try again', async () => {
    const failing = listReply;
    listReply = () => new Response('<html>Bad Gateway</html>', { status: 502 });
    renderHome();
    const alert = await within(region('Our Exclusive Collection')).findByRole('alert');
    expect(alert.textContent).toContain("We couldn't load the products.");
    expect(alert.textContent).not.toContain('Bad Gateway');
    listReply = failing;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(within(region('Our Exclusive Collection')).queryByRole('alert')).toBeNull());
    expect(within(region('Our Exclusive Collection')).getAllByRole('listitem').length).toBeGreaterThan(0);
  });

  it('plays the Subscribe and Save video muted and looping, with a way to pause it', () => {
    renderHome();
    const promo = region('Subscribe and Save');
    expect(
      within(promo).queryByText('Save up to 10% and get free shipping on every subscription delivery.'),
    ).not.toBeNull();
    const video = promo.querySelector('video')!;
    expect(video.autoplay).toBe(true);
    expect(video.muted).toBe(true);
    expect(video.loop).toBe(true);
    expect(video.getAttribute('poster')).toBe('/media/subscribe-and-save-poster.webp');
    expect(within(promo).queryByRole('button', { name: /animation/ })).not.toBeNull();
    expect(within(promo).getByRole('link', { name: 'Explore subscriptions' }).getAttribute('href')).toBe(
      '/products/subscription',
    );
  });

  it('does not autoplay the video for people who prefer reduced motion', () => {
    reducedMotion(true);
    renderHome();
    const video = region('Subscribe and Save').querySelector('video')!;
    expect(video.autoplay).toBe(false);
    expect(video.controls).toBe(true);
  });
});

describe('the home page and the chosen PIN code', () => {
  it('asks where the gift is going while no PIN code is chosen', async () => {
    renderHome();
    await screen.findByRole('list', { name: 'Our Exclusive Collection' });
    expect(screen.queryByText('Where is the gift going?')).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Set PIN' })).not.toBeNull();
  });

  it('asks both rows for what can reach the chosen PIN code, and again for another', async () => {
    choosePincode('700001');
    renderHome('/search/cake');
    await screen.findByRole('list', { name: 'Our Exclusive Collection' });
    expect(screen.queryByText('Delivering to 700001')).not.toBeNull();
    expect(listRequests.map((q) => [q.get('keyword'), q.get('pincode')])).toEqual([['cake', '700001']]);
    await waitFor(() => expect(carouselRequests.map((q) => q.get('pincode'))).toEqual(['700001']));

    act(() => choosePincode('682001'));
    await waitFor(() => expect(listRequests.map((q) => q.get('pincode'))).toEqual(['700001', '682001']));
    await waitFor(() => expect(carouselRequests.map((q) => q.get('pincode'))).toEqual(['700001', '682001']));
  });
});
