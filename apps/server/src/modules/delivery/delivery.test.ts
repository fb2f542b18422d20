import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { registerCustomer, signInAsAdmin } from '../../test/accounts.js';
import { insertProduct } from '../../test/fixtures.js';
import {
  ADDRESS,
  checkoutProof,
  orderBody,
  placeOrder,
  UNCAPPED_ORDERS,
  verify,
  type Line,
} from '../../test/orders.js';
import { STALE_MESSAGES, type DeliverySlotsResponse } from '@store/contracts';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/test-app.js';
import { orders } from '../orders/orders.table.js';
import { serviceAreas } from '../pincodes/pincodes.table.js';
import { areaSlotTypes, slotPlaces } from './delivery.table.js';

/** 10:00 IST on 23 December 2026, unless a test moves it. */
const TEN_AM = new Date('2026-12-23T04:30:00Z');
let now = TEN_AM;
const at = (iso: string) => {
  now = new Date(iso);
};

let t: TestApp;
let shopper: { id: string; cookie: string };
let admin: { id: string; cookie: string };
let kochi: number;
let sameDayRoses: string;
let nextDayCake: string;
let truffles: string;

beforeAll(async () => {
  t = await createTestApp(UNCAPPED_ORDERS, undefined, { clock: () => now });
  shopper = await registerCustomer(t.app);
  admin = await signInAsAdmin(t.app);
  const db = t.database.db;
  kochi = (await db.select().from(serviceAreas).where(eq(serviceAreas.pincodePrefix, '682')))[0]!.id;
  // The test template lifts every capacity; this file is about capacity, so Kochi gets the real 20.
  await db.update(areaSlotTypes).set({ capacity: 20 }).where(eq(areaSlotTypes.areaId, kochi));
  sameDayRoses = await insertProduct(db, {
    name: 'Same-day Roses',
    price: 60_000,
    countInStock: 500,
    sameDayDelivery: true,
  });
  nextDayCake = await insertProduct(db, { name: 'Next-day Cake', price: 90_000, countInStock: 500 });
  truffles = await insertProduct(db, {
    name: 'Packed Truffles',
    category: 'Chocolates',
    price: 50_000,
    countInStock: 500,
    sameDayDelivery: true,
  });
});
afterAll(async () => {
  await t?.close();
});

const slots = (query: string) => t.app.inject({ url: `/api/delivery/slots?${query}` });
const slot = (body: { slots: { id: string }[] }, id: string) => body.slots.find((s) => s.id === id)!;
const setCapacity = (date: string, slotId: string, capacity: number, cookie = admin.cookie) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/delivery/capacity',
    headers: { cookie },
    payload: { areaId: kochi, date, slotId, capacity },
  });
const placesTaken = async (date: string, slotId: string) =>
  (
    await t.database.db
      .select({ taken: slotPlaces.taken })
      .from(slotPlaces)
      .where(and(eq(slotPlaces.areaId, kochi), eq(slotPlaces.date, date), eq(slotPlaces.slotId, slotId)))
  )[0]?.taken ?? 0;
const order = (delivery: object, extra: Record<string, unknown> = {}, productId = sameDayRoses) =>
  placeOrder(t.app, shopper.cookie, orderBody([{ _id: productId, qty: 1 }], { delivery, ...extra }));

