import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { financialYear } from '@store/domain';
import { registerCustomer, signInAsAdmin } from '../../test/accounts.js';
import { insertProduct } from '../../test/fixtures.js';
import { ADDRESS, checkoutProof, orderBody, placeOrder, UNCAPPED_ORDERS, verify } from '../../test/orders.js';
import { pagesText } from '../../test/pdf.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/test-app.js';
import { orders } from './orders.table.js';

let t: TestApp;
let shopper: { id: string; cookie: string };
beforeAll(async () => {
  t = await createTestApp({ ...UNCAPPED_ORDERS, RATE_LIMIT_REGISTER: 'off' });
  shopper = await registerCustomer(t.app);
});
afterAll(async () => {
  await t?.close();
});

/** A Bengaluru address: the same state as the demo seller (Karnataka), so CGST and SGST. */
const BENGALURU = { ...ADDRESS, address2: '12 MG Road', city: 'Bengaluru', state: 'Karnataka', postalCode: '560001' };

async function paidOrder(cookie: string, extra: Record<string, unknown> = {}, items?: { _id: string; qty: number }[]) {
  const cake = await insertProduct(t.database.db, {
    name: 'Invoice Truffle Cake',
    category: 'Cakes',
    price: 52_500,
    countInStock: 50,
  });
  const placed = await placeOrder(t.app, cookie, orderBody(items ?? [{ _id: cake, qty: 2 }], extra));
  expect(placed.statusCode).toBe(201);
  const order = placed.json();
  const paid = await verify(t.app, cookie, order._id, checkoutProof(order.razorpayOrder.id));
  expect(paid.statusCode).toBe(200);
  return paid.json();
}

const invoice = (id: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url: `/api/orders/${id}/invoice`, headers: cookie ? { cookie } : {} });

