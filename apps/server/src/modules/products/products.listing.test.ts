import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { canReach, effectivePrice, SAMPLE_PRODUCT_NAME, type LocalMake } from '@store/domain';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/test-app.js';
import { EVERY_PRODUCT } from '../../test/fixtures.js';
import {
  listProducts,
  newestFirstAnchors,
  NO_KEYWORD,
  type ProductFilters,
  type ProductOrder,
} from './products.repository.js';
import { products, productVariants } from './products.table.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A small deterministic generator, so a failing case can be run again. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let x = s;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

type Row = typeof products.$inferSelect;

/**
 * What a listing must hold, written out plainly over every product: the test's own reading of the
 * listing rules (listed products only, any value of a list filter, every filter at once, prices as
 * the shopper pays them now, ties broken by id) against which the one SQL path is checked.
 */
function expected(
  all: readonly Row[],
  sizes: ReadonlyMap<string, string[]>,
  f: ProductFilters,
  order: ProductOrder,
  now: Date,
) {
  const any = (have: readonly string[], wanted: readonly string[]) => wanted.some((w) => have.includes(w));
  const price = (p: Row) => effectivePrice(p, now);
  const kept = all.filter(
    (p) =>
      p.available &&
      p.name !== SAMPLE_PRODUCT_NAME &&
      (!f.category || p.category === f.category) &&
      (!f.subcategories.length || any(p.subCategory, f.subcategories)) &&
      (!f.colors.length || any(p.color, f.colors)) &&
      (!f.recipients.length || any(p.recipient, f.recipients)) &&
      (!f.occasions.length || any(p.occasion, f.occasions)) &&
      (!f.variants.length ||
        any(
          sizes.get(p.id) ?? [],
          f.variants.map((v) => v.toLowerCase()),
        )) &&
      (f.minRating === undefined || p.rating >= f.minRating) &&
      (f.maxRating === undefined || p.rating <= f.maxRating) &&
      (f.minPrice === undefined || price(p) >= f.minPrice) &&
      (f.maxPrice === undefined || price(p) <= f.maxPrice) &&
      (!f.sameDayDelivery || p.sameDayDelivery) &&
      (!f.reach || canReach(p, f.reach)),
  );
  const byId = (a: Row, b: Row) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const compare = <K extends number | string>(key: (p: Row) => K, direction: 'asc' | 'desc') => {
    const sign = direction === 'asc' ? 1 : -1;
    return (a: Row, b: Row) => {
      const [x, y] = [key(a), key(b)];
      return x === y ? 0 : (x < y ? -1 : 1) * sign;
    };
  };
  const sorts: ((a: Row, b: Row) => number)[] =
    order.by === 'relevance'
      ? [compare((p) => p.createdAt.getTime(), 'desc')]
      : order.by === 'price'
        ? [compare(price, order.direction)]
        : order.by === 'rating'
          ? [compare((p) => p.rating, order.direction), compare((p) => p.numReviews, 'desc')]
          : order.by === 'name'
            ? [compare((p) => p.name.toLowerCase(), order.direction)]
            : [compare((p) => p.createdAt.getTime(), order.direction)];
  return kept.sort((a, b) => {
    for (const s of sorts) {
      const d = s(a, b);
      if (d !== 0) return d;
    }
    return byId(a, b);
  });
}