describe(`delivery slots on ${testDatabaseKind}`, () => {
  it("lists a date's slots in IST with fees, cut-offs and places left", async () => {
    at('2026-12-23T04:30:00Z');
    const res = await slots(`pincode=682001&date=2026-12-23&productId=${sameDayRoses}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ pincode: '682001', date: '2026-12-23', earliestDate: '2026-12-23' });
    // The midnight slot closes last, at 21:00 IST.
    expect(body.sameDayDeadline).toBe('2026-12-23T15:30:00.000Z');
    expect(body.slots.map((s: { id: string }) => s.id)).toEqual([
      'standard',
      'fixed-0900',
      'fixed-1100',
      'fixed-1300',
      'fixed-1500',
      'fixed-1700',
      'fixed-1900',
      'midnight',
      'early-morning',
    ]);
    expect(slot(body, 'standard')).toEqual({
      id: 'standard',
      type: 'standard',
      label: 'Any time, 9 AM – 9 PM',
      start: '09:00',
      end: '21:00',
      fee: 0,
      available: true,
      reason: null,
      placesLeft: 20,
    });
    // 10:00 is past 09:00 and 11:00's cut-offs (four hours before), not 13:00's.
    expect(slot(body, 'fixed-1100')).toMatchObject({ available: false, reason: 'Too late for this slot', fee: 200 });
    expect(slot(body, 'fixed-1300')).toMatchObject({ available: false, reason: 'Too late for this slot' });
    expect(slot(body, 'fixed-1500')).toMatchObject({ available: true, reason: null, fee: 200 });
    expect(slot(body, 'midnight')).toMatchObject({ available: true, fee: 250 });
    // Early morning closes at 21:00 the day before.
    expect(slot(body, 'early-morning')).toMatchObject({ available: false, reason: 'Too late for this slot' });
  });

  it('moves the earliest date: after the cut-offs, for products without same-day delivery, outside the cities', async () => {
    at('2026-12-23T15:31:00Z'); // 21:01 IST
    const late = (await slots(`pincode=682001&productId=${sameDayRoses}`)).json();
    expect(late).toMatchObject({ date: '2026-12-24', earliestDate: '2026-12-24', sameDayDeadline: null });

    at('2026-12-23T04:30:00Z');
    const cake = (
      await slots(`pincode=682001&date=2026-12-23&productId=${sameDayRoses}&productId=${nextDayCake}`)
    ).json();
    expect(cake.earliestDate).toBe('2026-12-24');
    expect(slot(cake, 'standard')).toMatchObject({ available: false, reason: 'Not available for these products' });

    // Chennai: packed goods by courier, standard only, after Tamil Nadu's three days in transit.
    const chennai = (await slots(`pincode=600001&date=2026-12-25&productId=${truffles}`)).json();
    expect(chennai.earliestDate).toBe('2026-12-26');
    expect(slot(chennai, 'standard')).toMatchObject({ available: false, reason: 'Too late for this slot' });
    expect(slot(chennai, 'midnight')).toMatchObject({ available: false, reason: 'Not offered for this PIN code' });
    const later = (await slots(`pincode=600001&date=2026-12-26&productId=${truffles}`)).json();
    expect(slot(later, 'standard')).toMatchObject({ available: true });
    // Fresh roses are made only where a florist is: never to Chennai, on any date.
    const roses = (await slots(`pincode=600001&date=2026-12-26&productId=${sameDayRoses}`)).json();
    expect(roses.earliestDate).toBeNull();
    expect(slot(roses, 'standard')).toMatchObject({ available: false, reason: 'Not available for these products' });
  });

  it('refuses bad PIN codes with the spec texts and bad dates with a message', async () => {
    at('2026-12-23T04:30:00Z');
    const cases: [string, number, string | RegExp][] = [
      ['pincode=6820&date=2026-12-24', 400, 'Error - Enter 6 digits'],
      ['date=2026-12-24', 400, 'Error - Enter 6 digits'],
      ['pincode=999999&date=2026-12-24', 404, 'Please enter a valid Pin'],
      ['pincode=682001&date=2026-12-22', 400, /has passed/],
      ['pincode=682001&date=2026-02-30', 400, /YYYY-MM-DD/],
      ['pincode=682001&date=tomorrow', 400, /YYYY-MM-DD/],
      ['pincode=682001&date=2027-02-22', 400, /at most 60 days ahead/],
      ['pincode=682001&productId=not-an-id', 400, /valid id/],
    ];
    for (const [query, status, message] of cases) {
      const res = await slots(query);
      expect({ query, status: res.statusCode }).toEqual({ query, status });
      expect(res.json().message).toMatch(message);
    }
    expect((await slots('pincode=682001&date=2027-02-21')).statusCode).toBe(200);
  });
});

describe(`ordering a delivery on ${testDatabaseKind}`, () => {
  it('charges the slot fee in shipping and in the Razorpay amount, and keeps the slot and the card', async () => {
    at('2026-12-23T04:30:00Z');
    const message = 'ജന്മദിനാശംസകൾ! Happy birthday, Amma.';
    const res = await order(
      { date: '2026-12-24', slotId: 'midnight' },
      { giftMessage: { message, senderName: '  Priya  ' } },
    );
    expect(res.statusCode).toBe(201);
    const placed = res.json();
    // ₹600 of roses: ₹100 standard delivery plus ₹250 for midnight.
    expect(placed).toMatchObject({ itemsPrice: 600, shippingPrice: 350, totalPrice: 950 });
    expect(placed.razorpayOrder.amount).toBe(95_000);
    expect(placed.delivery).toEqual({
      date: '2026-12-24',
      slotId: 'midnight',
      type: 'midnight',
      label: 'Midnight, 11 PM – 12 AM',
      start: '23:00',
      end: '23:59',
      fee: 250,
    });
    expect(placed.giftMessage).toEqual({ message, senderName: 'Priya' });
    const read = await t.app.inject({ url: `/api/orders/${placed._id}`, headers: { cookie: shopper.cookie } });
    expect(read.json()).toMatchObject({ delivery: { slotId: 'midnight' }, giftMessage: { message } });
    expect(await placesTaken('2026-12-24', 'midnight')).toBe(1);

    // An order booked under the old 24-hour labels keeps its row as it was, and reads as a new one.
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, placed._id));
    await t.database.db
      .update(orders)
      .set({ deliverySlot: { ...row!.deliverySlot!, label: 'Midnight, 23:00–23:59' } })
      .where(eq(orders.id, placed._id));
    const old = await t.app.inject({ url: `/api/orders/${placed._id}`, headers: { cookie: shopper.cookie } });
    expect(old.json().delivery).toEqual(placed.delivery);
  });

  it('refuses what cannot be booked, writing nothing', async () => {
    at('2026-12-23T04:30:00Z');
    const before = (await t.database.db.select({ id: orders.id }).from(orders)).length;
    const cases: [Record<string, unknown>, number, string | RegExp][] = [
      [{ delivery: undefined }, 400, /delivery is required/],
      [{ delivery: { date: '2026-12-24', slotId: 'noon' } }, 400, /slotId is not a delivery slot/],
      [{ delivery: { date: '2026-12-24' } }, 400, /slotId/],
      [{ delivery: { date: '24/12/2026', slotId: 'standard' } }, 400, /YYYY-MM-DD/],
      [{ delivery: { date: '2026-12-22', slotId: 'standard' } }, 400, /has passed/],
      [{ delivery: { date: '2026-12-23', slotId: 'fixed-1100' } }, 409, 'Too late for this slot'],
      [{ delivery: { date: '2026-12-23', slotId: 'early-morning' } }, 409, 'Too late for this slot'],
      [
        {
          delivery: { date: '2026-12-24', slotId: 'midnight' },
          shippingAddress: { ...ADDRESS, city: 'Chennai', state: 'Tamil Nadu', postalCode: '600001' },
        },
        400,
        'Same-day Roses cannot be delivered to 600001',
      ],
      [
        { delivery: { date: '2026-12-24', slotId: 'standard' }, giftMessage: { message: 'അ'.repeat(251) } },
        400,
        /at most 250/,
      ],
      [
        { delivery: { date: '2026-12-24', slotId: 'standard' }, giftMessage: { message: '   ' } },
        400,
        /Message is required/,
      ],
      [
        {
          delivery: { date: '2026-12-24', slotId: 'standard' },
          giftMessage: { message: 'Hi', senderName: 'x'.repeat(61) },
        },
        400,
        /at most 60/,
      ],
      [
        { delivery: { date: '2026-12-24', slotId: 'standard' }, giftMessage: { message: 'Ring\u0007' } },
        400,
        /plain text/,
      ],
    ];
    for (const [extra, status, message] of cases) {
      const res = await placeOrder(t.app, shopper.cookie, orderBody([{ _id: sameDayRoses, qty: 1 }], extra));
      expect({ extra, status: res.statusCode }).toEqual({ extra, status });
      expect(res.json().message).toMatch(message);
    }
    const chennai = { ...ADDRESS, city: 'Chennai', state: 'Tamil Nadu', postalCode: '600001' };
    const packed = await order({ date: '2026-12-26', slotId: 'midnight' }, { shippingAddress: chennai }, truffles);
    expect(packed.json()).toMatchObject({ message: 'Not offered for this PIN code' });
    const cake = await order({ date: '2026-12-23', slotId: 'midnight' }, {}, nextDayCake);
    expect(cake.statusCode).toBe(400);
    expect(cake.json().message).toBe('Not available for these products');
    // 250 Malayalam letters with their vowel signs are 250 characters, whatever their code units.
    const long = await order({ date: '2026-12-24', slotId: 'standard' }, { giftMessage: { message: 'കു'.repeat(250) } });
    expect(long.statusCode).toBe(201);
    expect((await t.database.db.select({ id: orders.id }).from(orders)).length).toBe(before + 1);
  });

  it('books the slot of the most specific area covering the PIN code, at its fee', async () => {
    at('2026-12-23T04:30:00Z');
    const db = t.database.db;
    const [city] = await db
      .insert(serviceAreas)
      .values({ name: 'Ernakulam city', pincodePrefix: '68201', leadDays: 0, makes: ['cakes', 'flowers'] })
      .returning();
    try {
      await db.insert(areaSlotTypes).values({ areaId: city!.id, type: 'midnight', fee: 40_000, capacity: 5 });
      const res = await order({ date: '2027-01-04', slotId: 'midnight' });
      expect(res.statusCode).toBe(201);
      // ₹100 standard delivery plus the city's ₹400 for midnight, not Kochi's ₹250.
      expect(res.json()).toMatchObject({ shippingPrice: 500, delivery: { slotId: 'midnight', fee: 400 } });
      const taken = await db
        .select({ areaId: slotPlaces.areaId, taken: slotPlaces.taken })
        .from(slotPlaces)
        .where(and(eq(slotPlaces.date, '2027-01-04'), eq(slotPlaces.slotId, 'midnight')));
      expect(taken).toEqual([{ areaId: city!.id, taken: 1 }]);
      const outside = await order(
        { date: '2027-01-04', slotId: 'fixed-1100' },
        { shippingAddress: { ...ADDRESS, postalCode: '682001' } },
      );
      expect(outside.statusCode).toBe(201);
      expect(outside.json().delivery).toMatchObject({ slotId: 'fixed-1100' });
      const city1100 = await db
        .select({ areaId: slotPlaces.areaId })
        .from(slotPlaces)
        .where(and(eq(slotPlaces.date, '2027-01-04'), eq(slotPlaces.slotId, 'fixed-1100')));
      expect(city1100).toEqual([{ areaId: kochi }]);
    } finally {
      await db.delete(serviceAreas).where(eq(serviceAreas.id, city!.id));
    }
  });

  it('sells the last 3 places of a slot to exactly 3 of 50 concurrent orders, and names the next free slot', async () => {
    at('2026-12-23T04:30:00Z');
    expect((await setCapacity('2026-12-26', 'fixed-1700', 3)).statusCode).toBe(200);
    const results = await Promise.all(
      Array.from({ length: 50 }, () => order({ date: '2026-12-26', slotId: 'fixed-1700' })),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(47);
    const full = results.find((r) => r.statusCode === 409)!.json();
    expect(full).toMatchObject({
      message: 'This delivery slot is full',
      code: 'CONFLICT',
      details: { nextSlot: { date: '2026-12-26', slotId: 'fixed-1900', label: '7 PM – 9 PM' } },
    });
    expect(await placesTaken('2026-12-26', 'fixed-1700')).toBe(3);
    const listed = (await slots(`pincode=682001&date=2026-12-26&productId=${sameDayRoses}`)).json();
    expect(slot(listed, 'fixed-1700')).toMatchObject({ available: false, reason: 'This slot is full', placesLeft: 0 });

    // An admin raises the full slot; it sells again.
    const raised = await setCapacity('2026-12-26', 'fixed-1700', 4);
    expect(raised.json()).toEqual({ areaId: kochi, date: '2026-12-26', slotId: 'fixed-1700', capacity: 4, taken: 3 });
    expect((await order({ date: '2026-12-26', slotId: 'fixed-1700' })).statusCode).toBe(201);
    const lower = await setCapacity('2026-12-26', 'fixed-1700', 2);
    expect(lower.statusCode).toBe(400);
    expect(lower.json().details).toEqual([
      { field: 'capacity', message: '4 places are already taken; the capacity cannot be lower.' },
    ]);
  });

  it('gives the place of an unpaid order back when it expires, exactly once', async () => {
    at('2026-12-23T04:30:00Z');
    await setCapacity('2026-12-27', 'early-morning', 1);
    const first = await order({ date: '2026-12-27', slotId: 'early-morning' });
    expect(first.statusCode).toBe(201);
    expect((await order({ date: '2026-12-27', slotId: 'early-morning' })).statusCode).toBe(409);

    await t.database.db
      .update(orders)
      .set({ payBy: new Date(Date.now() - 1000) })
      .where(eq(orders.id, first.json()._id));
    const expired = await Promise.all([t.app.expireOverdueOrders(), t.app.expireOverdueOrders()]);
    expect(expired.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    expect(await t.app.expireOverdueOrders()).toBe(0);
    expect(await placesTaken('2026-12-27', 'early-morning')).toBe(0);
    expect((await order({ date: '2026-12-27', slotId: 'early-morning' })).statusCode).toBe(201);
    expect(await placesTaken('2026-12-27', 'early-morning')).toBe(1);
  });
});

describe(`a full slot naming the next free one of its kind, on ${testDatabaseKind}`, () => {
  const closeSlot = (areaId: number, date: string, slotId: string) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/delivery/capacity',
      headers: { cookie: admin.cookie },
      payload: { areaId, date, slotId, capacity: 0 },
    });
  const listed = async (pincode: string, date: string, productId: string) => {
    const res = await slots(`pincode=${pincode}&date=${date}&productId=${productId}`);
    expect(res.statusCode).toBe(200);
    return res.json<DeliverySlotsResponse>();
  };
  const nextFreeOf = (body: DeliverySlotsResponse, id: string) => body.slots.find((s) => s.id === id)?.nextFree;

  it('names a later window that day, or the next days, and only on a full slot', async () => {
    at('2026-12-23T04:30:00Z');
    // Standard on 11 Jan fills with a real order; midnight is closed on 11 and 12 Jan.
    expect((await setCapacity('2027-01-11', 'standard', 1)).statusCode).toBe(200);
    expect((await order({ date: '2027-01-11', slotId: 'standard' })).statusCode).toBe(201);
    for (const [date, slotId] of [
      ['2027-01-11', 'midnight'],
      ['2027-01-12', 'midnight'],
      ['2027-01-11', 'fixed-1500'],
      ['2027-01-11', 'fixed-1900'],
      ['2027-01-12', 'fixed-0900'],
    ]) {
      expect((await closeSlot(kochi, date!, slotId!)).statusCode).toBe(200);
    }

    const day = await listed('682001', '2027-01-11', sameDayRoses);
    expect(slot(day, 'standard')).toEqual({
      id: 'standard',
      type: 'standard',
      label: 'Any time, 9 AM – 9 PM',
      start: '09:00',
      end: '21:00',
      fee: 0,
      available: false,
      reason: 'This slot is full',
      placesLeft: 0,
      nextFree: { date: '2027-01-12', slotId: 'standard', label: 'Any time, 9 AM – 9 PM' },
    });
    expect(slot(day, 'midnight')).toMatchObject({
      reason: 'This slot is full',
      nextFree: { date: '2027-01-13', slotId: 'midnight', label: 'Midnight, 11 PM – 12 AM' },
    });
    // 3 PM is full but 5 PM that day is free; 7 PM is the day's last, and 9 AM next day is closed too.
    expect(nextFreeOf(day, 'fixed-1500')).toEqual({
      date: '2027-01-11',
      slotId: 'fixed-1700',
      label: '5 PM – 7 PM',
    });
    expect(nextFreeOf(day, 'fixed-1900')).toEqual({
      date: '2027-01-12',
      slotId: 'fixed-1100',
      label: '11 AM – 1 PM',
    });
    const withNext = day.slots.filter((s) => 'nextFree' in s).map((s) => s.id);
    expect(withNext).toEqual(['standard', 'fixed-1500', 'fixed-1900', 'midnight']);
  });

  it('looks a week ahead at most, never past the last bookable day, and not for products that cannot reach the PIN code', async () => {
    at('2026-12-23T04:30:00Z');
    // Early morning is closed from 14 to 21 Jan: the date and the 7 days after it.
    for (let day = 14; day <= 21; day++) {
      expect((await closeSlot(kochi, `2027-01-${day}`, 'early-morning')).statusCode).toBe(200);
    }
    const week = await listed('682001', '2027-01-14', sameDayRoses);
    expect(slot(week, 'early-morning')).toMatchObject({ reason: 'This slot is full' });
    expect(slot(week, 'early-morning')).not.toHaveProperty('nextFree');
    const later = await listed('682001', '2027-01-15', sameDayRoses);
    expect(nextFreeOf(later, 'early-morning')).toEqual({
      date: '2027-01-22',
      slotId: 'early-morning',
      label: 'Early morning, 7 AM – 9 AM',
    });
    // Close to the last bookable day (21 Feb) there is no looking past it.
    expect((await closeSlot(kochi, '2027-02-21', 'standard')).statusCode).toBe(200);
    expect(slot(await listed('682001', '2027-02-21', sameDayRoses), 'standard')).not.toHaveProperty('nextFree');

    // Tamil Nadu gets packed goods by courier: a full day names the next, while roses never reach it.
    const tamilNadu = (await t.database.db.select().from(serviceAreas).where(eq(serviceAreas.pincodePrefix, '6')))[0]!;
    expect((await closeSlot(tamilNadu.id, '2027-01-14', 'standard')).statusCode).toBe(200);
    const packed = await listed('600001', '2027-01-14', truffles);
    expect(slot(packed, 'standard')).toMatchObject({
      reason: 'This slot is full',
      nextFree: { date: '2027-01-15', slotId: 'standard' },
    });
    const roses = await listed('600001', '2027-01-14', sameDayRoses);
    expect(slot(roses, 'standard')).toMatchObject({ reason: 'Not available for these products' });
    expect(slot(roses, 'standard')).not.toHaveProperty('nextFree');
  });
});

describe(`the delivery schedule and capacity (admin) on ${testDatabaseKind}`, () => {
  it('refuses signed-out callers and shoppers', async () => {
    const calls = [
      { method: 'GET' as const, url: '/api/delivery/schedule?date=2026-12-24' },
      { method: 'GET' as const, url: '/api/delivery/run-sheet.csv?date=2026-12-24' },
      { method: 'GET' as const, url: '/api/delivery/areas' },
      {
        method: 'PUT' as const,
        url: `/api/delivery/areas/${kochi}/slot-types/midnight`,
        payload: { version: 1, offered: true, fee: 1, capacity: 1 },
      },
      {
        method: 'PUT' as const,
        url: '/api/delivery/capacity',
        payload: { areaId: kochi, date: '2026-12-24', slotId: 'standard', capacity: 1 },
      },
    ];
    for (const call of calls) {
      expect({ call, status: (await t.app.inject(call)).statusCode }).toEqual({ call, status: 401 });
      const asShopper = await t.app.inject({ ...call, headers: { cookie: shopper.cookie } });
      expect({ call, status: asShopper.statusCode }).toEqual({ call, status: 403 });
    }
  });

  it("lists a day's paid orders by slot with the recipient, address, items and card", async () => {
    at('2026-12-23T04:30:00Z');
    const recipient = { ...ADDRESS, firstName: 'Meera', lastName: 'Nair', phone: '9895011111' };
    const paid = (
      await order(
        { date: '2026-12-28', slotId: 'fixed-1100' },
        { shippingAddress: recipient, giftMessage: { message: 'Congratulations!', senderName: 'Ravi' } },
      )
    ).json();
    expect((await verify(t.app, shopper.cookie, paid._id, checkoutProof(paid.razorpayOrder.id))).statusCode).toBe(200);
    const unpaid = (await order({ date: '2026-12-28', slotId: 'fixed-1100' })).json();

    const res = await t.app.inject({
      url: '/api/delivery/schedule?date=2026-12-28',
      headers: { cookie: admin.cookie },
    });
    expect(res.statusCode).toBe(200);
    const area = res.json().areas.find((a: { id: number }) => a.id === kochi);
    const fixed = area.slots.find((s: { id: string }) => s.id === 'fixed-1100');
    expect(fixed).toMatchObject({ label: '11 AM – 1 PM', capacity: 20, taken: 2 });
    expect(fixed.orders).toEqual([
      {
        _id: paid._id,
        orderNumber: paid.orderNumber,
        recipient: { name: 'Meera Nair', phone: '+919895011111' },
        shippingAddress: { ...recipient, phone: '+919895011111' },
        items: [{ name: 'Same-day Roses', variantName: null, qty: 1, options: [] }],
        giftMessage: { message: 'Congratulations!', senderName: 'Ravi' },
        isDelivered: false,
      },
    ]);
    expect(JSON.stringify(res.json())).not.toContain(unpaid._id);
    const bad = await t.app.inject({ url: '/api/delivery/schedule?date=someday', headers: { cookie: admin.cookie } });
    expect(bad.statusCode).toBe(400);
  });

  it("writes a day's run sheet as CSV: each paid order still to deliver, by slot, formulas made text", async () => {
    at('2026-12-23T04:30:00Z');
    const DAY = '2027-01-05';
    const paidOn = async (slotId: string, extra: Record<string, unknown>, lines?: Line[]) => {
      const res = await placeOrder(
        t.app,
        shopper.cookie,
        orderBody(lines ?? [{ _id: sameDayRoses, qty: 1 }], { delivery: { date: DAY, slotId }, ...extra }),
      );
      expect(res.statusCode, res.body).toBe(201);
      const placed = res.json();
      expect((await verify(t.app, shopper.cookie, placed._id, checkoutProof(placed.razorpayOrder.id))).statusCode).toBe(
        200,
      );
      return placed as { _id: string; orderNumber: string };
    };
    const meera = { ...ADDRESS, firstName: 'Meera', lastName: 'Nair', phone: '9895011111' };
    const midnight = await paidOn('midnight', {
      shippingAddress: meera,
      giftMessage: { message: '=HYPERLINK("http://evil.test","Click")', senderName: 'Ravi' },
    });
    const evening = await paidOn('fixed-1700', { shippingAddress: { ...meera, firstName: 'Asha', landmark: '' } }, [
      { _id: sameDayRoses, qty: 2 },
      { _id: truffles, qty: 1 },
    ]);
    const delivered = await paidOn('standard', {});
    await order({ date: DAY, slotId: 'standard' });
    at('2027-01-05T06:30:00Z');
    for (const status of ['packed', 'out_for_delivery', 'delivered']) {
      const moved = await t.app.inject({
        method: 'PUT',
        url: `/api/orders/${delivered._id}/status`,
        headers: { cookie: admin.cookie },
        payload: { status },
      });
      expect(moved.statusCode).toBe(200);
    }
    at('2026-12-23T04:30:00Z');

    const res = await t.app.inject({
      url: `/api/delivery/run-sheet.csv?date=${DAY}`,
      headers: { cookie: admin.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="run-sheet-${DAY}.csv"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe(
      'Order,Slot,Area,Recipient,Recipient phone,House or flat,Street or area,Landmark,City,PIN code,Items,Gift message,From',
    );
    // The 5 PM slot runs before midnight; the delivered and the unpaid orders are not on it.
    expect(lines.slice(1)).toEqual([
      `${evening.orderNumber},5 PM – 7 PM,Kochi,Asha Nair,98950 11111,"Flat 4B, Lotus Residency","MG Road, Ernakulam",,Kochi,682011,"2 × Same-day Roses\n1 × Packed Truffles",,`,
      `${midnight.orderNumber},"Midnight, 11 PM – 12 AM",Kochi,Meera Nair,98950 11111,"Flat 4B, Lotus Residency","MG Road, Ernakulam",Opposite St. Teresa's College,Kochi,682011,1 × Same-day Roses,"'=HYPERLINK(""http://evil.test"",""Click"")",Ravi`,
      '',
    ]);
    const bad = await t.app.inject({
      url: '/api/delivery/run-sheet.csv?date=2027-02-30',
      headers: { cookie: admin.cookie },
    });
    expect([bad.statusCode, bad.json().message]).toEqual([400, expect.stringContaining('date')]);
  });

  it('lets an admin withdraw or reprice a slot type in an area, validated', async () => {
    at('2026-12-23T04:30:00Z');
    /** Saved at the version it is at now, as a fresh form saves it. */
    const put = async (type: string, payload: object) => {
      const areas = (await t.app.inject({ url: '/api/delivery/areas', headers: { cookie: admin.cookie } })).json();
      const current = areas
        .find((a: { id: number }) => a.id === kochi)
        ?.slotTypes.find((s: { type: string }) => s.type === type);
      return t.app.inject({
        method: 'PUT',
        url: `/api/delivery/areas/${kochi}/slot-types/${type}`,
        headers: { cookie: admin.cookie },
        payload: { version: current?.version ?? 0, ...payload },
      });
    };
    const repriced = await put('midnight', { offered: true, fee: 299.5, capacity: 12 });
    expect(repriced.statusCode).toBe(200);
    expect(repriced.json().slotTypes).toContainEqual({
      type: 'midnight',
      offered: true,
      fee: 299.5,
      capacity: 12,
      version: 2,
    });
    const withdrawn = await put('early-morning', { offered: false, fee: 250, capacity: 20 });
    expect(withdrawn.json().slotTypes).toContainEqual(
      expect.objectContaining({ type: 'early-morning', offered: false }),
    );

    const day = (await slots(`pincode=682001&date=2026-12-29&productId=${sameDayRoses}`)).json();
    expect(slot(day, 'midnight')).toMatchObject({ fee: 299.5, placesLeft: 12, available: true });
    expect(slot(day, 'early-morning')).toMatchObject({ available: false, reason: 'Not offered for this PIN code' });
    const refused = await order({ date: '2026-12-29', slotId: 'early-morning' });
    expect(refused.statusCode).toBe(400);

    for (const [payload, field] of [
      [{ offered: true, fee: -1, capacity: 1 }, 'fee'],
      [{ offered: true, fee: 1.005, capacity: 1 }, 'fee'],
      [{ offered: true, fee: 1, capacity: 2.5 }, 'capacity'],
      [{ offered: 'yes', fee: 1, capacity: 1 }, 'offered'],
    ] as const) {
      const res = await put('midnight', payload);
      expect({ payload, status: res.statusCode }).toEqual({ payload, status: 400 });
      expect(res.json().details[0].field).toBe(field);
    }
    expect((await put('noon', { offered: true, fee: 1, capacity: 1 })).statusCode).toBe(400);
    const missing = await t.app.inject({
      method: 'PUT',
      url: '/api/delivery/areas/999999/slot-types/midnight',
      headers: { cookie: admin.cookie },
      payload: { version: 0, offered: true, fee: 1, capacity: 1 },
    });
    expect(missing.statusCode).toBe(404);
    await put('early-morning', { offered: true, fee: 250, capacity: 20 });
  });
});