describe(`tax invoices on ${testDatabaseKind}`, () => {
  it('issues one when the order is paid, with every field rule 46 asks for', async () => {
    const order = await paidOrder(shopper.cookie, { shippingAddress: BENGALURU, buyerGstin: '29abcde1234f1zw' });
    const year = financialYear(new Date()).slice(2);
    expect(order.invoice.number).toMatch(new RegExp(`^INV/${year}/\\d{6}$`));
    expect(order).toMatchObject({ buyerGstin: '29ABCDE1234F1ZW', taxPrice: 50, totalPrice: 1050 });

    const res = await invoice(order._id, shopper.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="invoice-${order.invoice.number.replaceAll('/', '-')}.pdf"`,
    );
    const text = (await pagesText(res.rawPayload)).join('\n');
    for (const field of [
      'Tax Invoice',
      'Phoolwala Gifts Private Limited',
      '14, 2nd Cross, Indiranagar, Bengaluru 560038',
      'GSTIN: 29AAAAA0000A1ZY',
      `Invoice no.: ${order.invoice.number}`,
      `Order ID: ${order._id}`,
      'Place of supply: Karnataka (29)',
      'Reverse charge: No',
      'GSTIN: 29ABCDE1234F1ZW',
      'Anjali Menon',
      '12 MG Road',
      // Two ₹525 cakes at 5 %: ₹1,000 taxable, ₹25 CGST and ₹25 SGST; delivery is free above ₹1,000.
      'Invoice Truffle Cake 1905 2 525.00 0.00 1,000.00 5% 25.00 25.00 1,050.00',
      'Rupees One Thousand Fifty Only',
      'Authorised signatory',
      'Demo store: the supplier and GSTIN are made up; this is not a valid tax invoice.',
    ]) {
      expect(text).toContain(field);
    }
    expect(text).not.toContain('IGST');
  });

  it('charges IGST when the gift goes to another state, delivery included', async () => {
    const lily = await insertProduct(t.database.db, { name: 'Invoice Lilies', category: 'Flowers', price: 40_000 });
    const cake = await insertProduct(t.database.db, { name: 'Invoice Plum Cake', category: 'Cakes', price: 42_000 });
    const order = await paidOrder(shopper.cookie, {}, [
      { _id: lily, qty: 1 },
      { _id: cake, qty: 1 },
    ]);
    // ₹820 of items: ₹100 delivery, taxed at the highest line rate (5 %): ₹95.24 + ₹4.76.
    expect(order).toMatchObject({ itemsPrice: 820, shippingPrice: 100, totalPrice: 920, taxPrice: 24.76 });
    const text = (await pagesText((await invoice(order._id, shopper.cookie)).rawPayload)).join('\n');
    expect(text).toContain('Place of supply: Kerala (32)');
    expect(text).toContain('IGST');
    expect(text).not.toContain('CGST');
    expect(text).toContain('Delivery charges 9968 1 100.00 0.00 95.24 5% 4.76 100.00');
    expect(text).toContain('Rupees Nine Hundred Twenty Only');
  });

  it('is its owner’s and the admins’: others are told it does not exist, an unpaid order has none yet', async () => {
    const order = await paidOrder(shopper.cookie);
    const stranger = await registerCustomer(t.app);
    const admin = await signInAsAdmin(t.app);
    expect((await invoice(order._id)).statusCode).toBe(401);
    expect((await invoice(order._id, stranger.cookie)).statusCode).toBe(404);
    expect((await invoice(order._id, admin.cookie)).statusCode).toBe(200);

    const cake = await insertProduct(t.database.db, { name: 'Unpaid Cake', category: 'Cakes', price: 30_000 });
    const unpaid = (await placeOrder(t.app, shopper.cookie, orderBody([{ _id: cake, qty: 1 }]))).json();
    expect(unpaid.invoice).toBeNull();
    const res = await invoice(unpaid._id, shopper.cookie);
    expect([res.statusCode, res.json().message]).toEqual([
      409,
      'This order is not paid yet: its tax invoice is issued with the payment',
    ]);
  });

  it('numbers invoices consecutively, without gaps or repeats, when many payments arrive at once', async () => {
    const cake = await insertProduct(t.database.db, {
      name: 'Numbered Cake',
      category: 'Cakes',
      price: 30_000,
      countInStock: 50,
    });
    const shoppers = await Promise.all(Array.from({ length: 12 }, () => registerCustomer(t.app)));
    const placed = await Promise.all(
      shoppers.map(async (s) => ({
        s,
        order: (await placeOrder(t.app, s.cookie, orderBody([{ _id: cake, qty: 1 }]))).json(),
      })),
    );
    const paid = await Promise.all(
      placed.map(({ s, order }) => verify(t.app, s.cookie, order._id, checkoutProof(order.razorpayOrder.id))),
    );
    expect(paid.map((r) => r.statusCode)).toEqual(placed.map(() => 200));
    const numbers = paid.map((r) => Number(r.json().invoice.number.split('/').at(-1))).sort((a, b) => a - b);
    const first = numbers[0]!;
    expect(numbers).toEqual(numbers.map((_, i) => first + i));
    // Nothing else in the year's series sits inside that run, either.
    const all = await t.database.db.select({ n: orders.invoiceNumber }).from(orders);
    const taken = all.flatMap((r) => (r.n ? [Number(r.n.split('/').at(-1))] : []));
    expect(new Set(taken).size).toBe(taken.length);
    expect(Math.max(...taken)).toBe(taken.length);
  });

  it('refuses a buyer GSTIN that is not well formed', async () => {
    const cake = await insertProduct(t.database.db, { name: 'GSTIN Cake', category: 'Cakes', price: 30_000 });
    const res = await placeOrder(
      t.app,
      shopper.cookie,
      orderBody([{ _id: cake, qty: 1 }], { buyerGstin: '29ABCDE1234F1ZX' }),
    );
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('check character');
    expect(
      (await t.database.db.select({ id: orders.id }).from(orders).where(eq(orders.buyerGstin, '29ABCDE1234F1ZX')))
        .length,
    ).toBe(0);
  });
});
