import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { isPoolExhausted, queryRows } from '../db/client.js';
import { registerCustomer } from '../test/accounts.js';
import { insertProduct } from '../test/fixtures.js';
import { sample } from '../test/prometheus.js';
import { checkoutProof, orderBody, placeOrder, UNCAPPED_ORDERS, verify, webhook } from '../test/orders.js';
import { createTestApp, holdConnection, testDatabaseKind, type TestApp } from '../test/test-app.js';
import { outbox } from '../modules/outbox/outbox.table.js';
import { razorpayStyleId } from '../modules/payments/provider.js';

const TOKEN = 'scrape-8Jq2Vn5Xw9Kd3Lm7Rt4Pz6Hc';

let t: TestApp;
beforeAll(async () => {
  // The outbox's own sender stays quiet: a message it sent between the scrape and the table's
  // count made the backlog figures differ by one (CI, on PostgreSQL).
  t = await createTestApp({ METRICS_TOKEN: TOKEN, ...UNCAPPED_ORDERS, OUTBOX_POLL_MS: '600000' });
});
afterAll(async () => {
  await t?.close();
});

const scrape = async (app = t.app) => {
  const res = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode).toBe(200);
  return res.body;
};

describe(`GET /metrics on ${testDatabaseKind}`, () => {
  it('does not exist without METRICS_TOKEN: 404, as any unknown address', async () => {
    const plain = await createTestApp();
    try {
      const res = await plain.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      const unknown = await plain.app.inject({ url: '/no-such-address' });
      expect([res.statusCode, unknown.statusCode]).toEqual([404, 404]);
      expect(res.json()).toEqual({ message: 'Not found: GET /metrics', code: 'NOT_FOUND' });
    } finally {
      await plain.close();
    }
  });

  it("counts the web build's files by folder and pages as one route; without a token, 404 even beside the pages", async () => {
    const webDist = await mkdtemp(path.join(os.tmpdir(), 'metrics-web-'));
    await mkdir(path.join(webDist, 'assets'));
    await writeFile(path.join(webDist, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
    await writeFile(path.join(webDist, 'assets', 'index-Abc123.js'), 'console.log(1);');
    await writeFile(path.join(webDist, 'assets', 'chunk-Def456.js'), 'console.log(2);');
    const [scraped, plain] = await Promise.all([
      createTestApp({ METRICS_TOKEN: TOKEN, WEB_DIST_DIR: webDist }),
      createTestApp({ WEB_DIST_DIR: webDist }),
    ]);
    try {
      for (const url of ['/assets/index-Abc123.js', '/assets/chunk-Def456.js', '/products', '/cart']) {
        expect((await scraped.app.inject({ url })).statusCode, url).toBe(200);
      }
      const text = await scrape(scraped.app);
      expect(sample(text, 'http_requests_total', { method: 'GET', route: '/assets/:file', status: '200' })).toBe(2);
      expect(sample(text, 'http_requests_total', { method: 'GET', route: '/*', status: '200' })).toBe(2);
      expect(text).not.toContain('Abc123');
      const res = await plain.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect([res.statusCode, res.headers['content-type']]).toEqual([404, 'application/json; charset=utf-8']);
    } finally {
      await Promise.all([scraped.close(), plain.close()]);
    }
  });

  it.each([
    ['no Authorization header', undefined],
    ['a wrong token', `Bearer ${TOKEN.slice(0, -1)}x`],
    ['the token with another scheme', `Basic ${TOKEN}`],
    ['the token alone', TOKEN],
    ['a longer token starting with it', `Bearer ${TOKEN}x`],
  ])('answers 401 to %s', async (_what, authorization) => {
    const res = await t.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect(res.json().message).toBe('GET /metrics needs Authorization: Bearer <METRICS_TOKEN>');
    expect(res.body).not.toContain('http_requests_total');
  });

  it("answers Prometheus' text format to the token, never kept by a cache", async () => {
    const res = await t.app.inject({ url: '/metrics', headers: { authorization: `bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('# TYPE http_requests_total counter');
    expect(res.body).toContain('# TYPE http_request_duration_seconds histogram');
  });

  it('counts requests by route pattern and status, each timed in the histogram', async () => {
    const id = await insertProduct(t.database.db, { countInStock: 3 });
    const route = (status: string) => ({ method: 'GET', route: '/api/products/:id', status });
    const count = (text: string, status: string) => sample(text, 'http_requests_total', route(status)) ?? 0;
    const timed = (text: string, status: string) =>
      sample(text, 'http_request_duration_seconds_count', route(status)) ?? 0;
    const before = await scrape();

    for (let i = 0; i < 3; i++) expect((await t.app.inject({ url: `/api/products/${id}` })).statusCode).toBe(200);
    const missing = randomUUID();
    for (let i = 0; i < 2; i++) expect((await t.app.inject({ url: `/api/products/${missing}` })).statusCode).toBe(404);
    const unmatched = `/api/nothing-here-${randomUUID()}`;
    expect((await t.app.inject({ url: unmatched })).statusCode).toBe(404);
    const after = await scrape();

    expect(count(after, '200') - count(before, '200')).toBe(3);
    expect(count(after, '404') - count(before, '404')).toBe(2);
    expect(timed(after, '200') - timed(before, '200')).toBe(3);
    expect(timed(after, '404') - timed(before, '404')).toBe(2);
    // Every request is in the +Inf bucket, and in the 5 s one: none took that long.
    const bucket = (le: string) => sample(after, 'http_request_duration_seconds_bucket', { ...route('200'), le });
    expect(bucket('+Inf')).toBe(count(after, '200'));
    expect(bucket('5')).toBe(count(after, '200'));
    expect(bucket('0.005')).toBeLessThanOrEqual(bucket('0.01')!);
    expect(sample(after, 'http_request_duration_seconds_sum', route('200'))).toBeGreaterThan(0);
    // The product ids and the unknown address are no labels: one series holds every unmatched request.
    expect(after).not.toContain(id);
    expect(after).not.toContain(missing);
    expect(after).not.toContain(unmatched);
    const unknown = { method: 'GET', route: '(unmatched)', status: '404' };
    expect(
      (sample(after, 'http_requests_total', unknown) ?? 0) - (sample(before, 'http_requests_total', unknown) ?? 0),
    ).toBe(1);
    // The scrape itself is a route like any other.
    expect(sample(after, 'http_requests_total', { method: 'GET', route: '/metrics', status: '200' })).toBeGreaterThan(
      0,
    );
  });

  it('counts an order placed once, however often its Idempotency-Key is sent, and each order paid', async () => {
    const shopper = await registerCustomer(t.app);
    const counted = async () => {
      const text = await scrape();
      return [sample(text, 'store_orders_placed_total'), sample(text, 'store_orders_paid_total')];
    };
    const [placed0, paid0] = await counted();
    const id = await insertProduct(t.database.db, { price: 90_000, countInStock: 5 });
    const body = orderBody([{ _id: id, qty: 1 }]);
    const place = async (key: string) => {
      const res = await placeOrder(t.app, shopper.cookie, body, key);
      expect(res.statusCode).toBe(201);
      return res.json() as { _id: string; razorpayOrder: { id: string; amount: number } };
    };
    const key = randomUUID();
    const first = await place(key);
    expect((await place(key))._id).toBe(first._id);
    const second = await place(randomUUID());
    expect(await counted()).toEqual([placed0! + 2, paid0]);

    // Paid by checkout's proof, then the other by Razorpay's webhook; a repeat pays nothing more.
    const proof = checkoutProof(first.razorpayOrder.id);
    expect((await verify(t.app, shopper.cookie, first._id, proof)).statusCode).toBe(200);
    expect((await verify(t.app, shopper.cookie, first._id, proof)).statusCode).toBe(200);
    const payment = {
      id: razorpayStyleId('pay'),
      order_id: second.razorpayOrder.id,
      amount: second.razorpayOrder.amount,
    };
    expect((await webhook(t.app, 'payment.captured', payment)).json()).toEqual({ status: 'processed' });
    expect((await webhook(t.app, 'order.paid', payment)).json()).toEqual({ status: 'processed' });
    expect(await counted()).toEqual([placed0! + 2, paid0! + 2]);
  });

  it("reads the outbox's backlog from its table: pending messages and the oldest one's age", async () => {
    // A message stuck for two hours (its retries failing), and one sent long ago that is no backlog.
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
    await t.database.db.insert(outbox).values([
      {
        kind: 'welcome',
        recipient: 'a@example.in',
        payload: {},
        messageId: `<${randomUUID()}@t>`,
        createdAt: hoursAgo(2),
      },
      {
        kind: 'welcome',
        recipient: 'b@example.in',
        payload: {},
        messageId: `<${randomUUID()}@t>`,
        status: 'sent',
        createdAt: hoursAgo(30),
      },
    ]);
    const text = await scrape();
    const [table] = await queryRows<{ pending: number; oldest: Date }>(
      t.database.db,
      sql`SELECT count(*)::int AS pending, min(created_at) AS oldest FROM outbox WHERE status = 'pending'`,
    );
    expect(sample(text, 'store_outbox_pending_messages')).toBe(table!.pending);
    const age = sample(text, 'store_outbox_oldest_pending_age_seconds')!;
    const expected = (Date.now() - new Date(table!.oldest).getTime()) / 1000;
    expect(age).toBeGreaterThanOrEqual(2 * 3600);
    expect(Math.abs(age - expected)).toBeLessThan(10);
  });

  it('reports the database reachable, its pool, and the process', async () => {
    const text = await scrape();
    expect(sample(text, 'store_db_up')).toBe(1);
    const total = sample(text, 'store_db_pool_connections')!;
    const idle = sample(text, 'store_db_pool_idle_connections')!;
    expect(total).toBeGreaterThanOrEqual(1);
    expect(idle).toBeLessThanOrEqual(total);
    expect(sample(text, 'store_db_pool_waiting_clients')).toBe(0);
    expect(sample(text, 'store_db_pool_errors_total')).toBe(0);
    // prom-client's process metrics, the event loop's delay among them, and no Redis without REDIS_URL.
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sample(text, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    expect(text).not.toContain('store_redis_up');
  });

  it.runIf(process.env.TEST_REDIS_URL)('reports Redis reachable when the rate-limit counters live there', async () => {
    const withRedis = await createTestApp({ METRICS_TOKEN: TOKEN, REDIS_URL: process.env.TEST_REDIS_URL! });
    try {
      expect(withRedis.app.rateLimiter.status()).toEqual({ backend: 'redis', redisReachable: true });
      expect(sample(await scrape(withRedis.app), 'store_redis_up')).toBe(1);
    } finally {
      await withRedis.close();
    }
  });

  it.runIf(testDatabaseKind === 'postgres')(
    'counts the clients waiting for a connection and the checkouts that got none in time',
    async () => {
      const small = await createTestApp({
        METRICS_TOKEN: TOKEN,
        DATABASE_POOL_SIZE: '1',
        DATABASE_POOL_TIMEOUT_MS: '300',
      });
      let release = async () => {};
      try {
        const errors = (text: string) => sample(text, 'store_db_pool_errors_total')!;
        const before = errors(await scrape(small.app));
        release = await holdConnection(small.database);
        const starved = small.database.ping().catch((err: unknown) => err);
        const during = await scrape(small.app);
        expect(sample(during, 'store_db_pool_waiting_clients')).toBeGreaterThanOrEqual(1);
        expect(sample(during, 'store_db_pool_idle_connections')).toBe(0);
        // The scrape's own ping got no connection either: the database is unreachable for this worker.
        expect(sample(during, 'store_db_up')).toBe(0);
        expect(isPoolExhausted(await starved)).toBe(true);
        await release();
        const after = await scrape(small.app);
        expect(errors(after) - before).toBeGreaterThanOrEqual(2);
        expect(sample(after, 'store_db_up')).toBe(1);
      } finally {
        await release();
        await small.close();
      }
    },
  );

  it('reports the database unreachable (0) when it does not answer, and the backlog as unknown', async () => {
    const lost = await createTestApp({ METRICS_TOKEN: TOKEN });
    try {
      await lost.database.close();
      const started = Date.now();
      const text = await scrape(lost.app);
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(sample(text, 'store_db_up')).toBe(0);
      expect(sample(text, 'store_outbox_pending_messages')).toBeNaN();
    } finally {
      await lost.close();
    }
  });
});
