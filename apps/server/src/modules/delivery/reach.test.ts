import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { like } from 'drizzle-orm';
import type { ProductDetail, ProductListResponse, ProductSummary } from '@store/contracts';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/test-app.js';
import { insertProduct } from '../../test/fixtures.js';
import { registerCustomer, signInAsAdmin } from '../../test/accounts.js';
import { ADDRESS, orderBody, placeOrder, UNCAPPED_ORDERS } from '../../test/orders.js';
import { pincodes, serviceAreas } from '../pincodes/pincodes.table.js';
import { orders } from '../orders/orders.table.js';
import { areaSlotTypes } from './delivery.table.js';

// Tuesday 1 December 2026, 10:00 in India: same-day slots are open in the cities.
const now = new Date('2026-12-01T10:00:00+05:30');
let t: TestApp;
let cached: TestApp;
let shopper: { cookie: string };
/** An occasion only this file's products have, so a listing holds exactly them. */
const occasion = `Reach ${randomBytes(3).toString('hex')}`;
const ids: Record<string, string> = {};
let unservedPincode: string;

const KOLKATA = { ...ADDRESS, city: 'Kolkata', state: 'West Bengal', postalCode: '700001' };
const FRESH_CAKES = 'Fresh cakes are baked and delivered in Kochi, Delhi, Mumbai and Bengaluru.';

beforeAll(async () => {
  t = await createTestApp(UNCAPPED_ORDERS, undefined, { clock: () => now });
  const db = t.database.db;
  const product = (name: string, fields: Parameters<typeof insertProduct>[1]) =>
    insertProduct(db, { name, occasion: [occasion], countInStock: 100, sameDayDelivery: true, ...fields });
  ids.cake = await product('Reach Black Forest', { category: 'Cakes', subCategory: ['Black Forest'] });
  ids.roses = await product('Reach Red Roses', { category: 'Flowers', subCategory: ['Roses'], rating: 4.9 });
  ids.cakeCombo = await product('Reach Roses and Cake', { category: 'Combos', subCategory: ['Flowers and Cakes'] });
  ids.teddyCombo = await product('Reach Teddy and Gerberas', {
    category: 'Combos',
    subCategory: ['Flowers and Teddy'],
  });
  ids.truffles = await product('Reach Truffle Box', { category: 'Chocolates', subCategory: ['Chocolate Boxes'] });
  ids.plumCake = await product('Reach Plum Cake Tin', {
    category: 'Cakes',
    subCategory: ['Plum cakes'],
    sameDayDelivery: false,
  });
  // Mysuru's florist makes flowers only; Arunachal is not served at all.
  const [mysuru] = await db
    .insert(serviceAreas)
    .values({ name: 'Mysuru', pincodePrefix: '570', leadDays: 0, makes: ['flowers'] })
    .returning();
  await db.insert(areaSlotTypes).values({ areaId: mysuru!.id, type: 'standard', fee: 0, capacity: 20 });
  await db.insert(serviceAreas).values({ name: 'Arunachal', pincodePrefix: '79', deliveryAvailable: false });
  const [unserved] = await db
    .select({ pincode: pincodes.pincode })
    .from(pincodes)
    .where(like(pincodes.pincode, '79%'))
    .limit(1);
  unservedPincode = unserved!.pincode;
  shopper = await registerCustomer(t.app);
  cached = await createTestApp({ CATALOG_CACHE_TTL_MS: '60000' }, { database: t.database }, { clock: () => now });
});
afterAll(async () => {
  await cached?.close();
  await t?.close();
});

