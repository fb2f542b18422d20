import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { addDays, istDate } from '@store/domain';
import { STALE_MESSAGES, type Coupon } from '@store/contracts';
import { queryRows } from '../../db/client.js';
import { registerCustomer, signInAsAdmin } from '../../test/accounts.js';
import { insertProduct } from '../../test/fixtures.js';
import { checkoutProof, orderBody, placeOrder, UNCAPPED_ORDERS, verify } from '../../test/orders.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/test-app.js';
import { orders } from '../orders/orders.table.js';
import { products } from '../products/products.table.js';
import { coupons } from './coupons.table.js';

let t: TestApp;
let admin: { id: string; cookie: string };
beforeAll(async () => {
  t = await createTestApp({ ...UNCAPPED_ORDERS, RATE_LIMIT_REGISTER: 'off', RATE_LIMIT_COUPON_ADDRESS: '1000/1h' });
  admin = await signInAsAdmin(t.app);
});
afterAll(async () => {
  await t?.close();
});

let codes = 0;
/** A code no other test uses: each test makes the coupons it talks about. */
const newCode = (prefix: string) => `${prefix}${Date.now().toString(36).toUpperCase()}${(codes += 1)}`;

const createCoupon = (body: Record<string, unknown>, cookie = admin.cookie) =>
  t.app.inject({ method: 'POST', url: '/api/coupons', headers: { cookie }, payload: body });

async function coupon(body: Record<string, unknown>) {
  const res = await createCoupon({ kind: 'flat', value: 100, ...body });
  expect(res.statusCode).toBe(201);
  return res.json() as { _id: string; code: string };
}

const validate = (couponCode: string, orderItems: { _id: string; qty: number }[], cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/coupons/validate',
    headers: cookie ? { cookie } : {},
    payload: { couponCode, orderItems },
  });

/** The coupon's version now (1 for one that does not exist): these saves are made as a fresh form makes them. */
const versionOf = async (id: string) =>
  (await t.database.db.select({ v: coupons.version }).from(coupons).where(eq(coupons.id, id)))[0]?.v ?? 1;
