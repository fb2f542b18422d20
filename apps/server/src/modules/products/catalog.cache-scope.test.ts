import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { insertProduct, uniqueCategory } from '../../test/fixtures.js';
import { createTwoTestApps, testDatabaseKind, type TestApp } from '../../test/test-app.js';
import { productRelations, products } from './products.table.js';

/** The response cache on, as the store runs. */
const storeLike = { CATALOG_CACHE_TTL_MS: '60000' };
let first: TestApp;
/** A second server on the same database, whose cache the writes through the first must reach. */
let second: TestApp;

beforeAll(async () => {
  [first, second] = await createTwoTestApps(storeLike);
});
afterAll(async () => {
  await second?.close();
  await first?.close();
});

const get = async (url: string) => {
  const res = await second.app.inject({ url });
  expect(res.statusCode).toBe(200);
  return res.json();
};
const stockIn = (cards: { _id: string; countInStock: number }[], id: string) =>
  cards.find((p) => p._id === id)?.countInStock;

/** Waits until the second server has applied a change notice (its cache's version moves). */
async function applied(since: number): Promise<void> {
  const deadline = Date.now() + 1_000;
  while (second.app.catalogCache.version === since) {
    if (Date.now() > deadline) throw new Error('the change was not applied within a second');
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** Waits until the second server has heard every notice of the writes before (none for 300 ms). */
async function quiet(): Promise<void> {
  let version = second.app.catalogCache.version;
  let since = Date.now();
  while (Date.now() - since < 300) {
    await new Promise((r) => setTimeout(r, 20));
    if (second.app.catalogCache.version !== version) {
      version = second.app.catalogCache.version;
      since = Date.now();
    }
  }
}

describe(`cached catalogue answers after a change (${testDatabaseKind})`, () => {
  it('a sale shows at once wherever the product shows, and every other cached answer stays', async () => {
    const category = uniqueCategory('Cache scope');
    const elsewhere = uniqueCategory('Cache scope elsewhere');
    const sold = await insertProduct(first.database.db, { name: 'Tuberose Bunch', category, countInStock: 7 });
    const untouched = await insertProduct(first.database.db, { name: 'Lily Vase', category, countInStock: 5 });
    const relating = await insertProduct(first.database.db, { name: 'Orchid Box', category, countInStock: 4 });
    await insertProduct(first.database.db, { name: 'Rose Jar', category: elsewhere, countInStock: 6 });
    await first.database.db.insert(productRelations).values({ productId: relating, relatedId: sold, position: 0 });
    const listing = `/api/products?category=${encodeURIComponent(category)}&pageLimit=100`;
    const otherListing = `/api/products?category=${encodeURIComponent(elsewhere)}&pageLimit=100`;
    await quiet();

    second.app.catalogCache.invalidate();
    for (const url of [`/api/products/${sold}`, `/api/products/${untouched}`, `/api/products/${relating}`, listing])
      await get(url);
    await get(otherListing);
    expect(second.app.catalogCache.size).toBe(5);

    const before = second.app.catalogCache.version;
    await first.database.db.update(products).set({ countInStock: 3 }).where(eq(products.id, sold));
    await applied(before);
    // Its own page, the listing that shows it and the page that relates it went; the rest stayed.
    expect(second.app.catalogCache.size).toBe(2);
    expect((await get(`/api/products/${sold}`)).countInStock).toBe(3);
    expect(stockIn((await get(`/api/products/${relating}`)).relatedProducts, sold)).toBe(3);
    expect(stockIn((await get(listing)).products, sold)).toBe(3);
    expect((await get(`/api/products/${untouched}`)).countInStock).toBe(5);
  });

  it('any change but stock (a price, a new product) drops every cached answer', async () => {
    const category = uniqueCategory('Cache scope price');
    const repriced = await insertProduct(first.database.db, { name: 'Carnation Cone', category, price: 40_000 });
    const listing = `/api/products?category=${encodeURIComponent(category)}&sortBy=price&order=asc&pageLimit=100`;
    await quiet();
    second.app.catalogCache.invalidate();
    await get(listing);
    await get(`/api/products/${repriced}`);
    expect(second.app.catalogCache.size).toBe(2);

    let before = second.app.catalogCache.version;
    await first.database.db.update(products).set({ price: 30_000 }).where(eq(products.id, repriced));
    await applied(before);
    expect(second.app.catalogCache.size).toBe(0);
    expect((await get(listing)).products.map((p: { price: number }) => p.price)).toEqual([300]);

    before = second.app.catalogCache.version;
    const added = await insertProduct(first.database.db, { name: 'Daisy Basket', category, price: 20_000 });
    await applied(before);
    expect(second.app.catalogCache.size).toBe(0);
    expect((await get(listing)).products.map((p: { _id: string }) => p._id)).toEqual([added, repriced]);
  });

  it('a word searched before any product had it finds the product added since', async () => {
    // Letters only, as the vocabulary keeps words, and found in no other test's products.
    const word = `quokka${[...randomBytes(4)].map((b) => String.fromCharCode(97 + (b % 26))).join('')}`;
    await quiet();
    second.app.catalogCache.invalidate();
    expect((await get(`/api/products?keyword=${word}`)).total).toBe(0);

    const before = second.app.catalogCache.version;
    const added = await insertProduct(first.database.db, { name: `${word} Bouquet` });
    await applied(before);
    // Another URL than the one answered before: the word is looked up again, not its answer.
    const found = await get(`/api/products?keyword=${word}&sortBy=name`);
    expect(found.products.map((p: { _id: string }) => p._id)).toEqual([added]);
    expect(
      (await get(`/api/products?keyword=${word.slice(0, -2)}`)).products.map((p: { _id: string }) => p._id),
    ).toEqual([added]);
  });
});
