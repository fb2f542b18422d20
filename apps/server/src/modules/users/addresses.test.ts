import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { registerCustomer } from '../../test/accounts.js';
import { insertProduct } from '../../test/fixtures.js';
import { ADDRESS, orderBody, placeOrder, UNCAPPED_ORDERS } from '../../test/orders.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/test-app.js';
import { orders } from '../orders/orders.table.js';
import { savedAddresses } from './users.table.js';

let t: TestApp;
let product: string;
beforeAll(async () => {
  // Shoppers here place several unpaid orders; the caps have tests of their own.
  t = await createTestApp(UNCAPPED_ORDERS);
  product = await insertProduct(t.database.db, { name: 'Jasmine Garland', countInStock: 1_000 });
});
afterAll(async () => {
  await t?.close();
});

const BOOK = '/api/users/addresses';
const list = (cookie: string) => t.app.inject({ url: BOOK, headers: { cookie } });
const save = (cookie: string, payload: object) =>
  t.app.inject({ method: 'POST', url: BOOK, headers: { cookie }, payload });
const edit = (cookie: string, id: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: `${BOOK}/${id}`, headers: { cookie }, payload });
const remove = (cookie: string, id: string) =>
  t.app.inject({ method: 'DELETE', url: `${BOOK}/${id}`, headers: { cookie } });
const order = (cookie: string, shippingAddress: object) =>
  placeOrder(t.app, cookie, { ...orderBody([{ _id: product, qty: 1 }]), shippingAddress });

/** ADDRESS as the API answers it: the phone as +91 and ten digits. */
const STORED = { ...ADDRESS, phone: '+919847012345' };
const CHENNAI = { ...ADDRESS, address2: '12 Anna Salai', city: 'Chennai', state: 'Tamil Nadu', postalCode: '600002' };
const IN_KERALA = 'PIN code 682011 is in Kerala';
const refusal = (field: string, message: string) => ({ message, code: 'VALIDATION', details: [{ field, message }] });

/** A recipient of its own: the Nth neighbour on the same road in Kochi. */
const neighbour = (n: number) => ({ ...ADDRESS, firstName: `Neighbour ${n}`, address: `Flat ${n}` });