const updateCoupon = async (id: string, body: Record<string, unknown>, version?: number) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/coupons/${id}`,
    headers: { cookie: admin.cookie },
    payload: { version: version ?? (await versionOf(id)), ...body },
  });

const usesOf = async (id: string) =>
  (await t.database.db.select({ n: coupons.uses }).from(coupons).where(eq(coupons.id, id)))[0]!.n;
const stockOf = async (id: string) =>
  (await t.database.db.select({ n: products.countInStock }).from(products).where(eq(products.id, id)))[0]!.n;

describe(`coupons for admins on ${testDatabaseKind}`, () => {
  it('creates, lists and changes coupons; codes are unique whatever their case', async () => {
    const code = newCode('SPRING');
    const created = await createCoupon({
      code: `  ${code.toLowerCase()} `,
      kind: 'percent',
      value: 15,
      maxDiscount: 200,
      minOrderValue: 499.5,
      validFrom: '2026-12-01',
      validTo: '2026-12-31',
      totalUses: 100,
      usesPerCustomer: 2,
      categories: ['Cakes', 'Cakes', 'Flowers'],
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      code,
      kind: 'percent',
      value: 15,
      maxDiscount: 200,
      minOrderValue: 499.5,
      validFrom: '2026-12-01',
      validTo: '2026-12-31',
      totalUses: 100,
      usesPerCustomer: 2,
      firstOrderOnly: false,
      categories: ['Cakes', 'Flowers'],
      active: true,
      uses: 0,
    });
    // The days are IST days: from midnight IST on the first to midnight IST after the last.
    const [row] = await t.database.db.select().from(coupons).where(eq(coupons.code, code));
    expect(row!.validFrom!.toISOString()).toBe('2026-11-30T18:30:00.000Z');
    expect(row!.validTo!.toISOString()).toBe('2026-12-31T18:30:00.000Z');

    const again = await createCoupon({ code: code.toLowerCase(), kind: 'flat', value: 50 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`A coupon with the code ${code} already exists`);

    const id = created.json()._id;
    const changed = await updateCoupon(id, { code, kind: 'flat', value: 75, active: false });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ code, kind: 'flat', value: 75, maxDiscount: null, active: false });

    const list = await t.app.inject({ method: 'GET', url: '/api/coupons', headers: { cookie: admin.cookie } });
    expect(list.statusCode).toBe(200);
    expect(list.json().find((c: { _id: string }) => c._id === id)).toMatchObject({ value: 75, uses: 0 });
  });

  it('will not lower total uses below the orders holding the coupon', async () => {
    const cake = await insertProduct(t.database.db, { name: 'Lowered Cake', category: 'Cakes', price: 50_000 });
    const { _id, code } = await coupon({ code: newCode('LOW'), kind: 'flat', value: 50, totalUses: 5 });
    for (let i = 0; i < 2; i++) {
      const shopper = await registerCustomer(t.app);
      const res = await placeOrder(t.app, shopper.cookie, orderBody([{ _id: cake, qty: 1 }], { couponCode: code }));
      expect(res.statusCode).toBe(201);
    }
    const message = '2 orders already hold this coupon; total uses cannot be below that';
    const lowered = await updateCoupon(_id, { code, kind: 'flat', value: 50, totalUses: 1 });
    expect([lowered.statusCode, lowered.json()]).toEqual([
      409,
      { message, code: 'CONFLICT', details: [{ field: 'totalUses', message }] },
    ]);
    expect((await t.database.db.select().from(coupons).where(eq(coupons.id, _id)))[0]).toMatchObject({
      totalUses: 5,
      uses: 2,
    });
    expect((await updateCoupon(_id, { code, kind: 'flat', value: 50, totalUses: 2 })).statusCode).toBe(200);
    const unknown = await updateCoupon('00000000-0000-4000-8000-000000000000', { code, kind: 'flat', value: 50 });
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, 'Coupon not found']);
  });

  it('refuses, rather than fails, a lower total decided while an order is taking a use', async () => {
    const { _id, code } = await coupon({ code: newCode('MIDWAY'), kind: 'flat', value: 50, totalUses: 3 });
    // One order holds it already.
    await t.database.db.update(coupons).set({ uses: 1 }).where(eq(coupons.id, _id));
    const version = await versionOf(_id);
    let lowering: ReturnType<typeof updateCoupon> | undefined;
    await t.database.db.transaction(async (tx) => {
      // An order's transaction, midway: it has taken a use and has not committed yet.
      await tx
        .update(coupons)
        .set({ uses: sql`${coupons.uses} + 1` })
        .where(eq(coupons.id, _id));
      lowering = updateCoupon(_id, { code, kind: 'flat', value: 50, totalUses: 1 }, version);
      if (testDatabaseKind === 'postgres') {
        // On PostgreSQL the admin's change goes ahead on another connection, and waits for the row.
        await expect
          .poll(
            async () =>
              (await queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted`))[0]!
                .n,
          )
          .toBeGreaterThan(0);
      }
    });
    const res = await lowering!;
    expect([res.statusCode, res.json().message]).toEqual([
      409,
      '2 orders already hold this coupon; total uses cannot be below that',
    ]);
    expect(await usesOf(_id)).toBe(2);
  });

  it.each([
    [{ kind: 'percent', value: 120 }, 'A percent coupon takes a whole percentage from 1 to 100'],
    [{ kind: 'percent', value: 12.5 }, 'A percent coupon takes a whole percentage from 1 to 100'],
    [{ kind: 'flat', value: 0 }, 'Value must be above 0'],
    [{ kind: 'cash', value: 10 }, "Kind must be 'percent' or 'flat'"],
    [{ kind: 'flat', value: 10, code: 'A!' }, 'A coupon code has 3 to 20 characters'],
    [
      { kind: 'flat', value: 10, validFrom: '2026-12-10', validTo: '2026-12-01' },
      'Valid to must not be before valid from',
    ],
    [{ kind: 'flat', value: 10, categories: ['Toys'] }, "Not one of the store's categories"],
  ])('refuses %o with 400: %s', async (body, message) => {
    const res = await createCoupon({ code: newCode('BAD'), ...body });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(message);
  });

  it('is for admins only', async () => {
    const shopper = await registerCustomer(t.app);
    expect((await t.app.inject({ method: 'GET', url: '/api/coupons' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/coupons', headers: { cookie: shopper.cookie } })).statusCode,
    ).toBe(403);
    expect((await createCoupon({ code: newCode('NOPE'), kind: 'flat', value: 10 }, shopper.cookie)).statusCode).toBe(
      403,
    );
  });
});

describe(`saving a coupon form that others changed since it opened, on ${testDatabaseKind}`, () => {
  const listed = async (id: string) => {
    const list = (
      await t.app.inject({ method: 'GET', url: '/api/coupons', headers: { cookie: admin.cookie } })
    ).json() as Coupon[];
    const found = list.find((c) => c._id === id);
    if (!found) throw new Error(`coupon ${id} is not in the admin's list`);
    return found;
  };

  it('refuses a save of an older version with the coupon as it is now; orders taking uses leave it alone', async () => {
    const cake = await insertProduct(t.database.db, { name: 'Version Cake', category: 'Cakes', price: 50_000 });
    const { _id, code } = await coupon({ code: newCode('VER'), kind: 'flat', value: 50, totalUses: 5 });
    const mine = await listed(_id);
    const theirs = await listed(_id);
    expect(mine).toMatchObject({ version: 1, uses: 0 });
    const shopper = await registerCustomer(t.app);
    const placed = await placeOrder(t.app, shopper.cookie, orderBody([{ _id: cake, qty: 1 }], { couponCode: code }));
    expect(placed.statusCode).toBe(201);
    expect(await listed(_id)).toMatchObject({ version: 1, uses: 1 });

    const saved = await updateCoupon(_id, { ...theirs, value: 60 }, theirs.version);
    expect(saved.json()).toMatchObject({ value: 60, uses: 1, version: 2 });
    const stale = await updateCoupon(_id, { ...mine, active: false }, mine.version);
    expect([stale.statusCode, stale.json().message]).toEqual([409, STALE_MESSAGES.coupon]);
    expect(stale.json().details.current).toEqual(await listed(_id));
    expect(await listed(_id)).toMatchObject({ value: 60, active: true, version: 2 });

    const fresh = await listed(_id);
    const answers = await Promise.all([70, 80].map((value) => updateCoupon(_id, { ...fresh, value }, fresh.version)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const won = answers.find((a) => a.statusCode === 200)!.json();
    expect(await listed(_id)).toMatchObject({ value: won.value, version: 3 });
    const missing = await updateCoupon(_id, { code, kind: 'flat', value: 90 }, 0);
    expect([missing.statusCode, missing.json().message]).toEqual([400, 'version must be at least 1']);
  });

  it('saves every coupon exactly as the list shows it, and reads the same after', async () => {
    await coupon({ code: newCode('TRIP'), kind: 'percent', value: 10, maxDiscount: 150, validFrom: '2026-12-01' });
    const all = (await t.app.inject({ method: 'GET', url: '/api/coupons', headers: { cookie: admin.cookie } })).json();
    expect(all.map((c: { code: string }) => c.code)).toEqual(expect.arrayContaining(['WELCOME10', 'FLAT100']));
    for (const opened of all) {
      const saved = await t.app.inject({
        method: 'PUT',
        url: `/api/coupons/${opened._id}`,
        headers: { cookie: admin.cookie },
        payload: opened,
      });
      expect([opened.code, saved.statusCode]).toEqual([opened.code, 200]);
      const { updatedAt: _u, version, ...after } = await listed(opened._id);
      const { updatedAt: _o, version: was, ...before } = opened;
      expect([after, version]).toEqual([before, was + 1]);
    }
  });
});

describe(`coupons at checkout on ${testDatabaseKind}`, () => {
  it('answers what a coupon takes off, or why it does not apply, in the shopper’s words', async () => {
    const cake = await insertProduct(t.database.db, { name: 'Coupon Cake', category: 'Cakes', price: 80_000 });
    const roses = await insertProduct(t.database.db, { name: 'Coupon Roses', category: 'Flowers', price: 40_000 });
    const today = istDate(new Date());
    const cases: [Record<string, unknown>, { _id: string; qty: number }[], number, string][] = [
      [{ kind: 'percent', value: 10 }, [{ _id: cake, qty: 1 }], 200, 'applied: you save ₹80'],
      [{ kind: 'percent', value: 50, maxDiscount: 150 }, [{ _id: cake, qty: 1 }], 200, 'applied: you save ₹150'],
      [
        { kind: 'flat', value: 100, categories: ['Flowers'] },
        [{ _id: cake, qty: 1 }],
        400,
        'This coupon does not apply to these items',
      ],
      [
        { kind: 'flat', value: 100, minOrderValue: 999 },
        [{ _id: cake, qty: 1 }],
        400,
        'Add ₹199 more to use this coupon',
      ],
      [
        { kind: 'flat', value: 100, minOrderValue: 999 },
        [
          { _id: cake, qty: 1 },
          { _id: roses, qty: 1 },
        ],
        200,
        'applied: you save ₹100',
      ],
      [
        { kind: 'flat', value: 100, validTo: addDays(today, -1) },
        [{ _id: cake, qty: 1 }],
        400,
        'This coupon has expired',
      ],
      [
        { kind: 'flat', value: 100, validFrom: addDays(today, 2) },
        [{ _id: cake, qty: 1 }],
        400,
        'This coupon is not valid yet',
      ],
      [{ kind: 'flat', value: 100, active: false }, [{ _id: cake, qty: 1 }], 400, 'Invalid coupon code'],
    ];
    for (const [rules, items, status, message] of cases) {
      const { code } = await coupon({ code: newCode('TRY'), ...rules });
      const res = await validate(code.toLowerCase(), items);
      expect({ rules, status: res.statusCode, message: res.json().message }).toEqual({
        rules,
        status,
        message: status === 200 ? `${code} ${message}` : message,
      });
    }
    const unknown = await validate('NOSUCHCODE', [{ _id: cake, qty: 1 }]);
    expect([unknown.statusCode, unknown.json().message]).toEqual([400, 'Invalid coupon code']);
  });

  it('takes the coupon off the total before GST, and keeps it on the order', async () => {
    const cake = await insertProduct(t.database.db, {
      name: 'GST Cake',
      category: 'Cakes',
      price: 105_000,
      countInStock: 5,
    });
    const shopper = await registerCustomer(t.app);
    const { code } = await coupon({ code: newCode('FLAT'), kind: 'flat', value: 105, minOrderValue: 999 });
    const res = await placeOrder(
      t.app,
      shopper.cookie,
      orderBody([{ _id: cake, qty: 1 }], { couponCode: code.toLowerCase() }),
    );
    expect(res.statusCode).toBe(201);
    // ₹1,050 of cake at 5 % less ₹105: ₹945 holds ₹45 of GST; delivery is free above ₹1,000 of items.
    expect(res.json()).toMatchObject({
      itemsPrice: 1050,
      shippingPrice: 0,
      couponCode: code,
      couponDiscount: 105,
      taxPrice: 45,
      totalPrice: 945,
      razorpayOrder: { amount: 94_500 },
    });
    expect(res.json().orderItems[0]).toMatchObject({ hsnCode: '1905', gstRate: 5, couponDiscount: 105, taxPrice: 45 });
  });

  it('gives a first-order coupon to a first order only, and a once-per-customer coupon once', async () => {
    const cake = await insertProduct(t.database.db, {
      name: 'First Cake',
      category: 'Cakes',
      price: 60_000,
      countInStock: 9,
    });
    const first = await coupon({ code: newCode('HELLO'), kind: 'percent', value: 10, firstOrderOnly: true });
    const once = await coupon({ code: newCode('ONCE'), kind: 'flat', value: 50, usesPerCustomer: 1 });
    const shopper = await registerCustomer(t.app);
    const line = [{ _id: cake, qty: 1 }];
    expect((await validate(first.code, line, shopper.cookie)).statusCode).toBe(200);
    expect((await placeOrder(t.app, shopper.cookie, orderBody(line, { couponCode: once.code }))).statusCode).toBe(201);

    const firstAgain = await validate(first.code, line, shopper.cookie);
    expect([firstAgain.statusCode, firstAgain.json().message]).toEqual([409, 'This coupon is for your first order']);
    const onceAgain = await placeOrder(t.app, shopper.cookie, orderBody(line, { couponCode: once.code }));
    expect([onceAgain.statusCode, onceAgain.json().message]).toEqual([409, 'You have already used this coupon']);
    // A guest is a new customer until the order says otherwise.
    expect((await validate(first.code, line)).statusCode).toBe(200);
  });

  it('gives 3 uses to 3 of 50 simultaneous orders; the other 47 are told it is used up, and hold nothing', async () => {
    const cake = await insertProduct(t.database.db, {
      name: 'Race Cake',
      category: 'Cakes',
      price: 50_000,
      countInStock: 100,
    });
    const { _id, code } = await coupon({ code: newCode('RACE'), kind: 'flat', value: 100, totalUses: 3 });
    const shoppers = await Promise.all(Array.from({ length: 50 }, () => registerCustomer(t.app)));
    const results = await Promise.all(
      shoppers.map((s) => placeOrder(t.app, s.cookie, orderBody([{ _id: cake, qty: 1 }], { couponCode: code }))),
    );
    const placed = results.filter((r) => r.statusCode === 201);
    const refused = results.filter((r) => r.statusCode === 409);
    expect([placed.length, refused.length]).toEqual([3, 47]);
    for (const r of placed) expect(r.json()).toMatchObject({ couponCode: code, couponDiscount: 100, totalPrice: 500 });
    for (const r of refused) expect(r.json().message).toBe('This coupon has been used up');
    expect(await usesOf(_id)).toBe(3);
    expect(await stockOf(cake)).toBe(97);
  });

  it('gives the use back exactly once when an unpaid order expires, and keeps it for a paid one', async () => {
    const cake = await insertProduct(t.database.db, {
      name: 'Expiry Cake',
      category: 'Cakes',
      price: 50_000,
      countInStock: 10,
    });
    const { _id, code } = await coupon({ code: newCode('BACK'), kind: 'flat', value: 100, totalUses: 2 });
    const shopper = await registerCustomer(t.app);
    const unpaid = await placeOrder(t.app, shopper.cookie, orderBody([{ _id: cake, qty: 1 }], { couponCode: code }));
    const paid = await placeOrder(t.app, shopper.cookie, orderBody([{ _id: cake, qty: 1 }], { couponCode: code }));
    const proof = checkoutProof(paid.json().razorpayOrder.id);
    expect((await verify(t.app, shopper.cookie, paid.json()._id, proof)).statusCode).toBe(200);
    expect(await usesOf(_id)).toBe(2);

    await t.database.db
      .update(orders)
      .set({ payBy: new Date(Date.now() - 1000) })
      .where(eq(orders.id, unpaid.json()._id));
    await Promise.all([t.app.expireOverdueOrders(), t.app.expireOverdueOrders(), t.app.expireOverdueOrders()]);
    expect(await usesOf(_id)).toBe(1);
    const again = await placeOrder(t.app, shopper.cookie, orderBody([{ _id: cake, qty: 1 }], { couponCode: code }));
    expect(again.statusCode).toBe(201);
    expect(await usesOf(_id)).toBe(2);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
/** The counters in this process's memory, and in Redis (under a prefix of this run's own) when there is one. */
const counterStores: [string, () => Record<string, string>][] = [
  ['memory', () => ({})],
  ...(redisUrl
    ? [
        [
          'Redis',
          () => ({ REDIS_URL: redisUrl, REDIS_KEY_PREFIX: `test-coupons-${randomBytes(4).toString('hex')}:` }),
        ] as [string, () => Record<string, string>],
      ]
    : []),
];

/** One address of a mobile carrier's NAT: every phone behind it reaches the store from here. */
const SHARED = '100.64.12.34';
const TOO_MANY = /^Too many coupon codes tried\. Please try again in \d+ minutes?\.$/;

describe.each(counterStores)(
  `guessing coupon codes behind a shared address (%s counters, ${testDatabaseKind})`,
  (_, counters) => {
    /** A server of its own with these limits (the defaults when none are given), a cake and a real coupon. */
    async function storeWith(env: Record<string, string> = {}) {
      const guarded = await createTestApp(
        { ...UNCAPPED_ORDERS, RATE_LIMIT_REGISTER: 'off', ...counters(), ...env },
        { database: t.database },
      );
      const cake = await insertProduct(t.database.db, {
        name: 'Shared Cake',
        category: 'Cakes',
        price: 50_000,
        countInStock: 20,
      });
      const { code } = await coupon({ code: newCode('REAL'), kind: 'flat', value: 10 });
      const line = [{ _id: cake, qty: 1 }];
      const ask = (couponCode: string, cookie?: string, remoteAddress = SHARED) =>
        guarded.app.inject({
          method: 'POST',
          url: '/api/coupons/validate',
          headers: cookie ? { cookie } : {},
          payload: { couponCode, orderItems: line },
          remoteAddress,
        });
      /** A guest's browser: it keeps the cookie the store gives it and sends it back. */
      const guest = () => {
        let jar: string | undefined;
        return async (couponCode: string) => {
          const res = await ask(couponCode, jar);
          const device = res.cookies.find((c) => c.name === 'device');
          if (device) jar = `device=${device.value}`;
          return res;
        };
      };
      return { guarded, code, line, ask, guest };
    }

    it('stops a guesser on their own: another guest and a signed-in shopper there still get a real code', async () => {
      const { guarded, code, line, ask, guest } = await storeWith();
      try {
        const guesser = guest();
        for (let i = 0; i < 20; i++) expect((await guesser(`NOPE${i}`)).statusCode).toBe(400);
        const refused = await guesser('NOPE20');
        expect(refused.statusCode).toBe(429);
        expect(refused.json().message).toMatch(TOO_MANY);
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
        // No oracle: a limited guesser cannot tell a real code from a made-up one.
        expect((await guesser(code)).statusCode).toBe(429);

        const account = await registerCustomer(guarded.app);
        for (let i = 0; i < 20; i++) expect((await ask(`MINE${i}`, account.cookie)).statusCode).toBe(400);
        expect((await ask('MINE20', account.cookie)).statusCode).toBe(429);
        expect((await ask(code, account.cookie)).statusCode).toBe(429);

        // Forty unknown codes from this address so far: everyone else there is still answered.
        const neighbour = guest();
        for (let i = 0; i < 3; i++) {
          const res = await neighbour(code);
          expect([res.statusCode, res.json().couponCode]).toEqual([200, code]);
        }
        const shopper = await registerCustomer(guarded.app);
        expect((await ask(code, shopper.cookie)).statusCode).toBe(200);
        const placed = await placeOrder(guarded.app, shopper.cookie, orderBody(line, { couponCode: code }), undefined, {
          remoteAddress: SHARED,
        });
        expect(placed.statusCode, placed.body).toBe(201);
      } finally {
        await guarded.close();
      }
    });

    it('counts before it checks: of 30 guesses sent at once by one guest, 3 are looked up', async () => {
      const { guarded, code, guest } = await storeWith({
        RATE_LIMIT_COUPON_ACCOUNT: '3/1h',
        RATE_LIMIT_COUPON_ADDRESS: '1000/1h',
      });
      try {
        const guesser = guest();
        expect((await guesser(code)).statusCode).toBe(200);
        const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => guesser(`RUSH${i}`)));
        const counts: Record<number, number> = {};
        for (const a of answers) counts[a.statusCode] = (counts[a.statusCode] ?? 0) + 1;
        expect(counts).toEqual({ 400: 3, 429: 27 });
      } finally {
        await guarded.close();
      }
    });

    it('the address backstop stops one client that changes its device cookie, whatever code it tries', async () => {
      const { guarded, code, ask } = await storeWith({
        RATE_LIMIT_COUPON_ACCOUNT: '3/1h',
        RATE_LIMIT_COUPON_ADDRESS: '10/1h',
      });
      try {
        // A new device for every guess: a made-up cookie, or none at all.
        const rotating = (couponCode: string, i: number) =>
          ask(couponCode, i % 2 ? `device=${randomBytes(16).toString('base64url')}` : undefined);
        for (let i = 0; i < 10; i++) expect((await rotating(`SPIN${i}`, i)).statusCode).toBe(400);
        const refused = await rotating('SPIN10', 10);
        expect(refused.statusCode).toBe(429);
        expect(refused.json().message).toMatch(TOO_MANY);
        expect((await rotating(code, 11)).statusCode).toBe(429);
        // The price of the bound: for the rest of the hour the address is refused for everyone (ADR 067).
        const shopper = await registerCustomer(guarded.app);
        expect((await ask(code, shopper.cookie)).statusCode).toBe(429);
        expect((await ask(code, shopper.cookie, '198.51.100.60')).statusCode).toBe(200);
      } finally {
        await guarded.close();
      }
    });
  },
);

describe(`guessing coupon codes on ${testDatabaseKind}`, () => {
  it('gives a guest a device cookie for the coupon routes only, and a signed-in shopper none', async () => {
    const cake = await insertProduct(t.database.db, { name: 'Cookie Cake', category: 'Cakes', price: 50_000 });
    const line = [{ _id: cake, qty: 1 }];
    const first = await validate('NOSUCHDEVICE', line);
    const device = first.cookies.find((c) => c.name === 'device')!;
    expect(device).toMatchObject({ path: '/api/coupons', httpOnly: true, sameSite: 'Lax' });
    expect(device.value).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect((await validate('NOSUCHDEVICE', line, `device=${device.value}`)).cookies).toEqual([]);
    const forged = (await validate('NOSUCHDEVICE', line, 'device=not-one-of-ours')).cookies;
    expect(forged.map((c) => c.name)).toEqual(['device']);
    expect(forged[0]!.value).not.toBe(device.value);
    const shopper = await registerCustomer(t.app);
    expect((await validate('NOSUCHDEVICE', line, shopper.cookie)).cookies).toEqual([]);
  });

  it('is throttled per account, whatever address each guess comes from', async () => {
    const guarded = await createTestApp(
      { ...UNCAPPED_ORDERS, RATE_LIMIT_COUPON_ACCOUNT: '3/1h', RATE_LIMIT_COUPON_ADDRESS: '3/1h' },
      { database: t.database },
    );
    try {
      const cake = await insertProduct(t.database.db, { name: 'Roaming Cake', category: 'Cakes', price: 50_000 });
      const line = [{ _id: cake, qty: 1 }];
      const guesser = await registerCustomer(guarded.app);
      const other = await registerCustomer(guarded.app);
      const ask = (couponCode: string, cookie: string, remoteAddress: string) =>
        guarded.app.inject({
          method: 'POST',
          url: '/api/coupons/validate',
          headers: { cookie },
          payload: { couponCode, orderItems: line },
          remoteAddress,
        });
      // A new address for every guess, as a shopper hopping between networks (or a botnet) has.
      for (const [i, guess] of ['ROAM1', 'ROAM2', 'ROAM3'].entries()) {
        expect((await ask(guess, guesser.cookie, `198.51.100.${i + 1}`)).statusCode).toBe(400);
      }
      const refused = await ask('ROAM4', guesser.cookie, '198.51.100.4');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(/^Too many coupon codes tried\. Please try again in \d+ minutes?\.$/);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Each address has used one guess of its three, so another account there is still answered.
      expect((await ask('ROAM5', other.cookie, '198.51.100.1')).statusCode).toBe(400);
    } finally {
      await guarded.close();
    }
  });

  it('counts codes tried by placing orders against the same allowance', async () => {
    const guarded = await createTestApp(
      { ...UNCAPPED_ORDERS, RATE_LIMIT_COUPON_ACCOUNT: '3/1h', RATE_LIMIT_COUPON_ADDRESS: '1000/1h' },
      { database: t.database },
    );
    try {
      const cake = await insertProduct(t.database.db, {
        name: 'Ordered Guess Cake',
        category: 'Cakes',
        price: 50_000,
        countInStock: 20,
      });
      const line = [{ _id: cake, qty: 1 }];
      const guesser = await registerCustomer(guarded.app);
      const { code } = await coupon({ code: newCode('KNOWN'), kind: 'flat', value: 10 });
      const order = (couponCode: string, remoteAddress: string) =>
        placeOrder(guarded.app, guesser.cookie, orderBody(line, { couponCode }), undefined, { remoteAddress });
      // A real code never counts, however often it is used.
      expect((await order(code, '198.51.100.10')).statusCode).toBe(201);
      const validated = await guarded.app.inject({
        method: 'POST',
        url: '/api/coupons/validate',
        headers: { cookie: guesser.cookie },
        payload: { couponCode: 'ORDERGUESS1', orderItems: line },
        remoteAddress: '198.51.100.11',
      });
      expect(validated.statusCode).toBe(400);
      for (const [i, guess] of ['ORDERGUESS2', 'ORDERGUESS3'].entries()) {
        const res = await order(guess, `198.51.100.${12 + i}`);
        expect([res.statusCode, res.json().message]).toEqual([400, 'Invalid coupon code']);
      }
      const refused = await order('ORDERGUESS4', '198.51.100.14');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(/^Too many coupon codes tried\./);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Nothing was placed for a refused guess.
      const placed = await t.database.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, guesser.id));
      expect(placed).toHaveLength(1);
    } finally {
      await guarded.close();
    }
  });
});
