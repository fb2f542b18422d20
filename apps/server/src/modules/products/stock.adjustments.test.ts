import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCustomer, signInAsAdmin } from '../../test/accounts.js';
import { FULL_PRODUCT_BODY as FULL, insertProduct } from '../../test/fixtures.js';
import { orderBody, placeOrder, UNCAPPED_ORDERS } from '../../test/orders.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: { id: string; cookie: string };
let customer: { cookie: string };
beforeAll(async () => {
  t = await createTestApp(UNCAPPED_ORDERS);
  admin = await signInAsAdmin(t.app);
  customer = await registerCustomer(t.app);
});
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, payload?: object, cookie: string | null = admin.cookie) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
const adjust = (id: string, body: object, cookie?: string | null) =>
  call('POST', `/api/products/${id}/stock-adjustments`, body, cookie);
const ledger = async (id: string, query = '') => {
  const res = await call('GET', `/api/products/${id}/stock-adjustments${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const stockShown = async (id: string) => (await call('GET', `/api/products/${id}`, undefined, null)).json();
const opened = async (id: string) => (await call('GET', `/api/products/${id}/admin`)).json();

const ADMIN = { _id: expect.any(String), email: 'admin@example.com' };

describe(`adjusting stock on ${testDatabaseKind}`, () => {
  it('adds and takes away stock relative to what orders left, each a ledger row of who, why, before and after', async () => {
    const id = await insertProduct(t.database.db, { name: 'Ledger Lilies', countInStock: 40 });
    const ordered = await placeOrder(t.app, customer.cookie, orderBody([{ _id: id, qty: 6 }]));
    expect(ordered.statusCode).toBe(201);

    const received = await adjust(id, { change: 10, reason: 'received', note: ' Delivery from Kochi Bloom House ' });
    expect(received.statusCode).toBe(201);
    expect(received.json()).toEqual({
      adjustment: {
        _id: expect.any(String),
        at: expect.any(String),
        actor: ADMIN,
        size: null,
        reason: 'received',
        note: 'Delivery from Kochi Bloom House',
        change: 10,
        before: 34,
        after: 44,
      },
      countInStock: 44,
      variants: [],
    });
    const damaged = await adjust(id, { change: -2, reason: 'damaged' });
    expect(damaged.json()).toMatchObject({ adjustment: { before: 44, after: 42, note: '' }, countInStock: 42 });
    expect(await stockShown(id)).toMatchObject({ countInStock: 42 });

    const rows = await ledger(id);
    expect(rows).toMatchObject({ page: 1, pages: 1, total: 2 });
    expect(rows.rows.map((r: { reason: string; change: number }) => [r.reason, r.change])).toEqual([
      ['damaged', -2],
      ['received', 10],
    ]);
    expect(rows.rows[0].actor).toEqual({ _id: admin.id, email: 'admin@example.com' });

    const audit = (await call('GET', `/api/admin/audit?entityId=${id}`)).json();
    expect(audit.rows[1]).toMatchObject({
      action: 'product.stock',
      entity: { type: 'product', id, label: 'Ledger Lilies' },
      before: { countInStock: 34 },
      after: { countInStock: 44 },
      note: 'Received: Delivery from Kochi Bloom House',
    });
    expect(audit.rows[0]).toMatchObject({ action: 'product.stock', note: 'Damaged' });
  });

  it('refuses stock below nothing with 409 saying what is there, and a change that does not fit its reason', async () => {
    const id = await insertProduct(t.database.db, { countInStock: 3 });
    const below = await adjust(id, { change: -5, reason: 'correction', note: 'Counted twice' });
    expect([below.statusCode, below.json()]).toEqual([
      409,
      {
        message: 'Only 3 in stock: cannot take away 5',
        code: 'CONFLICT',
        details: [{ field: 'change', message: 'Only 3 in stock: cannot take away 5' }],
      },
    ]);
    const bad: [object, string, string][] = [
      [{ change: -1, reason: 'received' }, 'change', 'Received stock comes in: the change must be above 0'],
      [{ change: 2, reason: 'damaged' }, 'change', 'Damaged stock goes out: the change must be below 0'],
      [{ change: 0, reason: 'correction' }, 'change', 'Change must be a whole number other than 0'],
      [{ change: 1.5, reason: 'returned' }, 'change', 'Change must be a whole number other than 0'],
      [{ change: 1, reason: 'stolen' }, 'reason', "Reason must be one of 'received' (Received)"],
      [{ change: 1, reason: 'received', note: 'x'.repeat(201) }, 'note', 'Note must be at most 200 characters'],
      [{ change: 1, reason: 'received', sizeId: 'large' }, 'sizeId', 'must be a valid id'],
    ];
    for (const [body, field, message] of bad) {
      const res = await adjust(id, body);
      expect([JSON.stringify(body), res.statusCode, res.json().details[0]]).toEqual([
        JSON.stringify(body),
        400,
        { field, message: expect.stringContaining(message) },
      ]);
    }
    const other = await insertProduct(t.database.db, {
      variants: [{ name: '1 Kg', price: 90_000, countInStock: 2 }],
    });
    const otherSize = (await opened(other)).variants[0]._id;
    const notItsSize = await adjust(id, { sizeId: otherSize, change: 1, reason: 'received' });
    expect([notItsSize.statusCode, notItsSize.json().message]).toEqual([404, 'This product has no such size']);
    const missing = await adjust('00000000-0000-4000-8000-000000000000', { change: 1, reason: 'received' });
    expect([missing.statusCode, missing.json().message]).toEqual([404, 'Product not found']);
    expect((await adjust(id, { change: 1, reason: 'received' }, null)).statusCode).toBe(401);
    expect((await adjust(id, { change: 1, reason: 'received' }, customer.cookie)).statusCode).toBe(403);
    expect((await call('GET', `/api/products/${id}/stock-adjustments`, undefined, customer.cookie)).statusCode).toBe(
      403,
    );

    expect(await stockShown(id)).toMatchObject({ countInStock: 3 });
    expect((await ledger(id)).total).toBe(0);
    expect((await adjust(id, { change: -3, reason: 'correction' })).json().countInStock).toBe(0);
  });

  it("adjusts one size by itself, and keeps a deleted size's rows under its name", async () => {
    const id = await insertProduct(t.database.db, {
      name: 'Ledger Cake',
      category: 'Cakes',
      countInStock: 0,
      variants: [
        { name: 'Half Kg', price: 60_000, countInStock: 5 },
        { name: '1 Kg', price: 110_000, countInStock: 4 },
      ],
    });
    const [half, kilo] = (await opened(id)).variants;
    const res = await adjust(id, { sizeId: kilo._id, change: 3, reason: 'received' });
    expect(res.json()).toMatchObject({
      adjustment: { size: { _id: kilo._id, name: '1 Kg' }, before: 4, after: 7 },
      countInStock: 0,
      variants: [
        { _id: half._id, countInStock: 5 },
        { _id: kilo._id, countInStock: 7 },
      ],
    });
    const audit = (await call('GET', `/api/admin/audit?entityId=${id}`)).json();
    expect(audit.rows[0]).toMatchObject({
      entity: { label: 'Ledger Cake' },
      before: { '1 Kg.countInStock': 4 },
      after: { '1 Kg.countInStock': 7 },
    });

    const form = await opened(id);
    const saved = await call('PUT', `/api/products/${id}`, { ...form, variants: [form.variants[0]] });
    expect(saved.statusCode).toBe(200);
    expect((await ledger(id)).rows).toMatchObject([{ size: { _id: kilo._id, name: '1 Kg' }, after: 7 }]);
  });

  it('adds up adjustments made at the same moment exactly, each before the one that follows it', async () => {
    const id = await insertProduct(t.database.db, { countInStock: 50 });
    const changes = Array.from({ length: 16 }, (_, i) =>
      i % 2 ? { change: -1, reason: 'damaged' } : { change: 3, reason: 'received' },
    );
    const answers = await Promise.all(changes.map((body) => adjust(id, body)));
    expect(answers.map((a) => a.statusCode)).toEqual(changes.map(() => 201));
    expect(await stockShown(id)).toMatchObject({ countInStock: 50 + 8 * 3 - 8 });
    const rows = (await ledger(id, '?pageSize=50')).rows as { before: number; after: number; _id: string }[];
    expect(rows).toHaveLength(16);
    // In the order they were written, each starts where the one before it ended.
    const chain = [...rows].sort((a, b) => Number(a._id) - Number(b._id));
    expect(chain[0]!.before).toBe(50);
    for (let i = 1; i < chain.length; i++) expect(chain[i]!.before).toBe(chain[i - 1]!.after);
    expect(chain.at(-1)!.after).toBe(66);
  });

  it('starts a new product and a new size with the stock they are made with, each a first ledger row', async () => {
    const created = await call('POST', '/api/products', { countInStock: 25 });
    expect(created.statusCode).toBe(201);
    const product = created.json();
    expect(product).toMatchObject({ countInStock: 25, version: 1 });
    expect((await ledger(product._id)).rows).toEqual([
      expect.objectContaining({ reason: 'initial', size: null, change: 25, before: 0, after: 25, actor: ADMIN }),
    ]);
    const plain = await call('POST', '/api/products');
    expect([plain.statusCode, plain.json().countInStock]).toEqual([201, 0]);
    const negative = await call('POST', '/api/products', { countInStock: -1 });
    expect([negative.statusCode, negative.json().message]).toEqual([
      400,
      'countInStock: Count in stock cannot be negative',
    ]);

    const saved = await call('PUT', `/api/products/${product._id}`, {
      ...FULL,
      version: product.version,
      variants: [{ name: '24 Roses', price: 2499, countInStock: 7 }],
    });
    expect(saved.statusCode).toBe(200);
    const size = saved.json().variants[0];
    expect((await ledger(product._id)).rows[0]).toMatchObject({
      reason: 'initial',
      size: { _id: size._id, name: '24 Roses' },
      change: 7,
      after: 7,
    });
  });

  it('does not make an open product form stale, and pages a long ledger', async () => {
    const id = await insertProduct(t.database.db, { countInStock: 1 });
    const form = await opened(id);
    for (let i = 0; i < 5; i++) expect((await adjust(id, { change: 1, reason: 'returned' })).statusCode).toBe(201);
    const { countInStock: _shown, ...withoutStock } = form;
    const saved = await call('PUT', `/api/products/${id}`, { ...withoutStock, name: 'Returned Roses' });
    expect(saved.json()).toMatchObject({ name: 'Returned Roses', countInStock: 6 });

    const second = await ledger(id, '?page=2&pageSize=2');
    expect(second).toMatchObject({ page: 2, pageSize: 2, pages: 3, total: 5 });
    expect(second.rows.map((r: { after: number }) => r.after)).toEqual([4, 3]);
    const missing = await call('GET', '/api/products/00000000-0000-4000-8000-000000000000/stock-adjustments');
    expect(missing.statusCode).toBe(404);
  });
});