describe(`the address book on ${testDatabaseKind}`, () => {
  it('saves, lists newest use first, changes and removes a shopper’s recipients', async () => {
    const { cookie } = await registerCustomer(t.app);
    expect((await list(cookie)).json()).toEqual([]);

    const first = await save(cookie, { ...ADDRESS, firstName: '  Anjali ', address: undefined });
    expect(first.statusCode).toBe(201);
    const anjali = first.json();
    expect(anjali).toEqual({
      ...STORED,
      address: '',
      _id: expect.any(String),
      lastUsedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const second = (await save(cookie, CHENNAI)).json();
    expect((await list(cookie)).json().map((a: { _id: string }) => a._id)).toEqual([second._id, anjali._id]);

    const changed = await edit(cookie, anjali._id, { ...ADDRESS, address2: '14 Shanmugham Road', phone: '9847099999' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({
      ...STORED,
      address2: '14 Shanmugham Road',
      phone: '+919847099999',
      _id: anjali._id,
      lastUsedAt: anjali.lastUsedAt,
    });
    // Editing is not using: the book keeps its order.
    expect((await list(cookie)).json()).toEqual([second, changed.json()]);

    const removed = await remove(cookie, second._id);
    expect([removed.statusCode, removed.json()]).toEqual([200, { message: 'Address removed' }]);
    expect((await list(cookie)).json()).toEqual([changed.json()]);
    expect((await remove(cookie, second._id)).statusCode).toBe(404);
  });

  it('keeps the landmark given, trimmed, or none; another landmark is another entry', async () => {
    const { cookie } = await registerCustomer(t.app);
    const { landmark: _none, ...withoutLandmark } = ADDRESS;
    const plain = (await save(cookie, withoutLandmark)).json();
    expect(plain.landmark).toBe('');
    const near = await save(cookie, { ...ADDRESS, landmark: '  Near the Lulu Mall signal ' });
    expect(near.statusCode).toBe(201);
    expect(near.json().landmark).toBe('Near the Lulu Mall signal');
    const changed = (await edit(cookie, plain._id, ADDRESS)).json();
    expect(changed).toEqual({ ...plain, landmark: ADDRESS.landmark });
    expect((await list(cookie)).json()).toEqual([near.json(), changed]);
  });

  it('keeps one entry for one address however it is typed, moving it first', async () => {
    const { cookie } = await registerCustomer(t.app);
    const kept = (await save(cookie, ADDRESS)).json();
    const other = (await save(cookie, CHENNAI)).json();
    const again = await save(cookie, {
      ...ADDRESS,
      firstName: 'ANJALI',
      address2: 'mg  road,  ernakulam',
      landmark: "opposite st. teresa's  college",
      phone: '+91 98470 12345',
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()._id).toBe(kept._id);
    expect(Date.parse(again.json().lastUsedAt)).toBeGreaterThan(Date.parse(kept.lastUsedAt));
    expect((await list(cookie)).json().map((a: { _id: string }) => a._id)).toEqual([kept._id, other._id]);

    // Edited into another entry's twin: refused, nothing changed.
    const twin = await edit(cookie, other._id, ADDRESS);
    expect([twin.statusCode, twin.json().message]).toEqual([409, 'This address is already in your address book']);
    expect((await list(cookie)).json()[1]).toMatchObject({ city: 'Chennai' });
  });

  it("shows each shopper only their own book: another's address is not found", async () => {
    const owner = await registerCustomer(t.app);
    const stranger = await registerCustomer(t.app);
    const mine = (await save(owner.cookie, ADDRESS)).json();

    expect((await list(stranger.cookie)).json()).toEqual([]);
    for (const res of [await edit(stranger.cookie, mine._id, CHENNAI), await remove(stranger.cookie, mine._id)]) {
      expect([res.statusCode, res.json()]).toEqual([404, { message: 'Address not found', code: 'NOT_FOUND' }]);
    }
    expect((await edit(owner.cookie, '00000000-0000-4000-8000-000000000000', CHENNAI)).statusCode).toBe(404);
    expect((await list(owner.cookie)).json()).toEqual([mine]);

    const anonymous = [
      await t.app.inject({ url: BOOK }),
      await t.app.inject({ method: 'POST', url: BOOK, payload: ADDRESS }),
      await t.app.inject({ method: 'PUT', url: `${BOOK}/${mine._id}`, payload: ADDRESS }),
      await t.app.inject({ method: 'DELETE', url: `${BOOK}/${mine._id}` }),
    ];
    expect(anonymous.map((r) => r.statusCode)).toEqual([401, 401, 401, 401]);
    expect((await list(owner.cookie)).json()).toEqual([mine]);
  });

  it('checks an address as an order checks it, naming the field', async () => {
    const { cookie } = await registerCustomer(t.app);
    const mine = (await save(cookie, ADDRESS)).json();
    const cases: [object, number, object][] = [
      [{ ...ADDRESS, city: ' ' }, 400, { details: [{ field: 'city', message: 'City is required' }] }],
      [
        { ...ADDRESS, landmark: 'x'.repeat(101) },
        400,
        { details: [{ field: 'landmark', message: 'Landmark must be at most 100 characters' }] },
      ],
      [
        { ...ADDRESS, phone: '12345' },
        400,
        { details: [{ field: 'phone', message: 'Enter a 10-digit Indian mobile number' }] },
      ],
      [
        { ...ADDRESS, postalCode: '6820' },
        400,
        { details: [{ field: 'postalCode', message: 'Error - Enter 6 digits' }] },
      ],
      [{ ...ADDRESS, postalCode: '999999' }, 400, refusal('postalCode', 'Please enter a valid Pin')],
      [{ ...ADDRESS, state: 'Tamil Nadu' }, 400, refusal('state', IN_KERALA)],
      [{ ...CHENNAI, state: 'Kerala' }, 400, refusal('state', 'PIN code 600002 is in Tamil Nadu')],
      // Leh is filed under Jammu & Kashmir by India Post; it has been Ladakh since 2019.
      [
        { ...ADDRESS, city: 'Leh', state: 'Jammu and Kashmir', postalCode: '194101' },
        400,
        refusal('state', 'PIN code 194101 is in Ladakh'),
      ],
    ];
    for (const [body, status, answer] of cases) {
      for (const res of [await save(cookie, body), await edit(cookie, mine._id, body)]) {
        expect({ body, status: res.statusCode, answer: res.json() }).toMatchObject({ body, status, answer });
      }
    }
    expect((await list(cookie)).json()).toEqual([mine]);

    // The state may be written as people write it.
    for (const state of [' KERALA ', 'kerala']) {
      expect((await edit(cookie, mine._id, { ...ADDRESS, state })).statusCode).toBe(200);
    }
    const leh = await save(cookie, { ...ADDRESS, city: 'Leh', state: 'ladakh', postalCode: '194101' });
    expect(leh.statusCode).toBe(201);
    const cuttack = await save(cookie, { ...ADDRESS, city: 'Cuttack', state: 'Orissa', postalCode: '753001' });
    expect(cuttack.statusCode).toBe(201);
  });

  it('keeps at most 20 addresses, and says how to make room', async () => {
    const { cookie } = await registerCustomer(t.app);
    for (let n = 1; n <= 20; n++) expect((await save(cookie, neighbour(n))).statusCode).toBe(201);
    const full = await save(cookie, neighbour(21));
    expect(full.statusCode).toBe(409);
    expect(full.json()).toEqual({
      message: 'Your address book is full (20 addresses). Remove one to save another.',
      code: 'CONFLICT',
    });
    // One it has already is no new entry: still saved (marked used).
    expect((await save(cookie, neighbour(7))).statusCode).toBe(200);
    const book = (await list(cookie)).json();
    expect(book).toHaveLength(20);
    expect(book[0].firstName).toBe('Neighbour 7');

    expect((await remove(cookie, book[19]._id)).statusCode).toBe(200);
    expect((await save(cookie, neighbour(21))).statusCode).toBe(201);
  });
});

describe(`orders and the address book on ${testDatabaseKind}`, () => {
  it('saves an order’s new address, and marks a known one used again', async () => {
    const { id, cookie } = await registerCustomer(t.app);
    expect((await order(cookie, ADDRESS)).statusCode).toBe(201);
    const [saved] = (await list(cookie)).json();
    expect(saved).toMatchObject(STORED);

    const other = { ...ADDRESS, firstName: 'Ravi', lastName: 'Nair', address: 'Villa 9', phone: '9895011111' };
    expect((await order(cookie, other)).statusCode).toBe(201);
    expect((await list(cookie)).json().map((a: { firstName: string }) => a.firstName)).toEqual(['Ravi', 'Anjali']);

    // The first recipient again, typed differently: the same entry, first again, no third one.
    const retyped = { ...ADDRESS, lastName: 'MENON', address: 'flat 4b,  lotus residency', phone: '+91 98470 12345' };
    expect((await order(cookie, retyped)).statusCode).toBe(201);
    const book = (await list(cookie)).json();
    expect(book.map((a: { _id: string }) => a._id)).toEqual([saved._id, book[1]._id]);
    expect(book[0]).toEqual({ ...saved, lastUsedAt: expect.any(String) });
    expect(Date.parse(book[0].lastUsedAt)).toBeGreaterThan(Date.parse(saved.lastUsedAt));
    const rows = await t.database.db.select().from(savedAddresses).where(eq(savedAddresses.userId, id));
    expect(rows).toHaveLength(2);
  });

  it('places an order to a new recipient with a full book, leaving the book as the shopper kept it', async () => {
    const { cookie } = await registerCustomer(t.app);
    for (let n = 1; n <= 20; n++) await save(cookie, neighbour(n));
    const before = (await list(cookie)).json();
    expect((await order(cookie, neighbour(21))).statusCode).toBe(201);
    expect((await list(cookie)).json()).toEqual(before);
    // A kept one is still marked used.
    expect((await order(cookie, neighbour(1))).statusCode).toBe(201);
    expect((await list(cookie)).json()[0].firstName).toBe('Neighbour 1');
  });

  it('refuses an order whose PIN code is in another state, naming the field, saving nothing', async () => {
    const { id, cookie } = await registerCustomer(t.app);
    const res = await order(cookie, { ...ADDRESS, state: 'Karnataka' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refusal('shippingAddress.state', IN_KERALA));
    const unknown = await order(cookie, { ...ADDRESS, postalCode: '999999' });
    expect(unknown.json()).toEqual(refusal('shippingAddress.postalCode', 'Please enter a valid Pin'));
    expect((await list(cookie)).json()).toEqual([]);
    expect(await t.database.db.select().from(orders).where(eq(orders.userId, id))).toEqual([]);
  });
});
