import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { registerCustomer, signInAsAdmin } from '../../test/accounts.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/test-app.js';
import { ORDER_CSV_HEADER, orderCsvStream } from './order-list.service.js';
import { orderItems, orders } from './orders.table.js';

let t: TestApp;
let admin: string;
let shopper: string;

type Stage = 'awaiting_payment' | 'paid' | 'packed' | 'delivered' | 'expired';
interface Fixture {
  name: string;
  email: string;
  phone: string;
  stage: Stage;
  total: number;
  deliveryDate: string | null;
  createdAt: Date | ReturnType<typeof sql>;
  vendors?: string[][];
}

let paymentNo = 0;
/** An order as the store would have written it, straight into the table: only the list's columns matter here. */
async function insertOrder(f: Fixture) {
  const paid = f.stage === 'paid' || f.stage === 'packed' || f.stage === 'delivered';
  const at = new Date('2026-11-20T06:00:00Z');
  paymentNo += 1;
  const [row] = await t.database.db
    .insert(orders)
    .values({
      userName: f.name,
      userEmail: f.email,
      contactEmail: f.email,
      shippingAddress: {
        firstName: 'R',
        lastName: 'S',
        address: '1 Road',
        address2: '',
        city: 'Kochi',
        state: 'Kerala',
        postalCode: '682011',
        phone: f.phone,
      },
      paymentMethod: 'Razorpay',
      itemsPrice: f.total,
      shippingPrice: 0,
      taxPrice: 0,
      totalPrice: f.total,
      status: paid ? 'paid' : f.stage === 'expired' ? 'expired' : 'awaiting_payment',
      payBy: at,
      paidAt: paid ? at : null,
      paymentId: paid ? `pay_list_${paymentNo}` : null,
      packedAt: f.stage === 'packed' || f.stage === 'delivered' ? at : null,
      deliveredAt: f.stage === 'delivered' ? at : null,
      razorpayOrderId: `order_list_${paymentNo}`,
      razorpayAmount: f.total,
      deliveryDate: f.deliveryDate,
      ...(f.deliveryDate
        ? {
            deliverySlotId: 'fixed-1700',
            deliverySlot: { type: 'fixed', label: '5 PM – 7 PM', start: '17:00', end: '19:00', fee: 20_000 },
          }
        : {}),
      createdAt: f.createdAt as Date,
    })
    .returning();
  const vendors = f.vendors ?? [[]];
  await t.database.db.insert(orderItems).values(
    vendors.map((vendor, position) => ({
      orderId: row!.id,
      position,
      name: 'Roses',
      qty: 1,
      price: f.total,
      discountPrice: 0,
      image: '/uploads/demo/roses.jpg',
      optimizedImages: { thumbnail: '', detail: '' },
      vendor,
    })),
  );
  return row!;
}

const minute = (n: number) => new Date(Date.parse('2026-11-20T05:00:00Z') + n * 60_000);
let o: Awaited<ReturnType<typeof insertOrder>>[];

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signInAsAdmin(t.app)).cookie;
  shopper = (await registerCustomer(t.app)).cookie;
  o = [
    await insertOrder({
      name: 'Asha Menon',
      email: 'asha@lists.test',
      phone: '+919847012345',
      stage: 'delivered',
      total: 124_900,
      deliveryDate: '2026-12-01',
      createdAt: minute(0),
      vendors: [['Ferns', 'Bloom'], ['Bloom']],
    }),
    await insertOrder({
      name: 'Ravi "RK" Kumar, Jr.',
      email: 'ravi@lists.test',
      phone: '+919000000002',
      stage: 'awaiting_payment',
      total: 50_000,
      deliveryDate: '2026-12-05',
      createdAt: minute(1),
    }),
    await insertOrder({
      name: '=SUM(A1)\nsecond line',
      email: 'evil@lists.test',
      phone: '+919000000003',
      stage: 'expired',
      total: 99_999,
      deliveryDate: null,
      createdAt: minute(2),
    }),
    await insertOrder({
      name: 'Asha Menon',
      email: 'asha@lists.test',
      phone: '+919847012345',
      stage: 'packed',
      total: 200_000,
      deliveryDate: '2026-12-05',
      createdAt: minute(3),
    }),
    await insertOrder({
      name: 'Dev Rao',
      email: 'dev@lists.test',
      phone: '+919000000005',
      stage: 'paid',
      total: 75_000,
      deliveryDate: '2026-12-10',
      createdAt: minute(4),
    }),
  ];
});
afterAll(async () => {
  await t?.close();
});

const list = (query: string, cookie = admin) =>
  t.app.inject({ method: 'GET', url: `/api/orders/admin?${query}`, headers: { cookie } });
const numbersOf = (body: { rows: { number: number }[] }) => body.rows.map((r) => r.number);
const n = (...indexes: number[]) => indexes.map((i) => o[i]!.number);