describe(`listings, filters and sorting on ${testDatabaseKind}`, () => {
  it('answers a few hundred random listings as the listing rules say, before and after writes of every kind', async () => {
    const db = t.database.db;
    const read = async () => {
      const all = await db.select().from(products);
      const sizes = new Map<string, string[]>();
      for (const v of await db.select().from(productVariants)) {
        sizes.set(v.productId, [...(sizes.get(v.productId) ?? []), v.name.toLowerCase()]);
      }
      return { all, sizes };
    };
    let { all, sizes } = await read();
    const pick = <T>(rnd: () => number, list: readonly T[], most = 2): T[] =>
      list.filter(() => rnd() < most / Math.max(list.length, 1));
    const vocabulary = (get: (p: Row) => string[]) => [...new Set(all.flatMap(get))].sort();
    const categories = vocabulary((p) => [p.category]);
    const colours = vocabulary((p) => p.color);
    const subcategories = vocabulary((p) => p.subCategory);
    const recipients = vocabulary((p) => p.recipient);
    const occasions = vocabulary((p) => p.occasion);
    const orders: ProductOrder[] = [
      { by: 'relevance' },
      ...(['price', 'rating', 'name', 'createdAt'] as const).flatMap((by) =>
        (['asc', 'desc'] as const).map((direction) => ({ by, direction })),
      ),
    ];
    const rnd = random(20261124);
    const now = new Date();
    let nonEmpty = 0;
    for (let i = 0; i < 300; i++) {
      if (i === 150) {
        // Halfway, writes of every kind: stock, prices, ratings, products withdrawn and one back,
        // one moved, one renamed to the spec's placeholder, one deleted.
        const ids = all.map((p) => p.id).sort();
        const some = (n: number, from: number) => ids.slice(from, from + n);
        await db.execute(sql`UPDATE products SET count_in_stock = count_in_stock + 1 WHERE id IN ${some(10, 0)}`);
        await db.execute(sql`UPDATE products SET price = price + 12345 WHERE id IN ${some(5, 10)}`);
        await db.execute(
          sql`UPDATE products SET rating = 4.9, num_reviews = num_reviews + 7 WHERE id IN ${some(5, 15)}`,
        );
        await db.execute(sql`UPDATE products SET available = false WHERE id IN ${some(2, 20)}`);
        await db.execute(sql`UPDATE products SET available = true WHERE id IN ${some(1, 21)}`);
        await db.execute(sql`UPDATE products SET category = 'Combos' WHERE id IN ${some(3, 30)}`);
        await db.execute(sql`UPDATE products SET name = ${SAMPLE_PRODUCT_NAME} WHERE id IN ${some(1, 35)}`);
        await db.execute(sql`DELETE FROM products WHERE id IN ${some(1, 40)}`);
        ({ all, sizes } = await read());
      }
      const filters: ProductFilters = {
        words: NO_KEYWORD,
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
      const answer = await listProducts(db, filters, order, { limit, offset }, now);
      const want = expected(all, sizes, filters, order, now);
      expect({ i, total: answer.total, ids: answer.rows.map((r) => r.id) }).toEqual({
        i,
        total: want.length,
        ids: want.slice(offset, offset + limit).map((r) => r.id),
      });
      if (want.length > 0) nonEmpty += 1;
    }
    // The comparison means something only if many of the listings found products.
    expect(nonEmpty).toBeGreaterThan(100);
  });

  it("pages a filtered listing by its own order, never from the default listing's anchors", async () => {
    const db = t.database.db;
    const all = await db.select().from(products);
    const sizes = new Map<string, string[]>();
    const now = new Date();
    const category = all.find((p) => p.available && p.name !== SAMPLE_PRODUCT_NAME)!.category;
    const inCategory: ProductFilters = { ...EVERY_PRODUCT, category };
    const every = 2;
    const anchors = await newestFirstAnchors(db, every);
    let asked = 0;
    const of = () => {
      asked += 1;
      return Promise.resolve(anchors);
    };
    let counted = 0;
    const remember = (count: () => Promise<number>) => {
      counted += 1;
      return count();
    };
    const orders: ProductOrder[] = [
      { by: 'relevance' },
      { by: 'createdAt', direction: 'desc' },
      { by: 'rating', direction: 'asc' },
      { by: 'name', direction: 'desc' },
    ];
    for (const order of orders) {
      const want = expected(all, sizes, inCategory, order, now).map((r) => r.id);
      expect(want.length).toBeGreaterThan(3 * every);
      for (let offset = 0; offset < want.length; offset += 3) {
        const answer = await listProducts(db, inCategory, order, { limit: 3, offset }, now, remember, { every, of });
        expect({ order, offset, total: answer.total, ids: answer.rows.map((r) => r.id) }).toEqual({
          order,
          offset,
          total: want.length,
          ids: want.slice(offset, offset + 3),
        });
      }
    }
    expect(asked).toBe(0);
    // Walked in its order, the page does not count its matches: the total is asked of `remember`.
    expect(counted).toBeGreaterThan(0);
  });

  it('pages the default listing from its anchors exactly as by stepping over every product, before and after writes', async () => {
    const db = t.database.db;
    const now = new Date();
    const every = 5;
    const check = async () => {
      const all = await db.select().from(products);
      const want = expected(all, new Map(), EVERY_PRODUCT, { by: 'relevance' }, now).map((r) => r.id);
      const anchors = await newestFirstAnchors(db, every);
      expect(anchors.map((a) => a.id)).toEqual(want.filter((_, i) => (i + 1) % every === 0));
      let asked = 0;
      const of = () => {
        asked += 1;
        return Promise.resolve(anchors);
      };
      for (const order of [{ by: 'relevance' }, { by: 'createdAt', direction: 'desc' }] as ProductOrder[]) {
        for (let offset = 0; offset <= want.length + every; offset++) {
          const limit = offset % 3 === 0 ? 12 : 4;
          const answer = await listProducts(db, EVERY_PRODUCT, order, { limit, offset }, now, undefined, { every, of });
          expect({ offset, total: answer.total, ids: answer.rows.map((r) => r.id) }).toEqual({
            offset,
            total: want.length,
            ids: want.slice(offset, offset + limit),
          });
        }
      }
      // Anchors were read for the pages past the first anchor, and only for those.
      expect(asked).toBe(2 * (want.length + 1));
      return want.length;
    };
    const before = await check();
    expect(before).toBeGreaterThan(4 * every);
    // Products sharing a creation time put the anchors' tie on ids to the test.
    const ids = (await db.select().from(products))
      .filter((p) => p.available && p.name !== SAMPLE_PRODUCT_NAME)
      .map((p) => p.id)
      .sort();
    await db.execute(
      sql`UPDATE products SET created_at = '2026-01-01T00:00:00.123456Z' WHERE id IN ${ids.slice(0, 12)}`,
    );
    await db.execute(sql`UPDATE products SET available = false WHERE id IN ${ids.slice(12, 15)}`);
    await db.execute(sql`DELETE FROM products WHERE id IN ${ids.slice(15, 16)}`);
    expect(await check()).toBe(before - 4);
  });
});
