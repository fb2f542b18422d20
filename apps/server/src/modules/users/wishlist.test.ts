import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WISHLIST_FULL, WISHLIST_MAX_PRODUCTS } from '@store/contracts';
import { registerCustomer, signInAsAdmin } from '../../test/accounts.js';
import { insertProduct } from '../../test/fixtures.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/test-app.js';
import { products } from '../products/products.table.js';
import { buildSearchColumns } from '../products/products.search-text.js';
import { wishlistItems } from './users.table.js';

let t: TestApp;
let admin: { cookie: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAsAdmin(t.app);
});
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'PUT' | 'DELETE' | 'POST';

const call = (method: Method, url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, ...(cookie ? { headers: { cookie } } : {}), ...(payload ? { payload } : {}) });
const wishlist = async (cookie: string): Promise<string[]> => {
  const res = await call('GET', '/api/users/wishlist', cookie);
  expect(res.statusCode).toBe(200);
  return res.json().productIds;
};
const heart = (cookie: string, productId: string) => call('PUT', `/api/users/wishlist/${productId}`, cookie);
const unheart = (cookie: string, productId: string) => call('DELETE', `/api/users/wishlist/${productId}`, cookie);
const merge = (cookie: string, productIds: unknown) =>
  call('POST', '/api/users/wishlist/merge', cookie, { productIds });
const product = () => insertProduct(t.database.db, {});

/** `n` products in one statement: enough to fill a wishlist without a request per product. */
async function manyProducts(n: number): Promise<string[]> {
  const tag = randomBytes(3).toString('hex');
  const rows = Array.from({ length: n }, (_, i) => {
    const base = {
      name: `Wishlist filler ${tag} ${i}`,
      description: '',
      category: 'Flowers',
      subCategory: [],
      tags: [],
    };
    return {
      ...base,
      price: 50_000,
      countInStock: 10,
      available: true,
      fulfilment: 'courier' as const,
      ...buildSearchColumns(base),
    };
  });
  const inserted = await t.database.db.insert(products).values(rows).returning({ id: products.id });
  return inserted.map((r) => r.id);
}

/** Puts products on an account's list directly, the first the oldest, as if hearted one by one. */
async function fill(userId: string, productIds: string[]) {
  const start = Date.now() - 60_000;
  await t.database.db
    .insert(wishlistItems)
    .values(productIds.map((productId, i) => ({ userId, productId, createdAt: new Date(start + i) })));
}

describe(`a signed-in shopper's wishlist, on ${testDatabaseKind}`, () => {
  it('adds products newest first, answering the list each time; adding one again changes nothing', async () => {
    const { cookie } = await registerCustomer(t.app);
    const [p1, p2, p3] = [await product(), await product(), await product()];
    expect(await wishlist(cookie)).toEqual([]);

    expect((await heart(cookie, p1)).json()).toEqual({ productIds: [p1] });
    expect((await heart(cookie, p2)).json()).toEqual({ productIds: [p2, p1] });
    expect((await heart(cookie, p3)).json()).toEqual({ productIds: [p3, p2, p1] });

    const again = await heart(cookie, p1);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ productIds: [p3, p2, p1] });
    expect(await wishlist(cookie)).toEqual([p3, p2, p1]);
  });

  it('removes a product, and removing one that is not there is fine too', async () => {
    const { cookie } = await registerCustomer(t.app);
    const [p1, p2] = [await product(), await product()];
    await heart(cookie, p1);
    await heart(cookie, p2);

    const res = await unheart(cookie, p1);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ productIds: [p2] });
    expect((await unheart(cookie, p1)).json()).toEqual({ productIds: [p2] });
    expect(await wishlist(cookie)).toEqual([p2]);
  });

  it('refuses a product that does not exist with 404 and an id that is not one with 400', async () => {
    const { cookie } = await registerCustomer(t.app);
    const unknown = await heart(cookie, randomUUID());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: 'Product not found', code: 'NOT_FOUND' });
    expect((await heart(cookie, 'not-a-product')).statusCode).toBe(400);
    expect((await unheart(cookie, 'not-a-product')).statusCode).toBe(400);
    expect(await wishlist(cookie)).toEqual([]);
  });

  it("shows and changes only the shopper's own list", async () => {
    const meera = await registerCustomer(t.app);
    const arjun = await registerCustomer(t.app);
    const [p1, p2] = [await product(), await product()];
    await heart(meera.cookie, p1);
    await heart(arjun.cookie, p2);

    expect(await wishlist(arjun.cookie)).toEqual([p2]);
    expect((await unheart(arjun.cookie, p1)).json()).toEqual({ productIds: [p2] });
    expect(await wishlist(meera.cookie)).toEqual([p1]);
  });

  it('answers 401 to every call when signed out', async () => {
    const p1 = await product();
    for (const [method, url, payload] of [
      ['GET', '/api/users/wishlist'],
      ['PUT', `/api/users/wishlist/${p1}`],
      ['DELETE', `/api/users/wishlist/${p1}`],
      ['POST', '/api/users/wishlist/merge', { productIds: [p1] }],
    ] as const) {
      const res = await call(method, url, undefined, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toMatchObject({ message: 'Please sign in', code: 'UNAUTHORIZED' });
    }
  });

  it('drops a product deleted from the catalogue', async () => {
    const { cookie } = await registerCustomer(t.app);
    const [kept, deleted] = [await product(), await product()];
    await heart(cookie, kept);
    await heart(cookie, deleted);

    const removed = await call('DELETE', `/api/products/${deleted}`, admin.cookie);
    expect(removed.statusCode).toBe(200);
    expect(await wishlist(cookie)).toEqual([kept]);
    expect((await heart(cookie, deleted)).statusCode).toBe(404);
  });

  it(`holds at most ${WISHLIST_MAX_PRODUCTS} products: the next gets 409, one already there still 200`, async () => {
    const { id, cookie } = await registerCustomer(t.app);
    const ids = await manyProducts(WISHLIST_MAX_PRODUCTS + 1);
    const last = ids.pop()!;
    await fill(id, ids.slice(0, -1));

    expect((await heart(cookie, ids.at(-1)!)).statusCode).toBe(200);
    const full = await heart(cookie, last);
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ message: WISHLIST_FULL, code: 'CONFLICT' });
    expect((await heart(cookie, ids[0]!)).statusCode).toBe(200);

    const list = await wishlist(cookie);
    expect(list).toHaveLength(WISHLIST_MAX_PRODUCTS);
    expect(list[0]).toBe(ids.at(-1));
    expect(list).not.toContain(last);
  });
});

