import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { addDays, AUDIT_REDACTED, istDate } from '@store/domain';
import { AUDIT_COUNT_LIMIT, type AuditEntry, type AuditPage } from '@store/contracts';
import { registerCustomer, sessionCookie, signInAsAdmin, TEST_PASSWORD, uniqueEmail } from '../../test/accounts.js';
import { FULL_PRODUCT_BODY, insertProduct } from '../../test/fixtures.js';
import { checkoutProof, deliveryDayClock, orderBody, placeOrder, UNCAPPED_ORDERS, verify } from '../../test/orders.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/test-app.js';
import { orders } from '../orders/orders.table.js';
import { outbox } from '../outbox/outbox.table.js';
import { adminAudit } from './audit.table.js';
import { recordAudit } from './audit.service.js';

let t: TestApp;
let admin: { id: string; cookie: string };
const ADMIN = { _id: '', email: 'admin@example.com' };
const clock = deliveryDayClock();
beforeAll(async () => {
  t = await createTestApp(
    // The sender and the simulated gateway's webhooks are kept out of the way: no test here is about them.
    { ...UNCAPPED_ORDERS, OUTBOX_POLL_MS: '600000', SIMULATED_WEBHOOK_DELAY_MS: '600000' },
    undefined,
    { mailTransport: { send: async () => undefined, close: () => undefined }, clock: clock.now },
  );
  admin = await signInAsAdmin(t.app);
  ADMIN._id = admin.id;
});
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown, cookie: string | null = admin.cookie) =>
  t.app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

