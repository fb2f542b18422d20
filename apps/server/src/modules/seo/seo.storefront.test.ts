import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductListResponse, ProductSummary } from '@store/contracts';
import { istDate, occasionOn } from '@store/domain';
import { insertProduct } from '../../test/fixtures.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/test-app.js';
import { loadConfig } from '../../config.js';
import { renderBudget } from './seo.storefront.js';

/** The web app's own server entry, as the built bundle exports it (apps/web/vite.config.ts). */
const WEB_ENTRY = fileURLToPath(new URL('../../../../web/src/entry-server.tsx', import.meta.url));
const INDEX_HTML =
  '<!doctype html><html><head><title>Phoolwala Gifts</title><meta name="description" content="x" />' +
  '<script type="module" crossorigin src="/assets/index-A.js"></script></head>' +
  '<body><div id="root"></div></body></html>';

const PICTURE = '/uploads/server-rendered.webp';

const MANIFEST = {
  'index.html': { file: 'assets/index-A.js', isEntry: true },
  'src/boot.ts': { file: 'assets/boot-B.js', isEntry: true },
  'src/features/product-detail/product-page.tsx': { file: 'assets/product-C.js' },
};

/** A web build whose server bundle is `bundle`. */
async function webBuild(bundle: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'storefront-web-'));
  await writeFile(path.join(dir, 'index.html'), INDEX_HTML);
  await mkdir(path.join(dir, '.vite'));
  await writeFile(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  await mkdir(path.join(dir, '.server'));
  await writeFile(path.join(dir, '.server', 'entry-server.js'), bundle);
  return dir;
}

let t: TestApp;
let failing: TestApp;
let hanging: TestApp;

beforeAll(async () => {
  (globalThis as unknown as { storefrontRenders: number }).storefrontRenders = 0;
  // Generous, and no limit on renders a second: the first renders compile the web app's modules on
  // the fly, as a build would not.
  t = await createTestApp({
    WEB_DIST_DIR: await webBuild(`export { render } from ${JSON.stringify(WEB_ENTRY)};`),
    SERVER_RENDER_TIMEOUT_MS: '10000',
    SERVER_RENDER_MS_PER_SECOND: '1000',
  });
  const shared = { database: t.database, databaseUrl: t.databaseUrl };
  failing = await createTestApp(
    { WEB_DIST_DIR: await webBuild(`export const render = async () => { throw new Error('render broke'); };`) },
    shared,
  );
  hanging = await createTestApp(
    {
      WEB_DIST_DIR: await webBuild(
        'export const render = () => { globalThis.storefrontRenders += 1; return new Promise(() => {}); };',
      ),
      // Long enough that all twelve pages below ask while the first eight still hang: each reads its
      // product from the database first, and on a loaded machine the requests arrive spread out.
      SERVER_RENDER_TIMEOUT_MS: '2000',
      // Only the cap on renders at once: renders timed out meanwhile would spend the second's
      // budget (renderBudget has tests of its own).
      SERVER_RENDER_MS_PER_SECOND: '1000',
    },
    shared,
  );
});
afterAll(async () => {
  await hanging?.close();
  await failing?.close();
  await t?.close();
});

const page = async (app: TestApp, url: string, cookie?: string) => {
  const res = await app.app.inject({ url, headers: cookie ? { cookie } : {} });
  expect(res.statusCode, url).toBe(200);
  expect(res.headers['content-type']).toMatch(/text\/html/);
  return res.body;
};
/** What the browser shows before any script runs: the root element's markup. */
const rootOf = (html: string) =>
  /<div id="root">(.*?)<\/div>\s*(?:<script type="application\/json"|<\/body>)/s.exec(html)?.[1];
const stateOf = (html: string) =>
  JSON.parse(/<script type="application\/json" id="storefront-state">(.*?)<\/script>/s.exec(html)![1]!) as {
    queries: { queries: { queryKey: unknown[]; state: { data: unknown } }[] };
    today: string;
  };

