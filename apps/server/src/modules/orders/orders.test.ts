import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { registerCustomer, signInAsAdmin } from '../../test/accounts.js';
import { insertProduct } from '../../test/fixtures.js';
import { istDate } from '@store/domain';
import {
  ADDRESS,
  deliveryDayClock,
  orderBody,
  placeOrder,
  TOMORROW_STANDARD,
  UNCAPPED_ORDERS,
} from '../../test/orders.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/test-app.js';
import { productVariants, products } from '../products/products.table.js';
import { orders } from './orders.table.js';

let t: TestApp;
let shopper: { id: string; cookie: string };
let admin: { id: string; cookie: string };
const clock = deliveryDayClock();
beforeAll(async () => {
  // One shopper places many unpaid orders here; the caps have tests of their own (orders.limits.test.ts).
  t = await createTestApp(UNCAPPED_ORDERS, undefined, { clock: clock.now });
  shopper = await registerCustomer(t.app);
  admin = await signInAsAdmin(t.app);
});
afterAll(async () => {
  await t?.close();
});

const stockOf = async (id: string) =>
  (await t.database.db.select({ n: products.countInStock }).from(products).where(eq(products.id, id)))[0]!.n;
const orderCount = async () => (await t.database.db.select({ id: orders.id }).from(orders)).length;
const day = 24 * 60 * 60 * 1000;