const orderCount = async () => (await t.database.db.select({ id: orders.id }).from(orders)).length;
const get = (url: string, app = t) => app.app.inject({ method: 'GET', url });
async function listing(pincode: string, app = t): Promise<ProductListResponse> {
  const res = await get(`/api/products?occasion=${encodeURIComponent(occasion)}&sortBy=name&pincode=${pincode}`, app);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const cards = (body: { products: ProductSummary[] }) =>
  body.products.map((p) => [p.name, p.earliestDelivery?.label ?? null]);

describe(`what can reach a PIN code on ${testDatabaseKind}`, () => {
  it('lists only what can reach the PIN code, each card with its earliest delivery', async () => {
    // Kochi has a kitchen and a florist: everything, today, but the plum cake (no same-day) tomorrow.
    expect(cards(await listing('682001'))).toEqual([
      ['Reach Black Forest', 'Today'],
      ['Reach Plum Cake Tin', 'Tomorrow'],
      ['Reach Red Roses', 'Today'],
      ['Reach Roses and Cake', 'Today'],
      ['Reach Teddy and Gerberas', 'Today'],
      ['Reach Truffle Box', 'Today'],
    ]);
    // Kolkata: packed goods by courier, five days to the east.
    const kolkata = await listing('700001');
    expect(cards(kolkata)).toEqual([
      ['Reach Plum Cake Tin', 'Sun, 6 Dec'],
      ['Reach Truffle Box', 'Sun, 6 Dec'],
    ]);
    expect(kolkata.products[0]!.earliestDelivery).toEqual({ date: '2026-12-06', label: 'Sun, 6 Dec' });
    expect(kolkata.total).toBe(2);
    // Mysuru: flowers but no cakes.
    expect(cards(await listing('570001')).map(([name]) => name)).toEqual([
      'Reach Plum Cake Tin',
      'Reach Red Roses',
      'Reach Teddy and Gerberas',
      'Reach Truffle Box',
    ]);
    // Without a PIN code: everything, undated.
    const all = await get(`/api/products?occasion=${encodeURIComponent(occasion)}`);
    expect(all.json().products).toHaveLength(6);
    expect(all.json().products.every((p: ProductSummary) => p.earliestDelivery === undefined)).toBe(true);
  });

  it('filters keyword searches and the home rows the same way', async () => {
    const search = await get('/api/products?keyword=reach&pincode=700001&pageLimit=100');
    expect(search.statusCode).toBe(200);
    expect(search.json().products.map((p: ProductSummary) => p.name)).toEqual(
      expect.arrayContaining(['Reach Truffle Box', 'Reach Plum Cake Tin']),
    );
    for (const path of [
      '/api/products?keyword=reach&pincode=700001&pageLimit=100',
      '/api/products/top?pincode=700001',
    ]) {
      const body = (await get(path)).json() as { products: ProductSummary[] };
      expect(body.products.length).toBeGreaterThan(0);
      expect(body.products.every((p) => p.fulfilment === 'courier' && p.earliestDelivery)).toBe(true);
    }
    for (const row of ['featured', 'all']) {
      const body = (await get(`/api/products/${row}?pincode=700001`)).json() as { products: ProductSummary[] };
      expect(body.products.every((p) => p.fulfilment === 'courier')).toBe(true);
    }
    const top = (await get('/api/products/top?pincode=682001')).json() as { products: ProductSummary[] };
    expect(top.products.some((p) => p.fulfilment === 'local')).toBe(true);
  });

  it('says on a product page whether, how and from when it reaches the PIN code, and why not', async () => {
    const page = async (id: string, pincode: string) => {
      const res = await get(`/api/products/${id}?pincode=${pincode}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as ProductDetail).delivery;
    };
    expect(await page(ids.cake!, '700001')).toEqual({
      pincode: '700001',
      deliverable: false,
      kind: 'local',
      earliestDate: null,
      reason: FRESH_CAKES,
    });
    expect(await page(ids.cake!, '682001')).toEqual({
      pincode: '682001',
      deliverable: true,
      kind: 'local',
      earliestDate: '2026-12-01',
      reason: null,
    });
    expect(await page(ids.truffles!, '700001')).toMatchObject({
      deliverable: true,
      kind: 'courier',
      earliestDate: '2026-12-06',
    });
    expect(await page(ids.cakeCombo!, '570001')).toMatchObject({
      deliverable: false,
      reason: 'Fresh cakes and flowers are made and delivered in Kochi, Delhi, Mumbai and Bengaluru.',
    });
    expect((await get(`/api/products/${ids.cake}`)).json().delivery).toBeUndefined();
  });

  it('refuses PIN codes that are malformed, unknown or not served, with a sentence', async () => {
    const cases: [string, number, string][] = [
      ['7000', 400, 'Error - Enter 6 digits'],
      ['70000a', 400, 'Error - Enter 6 digits'],
      ['000000', 404, 'Please enter a valid Pin'],
      [unservedPincode, 400, `We do not deliver to ${unservedPincode} yet.`],
    ];
    for (const [pincode, status, message] of cases) {
      for (const url of [`/api/products?pincode=${pincode}`, `/api/products/${ids.cake}?pincode=${pincode}`]) {
        const res = await get(url);
        expect({ url, status: res.statusCode, message: res.json().message }).toEqual({ url, status, message });
      }
    }
  });

  it('answers slots for packed goods from their transit date, and none for a fresh cake', async () => {
    const truffles = (await get(`/api/delivery/slots?pincode=700001&productId=${ids.truffles}`)).json();
    expect(truffles.earliestDate).toBe('2026-12-06');
    expect(truffles.slots.filter((s: { available: boolean }) => s.available).map((s: { id: string }) => s.id)).toEqual([
      'standard',
    ]);
    const cake = (
      await get(`/api/delivery/slots?pincode=700001&productId=${ids.cake}&productId=${ids.truffles}`)
    ).json();
    expect(cake.earliestDate).toBeNull();
    expect(cake.slots.every((s: { reason: string }) => s.reason !== null)).toBe(true);
  });

  it('refuses an order line that cannot reach the address, naming it, and writes nothing', async () => {
    const before = await orderCount();
    const standard = { date: '2026-12-07', slotId: 'standard' };
    const refused = await placeOrder(
      t.app,
      shopper.cookie,
      orderBody(
        [
          { _id: ids.truffles!, qty: 1 },
          { _id: ids.cake!, qty: 1 },
        ],
        { shippingAddress: KOLKATA, delivery: standard },
      ),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: 'Reach Black Forest cannot be delivered to 700001',
      details: [{ field: 'orderItems.1._id', message: 'Reach Black Forest cannot be delivered to 700001' }],
    });
    expect(await orderCount()).toBe(before);
    const placed = await placeOrder(
      t.app,
      shopper.cookie,
      orderBody([{ _id: ids.truffles!, qty: 1 }], { shippingAddress: KOLKATA, delivery: standard }),
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const early = await placeOrder(
      t.app,
      shopper.cookie,
      orderBody([{ _id: ids.truffles!, qty: 1 }], {
        shippingAddress: KOLKATA,
        delivery: { date: '2026-12-05', slotId: 'standard' },
      }),
    );
    expect(early.statusCode).toBe(409);
  });

  it('keeps the answers of PIN codes served differently apart when answers are cached', async () => {
    for (let round = 0; round < 2; round++) {
      expect(cards(await listing('700001', cached))).toHaveLength(2);
      expect(cards(await listing('682001', cached))).toHaveLength(6);
      expect(cards(await listing('570001', cached))).toHaveLength(4);
      expect(cards(await listing('110001', cached))).toHaveLength(6);
    }
  });

  it('lets an admin set what an area makes and its transit days, at the version the form was loaded at', async () => {
    const admin = await signInAsAdmin(t.app);
    const areas = (await t.app.inject({ url: '/api/delivery/areas', headers: { cookie: admin.cookie } })).json();
    const mysuru = areas.find((a: { pincodePrefix: string }) => a.pincodePrefix === '570');
    expect(mysuru).toMatchObject({ name: 'Mysuru', makes: ['flowers'], leadDays: 0, version: 1 });
    const save = (body: object, cookie = admin.cookie) =>
      t.app.inject({ method: 'PUT', url: `/api/delivery/areas/${mysuru.id}`, headers: { cookie }, payload: body });

    const saved = await save({ version: 1, leadDays: 1, makes: ['flowers', 'cakes'] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ makes: ['cakes', 'flowers'], leadDays: 1, version: 2 });
    expect(cards(await listing('570001'))).toEqual(
      expect.arrayContaining([
        ['Reach Black Forest', 'Tomorrow'],
        ['Reach Roses and Cake', 'Tomorrow'],
      ]),
    );

    const stale = await save({ version: 1, leadDays: 0, makes: [] });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      message: 'This service area changed since you opened it',
      details: { current: { version: 2, makes: ['cakes', 'flowers'] } },
    });
    const refusals: [object, number, RegExp][] = [
      [{ version: 2, leadDays: 31, makes: [] }, 400, /at most 30/],
      [{ version: 2, leadDays: 1, makes: ['bread'] }, 400, /makes may hold cakes and flowers/],
      [{ leadDays: 1, makes: [] }, 400, /version is required/],
    ];
    for (const [body, status, message] of refusals) {
      const res = await save(body);
      expect({ body, status: res.statusCode }).toEqual({ body, status });
      expect(res.json().message).toMatch(message);
    }
    expect((await save({ version: 2, leadDays: 0, makes: [] }, shopper.cookie)).statusCode).toBe(403);
    const missing = await t.app.inject({
      method: 'PUT',
      url: '/api/delivery/areas/999999',
      headers: { cookie: admin.cookie },
      payload: { version: 1, leadDays: 0, makes: [] },
    });
    expect(missing.statusCode).toBe(404);
  });
});
