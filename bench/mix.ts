/**
 * The load benchmark's random-URL mix: five kinds of catalogue request, each run with a different
 * URL every request (so the response cache answers few of them), while a background buyer places
 * an order every 100 ms through the real API. See README.md.
 */
import { MAX_PAGE_NUMBER } from '@store/contracts';
import { DEMO_PRODUCTS } from '@store/demo-catalogue';
import { prepareBuyer, signUpShoppers, type OrdersReport } from './buyer.js';
import {
  getJson,
  measureRandom,
  waitUntilIdle,
  type EndpointResult,
  type LoadSettings,
  type RandomEndpoint,
  WARM_PASS_SECONDS,
} from './measure.js';
import { ADJECTIVES, seededRng, type Rng } from './seed-products.js';
import { checkout, percentile, signUp } from './shopper.js';

/** 10 orders a second. */
export const ORDER_INTERVAL_MS = 100;
/**
 * Shoppers the orders are spread over (round robin), so each orders once every 10 s: a shopper
 * may hold only 3 unpaid orders (ORDER_MAX_UNPAID_PER_ACCOUNT), and when placing an order takes
 * seconds a shopper ordering every 2 s would be refused with 429 for that reason alone.
 */
const SHOPPERS = 100;
/** Products ordered from need enough stock that no order is refused for want of it. */
export const MIN_STOCK = 10;
/** Requests each endpoint's generator is checked with before it is measured. */
const CHECK_SAMPLES = 40;
const SORT_FIELDS = ['price', 'rating', 'name', 'createdAt'] as const;
/** One keyword word in ten is misspelt, which sends the search down its spelling-similarity path. */
const MISSPELT_SHARE = 0.1;
/** Typos of words that occur in product names. */
const MISSPELT = [
  'chocolte',
  'chocklate',
  'rosses',
  'bouqet',
  'orkid',
  'hydrangia',
  'strawbery',
  'pinaple',
  'butterscoch',
  'anniversery',
  'vanila',
  'carnaton',
  'gerbra',
  'ferero',
  'truffel',
  'eggles',
  'lilly',
  'hamprr',
];
/** Words in names that nobody searches for on their own. */
const STOP_WORDS = new Set(['and', 'the', 'with', 'for', 'you', 'of']);

/**
 * The listed products, read from the database before the store starts (load.ts), in the default
 * listing's order. Paging through the API for them (100 a page) costs the store a query with a
 * growing OFFSET and a count per page: at 200,000 products, minutes before anything is measured.
 */
export interface ListedProducts {
  /** Every listed product's id. */
  ids: string[];
  /** Listed products with at least MIN_STOCK in stock: what the buyer orders. */
  orderable: string[];
}

interface Catalogue extends ListedProducts {
  /** Pages of the default listing (12 a page). */
  listingPages: number;
}

export interface MixEndpointResult extends EndpointResult {
  /** Distinct URLs among those sent during the measured run. */
  distinctUrls: number;
  /** Share of the pre-run check's answers with no product (filtered listing, keyword search); null otherwise. */
  emptyShareInCheck: number | null;
  orders: OrdersReport;
}

export interface MixReport {
  listedProducts: number;
  listingPages: number;
  orderIntervalMs: number;
  /** The same shoppers place the orders of every run. */
  shoppers: number;
  keywordWords: number;
  misspeltWords: number;
  /** The one checkout placed before the runs to check the order path (not counted in any run). */
  checkOrderMs: number;
  endpoints: MixEndpointResult[];
  /**
   * The orders placed during the four runs issues 13 and 37 set goals for (product page, random
   * listing, filtered listing, keyword search), taken together: a run's hundred orders make its p99
   * the second slowest of them, while the issues' goal is on placing an order during that traffic.
   */
  issueOrders: { count: number; p50: number; p90: number; p99: number; max: number };
}

/** The runs issues 13 and 37 set their goals for (goals.ts). */
export const ISSUE_RUNS = ['product page', 'random listing', 'filtered listing', 'keyword search'];