describe(`merging a browser's wishlist at sign-in, on ${testDatabaseKind}`, () => {
  it("puts the browser's new products first, in its order, then the account's; unknown ids are ignored", async () => {
    const { cookie } = await registerCustomer(t.app);
    const [a1, a2, n1, n2] = [await product(), await product(), await product(), await product()];
    await heart(cookie, a1);
    await heart(cookie, a2);

    const res = await merge(cookie, [n1, a1, randomUUID(), n2, n1]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ productIds: [n1, n2, a2, a1] });
    expect(await wishlist(cookie)).toEqual([n1, n2, a2, a1]);

    // Hearted later, a product is newer than every merged one.
    const later = await product();
    expect((await heart(cookie, later)).json()).toEqual({ productIds: [later, n1, n2, a2, a1] });
  });

  it('answers the account list as it is for an empty browser list', async () => {
    const { cookie } = await registerCustomer(t.app);
    const p1 = await product();
    await heart(cookie, p1);
    expect((await merge(cookie, [])).json()).toEqual({ productIds: [p1] });
  });

  it(`stops at ${WISHLIST_MAX_PRODUCTS}, keeping the account's and the browser's newest`, async () => {
    const { id, cookie } = await registerCustomer(t.app);
    const ids = await manyProducts(WISHLIST_MAX_PRODUCTS + 2);
    const [newest, older, oldest] = ids.splice(0, 3);
    await fill(id, ids);
    expect(ids).toHaveLength(WISHLIST_MAX_PRODUCTS - 1);

    const list = (await merge(cookie, [newest, older, oldest])).json().productIds;
    expect(list).toHaveLength(WISHLIST_MAX_PRODUCTS);
    expect(list[0]).toBe(newest);
    expect(list).not.toContain(older);
    expect(new Set(list.slice(1))).toEqual(new Set(ids));
  });

  it(`refuses more than ${WISHLIST_MAX_PRODUCTS} ids, or ids that are not ids, with 400`, async () => {
    const { cookie } = await registerCustomer(t.app);
    const tooMany = Array.from({ length: WISHLIST_MAX_PRODUCTS + 1 }, () => randomUUID());
    expect((await merge(cookie, tooMany)).statusCode).toBe(400);
    expect((await merge(cookie, ['not-a-product'])).statusCode).toBe(400);
    expect((await merge(cookie, 'all')).statusCode).toBe(400);
    expect(await wishlist(cookie)).toEqual([]);
  });
});

describe(`the cards of a wishlist's products, on ${testDatabaseKind}`, () => {
  const byIds = (ids: string[]) => call('GET', `/api/products/by-ids?ids=${ids.join(',')}`);

  it('answers them in the order asked, unavailable ones too, leaving out ids that name no product', async () => {
    const shown = await insertProduct(t.database.db, { name: 'Wishlist Lilies', price: 79_900 });
    const unavailable = await insertProduct(t.database.db, { name: 'Wishlist Orchids', available: false });
    const res = await byIds([unavailable, randomUUID(), shown]);
    expect(res.statusCode).toBe(200);
    expect(res.json().products.map((p: { _id: string; name: string }) => [p._id, p.name])).toEqual([
      [unavailable, 'Wishlist Orchids'],
      [shown, 'Wishlist Lilies'],
    ]);
    expect(res.json().products[1]).toMatchObject({ price: 799, available: true });

    await call('DELETE', `/api/products/${shown}`, admin.cookie);
    expect((await byIds([shown])).json()).toEqual({ products: [] });
  });

  it(`refuses ids that are not ids, or more than ${WISHLIST_MAX_PRODUCTS}, with 400`, async () => {
    expect((await byIds(['nope'])).statusCode).toBe(400);
    expect((await call('GET', '/api/products/by-ids')).statusCode).toBe(400);
    const many = Array.from({ length: WISHLIST_MAX_PRODUCTS + 1 }, () => randomUUID());
    expect((await byIds(many)).statusCode).toBe(400);
    expect((await byIds(many.slice(1))).statusCode).toBe(200);
  });
});
