import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProductListResponse } from '@store/contracts';
import { NETWORK_ERROR_MESSAGE, SERVER_ERROR_MESSAGE } from '../../lib/api.js';
import { choosePincode, setPincodeDialogOpen, usePincodeDialogOpen } from '../../stores/pincode-store.js';
import { LOAD_MORE_MARGIN, loadedRun, showingText } from './components/product-results.js';
import { fakeApi, pagesOf, servePages, withListingRoutes, type Reply } from './listing-test-utils.js';
import { ProductListPage } from './product-list-page.js';

/** Stands in for the browser's IntersectionObserver so a test can scroll the sentinel into view. */
class FakeObserver {
  static all: FakeObserver[] = [];
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {
    FakeObserver.all.push(this);
  }
  observe() {}
  disconnect() {
    FakeObserver.all = FakeObserver.all.filter((o) => o !== this);
  }
  static scrollNearEnd(near = true) {
    act(() => {
      for (const o of FakeObserver.all)
        o.callback([{ isIntersecting: near } as IntersectionObserverEntry], o as unknown as IntersectionObserver);
    });
  }
}

let api: ReturnType<typeof fakeApi>;
function serve(listPage: (query: URLSearchParams) => Reply) {
  api = fakeApi(listPage);
  vi.stubGlobal('fetch', api.fetch);
}

function renderPage(url = '/products') {
  render(withListingRoutes(<ProductListPage />, url));
  return userEvent.setup();
}

const address = () => screen.getByRole('status', { name: 'Current address' }).textContent;
const cards = () => within(screen.getByRole('list', { name: 'Products' })).getAllByRole('article');
const showing = () => screen.queryByText(/^Showing /)?.textContent;

beforeEach(() => {
  FakeObserver.all = [];
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  serve(servePages(pagesOf(30)));
  choosePincode(null);
  setPincodeDialogOpen(false);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the loaded run', () => {
  it.each([
    [12, 81, 'Showing 1–12 of 81 products'],
    [24, 81, 'Showing 1–24 of 81 products'],
    [1, 1, 'Showing 1–1 of 1 product'],
    [13, 12, 'Showing 1–13 of 13 products'],
  ])('%i loaded of %i reads "%s"', (shown, total, text) => {
    expect(showingText(shown, total)).toBe(text);
  });

  it('shows a product pushed onto the next page by one added meanwhile only once, where it was first', () => {
    const [first, second] = pagesOf(24);
    const pushed = { ...second!, products: [first!.products[11]!, ...second!.products.slice(0, 11)] };
    const names = loadedRun([first!, pushed]).map((p) => p.name);
    expect(names).toEqual(Array.from({ length: 23 }, (_, i) => `Gift ${i + 1}`));
  });
});

