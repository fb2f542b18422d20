import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STALE_MESSAGES } from '@store/contracts';
import { registerCustomer, signInAsAdmin } from '../../test/accounts.js';
import { insertProduct } from '../../test/fixtures.js';
import { orderBody, placeOrder, UNCAPPED_ORDERS, type Line } from '../../test/orders.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: { cookie: string };
let customer: { cookie: string };
beforeAll(async () => {
  t = await createTestApp(UNCAPPED_ORDERS);
  admin = await signInAsAdmin(t.app);
  customer = await registerCustomer(t.app);
});
afterAll(async () => {
  await t?.close();
});

const opened = async (id: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/products/${id}/admin`,
    headers: { cookie: admin.cookie },
  });
  expect(res.statusCode).toBe(200);
  return res.json();
};
const save = (id: string, body: object) =>
  t.app.inject({ method: 'PUT', url: `/api/products/${id}`, headers: { cookie: admin.cookie }, payload: body });
const shown = async (id: string) => (await t.app.inject({ method: 'GET', url: `/api/products/${id}` })).json();
const order = async (lines: Line[]) => {
  const res = await placeOrder(t.app, customer.cookie, orderBody(lines));
  expect(res.statusCode).toBe(201);
};

/** The edit form's body without the stock it shows: what the web app sends. */
function formBody(product: Record<string, unknown>) {
  const { countInStock: _stock, variants, ...rest } = product as { countInStock: number; variants: object[] };
  return { ...rest, variants: variants.map(({ countInStock: _s, ...v }: { countInStock?: number }) => v) };
}

describe(`saving a product form that others changed since it opened, on ${testDatabaseKind}`, () => {
  it('never puts back stock that orders took while the form was open', async () => {
    const id = await insertProduct(t.database.db, { name: 'Forty Tulips', countInStock: 40 });
    const form = await opened(id);
    expect(form).toMatchObject({ countInStock: 40, version: 1 });
    for (let i = 0; i < 3; i++) await order([{ _id: id, qty: 2 }]);

    const stale = await save(id, { ...form, description: 'Forty Dutch tulips' });
    expect([stale.statusCode, stale.json().message]).toEqual([
      409,
      'Stock changed since you opened it: 34 in stock now, not 40. Stock changes only by adjustment.',
    ]);
    expect(stale.json().details.current).toEqual(await opened(id));
    expect(await shown(id)).toMatchObject({ countInStock: 34, description: '' });

    // Orders leave the version alone: the fresh form saves at once, and its stock is what is left.
    const fresh = await opened(id);
    expect(fresh).toMatchObject({ countInStock: 34, version: 1 });
    const saved = await save(id, { ...fresh, description: 'Forty Dutch tulips' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ countInStock: 34, description: 'Forty Dutch tulips', version: 2 });
    expect(await shown(id)).toMatchObject({ countInStock: 34, description: 'Forty Dutch tulips' });
  });

  it('lets orders go on while the form is open: a form that does not send stock back is not stale', async () => {
    const id = await insertProduct(t.database.db, { countInStock: 12 });
    const form = await opened(id);
    await order([{ _id: id, qty: 3 }]);
    const saved = await save(id, { ...formBody(form), name: 'Sunflower Sunrise' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ name: 'Sunflower Sunrise', countInStock: 9 });
  });

  it('refuses a save of an older version with the product as it is now, and writes nothing', async () => {
    const id = await insertProduct(t.database.db, { name: 'Orchid Pot', countInStock: 5 });
    const mine = await opened(id);
    const theirs = await opened(id);
    expect((await save(id, { ...theirs, name: 'Purple Orchid Pot' })).statusCode).toBe(200);

    const now = await opened(id);
    const stale = await save(id, { ...mine, description: 'In a ceramic pot' });
    expect([stale.statusCode, stale.json().message]).toEqual([409, STALE_MESSAGES.product]);
    expect(stale.json().details.current).toEqual(now);
    expect(await opened(id)).toEqual(now);
    expect(now).toMatchObject({ name: 'Purple Orchid Pot', description: '', version: 2 });

    // On top of what is there now, the same edit saves.
    const again = await save(id, { ...stale.json().details.current, description: 'In a ceramic pot' });
    expect(again.json()).toMatchObject({ name: 'Purple Orchid Pot', description: 'In a ceramic pot', version: 3 });
  });

  it('lets exactly one of two saves of the same version win', async () => {
    const id = await insertProduct(t.database.db, { name: 'Twin Roses' });
    const form = await opened(id);
    const answers = await Promise.all(
      ['Red Twin Roses', 'White Twin Roses'].map((name) => save(id, { ...form, name })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.statusCode === 200)!.json();
    const loser = answers.find((a) => a.statusCode === 409)!.json();
    expect(loser.message).toBe(STALE_MESSAGES.product);
    expect(loser.details.current).toMatchObject({ name: winner.name, version: 2 });
    expect(await opened(id)).toMatchObject({ name: winner.name, version: 2 });
  });

  it("keeps each size's stock as orders left it, and starts a new size with the stock it is sent with", async () => {
    const id = await insertProduct(t.database.db, {
      category: 'Cakes',
      name: 'Truffle Cake',
      variants: [
        { name: 'Half Kg', price: 60_000, countInStock: 5 },
        { name: '1 Kg', price: 110_000, countInStock: 4 },
      ],
    });
    const form = await opened(id);
    const [half, kilo] = form.variants;
    await order([{ _id: id, qty: 1, variant: { _id: kilo._id } }]);

    const stale = await save(id, form);
    expect([stale.statusCode, stale.json().message]).toEqual([
      409,
      'Stock of 1 Kg changed since you opened it: 3 in stock now, not 4. Stock changes only by adjustment.',
    ]);

    const fresh = await opened(id);
    const saved = await save(id, {
      ...formBody(fresh),
      variants: [
        { _id: half._id, name: 'Half Kg', price: 650 },
        { _id: kilo._id, name: '1 Kg', price: 1150 },
        { name: '2 Kg', price: 2100, countInStock: 2 },
      ],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().variants).toMatchObject([
      { _id: half._id, price: 650, countInStock: 5 },
      { _id: kilo._id, price: 1150, countInStock: 3 },
      { name: '2 Kg', countInStock: 2 },
    ]);
    const noStock = await save(id, { ...formBody(await opened(id)), variants: [{ name: '3 Kg', price: 3000 }] });
    expect([noStock.statusCode, noStock.json().details]).toEqual([
      400,
      [{ field: 'variants.0.countInStock', message: 'Variant count in stock is required for a new size' }],
    ]);
  });

  it('asks for the version, and answers 404 for a product that is gone', async () => {
    const id = await insertProduct(t.database.db, {});
    const { version: _version, ...unversioned } = await opened(id);
    const missing = await save(id, unversioned);
    expect([missing.statusCode, missing.json().message]).toEqual([
      400,
      'version is required: the one the form was loaded at',
    ]);
    const form = await opened(id);
    await t.app.inject({ method: 'DELETE', url: `/api/products/${id}`, headers: { cookie: admin.cookie } });
    const gone = await save(id, form);
    expect([gone.statusCode, gone.json().message]).toEqual([404, 'Product not found']);
  });
});
