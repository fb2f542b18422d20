import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { lineTax, type ProductOption } from '@store/domain';
import { registerCustomer, signInAsAdmin } from '../../test/accounts.js';
import { insertProduct } from '../../test/fixtures.js';
import { checkoutProof, orderBody, placeOrder, TOMORROW_STANDARD, UNCAPPED_ORDERS, verify } from '../../test/orders.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/test-app.js';
import { outbox } from '../outbox/outbox.table.js';
import { users } from '../users/users.table.js';

let t: TestApp;
let admin: { cookie: string };
let shopper: { id: string; cookie: string };
beforeAll(async () => {
  t = await createTestApp({ ...UNCAPPED_ORDERS, RATE_LIMIT_COUPON_ADDRESS: '1000/1h' });
  admin = await signInAsAdmin(t.app);
  shopper = await registerCustomer(t.app);
});
afterAll(async () => {
  await t?.close();
});

const EGGLESS = (): ProductOption => ({
  id: randomUUID(),
  name: 'Eggless',
  kind: 'choice',
  price: 5_000,
  maxLength: 0,
  required: false,
});
const MESSAGE = (): ProductOption => ({
  id: randomUUID(),
  name: 'Message on cake',
  kind: 'text',
  price: 0,
  maxLength: 30,
  required: false,
});

/** A truffle cake at ₹649 for half a kilo and ₹1169 for a kilo, eggless for ₹50 more, with a free message. */
async function cake(options: ProductOption[] = [EGGLESS(), MESSAGE()]) {
  const id = await insertProduct(t.database.db, {
    name: 'Truffle Cake',
    category: 'Cakes',
    price: 64_900,
    hsnCode: '1905',
    gstRate: 5,
    countInStock: 20,
    options,
    variants: [
      { name: 'Half Kg', price: 64_900, countInStock: 20 },
      { name: '1 Kg', price: 116_900, countInStock: 20 },
    ],
  });
  const product = (await t.app.inject({ url: `/api/products/${id}` })).json();
  const variant = (name: string) => ({ _id: product.variants.find((v: { name: string }) => v.name === name)._id });
  const [eggless, message] = product.options as { _id: string }[];
  return { id, variant, eggless: eggless!._id, message: message?._id ?? '' };
}