describe(`the admin's order list on ${testDatabaseKind}`, () => {
  it('answers a page of rows with the spec’s columns, newest first, and the total', async () => {
    const res = await list('q=@lists.test&pageSize=2');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ page: 1, pageSize: 2, pages: 3, total: 5 });
    expect(numbersOf(body)).toEqual(n(4, 3));
    const first = (await list('q=@lists.test&sort=createdAt&order=asc&pageSize=1')).json().rows[0];
    expect(first).toEqual({
      _id: o[0]!.id,
      number: o[0]!.number,
      orderNumber: `PW-${String(o[0]!.number).padStart(6, '0')}`,
      user: { _id: null, name: 'Asha Menon', email: 'asha@lists.test' },
      phone: '+919847012345',
      vendors: ['Bloom', 'Ferns'],
      createdAt: minute(0).toISOString(),
      totalPrice: 1249,
      status: 'delivered',
      isPaid: true,
      paidAt: '2026-11-20T06:00:00.000Z',
      isDelivered: true,
      deliveredAt: '2026-11-20T06:00:00.000Z',
      deliveryDate: '2026-12-01',
      deliverySlot: 'Fixed time, 5 PM – 7 PM',
      partner: null,
    });
    const undated = (await list(`q=${o[2]!.number}`)).json().rows[0];
    expect(undated).toMatchObject({ deliveryDate: null, deliverySlot: null });
  });

  it('pages to the last partial page, and past the end keeps the total', async () => {
    expect(numbersOf((await list('q=@lists.test&pageSize=2&page=3')).json())).toEqual(n(0));
    const past = (await list('q=@lists.test&pageSize=2&page=4')).json();
    expect(past).toMatchObject({ rows: [], page: 4, pages: 3, total: 5 });
  });

  it('answers an empty list with no pages', async () => {
    expect((await list('q=nobody@nowhere.test')).json()).toEqual({
      rows: [],
      page: 1,
      pageSize: 50,
      pages: 0,
      total: 0,
    });
  });

  it.each([
    ['q=@lists.test&status=awaiting_payment', [1]],
    ['q=@lists.test&status=paid', [4]],
    ['q=@lists.test&status=packed', [3]],
    ['q=@lists.test&status=delivered', [0]],
    ['q=@lists.test&status=expired', [2]],
    ['q=@lists.test&paid=true', [4, 3, 0]],
    ['q=@lists.test&paid=false', [2, 1]],
    ['q=@lists.test&from=2026-12-05&to=2026-12-05', [3, 1]],
    ['q=@lists.test&from=2026-12-02', [4, 3, 1]],
    ['q=@lists.test&to=2026-12-01', [0]],
    ['q=@lists.test&from=2026-12-01&to=2026-12-10&paid=true', [4, 3, 0]],
    ['status=packed&q=asha', [3]],
  ])('filters by %s', async (query, expected) => {
    expect(numbersOf((await list(query)).json())).toEqual(n(...expected));
  });

  it('finds an order by number, id prefix, part of the email or the recipient’s mobile', async () => {
    const number = o[2]!.number;
    const searches: [string, number[]][] = [
      [`PW-${String(number).padStart(6, '0')}`, [2]],
      [`pw${number}`, [2]],
      [o[3]!.id.slice(0, 8), [3]],
      [o[3]!.id.slice(0, 13).toUpperCase(), [3]],
      ['RAVI@lists', [1]],
      ['98470 12345', [3, 0]],
      ['+91 90000 00005', [4]],
    ];
    for (const [q, expected] of searches) {
      const rows = (await list(`q=${encodeURIComponent(q)}`)).json().rows as { number: number }[];
      expect(
        rows.map((r) => r.number),
        q,
      ).toEqual(expect.arrayContaining(n(...expected)));
      expect(
        rows.filter((r) => n(0, 1, 2, 3, 4).includes(r.number)).map((r) => r.number),
        q,
      ).toEqual(n(...expected));
    }
  });

  it('reads a search of one or two characters as a number, never as part of an email', async () => {
    const short = String(o[0]!.number);
    expect(short.length).toBeLessThanOrEqual(2);
    await insertOrder({
      name: 'Digit Holder',
      email: `order${short}@digits.test`,
      phone: '+919000000006',
      stage: 'awaiting_payment',
      total: 10_000,
      deliveryDate: null,
      createdAt: minute(-50),
    });
    expect(numbersOf((await list(`q=${short}`)).json())).toEqual(n(0));
    expect((await list('q=ra')).json().total).toBe(0);
  });

  it('treats LIKE wildcards in a search as text', async () => {
    expect((await list('q=%25')).json().total).toBe(0);
    expect((await list('q=_')).json().total).toBe(0);
  });

  it('sorts by total, number and delivery date (undated last), either way', async () => {
    expect(numbersOf((await list('q=@lists.test&sort=total&order=asc')).json())).toEqual(n(1, 4, 2, 0, 3));
    expect(numbersOf((await list('q=@lists.test&sort=total')).json())).toEqual(n(3, 0, 2, 4, 1));
    expect(numbersOf((await list('q=@lists.test&sort=number&order=asc')).json())).toEqual(n(0, 1, 2, 3, 4));
    const byDate = numbersOf((await list('q=@lists.test&sort=deliveryDate&order=asc')).json());
    expect(byDate[0]).toBe(o[0]!.number);
    expect(byDate.slice(1, 3).sort()).toEqual(n(1, 3).sort());
    expect(byDate.slice(3)).toEqual(n(4, 2));
  });

  it('is for admins only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/orders/admin' })).statusCode).toBe(401);
    expect((await list('', shopper)).statusCode).toBe(403);
  });

  it.each([
    ['page=0', 'page'],
    ['page=two', 'page'],
    ['pageSize=1000', 'pageSize'],
    ['status=shipped', 'status'],
    ['paid=yes', 'paid'],
    ['from=2026-13-01', 'from'],
    ['to=05-12-2026', 'to'],
    ['from=2026-12-05&to=2026-12-01', 'to'],
    ['sort=userName', 'sort'],
    ['order=up', 'order'],
  ])('refuses %s with a message naming %s', async (query, field) => {
    const res = await list(query);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(field);
    expect(res.json().details).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
  });

  it('keeps GET /api/orders, every order as the spec’s clients read it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/orders', headers: { cookie: admin } });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((r: { _id: string }) => r._id)).toEqual(expect.arrayContaining(o.map((r) => r.id)));
  });
});

