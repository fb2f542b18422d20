import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { registerCustomer, sessionCookie, signInAsAdmin, uniqueEmail } from '../../test/accounts.js';
import { insertProduct } from '../../test/fixtures.js';
import { checkoutProof, orderBody, UNCAPPED_ORDERS } from '../../test/orders.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/test-app.js';
import { outbox } from '../outbox/outbox.table.js';
import { orders } from './orders.table.js';

let t: TestApp;
let product: string;
beforeAll(async () => {
  t = await createTestApp({ ...UNCAPPED_ORDERS, RATE_LIMIT_PASSWORD_RESET_ADDRESS: '10000/1h' });
  product = await insertProduct(t.database.db, { name: 'Dark Chocolate Truffles', price: 90_000, countInStock: 100 });
});
afterAll(async () => {
  await t?.close();
});

const guestOrder = (contact: object | undefined, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: key ? { 'idempotency-key': key } : {},
    payload: orderBody([{ _id: product, qty: 1 }], contact ? { contact } : {}),
  });
const read = (path: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url: path, headers: cookie ? { cookie } : {} });
const countOrders = async () => (await t.database.db.select({ id: orders.id }).from(orders)).length;

describe(`guest checkout on ${testDatabaseKind}`, () => {
  it('places an order without an account, reached by its link and by nothing else', async () => {
    const email = uniqueEmail();
    const res = await guestOrder({ name: 'Ravi Nair', email, phone: '98950 12345' });
    expect(res.statusCode).toBe(201);
    const order = res.json();
    expect(order).toMatchObject({
      user: { _id: null, name: 'Ravi Nair', email },
      contact: { email, phone: '+919895012345' },
      shippingAddress: { phone: '+919847012345' },
      status: 'awaiting_payment',
    });
    expect(order.orderUrl).toMatch(new RegExp(`^/order/${order._id}\\?token=[A-Za-z0-9_-]{32}$`));
    const token = new URL(order.orderUrl, 'http://x').searchParams.get('token')!;

    // The page's link and the API take the same token.
    expect((await read(`/api/orders/${order._id}?token=${token}`)).json()).toMatchObject({
      _id: order._id,
      orderUrl: order.orderUrl,
    });
    for (const path of [`/api/orders/${order._id}`, `/api/orders/${order._id}?token=${token.slice(1)}x`]) {
      const refused = await read(path);
      expect([refused.statusCode, refused.json().message]).toEqual([404, 'Order not found']);
    }
    const stranger = await registerCustomer(t.app);
    expect((await read(`/api/orders/${order._id}`, stranger.cookie)).statusCode).toBe(404);
    const admin = await signInAsAdmin(t.app);
    expect((await read(`/api/orders/${order._id}`, admin.cookie)).statusCode).toBe(200);

    // Its email goes to the contact and carries the link.
    const [mail] = await t.database.db
      .select({ payload: outbox.payload })
      .from(outbox)
      .where(and(eq(outbox.recipient, email), eq(outbox.kind, 'order_placed')));
    expect(String(mail!.payload.orderUrl)).toMatch(new RegExp(`/order/${order._id}\\?token=${token}$`));
  });

  it('asks a guest for their email and mobile, writing nothing without them', async () => {
    const before = await countOrders();
    const none = await guestOrder(undefined);
    expect(none.statusCode).toBe(400);
    expect(none.json().details).toEqual([
      { field: 'contact.email', message: 'Your email is required' },
      { field: 'contact.phone', message: 'Your mobile number is required' },
    ]);
    const noPhone = await guestOrder({ email: uniqueEmail() });
    expect(noPhone.json().details).toEqual([{ field: 'contact.phone', message: 'Your mobile number is required' }]);
    expect((await guestOrder({ email: uniqueEmail(), phone: '12345' })).statusCode).toBe(400);
    expect(await countOrders()).toBe(before);
  });

  it('takes a session cookie that is no session for a signed-out shopper, never for a guest', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { cookie: 'session=signed-out-long-ago' },
      payload: orderBody([{ _id: product, qty: 1 }], { contact: { email: uniqueEmail(), phone: '9895012345' } }),
    });
    expect([res.statusCode, res.json().message]).toEqual([401, 'Please sign in']);
  });

  it('is paid by the holder of its link only', async () => {
    const order = (await guestOrder({ email: uniqueEmail(), phone: '9895012345' })).json();
    const proof = checkoutProof(order.razorpayOrder.id);
    const anonymous = await t.app.inject({ method: 'POST', url: `/api/orders/${order._id}/verify`, payload: proof });
    expect(anonymous.statusCode).toBe(404);
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order._id}/verify${order.orderUrl.slice(order.orderUrl.indexOf('?'))}`,
      payload: proof,
    });
    expect([paid.statusCode, paid.json().status]).toEqual([200, 'paid']);
  });

  it('returns the same order for a retry with the same Idempotency-Key', async () => {
    const contact = { email: uniqueEmail(), phone: '9895012345' };
    const first = await guestOrder(contact, 'guest-retry-0001');
    const again = await guestOrder({ ...contact, email: contact.email.toUpperCase() }, 'guest-retry-0001');
    expect(again.json()._id).toBe(first.json()._id);
  });

  it('becomes an account in one step after paying, with this order in it and signed in', async () => {
    const email = uniqueEmail();
    const order = (await guestOrder({ name: 'Ravi Nair', email, phone: '9895012345' })).json();
    const token = order.orderUrl.slice(order.orderUrl.indexOf('?'));
    const made = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order._id}/account${token}`,
      payload: { password: 'backwaters at dusk' },
    });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ name: 'Ravi Nair', email });
    const cookie = sessionCookie(made.headers['set-cookie']);
    const mine = await read('/api/orders/mine', cookie);
    expect(mine.json().map((o: { _id: string }) => o._id)).toEqual([order._id]);

    const again = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order._id}/account${token}`,
      payload: { password: 'backwaters at dusk' },
    });
    expect(again.statusCode).toBe(409);
    const noToken = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order._id}/account`,
      payload: { password: 'backwaters at dusk' },
    });
    expect(noToken.statusCode).toBe(404);
  });

  it("gives a guest's orders to the account whose email a sign-in code proves, and not on registering alone", async () => {
    const email = uniqueEmail();
    const placed = [
      (await guestOrder({ email, phone: '9895012345' })).json()._id,
      (await guestOrder({ email: email.toUpperCase(), phone: '9895012345' })).json()._id,
    ];
    const account = await registerCustomer(t.app, email);
    expect((await read('/api/orders/mine', account.cookie)).json()).toEqual([]);

    await t.app.inject({ method: 'POST', url: '/api/users/otp/request', payload: { email } });
    let code: string | undefined;
    for (let i = 0; i < 100 && !code; i++) {
      const [row] = await t.database.db
        .select({ secret: outbox.secret })
        .from(outbox)
        .where(and(eq(outbox.recipient, email), eq(outbox.kind, 'sign_in_code')))
        .orderBy(desc(outbox.createdAt));
      code = row?.secret?.code as string | undefined;
      if (!code) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const signedIn = await t.app.inject({ method: 'POST', url: '/api/users/otp/verify', payload: { email, code } });
    expect(signedIn.statusCode).toBe(200);
    const mine = await read('/api/orders/mine', sessionCookie(signedIn.headers['set-cookie']));
    expect(
      mine
        .json()
        .map((o: { _id: string }) => o._id)
        .sort(),
    ).toEqual([...placed].sort());

    // A guest order with an email that has an account: its holder signs in instead.
    const later = (await guestOrder({ email, phone: '9895012345' })).json();
    const taken = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${later._id}/account${later.orderUrl.slice(later.orderUrl.indexOf('?'))}`,
      payload: { password: 'backwaters at dusk' },
    });
    expect(taken.statusCode).toBe(409);
  });
});