describe(`cake options priced by the server on ${testDatabaseKind}`, () => {
  it('charges a cake with Eggless and a message from the product, whatever the client says', async () => {
    const c = await cake();
    const res = await placeOrder(
      t.app,
      shopper.cookie,
      orderBody(
        [
          {
            _id: c.id,
            qty: 2,
            variant: c.variant('1 Kg'),
            options: [{ _id: c.message, value: '  Happy birthday, Amma ' }, { _id: c.eggless }],
          },
        ],
        { itemsPrice: 1, totalPrice: 1, orderItems_price: 0 },
      ),
    );
    expect(res.statusCode).toBe(201);
    const order = res.json();
    expect(order.orderItems).toMatchObject([
      {
        name: 'Truffle Cake',
        variant: { name: '1 Kg' },
        qty: 2,
        price: 1169,
        optionsPrice: 50,
        options: [
          { _id: c.eggless, name: 'Eggless', kind: 'choice', value: null, price: 50 },
          { _id: c.message, name: 'Message on cake', kind: 'text', value: 'Happy birthday, Amma', price: 0 },
        ],
      },
    ]);
    // (₹1169 + ₹50) × 2 = ₹2438: above ₹1000, so delivery is free; GST at 5 % is carved out of all of it.
    expect(order).toMatchObject({
      itemsPrice: 2438,
      shippingPrice: 0,
      totalPrice: 2438,
      taxPrice: lineTax(243_800, 5, false).tax / 100,
      razorpayOrder: { amount: 243_800 },
    });
    expect(order.orderItems[0].taxPrice).toBe(order.taxPrice);

    const mail = await t.database.db
      .select({ payload: outbox.payload })
      .from(outbox)
      .innerJoin(users, eq(users.email, outbox.recipient))
      .where(eq(users.id, shopper.id))
      .orderBy(asc(outbox.createdAt));
    expect(mail.at(-1)!.payload).toMatchObject({
      lines: [
        {
          name: 'Truffle Cake',
          variant: '1 Kg',
          options: ['Eggless (+₹50)', 'Message on cake: “Happy birthday, Amma”'],
          qty: 2,
          amount: 243_800,
        },
      ],
    });
  });

  it('keeps other options on another line and adds the same options to one line', async () => {
    const c = await cake();
    const res = await placeOrder(
      t.app,
      shopper.cookie,
      orderBody([
        { _id: c.id, qty: 1, variant: c.variant('Half Kg'), options: [{ _id: c.eggless }] },
        { _id: c.id, qty: 1, variant: c.variant('Half Kg') },
        {
          _id: c.id,
          qty: 2,
          variant: c.variant('Half Kg'),
          options: [{ _id: c.eggless }, { _id: c.message, value: '' }],
        },
      ]),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().orderItems.map((i: { qty: number; optionsPrice: number }) => [i.qty, i.optionsPrice])).toEqual([
      [3, 50],
      [1, 0],
    ]);
    expect(res.json().itemsPrice).toBe(3 * 699 + 649);
  });

  it.each([
    {
      case: 'an option the product does not offer',
      items: (c: Awaited<ReturnType<typeof cake>>) => [
        { _id: c.id, qty: 1, variant: c.variant('1 Kg'), options: [{ _id: randomUUID() }] },
      ],
      field: 'orderItems.0.options.0._id',
      message: 'Truffle Cake has no such option',
    },
    {
      case: 'a message one character too long, on the second line',
      items: (c: Awaited<ReturnType<typeof cake>>) => [
        { _id: c.id, qty: 1, variant: c.variant('1 Kg') },
        {
          _id: c.id,
          qty: 1,
          variant: c.variant('1 Kg'),
          options: [{ _id: c.eggless }, { _id: c.message, value: 'x'.repeat(31) }],
        },
      ],
      field: 'orderItems.1.options.1.value',
      message: 'Message on cake must be at most 30 characters',
    },
    {
      case: 'text on a yes/no choice',
      items: (c: Awaited<ReturnType<typeof cake>>) => [
        { _id: c.id, qty: 1, variant: c.variant('1 Kg'), options: [{ _id: c.eggless, value: 'yes' }] },
      ],
      field: 'orderItems.0.options.0.value',
      message: 'Eggless takes no text',
    },
  ])('refuses $case with 400 naming the field', async ({ items, field, message }) => {
    const c = await cake();
    const res = await placeOrder(t.app, shopper.cookie, orderBody(items(c)));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', message, details: [{ field, message }] });
  });

  it('refuses an order without a required option', async () => {
    const c = await cake([{ ...MESSAGE(), name: 'Name on cake', maxLength: 12, required: true }]);
    const res = await placeOrder(t.app, shopper.cookie, orderBody([{ _id: c.id, qty: 1, variant: c.variant('1 Kg') }]));
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([
      { field: 'orderItems.0.options', message: 'Name on cake is required for Truffle Cake' },
    ]);
  });

  it('takes a percent coupon off the options too, as the order will', async () => {
    const c = await cake();
    const code = `CAKE${Date.now().toString(36).toUpperCase()}`;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/coupons',
      headers: { cookie: admin.cookie },
      payload: { code, kind: 'percent', value: 10 },
    });
    expect(created.statusCode).toBe(201);
    const items = [{ _id: c.id, qty: 1, variant: c.variant('Half Kg'), options: [{ _id: c.eggless }] }];
    const quote = await t.app.inject({
      method: 'POST',
      url: '/api/coupons/validate',
      payload: { couponCode: code, orderItems: items },
    });
    expect(quote.json()).toMatchObject({ couponDiscount: 69.9 });
    const placed = await placeOrder(t.app, shopper.cookie, orderBody(items, { couponCode: code }));
    expect(placed.json()).toMatchObject({ itemsPrice: 699, couponDiscount: 69.9, totalPrice: 699 + 100 - 69.9 });
  });

  it("shows the options on the day's delivery sheet once paid", async () => {
    const c = await cake();
    const placed = (
      await placeOrder(
        t.app,
        shopper.cookie,
        orderBody([
          {
            _id: c.id,
            qty: 1,
            variant: c.variant('Half Kg'),
            options: [{ _id: c.eggless }, { _id: c.message, value: 'Happy 60th, Appa' }],
          },
        ]),
      )
    ).json();
    expect((await verify(t.app, shopper.cookie, placed._id, checkoutProof(placed.razorpayOrder.id))).statusCode).toBe(
      200,
    );
    const { date } = TOMORROW_STANDARD();
    const sheet = (
      await t.app.inject({ url: `/api/delivery/schedule?date=${date}`, headers: { cookie: admin.cookie } })
    ).json();
    const orders = sheet.areas.flatMap((a: { slots: { orders: unknown[] }[] }) => a.slots.flatMap((s) => s.orders));
    expect(orders.find((o: { _id: string }) => o._id === placed._id).items).toEqual([
      {
        name: 'Truffle Cake',
        variantName: 'Half Kg',
        qty: 1,
        options: [
          { name: 'Eggless', value: null },
          { name: 'Message on cake', value: 'Happy 60th, Appa' },
        ],
      },
    ]);
  });
});