describe(`placing orders on ${testDatabaseKind}`, () => {
  it('computes every amount on the server and ignores the prices a client sends', async () => {
    const rose = await insertProduct(t.database.db, { name: 'Red Roses', price: 60_000, countInStock: 5 });
    const cake = await insertProduct(t.database.db, {
      name: 'Truffle Cake',
      price: 90_000,
      discountPrice: 75_000,
      discountStartDate: new Date(Date.now() - day),
      discountEndDate: new Date(Date.now() + day),
    });
    const res = await placeOrder(
      t.app,
      shopper.cookie,
      orderBody(
        [
          { _id: rose, qty: 2 },
          { _id: cake, qty: 1 },
        ],
        {
          itemsPrice: 1,
          shippingPrice: 0,
          taxPrice: 0,
          totalPrice: 1,
        },
      ),
    );
    expect(res.statusCode).toBe(201);
    const order = res.json();
    expect(order).toMatchObject({
      itemsPrice: 1950,
      shippingPrice: 0,
      taxPrice: 0,
      totalPrice: 1950,
      isPaid: false,
      isDelivered: false,
      status: 'awaiting_payment',
      paymentMethod: 'Razorpay',
      user: { _id: shopper.id, name: 'Meera Pillai' },
      shippingAddress: { ...ADDRESS, phone: '+919847012345' },
      razorpayOrder: { amount: 195_000 },
    });
    expect(order.razorpayOrder.id).toMatch(/^order_[A-Za-z0-9]{14}$/);
    expect(order.orderItems).toMatchObject([
      { _id: rose, name: 'Red Roses', qty: 2, price: 600, discountPrice: 0 },
      { _id: cake, name: 'Truffle Cake', qty: 1, price: 900, discountPrice: 750 },
    ]);
    // Fifteen minutes to pay, by default.
    expect(new Date(order.payBy).getTime() - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(await stockOf(rose)).toBe(3);
  });

  it("charges ₹100 shipping up to ₹1000, ignores an expired discount, and gives a size the product's discount in proportion", async () => {
    const lily = await insertProduct(t.database.db, {
      price: 45_000,
      discountPrice: 20_000,
      discountEndDate: new Date(Date.now() - day),
    });
    const cake = await insertProduct(t.database.db, {
      price: 50_000,
      discountPrice: 40_000,
      variants: [{ name: '1 Kg', price: 95_000, countInStock: 2 }],
    });
    const [variant] = await t.database.db.select().from(productVariants).where(eq(productVariants.productId, cake));
    const small = await placeOrder(t.app, shopper.cookie, orderBody([{ _id: lily, qty: 1 }]));
    expect(small.json()).toMatchObject({ itemsPrice: 450, shippingPrice: 100, totalPrice: 550 });
    expect(small.json().orderItems[0].discountPrice).toBe(0);

    const big = await placeOrder(
      t.app,
      shopper.cookie,
      orderBody([{ _id: cake, qty: 2, variant: { _id: variant!.id } }]),
    );
    // ₹500 on offer at ₹400 is 20 % off, so the ₹950 size costs ₹760, as its product page says (ADR 038).
    expect(big.json()).toMatchObject({ itemsPrice: 1520, shippingPrice: 0, totalPrice: 1520 });
    expect(big.json().orderItems[0]).toMatchObject({ variant: { name: '1 Kg' }, price: 950, discountPrice: 760 });
    const page = await t.app.inject({ method: 'GET', url: `/api/products/${cake}` });
    expect(page.json().variants).toMatchObject([{ name: '1 Kg', price: 950, discountPrice: 760 }]);
    const [after] = await t.database.db.select().from(productVariants).where(eq(productVariants.id, variant!.id));
    expect(after!.countInStock).toBe(0);
    expect(await stockOf(cake)).toBe(10);
  });

  it('merges repeated lines of one product', async () => {
    const id = await insertProduct(t.database.db, { price: 10_000, countInStock: 3 });
    const res = await placeOrder(
      t.app,
      shopper.cookie,
      orderBody([
        { _id: id, qty: 1 },
        { _id: id, qty: 2 },
      ]),
    );
    expect(res.json().orderItems).toHaveLength(1);
    expect(res.json().orderItems[0].qty).toBe(3);
    expect(await stockOf(id)).toBe(0);
  });

  it('refuses bad orders with a message and writes nothing', async () => {
    const inStock = await insertProduct(t.database.db, { countInStock: 2 });
    const hidden = await insertProduct(t.database.db, { available: false });
    const sample = await insertProduct(t.database.db, { name: 'Sample Product' });
    const other = await insertProduct(t.database.db, { variants: [{ name: 'Big', price: 1, countInStock: 1 }] });
    const [foreignVariant] = await t.database.db
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, other));
    const before = await orderCount();
    const cases: [object, number, string | RegExp][] = [
      [orderBody([]), 400, 'Your cart is empty'],
      [orderBody([{ _id: inStock, qty: 3 }]), 409, 'Only 2 left of'],
      [orderBody([{ _id: inStock, qty: 0 }]), 400, 'qty must be at least 1'],
      [orderBody([{ _id: inStock, qty: 1.5 }]), 400, 'qty must be a whole number'],
      [orderBody([{ _id: '00000000-0000-4000-8000-000000000000', qty: 1 }]), 400, 'is not sold here'],
      [orderBody([{ _id: sample, qty: 1 }]), 400, 'is not sold here'],
      [orderBody([{ _id: hidden, qty: 1 }]), 400, 'is not available right now'],
      [orderBody([{ _id: inStock, qty: 1, variant: { _id: foreignVariant!.id } }]), 400, 'has no such size or weight'],
      [orderBody([{ _id: other, qty: 1 }]), 400, 'Choose a size or weight of'],
      [orderBody([{ _id: inStock, qty: 1 }], { paymentMethod: 'PayPal' }), 400, "paymentMethod must be 'Razorpay'"],
      [
        { ...orderBody([{ _id: inStock, qty: 1 }]), shippingAddress: { ...ADDRESS, phone: '12345' } },
        400,
        'Enter a 10-digit Indian mobile number',
      ],
      [
        { ...orderBody([{ _id: inStock, qty: 1 }]), shippingAddress: { ...ADDRESS, postalCode: '6820' } },
        400,
        'Error - Enter 6 digits',
      ],
      [
        { ...orderBody([{ _id: inStock, qty: 1 }]), shippingAddress: { ...ADDRESS, postalCode: '999999' } },
        400,
        'Please enter a valid Pin',
      ],
      [
        { ...orderBody([{ _id: inStock, qty: 1 }]), shippingAddress: { ...ADDRESS, city: ' ' } },
        400,
        'City is required',
      ],
      [{ orderItems: 'lots' }, 400, /orderItems/],
    ];
    for (const [body, status, message] of cases) {
      const res = await placeOrder(t.app, shopper.cookie, body);
      expect([res.statusCode, res.json().message]).toEqual([status, expect.stringMatching(message)]);
    }
    expect(await orderCount()).toBe(before);
    expect(await stockOf(inStock)).toBe(2);
    // Without a session it is a guest's order, which needs the guest's email and mobile (issue 35).
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: orderBody([{ _id: inStock, qty: 1 }]),
    });
    expect([anonymous.statusCode, anonymous.json().message]).toEqual([400, 'Your email is required']);
    expect(await orderCount()).toBe(before);
  });

  it('asks for a size of a product sold in sizes, naming the line', async () => {
    const plain = await insertProduct(t.database.db, { countInStock: 5 });
    const sized = await insertProduct(t.database.db, { variants: [{ name: '1 kg', price: 900, countInStock: 5 }] });
    const res = await placeOrder(
      t.app,
      shopper.cookie,
      orderBody([
        { _id: plain, qty: 1 },
        { _id: sized, qty: 1 },
      ]),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([
      { field: 'orderItems.1.variantId', message: expect.stringMatching(/^Choose a size or weight of /) },
    ]);
    expect(await stockOf(plain)).toBe(5);
  });

  it('keeps address line 1 optional', async () => {
    const id = await insertProduct(t.database.db, {});
    const { address: _omitted, ...withoutLine1 } = ADDRESS;
    const res = await placeOrder(t.app, shopper.cookie, {
      ...orderBody([{ _id: id, qty: 1 }]),
      shippingAddress: withoutLine1,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().shippingAddress.address).toBe('');
  });

  it("keeps the recipient's landmark, trimmed and optional; an order placed before it was asked reads ''", async () => {
    const id = await insertProduct(t.database.db, {});
    const place = (shippingAddress: object) =>
      placeOrder(t.app, shopper.cookie, { ...orderBody([{ _id: id, qty: 1 }]), shippingAddress });
    const read = async (orderId: string) =>
      (await t.app.inject({ url: `/api/orders/${orderId}`, headers: { cookie: shopper.cookie } })).json();

    const given = (await place({ ...ADDRESS, landmark: '  Near the Lulu Mall signal ' })).json();
    expect((await read(given._id)).shippingAddress.landmark).toBe('Near the Lulu Mall signal');
    const { landmark: _none, ...withoutLandmark } = ADDRESS;
    expect((await place(withoutLandmark)).json().shippingAddress.landmark).toBe('');
    const long = await place({ ...ADDRESS, landmark: 'x'.repeat(101) });
    expect(long.statusCode).toBe(400);
    expect(long.json().details).toEqual([
      { field: 'shippingAddress.landmark', message: 'Landmark must be at most 100 characters' },
    ]);

    // Its address as an order placed before the landmark was asked for keeps it: no landmark at all.
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, given._id));
    const { landmark: _kept, ...before } = row!.shippingAddress;
    await t.database.db.update(orders).set({ shippingAddress: before }).where(eq(orders.id, given._id));
    expect((await read(given._id)).shippingAddress).toEqual({ ...before, landmark: '' });
  });

  it("numbers orders in the order they are placed, as 'PW-' and six digits, wherever the order is read", async () => {
    const id = await insertProduct(t.database.db, { name: 'Numbered Marigolds', countInStock: 5 });
    const first = (await placeOrder(t.app, shopper.cookie, orderBody([{ _id: id, qty: 1 }]))).json();
    const second = (await placeOrder(t.app, shopper.cookie, orderBody([{ _id: id, qty: 1 }]))).json();
    expect(Number.isInteger(first.number)).toBe(true);
    expect(second.number).toBe(first.number + 1);
    expect(first.orderNumber).toBe(`PW-${String(first.number).padStart(6, '0')}`);
    expect(second.orderNumber).toMatch(/^PW-\d{6,}$/);

    const stored = await t.database.db.select({ number: orders.number }).from(orders).where(eq(orders.id, first._id));
    expect(stored).toEqual([{ number: first.number }]);
    const read = (await t.app.inject({ url: `/api/orders/${first._id}`, headers: { cookie: shopper.cookie } })).json();
    expect(read).toMatchObject({ number: first.number, orderNumber: first.orderNumber });
    const mine = (await t.app.inject({ url: '/api/orders/mine', headers: { cookie: shopper.cookie } })).json();
    expect(mine.find((o: { _id: string }) => o._id === second._id)).toMatchObject({
      number: second.number,
      orderNumber: second.orderNumber,
    });
  });

  it('gives twenty orders placed at once twenty different numbers, with none skipped', async () => {
    const id = await insertProduct(t.database.db, { name: 'Rush Hour Lilies', countInStock: 20 });
    const buyers = await Promise.all(Array.from({ length: 10 }, () => registerCustomer(t.app)));
    const placed = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        placeOrder(t.app, buyers[i % buyers.length]!.cookie, orderBody([{ _id: id, qty: 1 }])),
      ),
    );
    expect(placed.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    const numbers = placed.map((r) => r.json().number as number).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(20);
    expect(numbers.at(-1)! - numbers[0]!).toBe(19);
    expect(new Set(placed.map((r) => r.json().orderNumber)).size).toBe(20);
  });
});