interface ProductPage {
  products: { _id: string }[];
  pages: number;
  total: number;
}

function isProductPage(body: unknown): body is ProductPage {
  return (
    typeof body === 'object' &&
    body !== null &&
    Array.isArray((body as ProductPage).products) &&
    typeof (body as ProductPage).pages === 'number' &&
    typeof (body as ProductPage).total === 'number'
  );
}

async function productPage(baseUrl: string, path: string): Promise<ProductPage> {
  const body = await getJson(baseUrl, path);
  if (!isProductPage(body)) throw new Error(`GET ${path} did not answer a page of products`);
  return body;
}

/**
 * The catalogue as the mix asks it: the listed products read from the database, and the default
 * listing's pages from the API, whose count of listed products must be the database's (the
 * product pages' check in checkEndpoint then asks some of the ids through the API).
 */
async function readCatalogue(baseUrl: string, listed: ListedProducts): Promise<Catalogue> {
  if (listed.ids.length === 0 || listed.orderable.length === 0) {
    throw new Error('the catalogue lists no products (or none in stock)');
  }
  const { pages, total } = await productPage(baseUrl, '/api/products');
  if (total !== listed.ids.length) {
    throw new Error(`the store lists ${total} products where the database has ${listed.ids.length} listed`);
  }
  // The API pages no further than MAX_PAGE_NUMBER (14,761 pages of 12 at 200,000 products).
  return { ...listed, listingPages: Math.min(pages, MAX_PAGE_NUMBER) };
}

const pick = <T>(items: readonly T[], rng: Rng): T => items[Math.floor(rng() * items.length)]!;
const between = (min: number, max: number, rng: Rng) => min + Math.floor(rng() * (max - min + 1));

/** The seeded catalogue's categories, each with the colours its products come in. */
function coloursByCategory(): Map<string, string[]> {
  const map = new Map<string, Set<string>>();
  for (const p of DEMO_PRODUCTS) {
    const colours = map.get(p.category) ?? new Set<string>();
    for (const c of p.color ?? []) colours.add(c);
    map.set(p.category, colours);
  }
  return new Map([...map].map(([category, colours]) => [category, [...colours]]));
}

/** Words that occur in product names (the demo names and the adjectives of their copies). */
function nameWords(): string[] {
  const words = new Set<string>();
  for (const name of [...DEMO_PRODUCTS.map((p) => p.name), ...ADJECTIVES]) {
    for (const w of name.toLowerCase().split(/[^a-z]+/)) if (w.length >= 3 && !STOP_WORDS.has(w)) words.add(w);
  }
  return [...words].sort();
}

/**
 * Recipients' PIN codes (ADR 077): the four cities with kitchens and florists, and courier-only
 * places in every zone, so the listings asked with a PIN code are filtered in each way there is.
 */
const PINCODES = [
  '682001',
  '110001',
  '400001',
  '560001',
  '700001',
  '600001',
  '695001',
  '673001',
  '380001',
  '302001',
  '226001',
  '500001',
  '800001',
  '751001',
];

/** The same requests with the recipient's PIN code, as a shopper who has set it sends them. */
function withPincode(endpoint: RandomEndpoint, name: string, rng: Rng): RandomEndpoint {
  return {
    name,
    path: `${endpoint.path}&pincode=<one of ${PINCODES.length}>`,
    nextPath: () => `${endpoint.nextPath()}&pincode=${pick(PINCODES, rng)}`,
  };
}

