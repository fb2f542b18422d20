import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { istDateIn } from './support/shopper.js';
import { postgresBin, startPrivatePostgres } from './support/private-postgres.js';
import { repoRoot, startServer, type RunningServer } from './support/server.js';

const resultsDir = path.join(repoRoot, 'test-results');
mkdirSync(resultsDir, { recursive: true });

/** As long as a managed database's failover or minor upgrade keeps it away. */
const OUTAGE_MS = 15_000;
/** Issue 31: writes refused within 2 s while the database is away; all back within 15 s of its return. */
const REFUSED_WITHIN_MS = 2_000;
const BACK_WITHIN_MS = 15_000;

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
  ms: number;
}

/** One request on a connection of its own, so the kernel hands them round the workers. */
function call(url: string, init: { method?: string; cookie?: string; body?: unknown; key?: string } = {}) {
  const started = performance.now();
  return new Promise<Answer>((resolve) => {
    const req = http.request(
      url,
      {
        method: init.method ?? 'GET',
        agent: false,
        headers: {
          ...(init.cookie ? { cookie: init.cookie } : {}),
          ...(init.key ? { 'idempotency-key': init.key } : {}),
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        timeout: 10_000,
      },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => {
          let body: Record<string, unknown> = {};
          try {
            body = JSON.parse(text) as Record<string, unknown>;
          } catch {
            // A page, not JSON: the status is what the test reads.
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, ms: performance.now() - started });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${url} did not answer within 10 s`)));
    // No answer at all is status 0: a connection the kernel had handed to the worker the test kills.
    req.on('error', (err) =>
      resolve({ status: 0, headers: {}, body: { message: err.message }, ms: performance.now() - started }),
    );
    req.end(init.body === undefined ? undefined : JSON.stringify(init.body));
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Phase = 'before' | 'outage' | 'after';

interface Placed {
  phase: Phase;
  /** Date.now() when the order was sent. */
  sentAt: number;
  status: number;
  ms: number;
  id?: string;
  message?: unknown;
  retryAfter?: string | undefined;
  verified?: number;
}

/** A shopper checking out one unit at a time, paying each order, until told to stop. */
async function buy(base: string, cookie: string, products: string[], phase: () => Phase, stop: () => boolean) {
  const placed: Placed[] = [];
  for (let i = 0; !stop(); i++) {
    const at = phase();
    const sentAt = Date.now();
    const answer = await call(`${base}/api/orders`, {
      method: 'POST',
      cookie,
      key: randomBytes(12).toString('hex'),
      body: {
        orderItems: [{ _id: products[i % products.length], qty: 1 }],
        shippingAddress: {
          firstName: 'Asha',
          lastName: 'Menon',
          address2: '12 Marine Drive',
          city: 'Ernakulam',
          state: 'Kerala',
          postalCode: '682011',
          phone: '9847012345',
        },
        delivery: { date: istDateIn(1 + (i % 5)), slotId: 'standard' },
        paymentMethod: 'Razorpay',
      },
    });
    const order: Placed = {
      phase: at,
      sentAt,
      status: answer.status,
      ms: answer.ms,
      message: answer.body.message,
      retryAfter: answer.headers['retry-after'] as string | undefined,
    };
    placed.push(order);
    if (answer.status !== 201) {
      await sleep(100);
      continue;
    }
    order.id = answer.body._id as string;
    const paid = await call(`${base}/api/payments/simulated/pay`, {
      method: 'POST',
      body: { razorpayOrderId: (answer.body.razorpayOrder as { id: string }).id, outcome: 'paid' },
    });
    if (paid.status !== 200) continue;
    const proof = paid.body as Record<string, string>;
    const verified = await call(`${base}/api/orders/${order.id}/verify`, {
      method: 'POST',
      cookie,
      body: {
        razorpayOrderId: proof.razorpay_order_id,
        razorpayPaymentId: proof.razorpay_payment_id,
        razorpaySignature: proof.razorpay_signature,
      },
    });
    order.verified = verified.status;
  }
  return placed;
}

async function signUp(base: string): Promise<string> {
  const res = await call(`${base}/api/users`, {
    method: 'POST',
    body: {
      name: 'Asha Menon',
      email: `restart-${randomBytes(5).toString('hex')}@example.com`,
      password: 'a long passphrase',
    },
  });
  expect(res.status, 'signing up').toBe(201);
  return String(res.headers['set-cookie']?.[0]?.split(';')[0]);
}

/** What the database says of the stock of `products` and the units ordered of them. */
async function stockAndOrdered(client: pg.Client, products: string[]) {
  const { rows } = await client.query<{ id: string; stock: number; ordered: number }>(
    `SELECT p.id, p.count_in_stock AS stock,
            COALESCE((SELECT sum(qty) FROM order_items i WHERE i.product_id = p.id), 0)::int AS ordered
       FROM products p WHERE p.id = ANY($1)`,
    [products],
  );
  return new Map(rows.map((r) => [r.id, r]));
}

const workerPids = (server: RunningServer) =>
  [...server.output().matchAll(/"pid":(\d+),[^\n]*"msg":"Store ready on/g)].map((m) => Number(m[1]));

const bin = postgresBin();

describe('a PostgreSQL restart under load', () => {
  it.runIf(bin)(
    'costs failed requests, never the store: reads go on, writes get 503 at once, all is back within 15 s and nothing is lost',
    async () => {
      const database = await startPrivatePostgres(bin!);
      let server: RunningServer | undefined;
      let client: pg.Client | undefined;
      try {
        server = await startServer({
          env: {
            DATABASE_URL: database.url,
            SEED_DEMO: 'true',
            WEB_CONCURRENCY: '2',
            // The shoppers below keep a few orders unpaid whenever the outage falls between placing and paying.
            ORDER_MAX_UNPAID_PER_ACCOUNT: '1000',
            ORDER_MAX_UNPAID_PER_ADDRESS: '1000',
            ORDER_MAX_UNITS_HELD_PER_ACCOUNT: '1000',
          },
          reusePicturesFrom: inject('dataDir') || undefined,
        });
        const base = server.url;
        const bothUp = Date.now() + 30_000;
        while (workerPids(server).length < 2 && Date.now() < bothUp) await sleep(100);
        expect(workerPids(server), 'both workers loaded').toHaveLength(2);

        const connect = async () => {
          const c = new pg.Client({ connectionString: database.url });
          c.on('error', () => undefined);
          await c.connect();
          return c;
        };
        client = await connect();
        // Products sold without sizes or required choices, stocked and with room in every slot, so
        // every order can succeed whenever the database is there.
        const { rows } = await client.query<{ id: string }>(
          `SELECT p.id FROM products p
            WHERE p.available AND p.name <> 'Sample Product' AND NOT EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = p.id)
              AND NOT EXISTS (SELECT 1 FROM jsonb_array_elements(p.options) o WHERE (o->>'required')::boolean)
            ORDER BY p.id LIMIT 3`,
        );
        const products = rows.map((r) => r.id);
        expect(products).toHaveLength(3);
        await client.query('UPDATE products SET count_in_stock = 5000 WHERE id = ANY($1)', [products]);
        await client.query('UPDATE area_slot_types SET capacity = 100000');
        const before = await stockAndOrdered(client, products);
        const cookies = await Promise.all([0, 1, 2, 3].map(() => signUp(base)));

        let phase: Phase = 'before';
        let stopped = false;
        const buyers = Promise.all(
          cookies.map((c) =>
            buy(
              base,
              c,
              products,
              () => phase,
              () => stopped,
            ),
          ),
        );
        await sleep(3_000);

        await client.end();
        await database.stop();
        phase = 'outage';
        const outageEnds = Date.now() + OUTAGE_MS;
        const reads: { what: string; status: number }[] = [];
        let killedAt: number | undefined;
        while (Date.now() < outageEnds) {
          for (const [what, route] of [
            ['health', '/api/health'],
            ['listing', '/api/products?category=Cakes'],
            ['search', '/api/products?keyword=rose'],
            ['product', `/api/products/${products[0]}`],
            ['home page', '/'],
          ] as const) {
            reads.push({ what, status: (await call(`${base}${route}`)).status });
          }
          if (killedAt === undefined && Date.now() > outageEnds - OUTAGE_MS / 2) {
            // A worker that dies while the database is away is replaced, and the store waits for it.
            process.kill(workerPids(server)[0]!, 'SIGKILL');
            killedAt = Date.now();
          }
          await sleep(500);
        }
        await database.start();
        const restarted = Date.now();
        phase = 'after';
        // Changed before this store's notices are back: the workers must catch up on it.
        client = await connect();
        await client.query('UPDATE products SET price = 77700 WHERE id = $1', [products[1]]);

        let back: number | undefined;
        while (back === undefined && Date.now() - restarted < 30_000) {
          const health = await call(`${base}/api/health`);
          const prices = await Promise.all(
            Array.from({ length: 8 }, () => call(`${base}/api/products/${products[1]}`).then((r) => r.body.price)),
          );
          if (health.status === 200 && prices.every((p) => p === 777)) back = Date.now() - restarted;
          else await sleep(200);
        }
        await sleep(3_000);
        stopped = true;
        const placed = (await buyers).flat();

        const refusedMs = placed.filter((p) => p.phase === 'outage' && p.status === 503).map((p) => p.ms);
        // The figures an operator would ask for, in the run's output.
        console.log(
          JSON.stringify({
            backMs: back,
            ordersPlaced: placed.filter((p) => p.status === 201).length,
            ordersRefusedDuringOutage: refusedMs.length,
            slowestRefusalMs: Math.round(Math.max(...refusedMs)),
            catalogueReadsAnswered: `${reads.filter((r) => r.what !== 'health' && r.status === 200).length}/${reads.filter((r) => r.what !== 'health').length}`,
          }),
        );
        expect(back, 'healthy and every worker showing the change made at the restart').toBeDefined();
        expect(back!).toBeLessThanOrEqual(BACK_WITHIN_MS);

        // The health check says the database is away. The catalogue is read from the database
        // (ADR 087): what a worker's answer cache holds is still given, anything else is refused
        // with 503, never another error.
        const during = reads.slice(0, -10);
        expect(during.filter((r) => r.what === 'health').map((r) => r.status)).toEqual(
          during.filter((r) => r.what === 'health').map(() => 503),
        );
        const catalogue = during.filter((r) => r.what !== 'health');
        expect(catalogue.filter((r) => r.status !== 200 && r.status !== 503).length).toBeLessThanOrEqual(1);

        // Orders: placed before and after, refused quickly in between with a sentence and a wait.
        // Orders the killed worker was answering, or that were being handed to it, get no answer
        // (Node's cluster drops them with the worker): one per shopper at most, all sent by then.
        const unanswered = placed.filter((p) => p.status === 0);
        expect(unanswered.length).toBeLessThanOrEqual(cookies.length);
        expect(unanswered.every((p) => p.sentAt <= killedAt! + 1_000)).toBe(true);
        expect(placed.filter((p) => p.status !== 0 && p.status !== 201 && p.status !== 503)).toEqual([]);
        const refused = placed.filter((p) => p.phase === 'outage' && p.status === 503);
        expect(refused.length).toBeGreaterThan(10);
        expect(Math.max(...refused.map((p) => p.ms))).toBeLessThan(REFUSED_WITHIN_MS);
        expect(refused.every((p) => p.retryAfter !== undefined && /try again/.test(String(p.message)))).toBe(true);
        expect(placed.filter((p) => p.phase === 'before' && p.status === 201).length).toBeGreaterThan(0);
        expect(placed.filter((p) => p.phase === 'after' && p.status === 201).length).toBeGreaterThan(0);

        // Nothing acknowledged is lost, and stock adds up.
        const acknowledged = placed.filter((p) => p.status === 201).map((p) => p.id!);
        const paid = placed.filter((p) => p.verified === 200).map((p) => p.id!);
        const found = await client.query<{ id: string; status: string; payment_id: string | null }>(
          'SELECT id, status, payment_id FROM orders WHERE id = ANY($1)',
          [acknowledged],
        );
        expect(found.rows.length).toBe(acknowledged.length);
        const paidRows = found.rows.filter((r) => paid.includes(r.id));
        expect(paidRows.length).toBe(paid.length);
        expect(paidRows.every((r) => r.status === 'paid' && r.payment_id !== null)).toBe(true);
        const after = await stockAndOrdered(client, products);
        for (const id of products) {
          const b = before.get(id)!;
          const a = after.get(id)!;
          expect(a.stock, `stock of ${id}`).toBe(b.stock - (a.ordered - b.ordered));
        }

        // The workers lived through it (but the one killed), and the primary is there to stop.
        expect(server.process.exitCode).toBeNull();
        expect([...server.output().matchAll(/a server worker died/g)]).toHaveLength(1);
        expect(server.output()).not.toMatch(/Unhandled 'error' event|Connection terminated unexpectedly\n/);
        const stopping = server.output().length;
        server.process.kill('SIGTERM');
        const code = await server.exited;
        // What went wrong in the stop, for whoever reads a failure in CI: warnings, errors and
        // anything a worker printed that is not a log line (a crash's stack).
        const trouble = server
          .output()
          .slice(stopping)
          .split('\n')
          .filter((line) => line && !/^\{"level":[23]0,/.test(line))
          .map((line) => line.slice(0, 600));
        expect(code, trouble.join('\n')).toBe(0);
        // Nor did anything fail on the way: a background run cut off under a closed pool used to.
        expect(trouble.filter((line) => /^\{"level":[56]0,/.test(line))).toEqual([]);
      } finally {
        // The store's own account of the outage, for whoever reads a failure.
        if (server)
          await writeFile(path.join(resultsDir, 'database-restart.log'), server.output()).catch(() => undefined);
        if (server && server.process.exitCode === null) server.process.kill('SIGKILL');
        await client?.end().catch(() => undefined);
        await database.destroy();
      }
    },
  );
});