describe(`reading and delivering orders on ${testDatabaseKind}`, () => {
  it('shows an order to its owner and admins only; others are told it does not exist', async () => {
    const id = await insertProduct(t.database.db, {});
    const order = (await placeOrder(t.app, shopper.cookie, orderBody([{ _id: id, qty: 1 }]))).json();
    const stranger = await registerCustomer(t.app);
    expect(
      (await t.app.inject({ url: `/api/orders/${order._id}`, headers: { cookie: shopper.cookie } })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ url: `/api/orders/${order._id}`, headers: { cookie: admin.cookie } })).statusCode,
    ).toBe(200);
    const other = await t.app.inject({ url: `/api/orders/${order._id}`, headers: { cookie: stranger.cookie } });
    expect([other.statusCode, other.json().message]).toEqual([404, 'Order not found']);
    // Without a session an order is a guest's to open with its link's token; this one has none.
    expect((await t.app.inject({ url: `/api/orders/${order._id}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/orders/nope', headers: { cookie: shopper.cookie } })).statusCode).toBe(400);
  });

  it("lists a shopper's own orders newest first, and every order for admins only", async () => {
    const newcomer = await registerCustomer(t.app);
    expect((await t.app.inject({ url: '/api/orders/mine', headers: { cookie: newcomer.cookie } })).json()).toEqual([]);
    const id = await insertProduct(t.database.db, {});
    const first = (await placeOrder(t.app, newcomer.cookie, orderBody([{ _id: id, qty: 1 }]))).json();
    const second = (await placeOrder(t.app, newcomer.cookie, orderBody([{ _id: id, qty: 2 }]))).json();
    const mine = (await t.app.inject({ url: '/api/orders/mine', headers: { cookie: newcomer.cookie } })).json();
    expect(mine.map((o: { _id: string }) => o._id)).toEqual([second._id, first._id]);

    expect((await t.app.inject({ url: '/api/orders', headers: { cookie: newcomer.cookie } })).statusCode).toBe(403);
    const all = (await t.app.inject({ url: '/api/orders', headers: { cookie: admin.cookie } })).json();
    expect(all.map((o: { _id: string }) => o._id)).toEqual(expect.arrayContaining([first._id, second._id]));
  });

  it('marks only a paid order out for delivery delivered, on its day, and only for admins', async () => {
    const id = await insertProduct(t.database.db, {});
    const order = (await placeOrder(t.app, shopper.cookie, orderBody([{ _id: id, qty: 1 }]))).json();
    const inDelivery = (url: string, cookie: string, payload?: object) =>
      clock.onDeliveryDay(() => t.app.inject({ method: 'PUT', url, headers: { cookie }, payload }));
    const deliver = (cookie: string) => inDelivery(`/api/orders/${order._id}/deliver`, cookie);
    expect((await deliver(shopper.cookie)).statusCode).toBe(403);
    const unpaid = await deliver(admin.cookie);
    expect([unpaid.statusCode, unpaid.json().message]).toEqual([
      409,
      'Only a paid order can be moved towards delivery',
    ]);
    await t.database.db
      .update(orders)
      .set({ status: 'paid', paidAt: new Date(), paymentId: `pay_test${order._id.slice(0, 8)}` })
      .where(eq(orders.id, order._id));
    const notOut = await deliver(admin.cookie);
    expect([notOut.statusCode, notOut.json().message]).toEqual([409, 'This order is paid; mark it as packed first']);
    for (const status of ['packed', 'out_for_delivery']) {
      const moved = await inDelivery(`/api/orders/${order._id}/status`, admin.cookie, { status });
      expect(moved.statusCode).toBe(200);
    }
    const done = await deliver(admin.cookie);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ isPaid: true, isDelivered: true });
    expect(istDate(new Date(done.json().deliveredAt))).toBe(TOMORROW_STANDARD().date);
    expect((await deliver(admin.cookie)).statusCode).toBe(409);
    const unknown = await t.app.inject({
      method: 'PUT',
      url: '/api/orders/00000000-0000-4000-8000-000000000000/deliver',
      headers: { cookie: admin.cookie },
    });
    expect(unknown.statusCode).toBe(404);
  });
});