function randomEndpoints(catalogue: Catalogue, words: string[]): RandomEndpoint[] {
  const byCategory = coloursByCategory();
  const categories = [...byCategory.keys()];
  const allColours = [...new Set([...byCategory.values()].flat())];
  // Seeded: every run asks the same sequence of URLs (interleaved across connections by timing).
  const rng = seededRng(13);
  const q = encodeURIComponent;
  const filtered: RandomEndpoint = {
    name: 'filtered listing',
    path: '/api/products?category=&minPrice=&maxPrice=&color=&sortBy=&order=&pageNumber= (random combination)',
    nextPath: () => {
      const params: string[] = [];
      const useCategory = rng() < 0.8;
      const usePrice = rng() < 0.6;
      const useColour = rng() < 0.5;
      let category: string | undefined;
      if (useCategory || (!usePrice && !useColour)) {
        category = pick(categories, rng);
        params.push(`category=${q(category)}`);
      }
      if (usePrice) {
        const min = 100 * between(0, 29, rng);
        params.push(`minPrice=${min}`, `maxPrice=${min + 100 * between(3, 30, rng)}`);
      }
      // A colour the chosen category comes in, so most combinations match something.
      if (useColour) params.push(`color=${q(pick(category ? byCategory.get(category)! : allColours, rng))}`);
      params.push(`sortBy=${pick(SORT_FIELDS, rng)}`, `order=${rng() < 0.5 ? 'asc' : 'desc'}`);
      if (rng() < 0.3) params.push(`pageNumber=${between(2, 4, rng)}`);
      return `/api/products?${params.join('&')}`;
    },
  };
  const search: RandomEndpoint = {
    name: 'keyword search',
    path: `/api/products?keyword=<1-2 of ${words.length} words from product names, 1 in 10 misspelt>`,
    nextPath: () => {
      const word = () => (rng() < MISSPELT_SHARE ? pick(MISSPELT, rng) : pick(words, rng));
      const keyword = rng() < 0.6 ? word() : `${word()} ${word()}`;
      return `/api/products?keyword=${q(keyword)}`;
    },
  };
  return [
    {
      name: 'product page',
      path: '/api/products/<random listed id>',
      nextPath: () => `/api/products/${pick(catalogue.ids, rng)}`,
    },
    {
      // The page a shopper's browser loads (its HTML), as a link shared on WhatsApp or a search
      // result opens it: the API's product answer plus the HTML the server makes of it.
      name: 'product page HTML',
      path: '/product/<random listed id>',
      nextPath: () => `/product/${pick(catalogue.ids, rng)}`,
    },
    {
      name: 'random listing',
      path: `/api/products?pageNumber=<1..${catalogue.listingPages}>`,
      nextPath: () => `/api/products?pageNumber=${between(1, catalogue.listingPages, rng)}`,
    },
    filtered,
    search,
    withPincode(filtered, 'PIN listing', rng),
    withPincode(search, 'PIN search', rng),
  ];
}

/**
 * Asks CHECK_SAMPLES of the endpoint's URLs once: each must answer 200 with the shape expected
 * (a product page its product, the random listing a non-empty page). Filtered listings and
 * searches may legitimately match nothing; returns the share of those that did.
 */
async function checkEndpoint(baseUrl: string, endpoint: RandomEndpoint): Promise<number | null> {
  let empty = 0;
  for (let i = 0; i < CHECK_SAMPLES; i++) {
    const path = endpoint.nextPath();
    if (endpoint.name === 'product page') {
      const body = (await getJson(baseUrl, path)) as { _id?: unknown };
      if (typeof body?._id !== 'string' || !path.endsWith(body._id)) throw new Error(`GET ${path} did not return it`);
      continue;
    }
    if (endpoint.name === 'product page HTML') {
      const res = await fetch(`${baseUrl}${path}`);
      const html = await res.text();
      if (res.status !== 200 || !html.includes(path)) throw new Error(`GET ${path} answered ${res.status} without it`);
      continue;
    }
    const page = await productPage(baseUrl, path);
    if (page.products.length === 0) {
      if (endpoint.name === 'random listing') throw new Error(`GET ${path} returned no products`);
      empty += 1;
    }
  }
  return ['product page', 'product page HTML', 'random listing'].includes(endpoint.name) ? null : empty / CHECK_SAMPLES;
}