const csv = (query: string, cookie = admin) =>
  t.app.inject({ method: 'GET', url: `/api/orders/export.csv?${query}`, headers: { cookie } });
const lines = (body: string) => body.split('\r\n').filter((l) => l !== '');

describe(`the orders CSV export on ${testDatabaseKind}`, () => {
  it('sends a header row, then the filtered orders newest first, amounts in plain rupees', async () => {
    const res = await csv('q=@lists.test');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    const [header, ...rows] = lines(res.body);
    expect(header).toBe(ORDER_CSV_HEADER.join(','));
    expect(rows).toHaveLength(5);
    const label = (i: number) => `PW-${String(o[i]!.number).padStart(6, '0')}`;
    expect(rows[4]).toBe(
      `${label(0)},${o[0]!.id},2026-11-20 10:30,Asha Menon,asha@lists.test,'+919847012345,Bloom; Ferns,Delivered,2026-11-20,2026-11-20,2026-12-01,1249.00,0.00,0.00,0.00,1249.00`,
    );
  });

  it('quotes commas, quotes and line breaks, and defuses formulas', async () => {
    const res = await csv('q=@lists.test&status=expired');
    expect(res.body).toContain(`"'=SUM(A1)\nsecond line"`);
    expect(res.body).toContain(',999.99\r\n');
    const ravi = await csv('q=ravi@lists.test');
    expect(ravi.body).toContain(',"Ravi ""RK"" Kumar, Jr.",ravi@lists.test,');
    expect(ravi.body).toContain('Awaiting payment');
  });

  it('applies the filters', async () => {
    const rows = lines((await csv('q=@lists.test&paid=true&from=2026-12-05')).body).slice(1);
    expect(rows.map((r) => r.split(',')[0])).toEqual(
      [o[4]!, o[3]!].map((r) => `PW-${String(r.number).padStart(6, '0')}`),
    );
    expect(lines((await csv('q=nobody@nowhere.test')).body)).toEqual([ORDER_CSV_HEADER.join(',')]);
  });

  it('is for admins only, and refuses bad filters', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/orders/export.csv' })).statusCode).toBe(401);
    expect((await csv('', shopper)).statusCode).toBe(403);
    const bad = await csv('status=lost');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('status');
  });

  it('streams in batches, each order once even when they share a timestamp to the microsecond', async () => {
    for (let i = 0; i < 23; i += 1) {
      await insertOrder({
        name: `Batch ${i}`,
        email: `batch${i}@stream.test`,
        phone: '+919000000009',
        stage: 'awaiting_payment',
        total: 10_000 + i,
        deliveryDate: null,
        createdAt: i < 10 ? sql`'2026-11-01 10:00:00.123456+00'::timestamptz` : minute(-100 - i),
      });
    }
    const stream = orderCsvStream(t.database.db, { q: '@stream.test', paid: undefined }, 4);
    const chunks: string[] = [];
    for await (const chunk of stream) chunks.push(String(chunk));
    expect(chunks).toHaveLength(1 + 6);
    const ids = chunks.slice(1).flatMap((c) => lines(c).map((l) => l.split(',')[1]));
    expect(ids).toHaveLength(23);
    expect(new Set(ids).size).toBe(23);
    const api = await csv('q=@stream.test');
    expect(lines(api.body)).toHaveLength(24);
  });
});
