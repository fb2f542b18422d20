import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { ProductDetail, ProductListResponse, ProductSummary } from '@store/contracts';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/test-app.js';
import { insertProduct, uniqueCategory } from '../../test/fixtures.js';
import { products } from './products.table.js';

const DAY = 24 * 60 * 60 * 1000;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function list(query: string): Promise<ProductListResponse> {
  const res = await t.app.inject({ method: 'GET', url: `/api/products?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const names = (r: { products: ProductSummary[] }) => r.products.map((p) => p.name);
const q = (params: Record<string, string | string[]>) => {
  const s = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) for (const item of [v].flat()) s.append(k, item);
  return s.toString();
};

describe(`GET /api/products on ${testDatabaseKind}`, () => {
  it('lists only available products, never the Sample Product, newest first, 12 a page', async () => {
    const [counted] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(products)
      .where(and(eq(products.available, true), ne(products.name, 'Sample Product')));
    const body = await list('');
    expect(body.page).toBe(1);
    expect(body.products).toHaveLength(12);
    expect(body.pages).toBe(Math.ceil(counted!.n / 12));
    expect(body.total).toBe(counted!.n);

    const all: ProductSummary[] = [];
    for (let page = 1; page <= body.pages; page++) all.push(...(await list(`pageNumber=${page}`)).products);
    expect(all).toHaveLength(counted!.n);
    expect(new Set(all.map((p) => p._id)).size).toBe(all.length);
    expect(all.every((p) => p.available && p.name !== 'Sample Product')).toBe(true);
    const created = all.map((p) => Date.parse(p.createdAt));
    expect(created).toEqual([...created].sort((a, b) => b - a));
  });

  it('hides unavailable and Sample Product items even when every filter matches them', async () => {
    const category = uniqueCategory();
    await insertProduct(t.database.db, { name: 'Visible Lily', category });
    await insertProduct(t.database.db, { name: 'Hidden Lily', category, available: false });
    await insertProduct(t.database.db, { name: 'Sample Product', category });
    expect(names(await list(q({ category })))).toEqual(['Visible Lily']);
    expect(names(await list(q({ category, keyword: 'sample product' })))).toEqual([]);
  });

  it('shows money in rupees with the discount in force, and 0 when the discount has ended', async () => {
    const category = uniqueCategory();
    const now = Date.now();
    await insertProduct(t.database.db, { name: 'Active', category, price: 99_950, discountPrice: 69_900 });
    await insertProduct(t.database.db, {
      name: 'Ended',
      category,
      price: 99_950,
      discountPrice: 69_900,
      discountStartDate: new Date(now - 10 * DAY),
      discountEndDate: new Date(now - DAY),
    });
    const body = await list(q({ category, sortBy: 'name' }));
    expect(body.products.map((p) => [p.name, p.price, p.discountPrice])).toEqual([
      ['Active', 999.5, 699],
      ['Ended', 999.5, 0],
    ]);
  });

  it('filters and sorts by the price a shopper pays', async () => {
    const category = uniqueCategory();
    const now = Date.now();
    await insertProduct(t.database.db, { name: 'A full 800', category, price: 80_000 });
    await insertProduct(t.database.db, { name: 'B 1000 now 600', category, price: 100_000, discountPrice: 60_000 });
    await insertProduct(t.database.db, {
      name: 'C 1000 discount not started',
      category,
      price: 100_000,
      discountPrice: 30_000,
      discountStartDate: new Date(now + DAY),
    });
    await insertProduct(t.database.db, { name: 'D 450', category, price: 45_000 });

    expect(names(await list(q({ category, sortBy: 'price' })))).toEqual([
      'D 450',
      'B 1000 now 600',
      'A full 800',
      'C 1000 discount not started',
    ]);
    expect(names(await list(q({ category, sortBy: 'price', order: 'desc' })))).toEqual([
      'C 1000 discount not started',
      'A full 800',
      'B 1000 now 600',
      'D 450',
    ]);
    expect(names(await list(q({ category, minPrice: '500', maxPrice: '800', sortBy: 'price' })))).toEqual([
      'B 1000 now 600',
      'A full 800',
    ]);
    expect(names(await list(q({ category, minPrice: '900', sortBy: 'price' })))).toEqual([
      'C 1000 discount not started',
    ]);
    expect(names(await list(q({ category, maxPrice: '450' })))).toEqual(['D 450']);
  });

  it('matches any value of a repeated parameter and requires every different parameter', async () => {
    const category = uniqueCategory();
    const db = t.database.db;
    await insertProduct(db, {
      name: 'Red Him Birthday',
      category,
      color: ['Red'],
      recipient: ['For Him'],
      occasion: ['Birthday'],
    });
    await insertProduct(db, {
      name: 'Pink Her Birthday',
      category,
      color: ['Pink'],
      recipient: ['For Her'],
      occasion: ['Birthday'],
    });
    await insertProduct(db, {
      name: 'White Her Anniversary',
      category,
      color: ['White'],
      recipient: ['For Her'],
      occasion: ['Anniversary'],
    });
    await insertProduct(db, {
      name: 'Red Pink Mother Apologies',
      category,
      color: ['Red', 'Pink'],
      recipient: ['For Mother'],
      occasion: ['Apologies'],
    });

    const sorted = async (params: Record<string, string | string[]>) =>
      names(await list(q({ category, sortBy: 'name', ...params })));
    expect(await sorted({ color: 'Red' })).toEqual(['Red Him Birthday', 'Red Pink Mother Apologies']);
    expect(await sorted({ color: ['Red', 'White'] })).toEqual([
      'Red Him Birthday',
      'Red Pink Mother Apologies',
      'White Her Anniversary',
    ]);
    expect(await sorted({ recipient: ['For Her', 'For Mother'] })).toEqual([
      'Pink Her Birthday',
      'Red Pink Mother Apologies',
      'White Her Anniversary',
    ]);
    expect(await sorted({ occasion: ['Birthday', 'Apologies'], color: 'Pink' })).toEqual([
      'Pink Her Birthday',
      'Red Pink Mother Apologies',
    ]);
    expect(await sorted({ occasion: 'Birthday', recipient: 'For Her', color: ['Pink', 'White'] })).toEqual([
      'Pink Her Birthday',
    ]);
    expect(await sorted({ occasion: 'Housewarming' })).toEqual([]);
  });

  it('filters by subcategory, variant, rating range and same-day delivery', async () => {
    const category = uniqueCategory();
    const db = t.database.db;
    await insertProduct(db, {
      name: 'Choco Truffle',
      category,
      subCategory: ['Chocolate', 'Eggless'],
      variants: [
        { name: 'Half Kg', price: 54_900, countInStock: 3 },
        { name: '1 Kg', price: 99_900, countInStock: 2 },
      ],
      reviewRatings: [5, 4],
      sameDayDelivery: true,
    });
    await insertProduct(db, { name: 'Vanilla Dream', category, subCategory: ['Vanilla'], reviewRatings: [3, 3] });
    await insertProduct(db, {
      name: 'Black Forest',
      category,
      subCategory: ['Black Forest'],
      variants: [{ name: '2 Kg', price: 189_900, countInStock: 1 }],
      reviewRatings: [5],
      sameDayDelivery: true,
    });

    const sorted = async (params: Record<string, string | string[]>) =>
      names(await list(q({ category, sortBy: 'name', ...params })));
    expect(await sorted({ subcategory: 'Eggless' })).toEqual(['Choco Truffle']);
    expect(await sorted({ subcategory: ['Vanilla', 'Black Forest'] })).toEqual(['Black Forest', 'Vanilla Dream']);
    expect(await sorted({ variant: 'half kg' })).toEqual(['Choco Truffle']);
    expect(await sorted({ variant: ['Half Kg', '2 Kg'] })).toEqual(['Black Forest', 'Choco Truffle']);
    expect(await sorted({ minRating: '4' })).toEqual(['Black Forest', 'Choco Truffle']);
    expect(await sorted({ minRating: '4.5' })).toEqual(['Black Forest', 'Choco Truffle']);
    expect(await sorted({ minRating: '4.6' })).toEqual(['Black Forest']);
    expect(await sorted({ maxRating: '4' })).toEqual(['Vanilla Dream']);
    expect(await sorted({ sameDayDelivery: 'true' })).toEqual(['Black Forest', 'Choco Truffle']);
    expect(await sorted({ sameDayDelivery: 'false' })).toHaveLength(3);
  });

  it('sorts by rating (best first by default), by name, and honours order', async () => {
    const category = uniqueCategory();
    const db = t.database.db;
    await insertProduct(db, { name: 'banana cake', category, reviewRatings: [3] });
    await insertProduct(db, { name: 'Apple cake', category, reviewRatings: [5] });
    await insertProduct(db, { name: 'Cherry cake', category, reviewRatings: [4] });
    expect(names(await list(q({ category, sortBy: 'rating' })))).toEqual(['Apple cake', 'Cherry cake', 'banana cake']);
    expect(names(await list(q({ category, sortBy: 'rating', order: 'asc' })))).toEqual([
      'banana cake',
      'Cherry cake',
      'Apple cake',
    ]);
    expect(names(await list(q({ category, sortBy: 'name' })))).toEqual(['Apple cake', 'banana cake', 'Cherry cake']);
    expect(names(await list(q({ category, sortBy: 'name', order: 'desc' })))).toEqual([
      'Cherry cake',
      'banana cake',
      'Apple cake',
    ]);
  });

  it('pages with pageLimit and pageNumber without overlap', async () => {
    const category = uniqueCategory();
    for (let i = 1; i <= 5; i++) await insertProduct(t.database.db, { name: `Item ${i}`, category });
    const p1 = await list(q({ category, sortBy: 'name', pageLimit: '2' }));
    const p3 = await list(q({ category, sortBy: 'name', pageLimit: '2', pageNumber: '3' }));
    const p4 = await list(q({ category, sortBy: 'name', pageLimit: '2', pageNumber: '4' }));
    expect([p1.page, p1.pages, p1.total, names(p1)]).toEqual([1, 3, 5, ['Item 1', 'Item 2']]);
    expect([p3.page, p3.pages, p3.total, names(p3)]).toEqual([3, 3, 5, ['Item 5']]);
    expect([p4.page, p4.pages, p4.total, names(p4)]).toEqual([4, 3, 5, []]);
    const none = await list(q({ category: uniqueCategory() }));
    expect([none.page, none.pages, none.total, none.products]).toEqual([1, 0, 0, []]);
  });
});

describe(`keyword search on ${testDatabaseKind}`, () => {
  it('finds partial words and typos in the demo catalogue', async () => {
    for (const keyword of ['chocolat cak', 'choclate cake', 'CHOCOLATE Cake']) {
      const found = await list(q({ keyword, pageLimit: '10' }));
      expect(found.products[0]!.name, keyword).toMatch(/chocolate.*cake/i);
      expect(found.products.filter((p) => p.category === 'Cakes').length, keyword).toBeGreaterThanOrEqual(5);
      expect(
        found.products.every((p) => /chocolat|cak/i.test(p.name + p.category + p.subCategory)),
        keyword,
      ).toBe(true);
    }
    const roses = await list(q({ keyword: 'red rose' }));
    expect(roses.products.length).toBeGreaterThan(0);
    expect(roses.products[0]!.name.toLowerCase()).toMatch(/rose/);
    expect(roses.products[0]!.color).toContain('Red');
  });

  it('matches name, description, tags, category and subcategory, best match first', async () => {
    const category = uniqueCategory('Searchable');
    const db = t.database.db;
    await insertProduct(db, { name: 'Sunflower Basket', category, description: 'Bright blooms.' });
    await insertProduct(db, { name: 'Quiet Hamper', category, description: 'A sunflower painted on the lid.' });
    await insertProduct(db, { name: 'Plain Box', category, tags: ['sunflower'] });
    await insertProduct(db, { name: 'Marigold Garland', category, subCategory: ['Festive'] });
    await insertProduct(db, { name: 'Unrelated', category });
    const found = names(await list(q({ category, keyword: 'sunflower' })));
    expect(found[0]).toBe('Sunflower Basket');
    expect([...found].sort()).toEqual(['Plain Box', 'Quiet Hamper', 'Sunflower Basket']);
    expect(names(await list(q({ category, keyword: 'festive' })))).toEqual(['Marigold Garland']);
    expect(names(await list(q({ category, keyword: 'searchable marigold' })))).toEqual(['Marigold Garland']);
  });

  it('treats %, _, quotes and backslashes as plain characters', async () => {
    const category = uniqueCategory();
    const db = t.database.db;
    await insertProduct(db, { name: '100% Cocoa Bar', category });
    await insertProduct(db, { name: 'Cocoa_Nibs Tin', category });
    await insertProduct(db, { name: "Amma's Special", category });
    await insertProduct(db, { name: 'Back\\slash Box', category });
    await insertProduct(db, { name: 'Ordinary Box', category });
    expect(names(await list(q({ category, keyword: '%' })))).toEqual(['100% Cocoa Bar']);
    expect(names(await list(q({ category, keyword: '_' })))).toEqual(['Cocoa_Nibs Tin']);
    expect(names(await list(q({ category, keyword: "amma's" })))).toEqual(["Amma's Special"]);
    expect(names(await list(q({ category, keyword: '\\' })))).toEqual(['Back\\slash Box']);
    for (const keyword of ["'", '"', "'; drop table products; --", '%_%', '\\%']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/products?${q({ keyword })}` });
      expect(res.statusCode, keyword).toBe(200);
    }
    const [n] = await db.select({ n: sql<number>`count(*)::int` }).from(products);
    expect(n!.n).toBeGreaterThan(80);
  });
});

