import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { registerCustomer } from '../../test/accounts.js';
import { insertProduct } from '../../test/fixtures.js';
import { orderBody, placeOrder, UNCAPPED_ORDERS } from '../../test/orders.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/test-app.js';
import { outbox } from '../outbox/outbox.table.js';
import { orders } from './orders.table.js';

let t: TestApp;
let product: string;
beforeAll(async () => {
  t = await createTestApp(UNCAPPED_ORDERS);
  product = await insertProduct(t.database.db, { name: 'Chocolate Truffle Box', price: 80_000, countInStock: 50 });
});
afterAll(async () => {
  await t?.close();
});

const profile = async (cookie: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/users/profile', headers: { cookie } })).json();
const mailsTo = async (email: string) =>
  t.database.db
    .select({ kind: outbox.kind })
    .from(outbox)
    .where(and(eq(outbox.recipient, email), eq(outbox.kind, 'order_placed')));

describe(`the buyer's contact, apart from the recipient's, on ${testDatabaseKind}`, () => {
  it("defaults to the account's email and no mobile, never the recipient's phone", async () => {
    const buyer = await registerCustomer(t.app);
    const res = await placeOrder(t.app, buyer.cookie, orderBody([{ _id: product, qty: 1 }]));
    expect(res.statusCode).toBe(201);
    expect(res.json().contact).toEqual({ email: buyer.email, phone: null });
    expect(res.json().shippingAddress.phone).toBe('+919847012345');
    expect((await profile(buyer.cookie)).phone).toBeNull();
  });

  it('keeps the mobile a buyer gives and offers it on the next order', async () => {
    const buyer = await registerCustomer(t.app);
    const first = await placeOrder(
      t.app,
      buyer.cookie,
      orderBody([{ _id: product, qty: 1 }], { contact: { phone: '098950 55555' } }),
    );
    expect(first.statusCode).toBe(201);
    expect(first.json().contact).toEqual({ email: buyer.email, phone: '+919895055555' });
    expect((await profile(buyer.cookie)).phone).toBe('+919895055555');

    const second = await placeOrder(t.app, buyer.cookie, orderBody([{ _id: product, qty: 1 }]));
    expect(second.json().contact.phone).toBe('+919895055555');
    // The recipient's phone stays the recipient's, on the order and when read again.
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${second.json()._id}`,
      headers: { cookie: buyer.cookie },
    });
    expect(read.json()).toMatchObject({
      contact: { phone: '+919895055555' },
      shippingAddress: { phone: '+919847012345' },
    });
  });

  it("sends the order's emails to the contact email given", async () => {
    const buyer = await registerCustomer(t.app);
    const office = `office-${buyer.email}`;
    const res = await placeOrder(
      t.app,
      buyer.cookie,
      orderBody([{ _id: product, qty: 1 }], { contact: { email: office, phone: '9895066666' } }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().contact).toEqual({ email: office, phone: '+919895066666' });
    expect(await mailsTo(office)).toHaveLength(1);
    expect(await mailsTo(buyer.email)).toHaveLength(0);
  });

  it('refuses a contact that is not an Indian mobile or an email, naming the field, and writes nothing', async () => {
    const buyer = await registerCustomer(t.app);
    const countOrders = async () => (await t.database.db.select({ id: orders.id }).from(orders)).length;
    const before = await countOrders();
    for (const [contact, field] of [
      [{ phone: '12345' }, 'contact.phone'],
      [{ phone: '+1 415 555 0100' }, 'contact.phone'],
      [{ email: 'not an address' }, 'contact.email'],
    ] as const) {
      const res = await placeOrder(t.app, buyer.cookie, orderBody([{ _id: product, qty: 1 }], { contact }));
      expect(res.statusCode, JSON.stringify(contact)).toBe(400);
      expect(JSON.stringify(res.json())).toContain(field);
    }
    expect(await countOrders()).toBe(before);
    expect((await profile(buyer.cookie)).phone).toBeNull();
  });
});