describe('filters in the URL', () => {
  it('Apply Filters writes the chosen filters into the query, back on page 1', async () => {
    const user = renderPage('/products/page/3');
    await screen.findByRole('option', { name: 'Cakes' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Cakes');
    await user.click(screen.getByRole('button', { name: 'Cream' }));
    await user.click(screen.getByRole('radio', { name: '4 stars & up' }));
    await user.click(screen.getByRole('checkbox', { name: 'Same day delivery' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Price');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Order' }), 'Descending');
    await user.click(screen.getByRole('button', { name: 'Apply Filters' }));

    expect(address()).toBe(
      '/products?category=Cakes&color=Cream&minRating=4&sortBy=price&order=desc&sameDayDelivery=true',
    );
    await expect(screen.findByRole('heading', { level: 1, name: 'Cakes' })).resolves.not.toBeNull();
    await waitFor(() => expect(api.requests.at(-1)?.get('category')).toBe('Cakes'));
    const sent = api.requests.at(-1)!;
    expect(Object.fromEntries(sent)).toEqual({
      category: 'Cakes',
      color: 'Cream',
      minRating: '4',
      sortBy: 'price',
      order: 'desc',
      sameDayDelivery: 'true',
      pageNumber: '1',
    });
  });

  it('a sort choice above the results applies at once, in the URL and the filter panel alike', async () => {
    const user = renderPage('/products/page/2?category=Cakes&minRating=4');
    const sorts = screen.getByRole('group', { name: 'Sort by' });
    expect(within(sorts).getByRole('button', { name: 'Newest' }).getAttribute('aria-pressed')).toBe('true');

    await user.click(within(sorts).getByRole('button', { name: 'Price: high to low' }));
    expect(address()).toBe('/products?category=Cakes&minRating=4&sortBy=price&order=desc');
    await waitFor(() => expect(api.requests.at(-1)?.get('sortBy')).toBe('price'));
    expect(Object.fromEntries(api.requests.at(-1)!)).toEqual({
      category: 'Cakes',
      minRating: '4',
      sortBy: 'price',
      order: 'desc',
      pageNumber: '1',
    });
    const pressed = () =>
      within(screen.getByRole('group', { name: 'Sort by' }))
        .getAllByRole('button', { pressed: true })
        .map((b) => b.textContent);
    expect(pressed()).toEqual(['Price: high to low']);
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveProperty('value', 'price');
    expect(screen.getByRole('combobox', { name: 'Order' })).toHaveProperty('value', 'desc');

    // And the other way: the panel's sort presses the matching choice.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Rating');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Order' }), 'Descending');
    await user.click(screen.getByRole('button', { name: 'Apply Filters' }));
    expect(address()).toBe('/products?category=Cakes&minRating=4&sortBy=rating&order=desc');
    expect(pressed()).toEqual(['Top rated']);

    await user.click(screen.getByRole('button', { name: 'Newest' }));
    expect(address()).toBe('/products?category=Cakes&minRating=4');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveProperty('value', '');
  });

  it('a keyword goes in the path, and an emptied keyword goes back to /products', async () => {
    const user = renderPage('/products?category=Flowers');
    const search = screen.getByRole('searchbox', { name: 'Search' });
    await user.type(search, 'red roses');
    await user.click(screen.getByRole('button', { name: 'Apply Filters' }));
    expect(address()).toBe('/products/red%20roses?category=Flowers');
    await expect(screen.findByRole('heading', { level: 1, name: 'Results for "red roses"' })).resolves.not.toBeNull();

    await user.clear(screen.getByRole('searchbox', { name: 'Search' }));
    await user.click(screen.getByRole('button', { name: 'Apply Filters' }));
    expect(address()).toBe('/products?category=Flowers');
  });

  it('reads the keyword from the route, decoded, on the paged routes too, and sends it to the API', async () => {
    renderPage('/products/red%20roses/page/2?minRating=abc&category=Flowers');
    await expect(screen.findByRole('heading', { level: 1, name: 'Results for "red roses"' })).resolves.not.toBeNull();
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveProperty('value', 'red roses');
    await waitFor(() => expect(api.requests).toHaveLength(1));
    expect(Object.fromEntries(api.requests[0]!)).toEqual({
      keyword: 'red roses',
      category: 'Flowers',
      pageNumber: '1',
    });
  });

  it('shows recipients and occasions from the URL as chips that can be removed', async () => {
    const user = renderPage('/products?recipient=For+Her&recipient=For+Wife&occasion=Birthday');
    const chips = screen.getByRole('list', { name: 'Active filters' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((c) => c.textContent),
    ).toEqual(['For Her', 'For Wife', 'Birthday']);
    await user.click(screen.getByRole('button', { name: 'Remove filter For Her' }));
    expect(address()).toBe('/products?recipient=For+Wife&occasion=Birthday');
    await user.click(screen.getByRole('button', { name: 'Remove filter Birthday' }));
    expect(address()).toBe('/products?recipient=For+Wife');
    await expect(screen.findByRole('heading', { level: 1, name: 'Gifts For Wife' })).resolves.not.toBeNull();
  });

  it('a new URL resets the panel to what the URL says', async () => {
    const user = renderPage('/products?category=Flowers');
    await user.click(screen.getByRole('checkbox', { name: 'Same day delivery' }));
    await user.click(screen.getByRole('button', { name: 'Apply Filters' }));
    expect(address()).toBe('/products?category=Flowers&sameDayDelivery=true');
    expect(screen.getByRole('checkbox', { name: 'Same day delivery' })).toHaveProperty('checked', true);
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveProperty('value', 'Flowers');
  });

  it('titles the page after what is listed', async () => {
    renderPage('/products?category=Cakes');
    await waitFor(() => expect(document.title).toBe('Cakes | Phoolwala Gifts'));
  });
});

describe('on a phone (768px or less)', () => {
  beforeEach(() => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(max-width: 768px)',
      addEventListener() {},
      removeEventListener() {},
    }));
  });

  it('folds the filters into a "Filters" accordion that closes again on Apply Filters', async () => {
    const user = renderPage();
    const toggle = screen.getByRole('button', { name: 'Filters' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('button', { name: 'Apply Filters' })).toBeNull();

    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await user.click(screen.getByRole('checkbox', { name: 'Same day delivery' }));
    await user.click(screen.getByRole('button', { name: 'Apply Filters' }));
    expect(address()).toBe('/products?sameDayDelivery=true');
    expect(screen.getByRole('button', { name: 'Filters' }).getAttribute('aria-expanded')).toBe('false');
  });
});