function ordersTogether(runs: MixEndpointResult[]): MixReport['issueOrders'] {
  const ms = runs.flatMap((r) => r.orders.placedMs).sort((a, b) => a - b);
  return {
    count: ms.length,
    p50: percentile(ms, 50),
    p90: percentile(ms, 90),
    p99: percentile(ms, 99),
    max: percentile(ms, 100),
  };
}

/**
 * Runs the mix against a started server: checks the listed products against the API's listing,
 * every endpoint and the order path once, then measures each endpoint (warm-up, measured run) with
 * the buyer placing orders during the measured run, and checks afterwards that no order was lost.
 */
export async function runMix(
  baseUrl: string,
  listed: ListedProducts,
  settings: LoadSettings,
  log: (line: string) => void,
): Promise<MixReport> {
  const catalogue = await readCatalogue(baseUrl, listed);
  const words = nameWords();
  const endpoints = randomEndpoints(catalogue, words);
  const emptyShares = [];
  for (const endpoint of endpoints) emptyShares.push(await checkEndpoint(baseUrl, endpoint));

  // One checkout with a shopper of its own: the order path works (and is warm) before measuring.
  const check = await checkout(baseUrl, await signUp(baseUrl), catalogue.orderable[0]!, 0);
  if (check.place.status !== 201 || check.verify?.status !== 200) {
    throw new Error(`a check order answered ${check.place.status}, verify ${check.verify?.status ?? '-'}`);
  }
  log(
    `${catalogue.ids.length.toLocaleString('en-US')} listed products (${catalogue.orderable.length.toLocaleString('en-US')} ` +
      `with stock >= ${MIN_STOCK}), ${catalogue.listingPages} listing pages; check order placed in ${check.place.ms.toFixed(1)} ms`,
  );

  const cookies = await signUpShoppers(baseUrl, SHOPPERS);
  const ordersPerRun = Math.round((settings.duration * 1000) / ORDER_INTERVAL_MS);
  const warmOrders = Math.round((WARM_PASS_SECONDS * 1000) / ORDER_INTERVAL_MS);
  // Each run orders its own stretch of products, dates and slots; 0 was the check order.
  let nextOrder = 1;
  const buyerFor = (orders: number) => {
    const firstOrder = nextOrder;
    nextOrder += orders;
    return prepareBuyer({
      baseUrl,
      cookies,
      productIds: catalogue.orderable,
      orders,
      intervalMs: ORDER_INTERVAL_MS,
      firstOrder,
    });
  };

  log(`warm-up: every endpoint for ${WARM_PASS_SECONDS} s, orders in the background, not measured`);
  for (const endpoint of endpoints) {
    const buyer = await buyerFor(warmOrders);
    try {
      await measureRandom(baseUrl, endpoint, { ...settings, duration: WARM_PASS_SECONDS }, () => buyer.run());
      await waitUntilIdle(baseUrl);
    } finally {
      await buyer.close();
    }
  }

  const results: MixEndpointResult[] = [];
  for (const [i, endpoint] of endpoints.entries()) {
    log(`${endpoint.name}: GET ${endpoint.path}, ${ordersPerRun} orders in the background`);
    const buyer = await buyerFor(ordersPerRun);
    try {
      const { result, distinctUrls, alongside } = await measureRandom(baseUrl, endpoint, settings, () => buyer.run());
      const orders = await buyer.report(alongside);
      if (i < endpoints.length - 1) result.backlogSeconds = await waitUntilIdle(baseUrl);
      results.push({ ...result, distinctUrls, emptyShareInCheck: emptyShares[i] ?? null, orders });
    } finally {
      await buyer.close();
    }
  }
  return {
    listedProducts: catalogue.ids.length,
    listingPages: catalogue.listingPages,
    orderIntervalMs: ORDER_INTERVAL_MS,
    shoppers: SHOPPERS,
    keywordWords: words.length,
    misspeltWords: MISSPELT.length,
    checkOrderMs: Math.round(check.place.ms * 10) / 10,
    endpoints: results,
    issueOrders: ordersTogether(results.filter((r) => ISSUE_RUNS.includes(r.endpoint))),
  };
}
