import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalMake } from '@store/domain';
import { eq, sql } from 'drizzle-orm';
import { registerCustomer, signInAsAdmin } from '../../test/accounts.js';
import { FULL_PRODUCT_BODY, insertProduct, uniqueCategory } from '../../test/fixtures.js';
import { createTwoTestApps, testDatabaseKind, type TestApp } from '../../test/test-app.js';
import type { CatalogReadModel } from './catalog.read-model.js';
import { findProduct, listProducts, type ProductFilters, type ProductOrder } from './products.repository.js';
import { products } from './products.table.js';

const modelOn = { CATALOG_READ_MODEL: 'true' };
let first: TestApp;
/** A second server on the same database: another process's pool on PostgreSQL, another app on PGlite. */
let second: TestApp;
const model = (t: TestApp) => t.app.catalogReadModel as CatalogReadModel;

beforeAll(async () => {
  [first, second] = await createTwoTestApps(modelOn);
});
afterAll(async () => {
  await second?.close();
  await first?.close();
});

/** A small deterministic generator, so a failing case can be run again. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Waits until `read` answers `expected`, at most `timeoutMs` (the bound is one second). */
async function within<T>(read: () => Promise<T>, expected: T, timeoutMs = 1_000): Promise<number> {
  const started = Date.now();
  let last: T;
  do {
    last = await read();
    if (JSON.stringify(last) === JSON.stringify(expected)) return Date.now() - started;
    await new Promise((r) => setTimeout(r, 10));
  } while (Date.now() - started < timeoutMs);
  expect(last).toEqual(expected);
  return Date.now() - started;
}

const productField = async (t: TestApp, id: string, field: string) =>
  (await t.app.inject({ url: `/api/products/${id}` })).json()[field];