describe(`bad query values on ${testDatabaseKind}`, () => {
  it.each([
    ['pageNumber=-1', /pageNumber/],
    ['pageNumber=abc', /pageNumber/],
    ['pageNumber=1.5', /pageNumber/],
    ['pageLimit=0', /pageLimit/],
    ['pageLimit=101', /pageLimit/],
    ['sortBy=color', /sortBy/],
    ['order=up', /order/],
    ['minRating=9', /minRating/],
    ['maxRating=-1', /maxRating/],
    ['minRating=4&maxRating=2', /minRating/],
    ['minPrice=900&maxPrice=100', /minPrice/],
    ['minPrice=-5', /minPrice/],
    ['maxPrice=cheap', /maxPrice/],
    ['sameDayDelivery=yes', /sameDayDelivery/],
    [`keyword=${'a'.repeat(101)}`, /keyword/],
  ])('%s → 400 naming the parameter', async (query, pattern) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/products?${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION');
    expect(res.json().message).toMatch(pattern);
  });

  it('never answers 500 to odd input', async () => {
    const urls = [
      '/api/products?color[]=Red',
      '/api/products?color[a]=b',
      '/api/products?pageNumber=1e400',
      '/api/products?pageNumber=99999999999999999999',
      '/api/products?minPrice=NaN',
      '/api/products?minRating=Infinity',
      '/api/products?keyword=%00',
      '/api/products?keyword=rose%00',
      '/api/products?color=%00',
      '/api/products/search?keyword=%00',
      '/api/products?category=%00%ff',
      '/api/products?subcategory=' + 'x'.repeat(500),
      '/api/products?' + Array.from({ length: 50 }, () => 'color=Red').join('&'),
      '/api/products/%00',
      '/api/products/00000000-0000-0000-0000-00000000000g',
      '/api/products/search?keyword=%25',
    ];
    for (const url of urls) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(500);
    }
  });
});