describe(`server-rendered storefront pages on ${testDatabaseKind}`, () => {
  it('sends Home, a listing and a product page with their products and prices in the HTML', async () => {
    const id = await insertProduct(t.database.db, { name: 'Server Rendered Orchid', price: 129_900, image: PICTURE });

    for (const url of ['/', '/products?category=Flowers', `/product/${id}`]) {
      const html = await page(t, url);
      const root = rootOf(html);
      expect(root, url).toContain('Server Rendered Orchid');
      expect(root, url).toContain('₹1,299');
      // Every part in place: nothing React would put back with inline scripts, which the CSP forbids.
      expect(root, url).not.toMatch(/<script|<template/);
      // The page hydrates from the very data it was rendered from.
      expect(JSON.stringify(stateOf(html).queries), url).toContain('Server Rendered Orchid');
      // The state replaces the product the browser-rendered page embeds.
      expect(html, url).not.toContain('id="product-data"');
    }
    expect(rootOf(await page(t, `/product/${id}`))).toMatch(/<h1[^>]*>Server Rendered Orchid<\/h1>/);
  });

  it("renders Home's seasonal banner for the server's day in India, and sends that day for the browser to hydrate with", async () => {
    const now = new Date();
    const html = await page(t, '/');
    const state = stateOf(html);
    expect(state.today).toBe(istDate(now));
    const season = state.queries.queries.find((q) => q.queryKey[0] === 'Season');
    expect(season?.queryKey).toEqual(['Season', state.today]);
    const occasion = occasionOn(now);
    const headline = occasion ? `${occasion.name} gifts` : 'Gifts for every occasion';
    expect(season?.state.data).toMatchObject({ headline });
    expect(rootOf(html)).toContain(headline.replace("'", '&#x27;'));
  });

  it("starts a rendered page with the boot script, which fetches the app's script and the route's after the content", async () => {
    const id = await insertProduct(t.database.db, { name: 'Booted Tulip', image: PICTURE });
    const html = await page(t, `/product/${id}`);
    expect(html).toContain(
      '<script type="module" crossorigin src="/assets/boot-B.js" data-app="/assets/index-A.js" ' +
        'data-modules="/assets/product-C.js"></script>',
    );
    expect(html).not.toContain('rel="modulepreload"');
    // The page's main picture is still asked for at once.
    expect(html).toContain('<link rel="preload" as="image" fetchpriority="high" href="/uploads/server-rendered.webp"');
  });

  it('leaves signed-in pages, an unknown product and unknown paths to the browser', async () => {
    for (const url of ['/profile', '/wishlist', '/product/00000000-0000-4000-8000-000000000000', '/nowhere']) {
      const html = await page(t, url);
      expect(rootOf(html), url).toBe('');
      expect(html, url).not.toContain('storefront-state');
    }
  });

  it("renders a listing for the PIN code in the shopper's cookie, dated, as the page then hydrates", async () => {
    const occasion = `Rendered Reach ${randomBytes(3).toString('hex')}`;
    const product = (name: string, category: string) =>
      insertProduct(t.database.db, { name, category, occasion: [occasion], image: PICTURE });
    await product('Rendered Black Forest', 'Cakes');
    await product('Rendered Truffle Box', 'Chocolates');
    const url = `/products?occasion=${encodeURIComponent(occasion)}`;

    // Kolkata has no kitchen: the packed chocolates come by courier, the fresh cake cannot.
    const html = await page(t, url, 'sidebar:state=true; pincode=700001');
    expect(rootOf(html)).toContain('Rendered Truffle Box');
    expect(rootOf(html)).not.toContain('Rendered Black Forest');
    expect(rootOf(html)).toContain('Delivering to 700001');
    const listing = stateOf(html).queries.queries.find((q) => q.queryKey.includes('infinite'));
    expect(listing?.queryKey.at(-1)).toBe('700001');
    const [first] = (listing?.state.data as { pages: ProductListResponse[] }).pages;
    expect(first?.products.map((p) => p.name)).toEqual(['Rendered Truffle Box']);
    expect(first?.products[0]?.earliestDelivery).toEqual({ date: expect.any(String), label: expect.any(String) });

    // Without the cookie, or with a code that is not six digits: everything, undated.
    for (const cookie of [undefined, 'pincode=7000']) {
      const all = rootOf(await page(t, url, cookie));
      expect(all).toContain('Rendered Black Forest');
      expect(all).toContain('Rendered Truffle Box');
    }
    // Home's rows too, under the keys its components ask with.
    const home = stateOf(await page(t, '/', 'pincode=700001')).queries.queries;
    const carousel = home.find((q) => q.queryKey.includes('all'));
    expect(carousel?.queryKey.at(-1)).toBe('700001');
    expect(carousel?.state.data).toContainEqual(expect.objectContaining({ name: 'Rendered Truffle Box' }));
    const list = home.find((q) => q.queryKey.includes('list'));
    expect(list?.queryKey.at(-1)).toContain('pincode=700001');
    const rows = [...(carousel?.state.data as ProductSummary[]), ...(list?.state.data as ProductListResponse).products];
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.every((p) => p.earliestDelivery !== undefined && p.name !== 'Rendered Black Forest')).toBe(true);

    // A code the API refuses leaves the page to the browser, which shows the refusal.
    expect(rootOf(await page(t, url, 'pincode=999999'))).toBe('');
  });

  it("renders the cart as an empty one, with its top-rated gifts for the cookie's PIN code", async () => {
    const best = Array.from({ length: 40 }, () => 5);
    const tag = randomBytes(3).toString('hex');
    await insertProduct(t.database.db, {
      name: `Top Rated Truffles ${tag}`,
      category: 'Chocolates',
      image: PICTURE,
      reviewRatings: best,
    });
    await insertProduct(t.database.db, {
      name: `Top Rated Fresh Cake ${tag}`,
      category: 'Cakes',
      image: PICTURE,
      reviewRatings: best,
    });

    // Kolkata has no kitchen: the packed chocolates come by courier, the fresh cake cannot.
    const html = await page(t, '/cart', 'pincode=700001');
    const root = rootOf(html)!;
    expect(root).toContain('Shopping Cart');
    expect(root).toContain('Top-rated gifts');
    expect(root).toContain(`Top Rated Truffles ${tag}`);
    expect(root).not.toContain(`Top Rated Fresh Cake ${tag}`);
    expect(root).not.toMatch(/<script|<template/);
    const row = stateOf(html).queries.queries.find((q) => q.queryKey.includes('top'));
    expect(row?.queryKey.at(-1)).toBe('700001');
    expect(row?.state.data).toContainEqual(expect.objectContaining({ name: `Top Rated Truffles ${tag}` }));

    // A code the API refuses leaves the row to the browser, and the cart rendered all the same.
    const refused = await page(t, '/cart', 'pincode=999999');
    expect(rootOf(refused)).toContain('Shopping Cart');
    expect(rootOf(refused)).not.toContain('Top-rated gifts');
  });

  it('keeps a product name from closing the script the state is written in', async () => {
    const name = '</script><script>alert(1)</script>';
    const id = await insertProduct(t.database.db, { name, image: PICTURE });
    const html = await page(t, `/product/${id}`);

    expect(html).not.toContain('<script>alert(1)');
    // The app's module, the structured data, the settings and the state: nothing else runs or parses.
    expect(html.match(/<script/g)).toHaveLength(4);
    expect(rootOf(html)).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    const product = stateOf(html).queries.queries.find((q) => q.queryKey.includes(id));
    expect(product?.state.data).toMatchObject({ _id: id, name });
  });

  it('renders no more than a few pages at once: the rest go to the browser at once', async () => {
    const id = await insertProduct(t.database.db, { name: 'Busy Day Carnation', image: PICTURE });
    const counter = globalThis as unknown as { storefrontRenders: number };
    counter.storefrontRenders = 0;
    const pages = await Promise.all(Array.from({ length: 12 }, () => page(hanging, `/product/${id}`)));
    expect(counter.storefrontRenders).toBe(8);
    for (const html of pages) expect(rootOf(html)).toBe('');
  });

  it('sends the browser-rendered page when the render fails, or outlasts its time', async () => {
    const id = await insertProduct(t.database.db, { name: 'Fallback Lily', price: 49_900, image: PICTURE });
    for (const app of [failing, hanging]) {
      const started = performance.now();
      const html = await page(app, `/product/${id}`);
      expect(performance.now() - started).toBeLessThan(5_000);
      expect(rootOf(html)).toBe('');
      expect(html).not.toContain('storefront-state');
      // The head is written as before, and the product is there for the browser to start from.
      expect(html).toContain('<title>Fallback Lily | Phoolwala Gifts</title>');
      expect(html).toContain('id="product-data"');
      expect(html).toContain('<script type="module" crossorigin src="/assets/index-A.js"></script>');
      expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/product-C.js" />');
    }
  });
});

