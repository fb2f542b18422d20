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
const BENGALURU = {
  ...ADDRESS,
  address2: '12 MG Road',
  landmark: 'Near Trinity Metro Station',
  city: 'Bengaluru',
  state: 'Karnataka',
  postalCode: '560001',
};

/** A registered business's name and address as on its GST registration, typed over two lines. */
const BUYER = {
  buyerName: '  Menon Florals LLP ',
  buyerAddress: '3rd Floor,  Prestige Towers\r\n\n99 Residency Road, Bengaluru 560025\n',
};

/** '24 Nov 2026': the IST calendar day of an instant, worked out apart from the invoice's own code. */
function istDay(iso: string): string {
  const ist = new Date(new Date(iso).getTime() + 330 * 60_000);
  const month = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][ist.getUTCMonth()];
  return `${ist.getUTCDate()} ${month} ${ist.getUTCFullYear()}`;
}

/** The figures of an invoice table row (or its Total row), in paise: '1,141.90' is 114190. */
const paiseIn = (row: string) =>
  [...row.matchAll(/(?<= )-?[\d,]+\.\d{2}(?= |$)/g)].map((m) => Math.round(Number(m[0].replaceAll(',', '')) * 100));

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
    const order = await paidOrder(shopper.cookie, {
      shippingAddress: BENGALURU,
      buyerGstin: '29abcde1234f1zw',
      ...BUYER,
    });
    const year = financialYear(new Date()).slice(2);
    expect(order.invoice.number).toMatch(new RegExp(`^INV/${year}/\\d{6}$`));
    expect(order).toMatchObject({
      buyerGstin: '29ABCDE1234F1ZW',
      buyerName: 'Menon Florals LLP',
      buyerAddress: '3rd Floor, Prestige Towers\n99 Residency Road, Bengaluru 560025',
      taxPrice: 50,
      totalPrice: 1050,
    });

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
      `Order no.: ${order.orderNumber}`,
      'Place of supply: Karnataka (29)',
      'Reverse charge: No',
      // Billed to the business as registered; shipped to the recipient.
      'BILLED TO SHIPPED TO',
      'Menon Florals LLP Anjali Menon',
      '3rd Floor, Prestige Towers',
      '99 Residency Road, Bengaluru 560025',
      'GSTIN: 29ABCDE1234F1ZW',
      '12 MG Road',
      'Landmark: Near Trinity Metro Station',
      // Two ₹525 cakes at 5 %: ₹1,000 taxable, ₹25 CGST and ₹25 SGST; delivery is free above ₹1,000.
      'Invoice Truffle Cake 1905 2 NOS 525.00 0.00 1,000.00 5% 25.00 25.00 1,050.00',
      'Rupees One Thousand Fifty Only',
      'Authorised signatory',
      'Demo store: the supplier and GSTIN are made up; this is not a valid tax invoice.',
    ]) {
      expect(text).toContain(field);
    }
    expect(text).not.toContain('IGST');
    // Shoppers and the store quote the order by its number; its internal id means nothing to them.
    expect(text).not.toContain(order._id);
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
    expect((await invoice(order._id)).statusCode).toBe(404);
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

  it('bills a registered buyer in the state of its GSTIN, while the place of supply is where the gift goes', async () => {
    const order = await paidOrder(shopper.cookie, {
      buyerGstin: '27AAPFU0939F1ZV',
      buyerName: 'Sahyadri Events LLP',
      buyerAddress: 'Office 5, Baner Road, Pune 411045',
    });
    const text = (await pagesText((await invoice(order._id, shopper.cookie)).rawPayload)).join('\n');
    expect(text).toContain('Sahyadri Events LLP Anjali Menon');
    expect(text).toContain('Office 5, Baner Road, Pune 411045');
    expect(text).toContain('State: Maharashtra (27)');
    expect(text).toContain('GSTIN: 27AAPFU0939F1ZV');
    expect(text).toContain('Place of supply: Kerala (32)');
    expect(text).not.toContain(order.user.email);
  });

  it('bills a shopper without a GSTIN by the account, as before', async () => {
    const order = await paidOrder(shopper.cookie, { buyerGstin: '' });
    expect(order).toMatchObject({ buyerGstin: null, buyerName: null, buyerAddress: null });
    const text = (await pagesText((await invoice(order._id, shopper.cookie)).rawPayload)).join('\n');
    expect(text).toContain('Meera Pillai Anjali Menon');
    expect(text).toContain(order.user.email);
    expect(text.match(/GSTIN:/g)).toHaveLength(1); // the seller's
  });

  it.each([
    [{ buyerGstin: '29ABCDE1234F1ZW' }, 'buyerName', 'Registered business name is required with a GSTIN'],
    [
      { buyerGstin: '29ABCDE1234F1ZW', buyerName: '   ', buyerAddress: '99 Residency Road, Bengaluru 560025' },
      'buyerName',
      'Registered business name is required with a GSTIN',
    ],
    [
      { buyerGstin: '29ABCDE1234F1ZW', buyerName: 'Menon Florals LLP' },
      'buyerAddress',
      'Billing address is required with a GSTIN',
    ],
    [
      { buyerGstin: '29ABCDE1234F1ZW', buyerName: 'Menon Florals LLP', buyerAddress: '99 Residency Road' },
      'buyerAddress',
      'Billing address must include its 6-digit PIN code',
    ],
    [
      { buyerGstin: '29ABCDE1234F1ZW', buyerName: 'M'.repeat(101), buyerAddress: 'Bengaluru 560025' },
      'buyerName',
      'Registered business name must be at most 100 characters',
    ],
    [
      { buyerGstin: '29ABCDE1234F1ZW', buyerName: 'Menon Florals LLP', buyerAddress: 42 },
      'buyerAddress',
      'Billing address must be text',
    ],
    [
      { buyerName: 'Menon Florals LLP', buyerAddress: '99 Residency Road, Bengaluru 560025' },
      'buyerGstin',
      'A business name and billing address go on the invoice only with a GSTIN',
    ],
  ])('refuses %o with 400 naming %s', async (extra, field, message) => {
    const cake = await insertProduct(t.database.db, { name: 'Billing Cake', category: 'Cakes', price: 30_000 });
    const res = await placeOrder(t.app, shopper.cookie, orderBody([{ _id: cake, qty: 1 }], extra));
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toContainEqual({ field, message });
  });

  it('prints a coupon order: the discount per line, each line adding up, the totals the sums, dated in IST', async () => {
    const admin = await signInAsAdmin(t.app);
    const code = `BILL${Date.now().toString(36).toUpperCase()}`;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/coupons',
      headers: { cookie: admin.cookie },
      payload: { code, kind: 'flat', value: 100, minOrderValue: 999 },
    });
    expect(created.statusCode).toBe(201);
    const cake = await insertProduct(t.database.db, { name: 'Coupon Truffle Cake', category: 'Cakes', price: 52_500 });
    const roses = await insertProduct(t.database.db, { name: 'Coupon Roses', category: 'Flowers', price: 40_000 });
    const buyer = await registerCustomer(t.app);
    const order = await paidOrder(buyer.cookie, { shippingAddress: BENGALURU, couponCode: code }, [
      { _id: cake, qty: 2 },
      { _id: roses, qty: 1 },
    ]);
    // ₹1,450 of items, delivery free; ₹100 off shared by amount: ₹72.41 off the cakes, ₹27.59 off the roses.
    expect(order).toMatchObject({ itemsPrice: 1450, shippingPrice: 0, couponDiscount: 100, totalPrice: 1350 });

    const res = await invoice(order._id, buyer.cookie);
    expect(res.statusCode).toBe(200);
    const [text, ...more] = await pagesText(res.rawPayload);
    expect(more).toHaveLength(0);
    const lines = text!.split('\n');
    expect(text).toContain(`Invoice no.: ${order.invoice.number}`);
    expect(text).toContain(`Invoice date: ${istDay(order.invoice.issuedAt)}`);
    expect(lines.at(-1)).toBe(`Invoice ${order.invoice.number} · Page 1 of 1`);
    expect(text).toContain(`Coupon ${code} applied: ₹100.00 off`);

    // ₹977.59 of cake at 5 %: ₹931.04 taxable and ₹46.55 of GST, the odd paisa to CGST.
    const cakeRow = '1 Coupon Truffle Cake 1905 2 NOS 525.00 72.41 931.04 5% 23.28 23.27 977.59';
    const rosesRow = '2 Coupon Roses 0603 1 NOS 400.00 27.59 372.41 0% 0.00 0.00 372.41';
    const totalRow = 'Total 100.00 1,303.45 23.28 23.27 1,350.00';
    expect(lines).toContain(cakeRow);
    expect(lines).toContain(rosesRow);
    expect(lines).toContain(totalRow);
    // Columns: unit price, discount, taxable value, CGST, SGST, total.
    const rows = [cakeRow, rosesRow].map((row) => paiseIn(row));
    [2, 1].forEach((qty, i) => {
      const [unit, discount, taxable, cgst, sgst, total] = rows[i]!;
      expect(taxable! + cgst! + sgst!).toBe(total);
      expect(total! + discount!).toBe(qty * unit!);
    });
    const sums = [1, 2, 3, 4, 5].map((column) => rows.reduce((sum, row) => sum + row[column]!, 0));
    expect(sums).toEqual(paiseIn(totalRow));
    expect(text).toContain('Taxable value 1,303.45');
    expect(text).toContain('Total tax 46.55');
    expect(text).toContain('Invoice total (₹) 1,350.00');
    expect(text).toContain('Rupees One Thousand Three Hundred Fifty Only');
  });

  it('tells the truth about an order paid before invoices were issued', async () => {
    const order = await paidOrder(shopper.cookie);
    // As an order paid before tax invoices existed is stored: paid, with no invoice.
    await t.database.db
      .update(orders)
      .set({ invoiceNumber: null, invoicedAt: null, invoiceSupplier: null })
      .where(eq(orders.id, order._id));
    const res = await invoice(order._id, shopper.cookie);
    expect([res.statusCode, res.json().message]).toEqual([
      409,
      'This order was paid before we issued tax invoices, so it has none; write to us and we will send you one',
    ]);
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