/** The version of what `url` answers (or `pick` finds in it) now: saves here are made as a fresh form makes them. */
async function versionOf(url: string, pick: (body: never) => { version: number } = (b) => b): Promise<number> {
  const res = await call('GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return pick(res.json() as never).version;
}
const saveProduct = async (id: string, body: object) =>
  call('PUT', `/api/products/${id}`, { version: await versionOf(`/api/products/${id}/admin`), ...body });
const saveUser = async (id: string, body: object) =>
  call('PUT', `/api/users/${id}`, { version: await versionOf(`/api/users/${id}`), ...body });
const saveCoupon = async (id: string, body: object) => {
  const version = await versionOf('/api/coupons', (all: { _id: string; version: number }[]) =>
    all.find((c) => c._id === id)!,
  );
  return call('PUT', `/api/coupons/${id}`, { version, ...body });
};
const saveSlotType = async (areaId: number, type: string, body: object) => {
  const version = await versionOf(
    '/api/delivery/areas',
    (areas: { id: number; slotTypes: { type: string; version: number }[] }[]) =>
      areas.find((a) => a.id === areaId)!.slotTypes.find((t) => t.type === type)!,
  );
  return call('PUT', `/api/delivery/areas/${areaId}/slot-types/${type}`, { version, ...body });
};

async function trail(query = '', cookie = admin.cookie): Promise<AuditPage> {
  const res = await call('GET', `/api/admin/audit${query ? `?${query}` : ''}`, undefined, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Every row about one entity, newest first. */
const rowsFor = async (entityId: string | number) =>
  (await trail(`entityId=${encodeURIComponent(String(entityId))}&pageSize=200`)).rows;

const latest = async (entityId: string | number) => (await rowsFor(entityId))[0];

const row = (fields: Partial<AuditEntry>) => ({
  _id: expect.any(String),
  at: expect.any(String),
  actor: ADMIN,
  note: null,
  ...fields,
});

async function paidOrder(name = 'Pink Carnations') {
  const shopper = await registerCustomer(t.app);
  const product = await insertProduct(t.database.db, { name, price: 84_900, countInStock: 10 });
  const placed = await placeOrder(t.app, shopper.cookie, orderBody([{ _id: product, qty: 1 }]));
  expect(placed.statusCode, placed.body).toBe(201);
  const order = placed.json();
  const res = await verify(t.app, shopper.cookie, order._id, checkoutProof(order.razorpayOrder.id));
  expect(res.statusCode, res.body).toBe(200);
  return order as { _id: string; orderNumber: string; razorpayOrder: { id: string } };
}

describe(`the audit trail of admin writes, on ${testDatabaseKind}`, () => {
  describe('products', () => {
    it('records a new draft with what it holds, each save with the fields it changed, and a deletion with what was lost', async () => {
      const created = await call('POST', '/api/products');
      expect(created.statusCode).toBe(201);
      const id = created.json()._id as string;
      const draft = await latest(id);
      expect(draft).toEqual(
        row({
          action: 'product.create',
          entity: { type: 'product', id, label: 'Sample Product' },
          before: null,
          after: expect.objectContaining({ name: 'Sample Product', price: 0, available: false, countInStock: 0 }),
        }),
      );
      expect(draft!.after).not.toHaveProperty('description');

      expect((await saveProduct(id, FULL_PRODUCT_BODY)).statusCode).toBe(200);
      const filled = await latest(id);
      expect(filled).toMatchObject({
        action: 'product.update',
        entity: { label: 'Midnight Red Roses' },
        before: { name: 'Sample Product', price: 0, available: false, variants: [] },
        after: {
          name: 'Midnight Red Roses',
          price: 1499,
          available: true,
          discountEndDate: '2099-01-01T00:00:00.000Z',
          variants: [{ _id: expect.any(String), name: '24 Roses', price: 2499, countInStock: 5, image: '' }],
          dimensions: { length: 40, width: 25, height: 60 },
        },
      });
      expect(filled!.before).not.toHaveProperty('searchText');

      const saved = (await call('GET', `/api/products/${id}/admin`)).json();
      const priced = await saveProduct(id, {
        ...FULL_PRODUCT_BODY,
        price: 1649,
        variants: saved.variants.map((v: { _id: string }) => ({ ...FULL_PRODUCT_BODY.variants[0], _id: v._id })),
      });
      expect(priced.statusCode).toBe(200);
      expect(await latest(id)).toEqual(
        row({
          action: 'product.update',
          entity: { type: 'product', id, label: 'Midnight Red Roses' },
          before: { price: 1499 },
          after: { price: 1649 },
        }),
      );

      expect((await call('DELETE', `/api/products/${id}`)).statusCode).toBe(200);
      expect(await latest(id)).toEqual(
        row({
          action: 'product.delete',
          entity: { type: 'product', id, label: 'Midnight Red Roses' },
          before: expect.objectContaining({ name: 'Midnight Red Roses', price: 1649, vendor: ['Kochi Bloom House'] }),
          after: null,
        }),
      );
      expect((await rowsFor(id)).map((r) => r.action)).toEqual([
        'product.delete',
        'product.update',
        'product.update',
        'product.create',
      ]);
    });

    it('records variants, personalisation options and pictures as they change', async () => {
      const id = await insertProduct(t.database.db, { name: 'Rose Box' });
      const body = { ...FULL_PRODUCT_BODY, name: 'Rose Box', variants: [] };
      expect((await saveProduct(id, body)).statusCode).toBe(200);
      const changed = await saveProduct(id, {
        ...body,
        variants: [{ name: '1 kg', price: 1299, countInStock: 4 }],
        options: [{ name: 'Eggless', kind: 'choice', price: 50 }],
        productImages: [],
      });
      expect(changed.statusCode, changed.body).toBe(200);
      const { before, after } = (await latest(id))!;
      expect(before).toEqual({ variants: [], options: [], productImages: FULL_PRODUCT_BODY.productImages });
      expect(after).toEqual({
        variants: [{ _id: expect.any(String), name: '1 kg', price: 1299, countInStock: 4, image: '' }],
        options: [
          { _id: expect.any(String), name: 'Eggless', kind: 'choice', price: 50, maxLength: 0, required: false },
        ],
        productImages: [],
      });
    });

    it('records nothing for a save that is refused or a product that does not exist', async () => {
      const id = await insertProduct(t.database.db, { name: 'Orchid Vase' });
      const refused = await saveProduct(id, {
        ...FULL_PRODUCT_BODY,
        relatedProducts: [randomUUID()],
      });
      expect([refused.statusCode, refused.json().message]).toEqual([400, 'A recommended product does not exist']);
      const invalid = await saveProduct(id, { ...FULL_PRODUCT_BODY, price: -1 });
      expect(invalid.statusCode).toBe(400);
      expect(await rowsFor(id)).toEqual([]);
      const missing = randomUUID();
      expect((await call('PUT', `/api/products/${missing}`, { ...FULL_PRODUCT_BODY, version: 1 })).statusCode).toBe(
        404,
      );
      expect((await call('DELETE', `/api/products/${missing}`)).statusCode).toBe(404);
      expect(await rowsFor(missing)).toEqual([]);
    });
  });

  describe('users', () => {
    it("records a customer's new name, admin rights given and taken, and a deletion, never the password hash", async () => {
      const customer = await registerCustomer(t.app);
      expect((await saveUser(customer.id, { name: 'Meera P.' })).statusCode).toBe(200);
      expect(await latest(customer.id)).toEqual(
        row({
          action: 'user.update',
          entity: { type: 'user', id: customer.id, label: customer.email },
          before: { name: 'Meera Pillai' },
          after: { name: 'Meera P.' },
        }),
      );

      expect((await saveUser(customer.id, { isAdmin: true })).statusCode).toBe(200);
      expect(await latest(customer.id)).toMatchObject({
        action: 'user.role',
        before: { isAdmin: false },
        after: { isAdmin: true },
      });
      expect((await saveUser(customer.id, { isAdmin: false })).statusCode).toBe(200);
      expect(await latest(customer.id)).toMatchObject({
        action: 'user.role',
        before: { isAdmin: true },
        after: { isAdmin: false },
      });

      expect((await call('DELETE', `/api/users/${customer.id}`)).statusCode).toBe(200);
      const deleted = await latest(customer.id);
      expect(deleted).toEqual(
        row({
          action: 'user.delete',
          entity: { type: 'user', id: customer.id, label: customer.email },
          before: {
            name: 'Meera P.',
            email: customer.email,
            isAdmin: false,
            password: AUDIT_REDACTED,
            googleLinked: false,
          },
          after: null,
        }),
      );
      expect(JSON.stringify(await rowsFor(customer.id))).not.toMatch(/argon2|\$v=/);
    });

    it('records nothing for a refused change: its own rights, an email taken, an admin deleted', async () => {
      const other = await registerCustomer(t.app);
      const before = (await rowsFor(admin.id)).length;
      expect((await saveUser(admin.id, { isAdmin: false })).statusCode).toBe(400);
      expect((await call('DELETE', `/api/users/${admin.id}`)).statusCode).toBe(400);
      expect((await rowsFor(admin.id)).length).toBe(before);
      const taken = await saveUser(other.id, { email: 'customer@example.com' });
      expect(taken.statusCode).toBe(409);
      expect(await rowsFor(other.id)).toEqual([]);
    });
  });

  describe('orders', () => {
    it('records each delivery step with the stage before and after, and nothing for a step refused', async () => {
      const order = await paidOrder();
      expect((await call('PUT', `/api/orders/${order._id}/status`, { status: 'packed' })).statusCode).toBe(200);
      expect(await latest(order._id)).toEqual(
        row({
          action: 'order.status',
          entity: { type: 'order', id: order._id, label: order.orderNumber },
          before: { stage: 'paid' },
          after: { stage: 'packed' },
        }),
      );
      const skipping = await clock.onDeliveryDay(() => call('PUT', `/api/orders/${order._id}/deliver`));
      expect(skipping.statusCode).toBe(409);
      const out = await clock.onDeliveryDay(() =>
        call('PUT', `/api/orders/${order._id}/status`, { status: 'out_for_delivery' }),
      );
      expect(out.statusCode).toBe(200);
      expect((await clock.onDeliveryDay(() => call('PUT', `/api/orders/${order._id}/deliver`))).statusCode).toBe(200);
      expect(await latest(order._id)).toMatchObject({
        before: { stage: 'out_for_delivery' },
        after: { stage: 'delivered' },
      });
      const back = await call('PUT', `/api/orders/${order._id}/status`, { status: 'out_for_delivery' });
      expect(back.statusCode).toBe(409);
      expect(await rowsFor(order._id)).toHaveLength(3);
    });

    it('records a cancellation with its reason, and nothing for a second one refused', async () => {
      const order = await paidOrder();
      const reason = 'The shopper asked for it';
      expect((await call('POST', `/api/orders/${order._id}/cancel`, { reason })).statusCode).toBe(200);
      expect(await latest(order._id)).toEqual(
        row({
          action: 'order.cancel',
          entity: { type: 'order', id: order._id, label: order.orderNumber },
          before: { stage: 'paid' },
          after: { stage: 'cancelled' },
          note: reason,
        }),
      );
      expect((await call('POST', `/api/orders/${order._id}/cancel`, { reason })).statusCode).toBe(409);
      expect(await rowsFor(order._id)).toHaveLength(1);
    });
  });

  describe('coupons', () => {
    const code = () => `AUDIT${randomUUID().slice(0, 8).toUpperCase()}`;

    it('records a new coupon with its rules and a change with the rules it changed', async () => {
      const created = await call('POST', '/api/coupons', { code: code(), kind: 'flat', value: 100, totalUses: 50 });
      expect(created.statusCode, created.body).toBe(201);
      const coupon = created.json();
      expect(await latest(coupon._id)).toEqual(
        row({
          action: 'coupon.create',
          entity: { type: 'coupon', id: coupon._id, label: coupon.code },
          before: null,
          after: {
            code: coupon.code,
            kind: 'flat',
            value: 100,
            minOrderValue: 0,
            totalUses: 50,
            firstOrderOnly: false,
            active: true,
          },
        }),
      );
      const changed = await saveCoupon(coupon._id, {
        code: coupon.code,
        kind: 'flat',
        value: 150,
        totalUses: 50,
        validTo: '2099-03-31',
        active: false,
      });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(await latest(coupon._id)).toMatchObject({
        action: 'coupon.update',
        before: { value: 100, validTo: null, active: true },
        after: { value: 150, validTo: '2099-03-31', active: false },
      });
    });

    it('records nothing for a code taken or a coupon that does not exist', async () => {
      const first = (await call('POST', '/api/coupons', { code: code(), kind: 'flat', value: 100 })).json();
      const second = (await call('POST', '/api/coupons', { code: code(), kind: 'flat', value: 100 })).json();
      const typeCount = (await trail('entityType=coupon')).total;
      const duplicate = await call('POST', '/api/coupons', { code: first.code, kind: 'percent', value: 5 });
      expect(duplicate.statusCode).toBe(409);
      const renamed = await saveCoupon(second._id, { code: first.code, kind: 'flat', value: 100 });
      expect(renamed.statusCode).toBe(409);
      const missing = await call('PUT', `/api/coupons/${randomUUID()}`, {
        version: 1,
        code: code(),
        kind: 'flat',
        value: 1,
      });
      expect(missing.statusCode).toBe(404);
      expect((await trail('entityType=coupon')).total).toBe(typeCount);
    });
  });

  describe('deliveries', () => {
    const kochi = async () => {
      const areas = (await call('GET', '/api/delivery/areas')).json() as {
        id: number;
        pincodePrefix: string;
        name: string;
      }[];
      return areas.find((a) => a.pincodePrefix === '682')!;
    };

    it("records a slot type's settings as they change, one field per setting", async () => {
      const area = await kochi();
      const save = (body: object) => saveSlotType(area.id, 'midnight', body);
      expect((await save({ offered: true, fee: 300, capacity: 15 })).statusCode).toBe(200);
      expect(await latest(area.id)).toEqual(
        row({
          action: 'delivery.slot_type',
          entity: { type: 'service_area', id: String(area.id), label: area.name },
          before: { 'midnight.fee': 250, 'midnight.capacity': 10_000 },
          after: { 'midnight.fee': 300, 'midnight.capacity': 15 },
        }),
      );
      expect((await save({ offered: false, fee: 300, capacity: 15 })).statusCode).toBe(200);
      expect(await latest(area.id)).toMatchObject({
        before: { 'midnight.offered': true, 'midnight.fee': 300, 'midnight.capacity': 15 },
        after: { 'midnight.offered': false, 'midnight.fee': null, 'midnight.capacity': null },
      });
      const unknown = await call('PUT', '/api/delivery/areas/987654/slot-types/midnight', {
        version: 0,
        offered: true,
        fee: 1,
        capacity: 1,
      });
      expect(unknown.statusCode).toBe(404);
      expect(await rowsFor(987654)).toEqual([]);
    });

    it("records one slot's capacity on one date, and nothing for a capacity below the places taken", async () => {
      await paidOrder('Capacity Lilies');
      const area = await kochi();
      const date = addDays(istDate(new Date()), 1);
      const slotId = `${area.id}/${date}/standard`;
      const raised = await call('PUT', '/api/delivery/capacity', {
        areaId: area.id,
        date,
        slotId: 'standard',
        capacity: 9_000,
      });
      expect(raised.statusCode, raised.body).toBe(200);
      expect(await latest(slotId)).toEqual(
        row({
          action: 'delivery.capacity',
          entity: { type: 'delivery_slot', id: slotId, label: `${area.name}, ${date}, Any time, 9 AM – 9 PM` },
          before: { capacity: 10_000 },
          after: { capacity: 9_000 },
        }),
      );
      const refused = await call('PUT', '/api/delivery/capacity', {
        areaId: area.id,
        date,
        slotId: 'standard',
        capacity: 0,
      });
      expect(refused.statusCode).toBe(400);
      expect(await rowsFor(slotId)).toHaveLength(1);
    });
  });

  describe('refunds', () => {
    it("records the admin's refund request once, and nothing for a refund refused", async () => {
      const shopper = await registerCustomer(t.app);
      const product = await insertProduct(t.database.db, { name: 'Late Gerberas', price: 129_900, countInStock: 5 });
      const order = (await placeOrder(t.app, shopper.cookie, orderBody([{ _id: product, qty: 1 }]))).json();
      await t.database.db
        .update(orders)
        .set({ payBy: new Date(Date.now() - 1000) })
        .where(eq(orders.id, order._id));
      const proof = checkoutProof(order.razorpayOrder.id);
      expect((await verify(t.app, shopper.cookie, order._id, proof)).statusCode).toBe(409);
      const paymentId = proof.razorpayPaymentId;

      const refunded = await call('POST', `/api/payments/${paymentId}/refund`);
      expect(refunded.statusCode, refunded.body).toBe(200);
      expect(await latest(paymentId)).toEqual(
        row({
          action: 'payment.refund',
          entity: { type: 'payment', id: paymentId, label: '₹1,299' },
          before: { status: 'refund_due', refundAttempts: 0, refundRequestedAt: null },
          after: { status: 'refunding', refundAttempts: 1, refundRequestedAt: expect.any(String) },
        }),
      );
      expect((await call('POST', `/api/payments/${paymentId}/refund`)).statusCode).toBe(409);
      expect(await rowsFor(paymentId)).toHaveLength(1);
    });
  });

  describe('the email outbox', () => {
    it("records 'Retry now' with the message's status and when it is due, and nothing for one already sent", async () => {
      const message = async (status: 'failed' | 'sent') => {
        const [r] = await t.database.db
          .insert(outbox)
          .values({
            kind: 'welcome',
            recipient: uniqueEmail(),
            payload: { name: 'Guest', shopUrl: 'https://phoolwala.test' },
            messageId: `<${randomUUID()}@phoolwala.test>`,
            status,
            nextAttemptAt: new Date('2026-01-01T00:00:00Z'),
          })
          .returning();
        return r!;
      };
      const failed = await message('failed');
      expect((await call('POST', `/api/outbox/${failed.id}/retry`)).statusCode).toBe(200);
      expect(await latest(failed.id)).toEqual(
        row({
          action: 'email.retry',
          entity: { type: 'email', id: failed.id, label: `welcome to ${failed.recipient}` },
          before: { status: 'failed', nextAttemptAt: '2026-01-01T00:00:00.000Z' },
          after: { status: 'pending', nextAttemptAt: expect.any(String) },
        }),
      );
      const sent = await message('sent');
      expect((await call('POST', `/api/outbox/${sent.id}/retry`)).statusCode).toBe(409);
      expect(await rowsFor(sent.id)).toEqual([]);
    });
  });

  describe('pictures', () => {
    it('records an upload and a deletion, and nothing for a picture that is not there', async () => {
      const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#c8102e' } })
        .png()
        .toBuffer();
      const body = new FormData();
      body.append('image', new Blob([new Uint8Array(png)]), 'roses.png');
      const uploaded = await t.app.inject({
        method: 'POST',
        url: '/api/upload',
        payload: body,
        headers: { cookie: admin.cookie },
      });
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      const image = uploaded.json().image as string;
      const name = image.slice(image.lastIndexOf('/') + 1);
      expect(await latest(name)).toEqual(
        row({
          action: 'image.upload',
          entity: { type: 'image', id: name, label: image },
          before: null,
          after: { image },
        }),
      );
      expect((await call('DELETE', `/api/upload/${name}`)).statusCode).toBe(200);
      expect(await latest(name)).toMatchObject({ action: 'image.delete', before: { image }, after: null });
      expect((await call('DELETE', `/api/upload/${name}`)).statusCode).toBe(404);
      expect(await rowsFor(name)).toHaveLength(2);
    });
  });

  describe('the trail itself', () => {
    it('keeps no row of a write whose transaction fails after recording it', async () => {
      const entityId = randomUUID();
      await expect(
        t.database.db.transaction(async (tx) => {
          await recordAudit(tx, {
            actor: { id: admin.id, email: ADMIN.email },
            action: 'order.cancel',
            entityId,
            label: 'PW-999999',
            before: { stage: 'paid' },
            after: { stage: 'cancelled' },
            note: 'Customer called',
          });
          throw new Error('the write failed');
        }),
      ).rejects.toThrow('the write failed');
      expect(await rowsFor(entityId)).toEqual([]);
    });

    it('is append-only: the database refuses to change or delete a row', async () => {
      await t.database.db.insert(adminAudit).values({
        actorId: admin.id,
        actorEmail: ADMIN.email,
        action: 'email.retry',
        entityType: 'email',
        entityId: randomUUID(),
      });
      const failure = (query: PromiseLike<unknown>) =>
        Promise.resolve(query).then(
          () => 'done',
          (err: unknown) => {
            const messages: string[] = [];
            for (let e: unknown = err; e instanceof Error; e = e.cause) messages.push(e.message);
            return messages.join(' / ');
          },
        );
      expect(await failure(t.database.db.update(adminAudit).set({ note: 'rewritten' }))).toMatch(
        /admin_audit is append-only: UPDATE is refused/,
      );
      expect(await failure(t.database.db.delete(adminAudit))).toMatch(/admin_audit is append-only: DELETE is refused/);
    });
  });
});

describe(`GET /api/admin/audit, on ${testDatabaseKind}`, () => {
  /** Rows of an admin no other test uses, at the instants given (UTC), oldest first. */
  async function history(instants: string[], entityType: 'product' | 'coupon' = 'product') {
    const actorId = randomUUID();
    const entityId = randomUUID();
    await t.database.db.insert(adminAudit).values(
      instants.map((at, i) => ({
        at: new Date(at),
        actorId,
        actorEmail: `ops.${actorId.slice(0, 8)}@example.in`,
        action: entityType === 'product' ? ('product.update' as const) : ('coupon.update' as const),
        entityType,
        entityId,
        entityLabel: `Item ${i + 1}`,
        before: { price: i },
        after: { price: i + 1 },
      })),
    );
    return { actorId, entityId };
  }

  it('is for admins: 401 signed out, 403 for a shopper', async () => {
    const shopper = await registerCustomer(t.app);
    expect((await call('GET', '/api/admin/audit', undefined, null)).statusCode).toBe(401);
    const res = await call('GET', '/api/admin/audit', undefined, shopper.cookie);
    expect([res.statusCode, res.json().message]).toEqual([403, 'This needs an admin account']);
  });

  it.each([
    ['actor=someone', 'actor must be an admin’s id'],
    ['entityType=invoice', 'entityType must be one of'],
    ['from=2026-02-30', 'from must be a'],
    ['to=14-02-2026', 'to must be a date (YYYY-MM-DD)'],
    ['from=2026-03-02&to=2026-03-01', 'to must not be before from'],
    ['page=0', 'page must be 1 or more'],
    ['pageSize=201', 'pageSize must be at most 200'],
    ['pageSize=ten', 'pageSize must be a number'],
    [`entityId=${'x'.repeat(101)}`, 'entityId must be at most 100 characters'],
  ])('answers 400 naming the problem for %s', async (query, message) => {
    const res = await call('GET', `/api/admin/audit?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it("filters by admin, newest first, and the admin's email is the one they had then", async () => {
    const { actorId } = await history(['2026-01-05T10:00:00Z', '2026-01-06T10:00:00Z', '2026-01-07T10:00:00Z']);
    const page = await trail(`actor=${actorId}`);
    expect(page).toMatchObject({ page: 1, pageSize: 50, pages: 1, total: 3 });
    expect(page.rows.map((r) => [r.at, r.entity.label])).toEqual([
      ['2026-01-07T10:00:00.000Z', 'Item 3'],
      ['2026-01-06T10:00:00.000Z', 'Item 2'],
      ['2026-01-05T10:00:00.000Z', 'Item 1'],
    ]);
    expect(page.rows[0]!.actor).toEqual({ _id: actorId, email: `ops.${actorId.slice(0, 8)}@example.in` });
    expect((await trail(`actor=${randomUUID()}`)).rows).toEqual([]);
  });

  it('filters by entity type and id together', async () => {
    const product = await history(['2026-01-10T10:00:00Z']);
    const coupon = await history(['2026-01-10T11:00:00Z'], 'coupon');
    expect((await trail(`entityType=coupon&actor=${coupon.actorId}`)).total).toBe(1);
    expect((await trail(`entityType=product&actor=${coupon.actorId}`)).total).toBe(0);
    expect((await trail(`entityType=product&entityId=${product.entityId}`)).rows[0]!.entity).toEqual({
      type: 'product',
      id: product.entityId,
      label: 'Item 1',
    });
    expect((await trail(`entityType=coupon&entityId=${product.entityId}`)).total).toBe(0);
  });

  it('takes from and to as IST days, both included', async () => {
    // 23:59:59 IST on 1 March, then midnight IST starting 2 March, then the last second of 2 March IST.
    const { actorId } = await history(['2026-03-01T18:29:59Z', '2026-03-01T18:30:00Z', '2026-03-02T18:29:59Z']);
    const days = async (query: string) =>
      (await trail(`actor=${actorId}&${query}`)).rows.map((r) => r.entity.label).sort();
    expect(await days('from=2026-03-02&to=2026-03-02')).toEqual(['Item 2', 'Item 3']);
    expect(await days('to=2026-03-01')).toEqual(['Item 1']);
    expect(await days('from=2026-03-03')).toEqual([]);
    expect(await days('from=2026-03-01&to=2026-03-02')).toEqual(['Item 1', 'Item 2', 'Item 3']);
  });

  it('pages: the total in every page, the last page short, a page past the end empty with the total still told', async () => {
    const { actorId } = await history(['2026-04-01T00:00:00Z', '2026-04-02T00:00:00Z', '2026-04-03T00:00:00Z']);
    const page = (n: number) => trail(`actor=${actorId}&pageSize=2&page=${n}`);
    const first = await page(1);
    expect(first).toMatchObject({ page: 1, pageSize: 2, pages: 2, total: 3 });
    expect(first.rows.map((r) => r.entity.label)).toEqual(['Item 3', 'Item 2']);
    const last = await page(2);
    expect(last.rows.map((r) => r.entity.label)).toEqual(['Item 1']);
    expect(await page(3)).toEqual({ rows: [], page: 3, pageSize: 2, pages: 2, total: 3, totalCapped: false });
    expect(await trail(`actor=${randomUUID()}&page=2`)).toEqual({
      rows: [],
      page: 2,
      pageSize: 50,
      pages: 0,
      total: 0,
      totalCapped: false,
    });
  });

  it(`counts up to ${AUDIT_COUNT_LIMIT} rows and says there are more, yet a deeper page is still found and counted to`, async () => {
    const actorId = randomUUID();
    await t.database.db.execute(sql`
      INSERT INTO admin_audit (at, actor_id, actor_email, action, entity_type, entity_id)
      SELECT timestamptz '2026-06-01' + n * interval '1 second', ${actorId}, 'bulk@example.in', 'product.update',
             'product', n::text
      FROM generate_series(1, ${AUDIT_COUNT_LIMIT + 1}) AS n`);
    expect(await trail(`actor=${actorId}`)).toMatchObject({
      total: AUDIT_COUNT_LIMIT,
      pages: AUDIT_COUNT_LIMIT / 50,
      totalCapped: true,
    });
    const deepest = await trail(`actor=${actorId}&page=${AUDIT_COUNT_LIMIT / 50 + 1}`);
    expect(deepest).toMatchObject({
      total: AUDIT_COUNT_LIMIT + 1,
      pages: AUDIT_COUNT_LIMIT / 50 + 1,
      totalCapped: false,
    });
    expect(deepest.rows.map((r) => r.entity.id)).toEqual(['1']);
    expect((await trail(`actor=${actorId}&entityId=${AUDIT_COUNT_LIMIT + 1}`)).total).toBe(1);
  });

  it('orders rows of one instant by when they were written, so pages never overlap', async () => {
    const { actorId } = await history(Array.from({ length: 5 }, () => '2026-05-01T00:00:00Z'));
    const labels: string[] = [];
    for (let n = 1; n <= 3; n++) {
      labels.push(...(await trail(`actor=${actorId}&pageSize=2&page=${n}`)).rows.map((r) => r.entity.label));
    }
    expect(labels).toEqual(['Item 5', 'Item 4', 'Item 3', 'Item 2', 'Item 1']);
  });

  it("an admin's own writes through the API show under their id", async () => {
    const second = await registerCustomer(t.app, uniqueEmail());
    expect((await saveUser(second.id, { isAdmin: true })).statusCode).toBe(200);
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/users/auth',
      payload: { email: second.email, password: TEST_PASSWORD },
    });
    const cookie = sessionCookie(signedIn.headers['set-cookie']);
    const product = await insertProduct(t.database.db, { name: 'Second Admin Tulips' });
    expect((await call('DELETE', `/api/products/${product}`, undefined, cookie)).statusCode).toBe(200);
    const theirs = await trail(`actor=${second.id}`, cookie);
    expect(theirs.rows.map((r) => [r.action, r.entity.id, r.actor.email])).toEqual([
      ['product.delete', product, second.email],
    ]);
  });
});