describe('the pages a process renders in a second', () => {
  it('take the time set at most, a quarter of the second by default: the rest go to the browser until the next second', () => {
    let clock = 0;
    const budget = renderBudget(loadConfig({}).serverRenderMsPerSecond, () => clock);
    const renderFor = (ms: number) => {
      if (!budget.mayRender()) return false;
      budget.spent(ms);
      return true;
    };
    // Ten-millisecond renders: 25 fit in the second's 250 ms, the 26th is refused.
    expect(Array.from({ length: 30 }, () => renderFor(10)).filter(Boolean)).toHaveLength(25);
    clock = 999;
    expect(budget.mayRender()).toBe(false);
    clock = 1_000;
    expect(budget.mayRender()).toBe(true);
    // On a machine three times slower the same pages take three times as long: fewer are rendered.
    expect(Array.from({ length: 30 }, () => renderFor(30)).filter(Boolean)).toHaveLength(9);
  });

  it('are four at least, however long they take, so that a quiet store renders every page', () => {
    const budget = renderBudget(250, () => 0);
    const allowed = Array.from({ length: 6 }, () => {
      if (!budget.mayRender()) return false;
      budget.spent(300);
      return true;
    });
    expect(allowed).toEqual([true, true, true, true, false, false]);
  });

  it('are not limited when the whole second is allowed, however long a render takes', () => {
    let clock = 0;
    const budget = renderBudget(1_000, () => clock);
    for (let i = 0; i < 5; i++) {
      expect(budget.mayRender()).toBe(true);
      clock += 1_500;
      budget.spent(1_500);
    }
  });
});