describe(`the catalogue read model on ${testDatabaseKind}`, () => {
  it('answers a few hundred random listings exactly as the database does', async () => {
    const m = model(first);
    expect(m.live).toBe(true);
    const db = first.database.db;
    const all = await db.select().from(products);
    const pick = <T>(rnd: () => number, list: readonly T[], most = 2): T[] =>
      list.filter(() => rnd() < most / Math.max(list.length, 1));
    const vocabulary = (get: (p: (typeof all)[number]) => string[]) => [...new Set(all.flatMap(get))].sort();
    const categories = vocabulary((p) => [p.category]);
    const colours = vocabulary((p) => p.color);
    const subcategories = vocabulary((p) => p.subCategory);
    const recipients = vocabulary((p) => p.recipient);
    const occasions = vocabulary((p) => p.occasion);
    const noFilters: ProductFilters = {
      words: { exact: [], fuzzy: [] },
      subcategories: [],
      colors: [],
      variants: [],
      recipients: [],
      occasions: [],
    };
    const orders: ProductOrder[] = [
      { by: 'relevance' },
      ...(['price', 'rating', 'name', 'createdAt'] as const).flatMap((by) =>
        (['asc', 'desc'] as const).map((direction) => ({ by, direction })),
      ),
    ];
    const rnd = random(20261124);
    const now = new Date();
    let compared = 0;
    let nonEmpty = 0;
    for (let i = 0; i < 300; i++) {
      if (i === 150) {
        // Halfway, writes of every kind: stock (no order moves), prices and ratings (orders move),
        // a product withdrawn; then the same comparison against the updated model.
        const ids = all.map((p) => p.id).sort();
        const some = (n: number, from: number) => ids.slice(from, from + n);
        await db.execute(sql`UPDATE products SET count_in_stock = count_in_stock + 1 WHERE id IN ${some(10, 0)}`);
        await db.execute(sql`UPDATE products SET price = price + 12345 WHERE id IN ${some(5, 10)}`);
        await db.execute(
          sql`UPDATE products SET rating = 4.9, num_reviews = num_reviews + 7 WHERE id IN ${some(5, 15)}`,
        );
        await db.execute(sql`UPDATE products SET available = false WHERE id IN ${some(2, 20)}`);
        const withdrawn = ids[20]!;
        await within(
          async () =>
            m
              .list({ ...noFilters }, { by: 'relevance' }, { limit: 1000, offset: 0 }, now)
              .rows.some((r) => r.id === withdrawn),
          false,
        );
        await m.settled();
        // On its own, so that nothing else in the same batch re-sorts: a move to another category.
        const moved = all.find((p) => p.category !== 'Combos' && p.available && p.id !== withdrawn)!.id;
        for (const o of orders) m.list({ ...noFilters, category: 'Combos' }, o, { limit: 1, offset: 0 }, now);
        await db.execute(sql`UPDATE products SET category = 'Combos' WHERE id = ${moved}`);
        await within(async () => m.get(moved)!.row.category, 'Combos');
        await m.settled();
      }
      const filters: ProductFilters = {
        words: { exact: [], fuzzy: [] },
        category: rnd() < 0.5 ? categories[Math.floor(rnd() * categories.length)] : undefined,
        subcategories: rnd() < 0.3 ? pick(rnd, subcategories) : [],
        colors: rnd() < 0.4 ? pick(rnd, colours) : [],
        variants: rnd() < 0.15 ? pick(rnd, ['500 g', '1 Kg', '2 Kg', '12 stems'], 1.5) : [],
        recipients: rnd() < 0.2 ? pick(rnd, recipients) : [],
        occasions: rnd() < 0.2 ? pick(rnd, occasions) : [],
        minRating: rnd() < 0.2 ? Math.floor(rnd() * 5) : undefined,
        maxRating: rnd() < 0.1 ? 3 + Math.floor(rnd() * 3) : undefined,
        minPrice: rnd() < 0.3 ? Math.floor(rnd() * 1500) * 100 : undefined,
        maxPrice: rnd() < 0.3 ? (500 + Math.floor(rnd() * 3000)) * 100 : undefined,
        sameDayDelivery: rnd() < 0.2 ? true : undefined,
        // A courier-only area, one with a florist only, one with a kitchen only (ADR 077).
        reach: rnd() < 0.3 ? { makes: [[], ['flowers'], ['cakes']][Math.floor(rnd() * 3)] as LocalMake[] } : undefined,
      };
      const order = orders[Math.floor(rnd() * orders.length)]!;
      const limit = [4, 12, 100][Math.floor(rnd() * 3)]!;
      const offset = rnd() < 0.7 ? 0 : limit * Math.floor(rnd() * 3);
      const fromDb = await listProducts(db, filters, order, { limit, offset }, now);
      const fromMemory = m.list(filters, order, { limit, offset }, now);
      const ids = (rows: { id: string }[]) => rows.map((r) => r.id);
      expect({ i, filters, order, total: fromMemory.total, ids: ids(fromMemory.rows) }).toEqual({
        i,
        filters,
        order,
        total: fromDb.total,
        ids: ids(fromDb.rows),
      });
      compared += 1;
      if (fromDb.total > 0) nonEmpty += 1;
    }
    expect(compared).toBe(300);
    // The comparison means something only if many of the queries found products.
    expect(nonEmpty).toBeGreaterThan(100);
  });

  it('holds every product page as the database gives it', async () => {
    const m = model(first);
    const ids = (await first.database.db.select({ id: products.id }).from(products)).map((r) => r.id);
    expect(ids.length).toBeGreaterThan(50);
    for (const id of ids) {
      const fromDb = await findProduct(first.database.db, id);
      const fromMemory = m.get(id)!;
      // The model leaves out the database's search columns (it has its own index).
      const { searchText: _searchText, searchKeys: _searchKeys, ...row } = fromDb!.row;
      expect({ id, variants: fromMemory.variants, reviews: fromMemory.reviews, row: fromMemory.row }).toEqual({
        id,
        variants: fromDb!.variants,
        reviews: fromDb!.reviews,
        row,
      });
      expect(fromMemory.related.map((r) => r.id)).toEqual(fromDb!.related.map((r) => r.id));
    }
  });

  it("shows a stock change, an admin edit, a review and a delete made through one server in the other's answers within a second", async () => {
    const admin = await signInAsAdmin(first.app);
    const shopper = await registerCustomer(first.app);
    const category = uniqueCategory('Read model');
    const id = await insertProduct(first.database.db, { name: 'Jasmine Gajra', category, countInStock: 7 });
    await within(() => productField(second, id, 'countInStock'), 7);

    await first.database.db.update(products).set({ countInStock: 3 }).where(eq(products.id, id));
    await within(() => productField(second, id, 'countInStock'), 3);

    const edit = await first.app.inject({
      method: 'PUT',
      url: `/api/products/${id}`,
      headers: { cookie: admin.cookie },
      payload: { ...FULL_PRODUCT_BODY, version: 1, name: 'Jasmine Gajra Deluxe', price: 450, discountPrice: 0 },
    });
    expect(edit.statusCode).toBe(200);
    await within(() => productField(second, id, 'name'), 'Jasmine Gajra Deluxe');
    // The edit moved it out of its own category into Flowers: both listings change.
    const inCategory = async (name: string) =>
      (await second.app.inject({ url: `/api/products?category=${encodeURIComponent(name)}&pageLimit=100` }))
        .json()
        .products.filter((p: { _id: string }) => p._id === id)
        .map((p: { name: string; price: number }) => [p.name, p.price]);
    await within(() => inCategory(category), []);
    await within(() => inCategory('Flowers'), [['Jasmine Gajra Deluxe', 450]]);
    // The keyword index follows the edit too: the new word finds it, and stock shows in the search.
    const searched = async (keyword: string) =>
      (await second.app.inject({ url: `/api/products?keyword=${encodeURIComponent(keyword)}&pageLimit=100` }))
        .json()
        .products.filter((p: { _id: string }) => p._id === id)
        .map((p: { name: string; countInStock: number }) => [p.name, p.countInStock]);
    await within(() => searched('jasmine deluxe'), [['Jasmine Gajra Deluxe', 3]]);
    await first.database.db.update(products).set({ countInStock: 1 }).where(eq(products.id, id));
    await within(() => searched('jasmine deluxe'), [['Jasmine Gajra Deluxe', 1]]);

    const review = await first.app.inject({
      method: 'POST',
      url: `/api/products/${id}/reviews`,
      headers: { cookie: shopper.cookie },
      payload: { rating: 4, comment: 'Fragrant and fresh.' },
    });
    expect(review.statusCode).toBe(201);
    await within(() => productField(second, id, 'numReviews'), 1);

    const removed = await first.app.inject({
      method: 'DELETE',
      url: `/api/products/${id}`,
      headers: { cookie: admin.cookie },
    });
    expect(removed.statusCode).toBe(200);
    await within(async () => (await second.app.inject({ url: `/api/products/${id}` })).statusCode, 404);
    await within(() => inCategory('Flowers'), []);
    await within(() => searched('jasmine deluxe'), []);
  });

  it('moves a product between colour listings when only its colour changes', async () => {
    const category = uniqueCategory('Read model colour');
    const id = await insertProduct(first.database.db, { name: 'Peony Posy', category, color: ['Pink'] });
    const inColour = async (colour: string) =>
      (await second.app.inject({ url: `/api/products?category=${encodeURIComponent(category)}&color=${colour}` }))
        .json()
        .products.map((p: { _id: string }) => p._id);
    await within(() => inColour('Pink'), [id]);
    expect(await inColour('White')).toEqual([]);
    await first.database.db
      .update(products)
      .set({ color: ['White'] })
      .where(eq(products.id, id));
    await within(() => inColour('White'), [id]);
    expect(await inColour('Pink')).toEqual([]);
  });

  it('says how long the oldest change it has heard of and not yet applied has waited (GET /metrics)', async () => {
    const m = model(second);
    const id = await insertProduct(first.database.db, { name: 'Lotus Bowl', countInStock: 4 });
    await m.barrier();
    expect(m.changeLagMs()).toBe(0);
    // A notice as the database sends one at commit: the copy is behind from then until it has read the product.
    const applied = m.changed(id);
    const noticed = performance.now();
    expect(m.changeLagMs(noticed + 1_500)).toBeGreaterThanOrEqual(1_500);
    await applied;
    expect(m.changeLagMs()).toBe(0);
  });

  it.skipIf(testDatabaseKind !== 'postgres')(
    'keeps answering from its copy while its notices are cut off, and catches up when they are back',
    async () => {
      const id = await insertProduct(first.database.db, { name: 'Marigold Toran', countInStock: 9 });
      await within(() => productField(second, id, 'countInStock'), 9);
      const m = model(second);
      const dbName = new URL(second.databaseUrl!).pathname.slice(1);
      await second.database.db.execute(
        sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
            WHERE datname = ${dbName} AND query ILIKE 'LISTEN%'`,
      );
      // The model goes on answering (the database it would ask may be the thing that went away)...
      expect(m.live).toBe(true);
      // ...and a write while nobody listens, never announced to it, is read when the notices are back.
      await first.database.db.update(products).set({ countInStock: 2 }).where(eq(products.id, id));
      await within(() => productField(second, id, 'countInStock'), 2, 3_000);
      await within(async () => m.live, true, 5_000);
      expect(m.get(id)!.row.countInStock).toBe(2);
    },
  );
});