describe(`GET /api/products/:id and friends on ${testDatabaseKind}`, () => {
  it('returns one product with variants, related products and reviews', async () => {
    const db = t.database.db;
    const related = await insertProduct(db, { name: 'Related Roses' });
    const hiddenRelated = await insertProduct(db, { name: 'Hidden Related', available: false });
    const id = await insertProduct(db, {
      name: 'Detail Cake',
      description: 'Rich and moist.',
      price: 54_900,
      variants: [
        { name: 'Half Kg', price: 54_900, countInStock: 4 },
        { name: '1 Kg', price: 99_900, countInStock: 0 },
      ],
      reviewRatings: [5, 4],
      weight: 500,
      length: 20,
      width: 20,
      height: 8,
      sameDayDelivery: true,
    });
    const { productRelations } = await import('./products.table.js');
    await db.insert(productRelations).values([
      { productId: id, relatedId: related, position: 0 },
      { productId: id, relatedId: hiddenRelated, position: 1 },
    ]);

    const res = await t.app.inject({ method: 'GET', url: `/api/products/${id}` });
    expect(res.statusCode).toBe(200);
    const p: ProductDetail = res.json();
    expect(p).toMatchObject({
      _id: id,
      name: 'Detail Cake',
      description: 'Rich and moist.',
      price: 549,
      discountPrice: 0,
      rating: 4.5,
      numReviews: 2,
      weight: 500,
      dimensions: { length: 20, width: 20, height: 8 },
      deliveryOptions: { sameDayDelivery: true, expressDelivery: false },
    });
    expect(p.variants.map((v) => [v.name, v.price, v.countInStock])).toEqual([
      ['Half Kg', 549, 4],
      ['1 Kg', 999, 0],
    ]);
    expect(p.relatedProducts.map((r) => r.name)).toEqual(['Related Roses']);
    expect(p.reviews.map((r) => r.rating).sort()).toEqual([4, 5]);
  });

  it('answers 400 for a malformed id and 404 for an unknown one', async () => {
    const bad = await t.app.inject({ method: 'GET', url: '/api/products/not-an-id' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/id/);
    const missing = await t.app.inject({ method: 'GET', url: '/api/products/0b8c7b0e-7a57-4b5e-9f62-1f1d3c1e2a4b' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Product not found', code: 'NOT_FOUND' });
  });

  it('lists top-rated, featured and newest products, all shoppable', async () => {
    const top: ProductSummary[] = (await t.app.inject({ url: '/api/products/top' })).json().products;
    expect(top.length).toBeGreaterThan(0);
    const ratings = top.map((p) => p.rating);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));

    const featured: ProductSummary[] = (await t.app.inject({ url: '/api/products/featured' })).json().products;
    expect(featured.length).toBeGreaterThan(0);
    expect(featured.every((p) => p.isFeatured)).toBe(true);

    const carousel: ProductSummary[] = (await t.app.inject({ url: '/api/products/all' })).json().products;
    expect(carousel.length).toBeGreaterThan(0);
    for (const group of [top, featured, carousel]) {
      expect(group.every((p) => p.available && p.name !== 'Sample Product')).toBe(true);
    }
  });

  it('searches by name for the recommended-products picker', async () => {
    await insertProduct(t.database.db, { name: 'Orchid Elegance Picker' });
    const found = (await t.app.inject({ url: '/api/products/search?keyword=orchid%20eleganse' })).json();
    expect(found.products[0].name).toBe('Orchid Elegance Picker');
    const empty = (await t.app.inject({ url: '/api/products/search?keyword=zzzzqqqq' })).json();
    expect(empty).toEqual({ products: [] });
    const blank = (await t.app.inject({ url: '/api/products/search' })).json();
    expect(blank).toEqual({ products: [] });
  });
});