describe(`saving a slot type that others changed since it opened, on ${testDatabaseKind}`, () => {
  interface SlotTypeForm {
    type: string;
    offered: boolean;
    fee: number;
    capacity: number;
    version: number;
  }
  interface AreaForm {
    id: number;
    pincodePrefix: string;
    slotTypes: SlotTypeForm[];
  }
  const areas = async () =>
    (await t.app.inject({ url: '/api/delivery/areas', headers: { cookie: admin.cookie } })).json() as AreaForm[];
  const opened = async (prefix: string, type: string) => {
    const area = (await areas()).find((a) => a.pincodePrefix === prefix)!;
    return { area, form: area.slotTypes.find((s) => s.type === type)! };
  };
  const save = (areaId: number, { type, ...body }: SlotTypeForm) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/delivery/areas/${areaId}/slot-types/${type}`,
      headers: { cookie: admin.cookie },
      payload: body,
    });

  it('refuses a save of an older version with the area as it is now; orders taking places leave it alone', async () => {
    at('2026-12-23T04:30:00Z');
    const { area, form } = await opened('682', 'fixed');
    expect((await order({ date: '2026-12-30', slotId: 'fixed-1100' })).statusCode).toBe(201);
    expect((await opened('682', 'fixed')).form).toEqual(form);

    expect((await save(area.id, { ...form, fee: 220 })).statusCode).toBe(200);
    const stale = await save(area.id, { ...form, capacity: 30 });
    expect([stale.statusCode, stale.json().message]).toEqual([409, STALE_MESSAGES.slotType]);
    const now = await opened('682', 'fixed');
    expect(stale.json().details.current).toEqual(now.area);
    expect(now.form).toEqual({ ...form, fee: 220, version: form.version + 1 });

    // Withdrawn, a slot type keeps counting: a form opened while it was offered stays stale.
    expect((await save(area.id, { ...now.form, offered: false })).statusCode).toBe(200);
    const withdrawn = (await opened('682', 'fixed')).form;
    expect(withdrawn).toEqual({ ...now.form, offered: false, version: now.form.version + 1 });
    expect((await save(area.id, { ...now.form, fee: 200 })).statusCode).toBe(409);
    expect((await save(area.id, { ...withdrawn, offered: true, fee: 200 })).statusCode).toBe(200);
  });

  it('lets one of two first offers of a slot type win', async () => {
    const { area, form } = await opened('', 'midnight');
    expect(form).toMatchObject({ offered: false, version: 0 });
    const answers = await Promise.all([300, 350].map((fee) => save(area.id, { ...form, offered: true, fee })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const won = (await opened('', 'midnight')).form;
    expect(won).toMatchObject({ offered: true, version: 1 });
    expect((await save(area.id, { ...won, offered: false })).statusCode).toBe(200);
  });

  it('saves every slot type exactly as the areas list shows it, and reads the same after', async () => {
    const before = await areas();
    for (const area of before) {
      for (const form of area.slotTypes) {
        const saved = await save(area.id, form);
        expect([area.pincodePrefix, form.type, saved.statusCode]).toEqual([area.pincodePrefix, form.type, 200]);
      }
    }
    const unversioned = (list: AreaForm[]) =>
      list.map((a) => ({ ...a, slotTypes: a.slotTypes.map(({ version: _v, ...s }) => s) }));
    expect(unversioned(await areas())).toEqual(unversioned(before));
  });
});
