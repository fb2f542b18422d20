import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { addDays, istDate, istInstant, LATE_COUPON_VALUE, lateAfter, OFFER_MINUTES } from '@store/domain';
import { registerCustomer, signInAsAdmin, TEST_PASSWORD, uniqueEmail } from '../../test/accounts.js';
import { insertProduct } from '../../test/fixtures.js';
import { checkoutProof, orderBody, placeOrder, UNCAPPED_ORDERS, verify } from '../../test/orders.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/test-app.js';
import { coupons } from '../coupons/coupons.table.js';
import { outbox } from '../outbox/outbox.table.js';
import { serviceAreas } from '../pincodes/pincodes.table.js';
import { orderEvents, orders } from '../orders/orders.table.js';
import { partnerOffers } from './partner-offers.table.js';
import { partners } from './partners.table.js';

let t: TestApp;
let admin: { id: string; cookie: string };
let customer: { id: string; cookie: string };
/** The clock of the app under test: real time unless a test sets it. */
let fixed: Date | null = null;
const now = () => fixed ?? new Date();
/** Kochi's service area, where the test address (682011) is delivered. */
let kochi: number;
const tomorrow = () => addDays(istDate(new Date()), 1);

beforeAll(async () => {
  // The tests sweep when their case needs it: the app's own sweep, every 15 s, would now and then
  // come between a test's steps (a fee refunded before the cancellation that was to refund it).
  t = await createTestApp(UNCAPPED_ORDERS, undefined, { clock: now, periodicTasks: false });
  admin = await signInAsAdmin(t.app);
  customer = await registerCustomer(t.app);
  const placed = await paidOrder();
  kochi = (await t.database.db.select().from(orders).where(eq(orders.id, placed)))[0]!.deliveryAreaId!;
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  fixed = null;
  // Each test starts with no partners, and the orders of earlier tests already with the admins.
  await t.database.db.delete(partners);
  await t.database.db.update(orders).set({ unassignedAt: new Date() }).where(isNull(orders.unassignedAt));
});

const as = (cookie: string | null) => (cookie ? { headers: { cookie } } : {});

async function paidOrder(
  product: { category?: string; subCategory?: string[] } = {},
  delivery = { date: tomorrow(), slotId: 'standard' },
): Promise<string> {
  const id = await insertProduct(t.database.db, { name: 'Red Roses', price: 84_900, countInStock: 10, ...product });
  const res = await placeOrder(t.app, customer.cookie, orderBody([{ _id: id, qty: 1 }], { delivery }));
  expect(res.statusCode, res.body).toBe(201);
  const order = res.json();
  const paid = await verify(t.app, customer.cookie, order._id, checkoutProof(order.razorpayOrder.id));
  expect(paid.statusCode, paid.body).toBe(200);
  return order._id;
}

async function addPartner(name: string, over: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/partners',
    ...as(admin.cookie),
    payload: {
      name,
      email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.in`,
      phone: '98470 55555',
      areas: [kochi],
      makes: ['cakes', 'flowers'],
      capacityPerSlot: 5,
      ...over,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { _id: string; name: string };
}

/** A partner's person, invited by the admin, who sets a password from the emailed link and is signed in. */
async function personOf(partnerId: string, email = uniqueEmail()) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/admin/partners/${partnerId}/people`,
    ...as(admin.cookie),
    payload: { name: 'Ravi Kumar', email },
  });
  expect(res.statusCode, res.body).toBe(201);
  const [mail] = await t.database.db
    .select({ secret: outbox.secret })
    .from(outbox)
    .where(and(eq(outbox.recipient, email), eq(outbox.kind, 'partner_invite')));
  const token = new URL((mail!.secret as { link: string }).link).searchParams.get('token');
  const set = await t.app.inject({
    method: 'POST',
    url: '/api/users/reset-password',
    payload: { token, password: TEST_PASSWORD },
  });
  expect(set.statusCode, set.body).toBe(200);
  expect(set.json().isPartner).toBe(true);
  const cookie = [set.headers['set-cookie']]
    .flat()
    .find((c) => c?.startsWith('session='))!
    .split(';')[0]!;
  return { cookie, email };
}

const sweep = () => t.app.partners.sweep(now());
const offersOf = (orderId: string) =>
  t.database.db
    .select({ partnerId: partnerOffers.partnerId, status: partnerOffers.status, reason: partnerOffers.reason })
    .from(partnerOffers)
    .where(eq(partnerOffers.orderId, orderId));