describe('the infinite list', () => {
  const pulsing = () => document.querySelectorAll('[class*="animate-pulse"]').length;

  it('shows 4 skeleton cards and a polite loading status on first load', async () => {
    let release!: () => void;
    const page = pagesOf(5)[0]!;
    serve(() => new Promise((resolve) => (release = () => resolve({ status: 200, body: page }))));
    renderPage();
    expect(screen.getByRole('status', { name: '' }).textContent).toBe('Loading products...');
    expect(document.querySelectorAll('[data-skeleton]')).toHaveLength(4);
    await waitFor(() => expect(release).toBeTypeOf('function'));
    release();
    await expect(screen.findByText('Gift 5')).resolves.not.toBeNull();
    expect(document.querySelectorAll('[data-skeleton]')).toHaveLength(0);
  });

  it('appends the next page near the end, showing "Loading more products..." meanwhile, until the last', async () => {
    const pages = pagesOf(30);
    let release: (() => void) | undefined;
    serve((query) => {
      const body = pages[Number(query.get('pageNumber')) - 1] as ProductListResponse;
      if (query.get('pageNumber') === '1') return { status: 200, body };
      return new Promise((resolve) => (release = () => resolve({ status: 200, body })));
    });
    renderPage();
    await screen.findByText('Gift 12');
    expect(cards()).toHaveLength(12);
    expect(showing()).toBe('Showing 1–12 of 30 products');
    expect(screen.queryByText("You've seen all products!")).toBeNull();
    // The 18 cards to come have their places (four blocks each), still until their page is asked for.
    expect(pulsing()).toBe(0);
    expect(FakeObserver.all[0]?.options.rootMargin).toBe(LOAD_MORE_MARGIN);
    // Within 200 px below the screen, or anywhere above it (a long scroll past the places).
    expect(LOAD_MORE_MARGIN).toBe('1000000px 0px 200px 0px');

    FakeObserver.scrollNearEnd();
    await expect(screen.findByText('Loading more products...')).resolves.not.toBeNull();
    expect(pulsing()).toBe(18 * 4);
    await waitFor(() => expect(release).toBeTypeOf('function'));
    release!();
    await screen.findByText('Gift 24');
    expect(cards()).toHaveLength(24);
    expect(showing()).toBe('Showing 1–24 of 30 products');
    expect(within(cards()[0]!).getAllByRole('link', { name: 'Gift 1' })).toHaveLength(2);

    // Still near the end after page 2 arrived: page 3 follows without another scroll.
    await waitFor(() => expect(api.requests.map((q) => q.get('pageNumber'))).toEqual(['1', '2', '3']));
    release!();
    await screen.findByText('Gift 30');
    expect(cards()).toHaveLength(30);
    expect(showing()).toBe('Showing 1–30 of 30 products');
    expect(screen.queryByText("You've seen all products!")).not.toBeNull();
    expect(screen.queryByText('Try adjusting your filters to see more results')).not.toBeNull();
    expect(screen.queryByText('Loading more products...')).toBeNull();
    expect(api.requests).toHaveLength(3);
  });

  it('does not load more while the end is out of view', async () => {
    renderPage();
    await screen.findByText('Gift 12');
    FakeObserver.scrollNearEnd(false);
    await new Promise((r) => setTimeout(r, 20));
    expect(api.requests).toHaveLength(1);
  });

  it('a filter change starts again from page 1, replacing the list', async () => {
    serve((query) =>
      query.get('category') === 'Cakes'
        ? { status: 200, body: { page: 1, pages: 1, products: pagesOf(2)[0]!.products } }
        : servePages(pagesOf(30))(query),
    );
    const user = renderPage();
    await screen.findByText('Gift 12');
    FakeObserver.scrollNearEnd();
    await screen.findByText('Gift 24');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Cakes');
    await user.click(screen.getByRole('button', { name: 'Apply Filters' }));
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(api.requests.at(-1)?.get('pageNumber')).toBe('1');
    expect(screen.queryByText("You've seen all products!")).not.toBeNull();
  });

  it('says so when nothing matches, and Clear filters keeps the search but drops the filters', async () => {
    serve((query) =>
      query.get('category')
        ? { status: 200, body: { products: [], page: 1, pages: 0, total: 0 } }
        : servePages(pagesOf(3))(query),
    );
    const user = renderPage('/products/unicorns?category=Cakes&sameDayDelivery=true&sortBy=price');
    await expect(screen.findByText('More products coming soon.')).resolves.not.toBeNull();
    expect(screen.queryByText('Try adjusting your filters or search terms.')).not.toBeNull();
    expect(screen.queryByRole('list', { name: 'Products' })).toBeNull();
    expect(screen.queryByText("You've seen all products!")).toBeNull();
    expect(showing()).toBeUndefined();

    await user.click(screen.getByRole('link', { name: 'Clear filters' }));
    expect(address()).toBe('/products/unicorns?sortBy=price');
    await screen.findByText('Gift 3');
    expect(showing()).toBe('Showing 1–3 of 3 products');
  });

  it('offers every product when the search alone finds nothing, and no Clear filters with nothing to clear', async () => {
    serve(() => ({ status: 200, body: { products: [], page: 1, pages: 0, total: 0 } }));
    renderPage('/products/unicorns');
    const clear = await screen.findByRole('link', { name: 'Clear filters' });
    expect(clear.getAttribute('href')).toBe('/products');
    cleanup();
    renderPage('/products');
    await screen.findByText('More products coming soon.');
    expect(screen.queryByRole('link', { name: 'Clear filters' })).toBeNull();
  });

  it("says which load failed in a sentence, not the server's text, and Try again loads it", async () => {
    let fail = true;
    serve((query) =>
      fail ? { status: 500, body: { message: 'connect ECONNREFUSED 10.0.0.7:5432' } } : servePages(pagesOf(5))(query),
    );
    const user = renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("We couldn't load the products.");
    expect(alert.textContent).toContain(SERVER_ERROR_MESSAGE);
    expect(alert.textContent).not.toContain('ECONNREFUSED');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByText('Gift 5');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('never shows "Failed to fetch" when the connection drops', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(NETWORK_ERROR_MESSAGE);
    expect(alert.textContent).not.toContain('Failed to fetch');
  });

  it('shows a refusal the server wrote for shoppers (a 4xx) as it is', async () => {
    serve(() => ({ status: 400, body: { message: 'minPrice must be a number', code: 'VALIDATION' } }));
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toContain('minPrice must be a number');
  });

  it('shows a failed next page as an alert with a way to try again', async () => {
    let fail = true;
    serve((query) =>
      query.get('pageNumber') === '2' && fail
        ? {
            status: 503,
            body: { message: 'The store is busy just now. Please try again shortly.', code: 'UNAVAILABLE' },
          }
        : servePages(pagesOf(20))(query),
    );
    const user = renderPage();
    await screen.findByText('Gift 12');
    FakeObserver.scrollNearEnd();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("We couldn't load more products.");
    expect(alert.textContent).toContain('The store is busy just now. Please try again shortly.');
    expect(cards()).toHaveLength(12);
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByText('Gift 20');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('the listing and the chosen PIN code', () => {
  let dialogOpen = false;
  function DialogSpy() {
    dialogOpen = usePincodeDialogOpen();
    return null;
  }
  const renderWithSpy = (url = '/products') => {
    render(
      withListingRoutes(
        <>
          <ProductListPage />
          <DialogSpy />
        </>,
        url,
      ),
    );
    return userEvent.setup();
  };
  const dated = (label: string) => (query: URLSearchParams) => {
    const page = pagesOf(3)[0]!;
    const pincode = query.get('pincode');
    return {
      status: 200,
      body: {
        ...page,
        products: page.products.map((p) => ({
          ...p,
          name: `${p.name} to ${pincode}`,
          earliestDelivery: { date: '2026-12-05', label },
        })),
      },
    };
  };

  it('asks where the gift is going, in one quiet line that opens the dialog', async () => {
    const user = renderWithSpy();
    await screen.findByText('Gift 1');
    expect(screen.getByText('Where is the gift going?').parentElement?.textContent).toBe(
      'Where is the gift going? Set the PIN code to see only what can reach it, and when.',
    );
    await user.click(screen.getByRole('button', { name: 'Set PIN' }));
    expect(dialogOpen).toBe(true);
  });

  it('lists only what can reach the chosen PIN code, dated, and lists again for another, keeping the cards meanwhile', async () => {
    choosePincode('700001');
    let release: (() => void) | undefined;
    serve((query) => {
      if (query.get('pincode') === '700001') return dated('Sat, 5 Dec')(query);
      return new Promise((resolve) => (release = () => resolve(dated('Today')(query))));
    });
    renderPage('/products/cake?category=Cakes');
    await screen.findByText('Gift 1 to 700001');
    expect(screen.getByText('Delivering to 700001')).not.toBeNull();
    expect(within(cards()[0]!).queryByText('Earliest Sat, 5 Dec')).not.toBeNull();
    expect(api.requests.map((q) => [q.get('keyword'), q.get('category'), q.get('pincode')])).toEqual([
      ['cake', 'Cakes', '700001'],
    ]);

    act(() => choosePincode('682001'));
    await waitFor(() => expect(release).toBeTypeOf('function'));
    // The cards of the code before stay until the new ones come: no placeholders in between.
    expect(screen.queryByText('Gift 1 to 700001')).not.toBeNull();
    expect(document.querySelectorAll('[data-skeleton]')).toHaveLength(0);
    release!();
    await screen.findByText('Gift 1 to 682001');
    expect(within(cards()[0]!).queryByText('Delivery Today')).not.toBeNull();
  });

  it("shows the server's refusal of the PIN code in its words, with a way to choose another", async () => {
    choosePincode('700001');
    const refusal = 'We do not deliver to 700001 yet.';
    serve(() => ({
      status: 400,
      body: { message: refusal, code: 'VALIDATION', details: [{ field: 'pincode', message: refusal }] },
    }));
    const user = renderWithSpy();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(`${refusal}Change PIN`);
    await user.click(within(alert).getByRole('button', { name: 'Change PIN' }));
    expect(dialogOpen).toBe(true);
  });

  it('says when nothing listed can reach the PIN code', async () => {
    choosePincode('700001');
    serve(() => ({ status: 200, body: { products: [], page: 1, pages: 1, total: 0 } }));
    renderPage('/products?category=Flowers');
    expect(await screen.findByText('Nothing here can reach 700001 yet.')).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Clear filters' }).getAttribute('href')).toBe('/products');
    expect(screen.getAllByRole('button', { name: 'Change PIN' })).toHaveLength(2);
  });
});