const partnerOrders = (cookie: string | null, date = tomorrow()) =>
  t.app.inject({ url: `/api/partner/orders?date=${date}`, ...as(cookie) });
const act = (cookie: string | null, id: string, action: string, payload?: object) =>
  t.app.inject({ method: 'POST', url: `/api/partner/orders/${id}/${action}`, ...as(cookie), payload });
const orderOf = async (id: string) => (await t.app.inject({ url: `/api/orders/${id}`, ...as(customer.cookie) })).json();

async function uploadedPhoto(cookie: string): Promise<string> {
  const body = new FormData();
  const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#c8102e' } })
    .png()
    .toBuffer();
  body.append('image', new Blob([new Uint8Array(png)]), 'door.png');
  const res = await t.app.inject({ method: 'POST', url: '/api/upload', payload: body, ...as(cookie) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().image;
}

describe(`partners on ${testDatabaseKind}`, () => {
  it('lets only an admin add and list partners, each with its areas, makes, capacity and load', async () => {
    const partner = await addPartner('Lotus Florist', { makes: ['flowers'] });
    expect(partner._id).toMatch(/^[0-9a-f-]{36}$/);
    const list = await t.app.inject({ url: '/api/admin/partners', ...as(admin.cookie) });
    expect(list.statusCode).toBe(200);
    expect(list.json().partners).toEqual([
      expect.objectContaining({
        name: 'Lotus Florist',
        makes: ['flowers'],
        capacityPerSlot: 5,
        loadToday: 0,
        areas: [{ _id: kochi, name: expect.any(String) }],
        people: [],
      }),
    ]);
    const customerTry = await t.app.inject({ url: '/api/admin/partners', ...as(customer.cookie) });
    expect(customerTry.statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/partners' })).statusCode).toBe(401);
  });

  it('refuses a second partner of the same name, however it is written: 409', async () => {
    await addPartner('Lotus Florist');
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/admin/partners',
      ...as(admin.cookie),
      payload: {
        name: 'LOTUS florist',
        email: 'l@example.in',
        phone: '98470 55555',
        areas: [kochi],
        makes: ['flowers'],
        capacityPerSlot: 2,
      },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('A partner named LOTUS florist already exists');
  });

  it.each([
    [{ areas: [] }, 'Choose at least one area it serves'],
    [{ areas: [987_654] }, 'No service area has the id 987654'],
    [{ makes: ['sweets'] }, "makes must be 'cakes', 'flowers' or 'courier'"],
    [{ capacityPerSlot: 0 }, 'capacityPerSlot must be at least 1'],
    [{ phone: '12345' }, 'Enter a 10-digit Indian mobile number'],
  ])('refuses a partner with %o: 400', async (bad, message) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/partners',
      ...as(admin.cookie),
      payload: {
        name: 'Bad',
        email: 'bad@example.in',
        phone: '98470 55555',
        areas: [kochi],
        makes: ['cakes'],
        capacityPerSlot: 2,
        ...bad,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(message);
    expect(await t.database.db.select().from(partners)).toEqual([]);
  });

  it('lets only an admin change a partner, and offers then follow its new areas and terms', async () => {
    const lotus = await addPartner('Lotus Florist', { makes: ['flowers'] });
    await addPartner('Jasmine Florist', { makes: ['flowers'] });
    const [elsewhere] = await t.database.db
      .select({ id: serviceAreas.id })
      .from(serviceAreas)
      .where(ne(serviceAreas.id, kochi))
      .limit(1);
    const body = {
      name: 'Lotus Flowers',
      email: 'orders@lotus.example.in',
      phone: '98470 66666',
      areas: [elsewhere!.id],
      makes: ['flowers', 'cakes'],
      capacityPerSlot: 2,
    };
    const change = (id: string, cookie: string | null, payload: object) =>
      t.app.inject({ method: 'PUT', url: `/api/admin/partners/${id}`, ...as(cookie), payload });

    expect((await change(lotus._id, customer.cookie, body)).statusCode).toBe(403);
    expect((await change(lotus._id, null, body)).statusCode).toBe(401);
    const missing = await change('00000000-0000-4000-8000-000000000000', admin.cookie, body);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Partner not found');
    const taken = await change(lotus._id, admin.cookie, { ...body, name: 'JASMINE florist' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('A partner named JASMINE florist already exists');
    const unknownArea = await change(lotus._id, admin.cookie, { ...body, areas: [987_654] });
    expect(unknownArea.statusCode).toBe(400);
    expect(unknownArea.json().message).toBe('No service area has the id 987654');

    const changed = await change(lotus._id, admin.cookie, body);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      _id: lotus._id,
      name: 'Lotus Flowers',
      email: 'orders@lotus.example.in',
      phone: '+919847066666',
      areas: [{ _id: elsewhere!.id, name: expect.any(String) }],
      makes: ['cakes', 'flowers'],
      capacityPerSlot: 2,
    });
    const listed = (await t.app.inject({ url: '/api/admin/partners', ...as(admin.cookie) })).json().partners;
    expect(listed.find((p: { _id: string }) => p._id === lotus._id)).toEqual(changed.json());

    // Lotus no longer serves Kochi: Kochi's next order goes to Jasmine, and back once it does again.
    const first = await paidOrder();
    await sweep();
    expect((await offersOf(first)).map((o) => o.partnerId)).not.toContain(lotus._id);
    await t.database.db.delete(partners).where(ne(partners.id, lotus._id));
    expect((await change(lotus._id, admin.cookie, { ...body, areas: [kochi] })).statusCode).toBe(200);
    const second = await paidOrder();
    await sweep();
    expect(await offersOf(second)).toEqual([{ partnerId: lotus._id, status: 'offered', reason: null }]);
  });

  it('invites a partner’s person by email: a single-use link sets their password, and they sign in as anyone does', async () => {
    const partner = await addPartner('Lotus Florist');
    const { email } = await personOf(partner._id);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/users/auth',
      payload: { email, password: TEST_PASSWORD },
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().isPartner).toBe(true);
    const list = (await t.app.inject({ url: '/api/admin/partners', ...as(admin.cookie) })).json();
    expect(list.partners[0].people).toEqual([{ _id: expect.any(String), name: 'Ravi Kumar', email }]);
  });

  it('offers a paid order to the least loaded partner that serves its area and makes it, and only that partner sees it', async () => {
    const bakery = await addPartner('Anjali Cakes', { makes: ['cakes'] });
    const busy = await addPartner('Busy Blooms', { makes: ['flowers'] });
    const quiet = await addPartner('Quiet Blooms', { makes: ['flowers'] });
    const [busyPerson, quietPerson, bakeryPerson] = await Promise.all([
      personOf(busy._id),
      personOf(quiet._id),
      personOf(bakery._id),
    ]);
    const first = await paidOrder();
    await sweep();
    // Equally loaded, the first by name takes the first order; the second goes to the other.
    expect(await offersOf(first)).toEqual([{ partnerId: busy._id, status: 'offered', reason: null }]);
    const second = await paidOrder();
    await sweep();
    expect(await offersOf(second)).toEqual([{ partnerId: quiet._id, status: 'offered', reason: null }]);

    const seen = await partnerOrders(busyPerson.cookie);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().orders.map((o: { _id: string }) => o._id)).toEqual([first]);
    expect(seen.json().orders[0]).toMatchObject({
      state: 'offered',
      items: [{ name: 'Red Roses', qty: 1 }],
      recipient: {
        name: 'Anjali Menon',
        phone: '+919847012345',
        landmark: "Opposite St. Teresa's College",
        postalCode: '682011',
      },
    });
    expect((await partnerOrders(bakeryPerson.cookie)).json().orders).toEqual([]);
    // Another partner's order is not there for them: 404, whatever they try.
    for (const action of ['accept', 'out-for-delivery']) {
      expect((await act(quietPerson.cookie, first, action)).statusCode).toBe(404);
    }
    expect((await act(quietPerson.cookie, first, 'decline', { reason: 'No' })).statusCode).toBe(404);
    expect((await act(customer.cookie, first, 'accept')).statusCode).toBe(403);
    expect((await act(null, first, 'accept')).statusCode).toBe(401);
    expect((await partnerOrders(customer.cookie)).statusCode).toBe(403);
  });

  it('offers a declined order to the next partner at once, and lets an unanswered offer lapse to the next', async () => {
    const a = await addPartner('Aster Florist', { makes: ['flowers'] });
    const b = await addPartner('Bloom Florist', { makes: ['flowers'] });
    const c = await addPartner('Champa Florist', { makes: ['flowers'] });
    const aPerson = await personOf(a._id);
    const order = await paidOrder();
    await sweep();
    const declined = await act(aPerson.cookie, order, 'decline', { reason: 'Out of red roses today' });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(await offersOf(order)).toEqual(
      expect.arrayContaining([
        { partnerId: a._id, status: 'declined', reason: 'Out of red roses today' },
        { partnerId: b._id, status: 'offered', reason: null },
      ]),
    );
    expect((await partnerOrders(aPerson.cookie)).json().orders).toEqual([]);
    // Bloom does not answer within 30 minutes (the order is for tomorrow): Champa gets it.
    fixed = new Date(Date.now() + (OFFER_MINUTES + 1) * 60_000);
    await sweep();
    expect((await offersOf(order)).find((o) => o.partnerId === b._id)!.status).toBe('expired');
    expect((await offersOf(order)).find((o) => o.partnerId === c._id)!.status).toBe('offered');
  });

  it('tells the admins, once, when no partner is left to take an order', async () => {
    const only = await addPartner('Only Florist', { makes: ['flowers'] });
    const person = await personOf(only._id);
    const order = await paidOrder();
    await sweep();
    await act(person.cookie, order, 'decline', { reason: 'Closed for a wedding' });
    await sweep();
    await sweep();
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order));
    expect(row!.unassignedAt).not.toBeNull();
    const alerts = await t.database.db
      .select({ payload: outbox.payload })
      .from(outbox)
      .where(and(eq(outbox.recipient, 'admin@example.com'), eq(outbox.kind, 'order_unassigned')));
    expect(alerts.filter((a) => (a.payload as { link: string }).link.endsWith(order))).toHaveLength(1);
    const dashboard = (await t.app.inject({ url: '/api/admin/dashboard', ...as(admin.cookie) })).json();
    expect(dashboard.fulfilment.unassigned.map((o: { _id: string }) => o._id)).toContain(order);
  });

  it('offers an order paid after a hundred that the store’s own team delivers where no partner serves', async () => {
    const team: string[] = [];
    for (let i = 0; i < 100; i++) team.push(await paidOrder());
    const [elsewhere] = await t.database.db
      .select({ id: serviceAreas.id })
      .from(serviceAreas)
      .where(ne(serviceAreas.id, kochi))
      .limit(1);
    await t.database.db.update(orders).set({ deliveryAreaId: elsewhere!.id }).where(inArray(orders.id, team));
    const florist = await addPartner('Kochi Florist', { makes: ['flowers'] });
    const order = await paidOrder();
    await sweep();
    expect(await offersOf(order)).toEqual([{ partnerId: florist._id, status: 'offered', reason: null }]);
    const teams = await t.database.db
      .select({ unassignedAt: orders.unassignedAt })
      .from(orders)
      .where(inArray(orders.id, team));
    expect(teams.filter((o) => o.unassignedAt === null)).toHaveLength(100);
    const offered = await t.database.db
      .select({ orderId: partnerOffers.orderId })
      .from(partnerOffers)
      .where(inArray(partnerOffers.orderId, team));
    expect(offered).toEqual([]);
  });

  it('never gives a partner more orders in a slot than its capacity', async () => {
    const small = await addPartner('Small Florist', { makes: ['flowers'], capacityPerSlot: 1 });
    const first = await paidOrder();
    const second = await paidOrder();
    await Promise.all([t.app.partners.offer(first), t.app.partners.offer(second)]);
    const offered = [...(await offersOf(first)), ...(await offersOf(second))];
    expect(offered).toEqual([{ partnerId: small._id, status: 'offered', reason: null }]);
  });

  it('takes an accepted order out and delivers it with a photo, which the buyer sees with the times', async () => {
    const partner = await addPartner('Lotus Florist', { makes: ['flowers'] });
    const person = await personOf(partner._id);
    const order = await paidOrder();
    await sweep();
    const accepted = await act(person.cookie, order, 'accept');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().state).toBe('accepted');
    // Not before the day it is booked for.
    const early = await act(person.cookie, order, 'out-for-delivery');
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/cannot go out for delivery before then/);
    expect(
      (await act(person.cookie, order, 'delivered', { photo: '/uploads/products/x.png', receivedBy: 'Anjali' }))
        .statusCode,
    ).toBe(409);

    fixed = istInstant(tomorrow(), 11 * 60);
    expect((await act(person.cookie, order, 'out-for-delivery')).json().state).toBe('out_for_delivery');
    const noPhoto = await act(person.cookie, order, 'delivered', { receivedBy: 'Anjali' });
    expect(noPhoto.statusCode).toBe(400);
    expect(noPhoto.json().message).toContain('A photo of the delivery is required');
    const photo = await uploadedPhoto(person.cookie);
    fixed = istInstant(tomorrow(), 12 * 60);
    const delivered = await act(person.cookie, order, 'delivered', { photo, receivedBy: 'Anjali (herself)' });
    expect(delivered.statusCode, delivered.body).toBe(200);

    const seen = await orderOf(order);
    expect(seen.stage).toBe('delivered');
    expect(seen.fulfilment).toEqual({
      partner: { name: 'Lotus Florist' },
      acceptedAt: expect.any(String),
      outForDeliveryAt: istInstant(tomorrow(), 11 * 60).toISOString(),
      deliveredAt: istInstant(tomorrow(), 12 * 60).toISOString(),
      photo,
      receivedBy: 'Anjali (herself)',
      late: false,
      compensation: null,
    });
    expect(seen.timeline.map((e: { status: string }) => e.status)).toEqual(
      expect.arrayContaining(['accepted', 'out_for_delivery', 'delivered']),
    );
    // The buyer's 'Delivered' email carries the photo and who took the gift.
    const mails = await t.database.db
      .select({ payload: outbox.payload })
      .from(outbox)
      .where(and(eq(outbox.kind, 'order_delivered'), eq(outbox.recipient, seen.contact.email)));
    expect(mails.map((m) => m.payload).filter((p) => (p as { orderId: string }).orderId === order)).toEqual([
      expect.objectContaining({
        proof: { photoUrl: `${t.app.config.publicUrl}${photo}`, receivedBy: 'Anjali (herself)' },
      }),
    ]);
  });

  it('makes good a missed slot once, with a coupon when no slot fee was paid, however many times it is marked', async () => {
    const partner = await addPartner('Tardy Florist', { makes: ['flowers'] });
    const person = await personOf(partner._id);
    const order = await paidOrder();
    await sweep();
    await act(person.cookie, order, 'accept');
    fixed = istInstant(tomorrow(), 20 * 60);
    await act(person.cookie, order, 'out-for-delivery');
    // The standard slot ends at 9 PM; at 9:45 PM the order is late. Sweeps and the delivery race.
    fixed = istInstant(tomorrow(), 21 * 60 + 45);
    const photo = await uploadedPhoto(person.cookie);
    const [, , delivered] = await Promise.all([
      sweep(),
      sweep(),
      act(person.cookie, order, 'delivered', { photo, receivedBy: 'Security guard' }),
    ]);
    expect(delivered.statusCode, delivered.body).toBe(200);
    await sweep();
    const seen = await orderOf(order);
    expect(seen.fulfilment.late).toBe(true);
    expect(seen.fulfilment.compensation).toEqual({
      kind: 'coupon',
      amount: LATE_COUPON_VALUE / 100,
      couponCode: expect.stringMatching(/^SORRY[0-9A-F]{10}$/),
    });
    const lateEvents = await t.database.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order), eq(orderEvents.kind, 'late')));
    expect(lateEvents).toHaveLength(1);
    const made = await t.database.db
      .select()
      .from(coupons)
      .where(eq(coupons.code, seen.fulfilment.compensation.couponCode));
    expect(made).toEqual([expect.objectContaining({ kind: 'flat', value: LATE_COUPON_VALUE, totalUses: 1 })]);
    const apologies = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, 'order_late'), eq(outbox.recipient, seen.contact.email)));
    expect(apologies.filter((m) => (m.payload as { orderId: string }).orderId === order)).toHaveLength(1);
    // The owner's dashboard, a minute later, counts it against the partner and the slot type.
    fixed = istInstant(tomorrow(), 21 * 60 + 46);
    const dashboard = (await t.app.inject({ url: '/api/admin/dashboard?period=today', ...as(admin.cookie) })).json();
    expect(dashboard.fulfilment.byPartner).toContainEqual({ partner: 'Tardy Florist', delivered: 1, late: 1 });
    expect(dashboard.fulfilment.bySlotType.find((r: { type: string }) => r.type === 'standard').late).toBeGreaterThan(
      0,
    );
  });

  it('judges a delivery the admins record as it judges a partner’s: late after the slot and its grace', async () => {
    const order = await paidOrder();
    const move = (status: string) =>
      t.app.inject({ method: 'PUT', url: `/api/orders/${order}/status`, ...as(admin.cookie), payload: { status } });
    fixed = istInstant(tomorrow(), 20 * 60);
    expect((await move('packed')).statusCode).toBe(200);
    expect((await move('out_for_delivery')).statusCode).toBe(200);
    fixed = istInstant(tomorrow(), 21 * 60 + 40);
    const delivered = await move('delivered');
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(delivered.json().fulfilment).toMatchObject({
      partner: null,
      late: true,
      compensation: { kind: 'coupon', amount: LATE_COUPON_VALUE / 100 },
    });
  });

  it('refunds the slot fee through the gateway, once, when a late order paid one', async () => {
    const order = await paidOrder({}, { date: tomorrow(), slotId: 'fixed-1700' });
    // Nobody delivered it: the sweep after 7:30 PM finds it late.
    fixed = istInstant(tomorrow(), 19 * 60 + 31);
    await Promise.all([sweep(), sweep()]);
    await sweep();
    const seen = await orderOf(order);
    expect(seen.fulfilment.late).toBe(true);
    expect(seen.fulfilment.compensation).toEqual({ kind: 'refund', amount: seen.delivery.fee });
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order));
    const refunds = await t.app.paymentProvider.refundsOf(row!.paymentId!);
    expect(refunds.map((r) => [r.amount, r.receipt])).toEqual([[seen.delivery.fee * 100, `late-${order}`]]);
    expect(row!.lateCompensation!.refundId).toBe(refunds[0]!.id);
  });

  const cancel = (id: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/orders/${id}/cancel`,
      ...as(admin.cookie),
      payload: { reason: 'The shop could not deliver it this week' },
    });

  it('refunds what is left of a late order’s payment when it is cancelled after its slot fee went back', async () => {
    const order = await paidOrder({}, { date: tomorrow(), slotId: 'fixed-1700' });
    fixed = istInstant(tomorrow(), 19 * 60 + 31);
    await sweep();
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order));
    const fee = row!.lateCompensation!.amount;
    expect(row!.lateCompensation!.refundId).toEqual(expect.stringMatching(/^rfnd_/));

    const res = await cancel(order);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().cancellation.refund).toMatchObject({ status: 'refunded', amount: (row!.totalPrice - fee) / 100 });
    const refunds = await t.app.paymentProvider.refundsOf(row!.paymentId!);
    expect(refunds.map((r) => [r.amount, r.status])).toEqual([
      [fee, 'processed'],
      [row!.totalPrice - fee, 'processed'],
    ]);
    const told = await t.database.db
      .select({ payload: outbox.payload })
      .from(outbox)
      .where(and(eq(outbox.recipient, row!.contactEmail), eq(outbox.kind, 'order_cancelled')));
    const mail = told.find((m) => JSON.stringify(m.payload).includes(order));
    expect(mail?.payload).toMatchObject({ cancellation: { refundAmount: row!.totalPrice - fee } });
  });

  it('refunds the whole payment of a late order cancelled before its slot fee went back, and the fee no more', async () => {
    const order = await paidOrder({}, { date: tomorrow(), slotId: 'fixed-1700' });
    // Marked late by a sweep whose refund of the fee has not been made yet.
    const [placed] = await t.database.db
      .update(orders)
      .set({ late: true, lateCompensation: { kind: 'refund', amount: 5_000 } })
      .where(eq(orders.id, order))
      .returning();
    const res = await cancel(order);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().cancellation.refund).toMatchObject({ status: 'refunded', amount: placed!.totalPrice / 100 });
    await sweep();
    const refunds = await t.app.paymentProvider.refundsOf(placed!.paymentId!);
    expect(refunds.map((r) => r.amount)).toEqual([placed!.totalPrice]);
  });

  it('gives orders placed before the late rule the moment the rule itself reckons', async () => {
    const booked = [
      { date: tomorrow(), slotId: 'standard' },
      { date: tomorrow(), slotId: 'fixed-1700' },
      { date: tomorrow(), slotId: 'midnight' },
    ];
    const ids = [];
    for (const delivery of booked) ids.push(await paidOrder({}, delivery));
    await t.database.db.update(orders).set({ lateAfter: null });
    const migration = await readFile(new URL('../../../drizzle/0032_partners.sql', import.meta.url), 'utf8');
    await t.database.db.execute(sql.raw(migration.slice(migration.lastIndexOf('UPDATE "orders"'))));
    for (const id of ids) {
      const [row] = await t.database.db.select().from(orders).where(eq(orders.id, id));
      expect(row!.lateAfter).toEqual(lateAfter(row!.deliveryDate!, row!.deliverySlot!));
    }
  });
});
