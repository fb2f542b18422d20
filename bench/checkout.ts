/**
 * Checkout benchmark: shoppers placing orders and paying them (simulated Razorpay) against the
 * real built server, on each database. Every checkout is three requests: POST /api/orders (stock
 * taken in a transaction), the simulated gateway's pay, and POST /api/orders/:id/verify (the
 * signature checked and the payment applied under a row lock). Reports checkouts per second and
 * the latency of placing and verifying. See README.md.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.js';
import { migrateDatabase } from '../apps/server/src/db/migrate.js';
import { recreateDatabase } from './postgres-admin.js';
import { seedProducts } from './seed-products.js';
import { startServer } from './server-process.js';

/**
 * A delivery a day or more ahead, spread over dates and slots so that many orders never fill one
 * slot (20 places each in the cities): what matters here is not the slot.
 */
const deliveryFor = (i: number) => ({
  date: new Date(Date.now() + 5.5 * 3_600_000 + (1 + (i % 59)) * 86_400_000).toISOString().slice(0, 10),
  slotId: ['standard', 'fixed-1500', 'fixed-1700', 'fixed-1900'][Math.floor(i / 59) % 4],
});

type DbKind = 'pglite' | 'postgres';
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const resultsDir = fileURLToPath(new URL('results', import.meta.url));
const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/store_bench';
const json = { 'content-type': 'application/json' };
const address = {
  firstName: 'Bench',
  lastName: 'Shopper',
  address2: '1 MG Road',
  city: 'Kochi',
  state: 'Kerala',
  postalCode: '682011',
  phone: '9847012345',
};

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'both' },
    duration: { type: 'string', default: '10' },
    shoppers: { type: 'string', default: '20' },
  },
});
const databases: DbKind[] = values.db === 'both' ? ['pglite', 'postgres'] : [values.db as DbKind];
const durationMs = Number(values.duration) * 1000;
const shopperCount = Number(values.shoppers);
if (!databases.every((d) => d === 'pglite' || d === 'postgres') || !(durationMs > 0) || !(shopperCount > 0)) {
  throw new Error('Usage: npm run bench:checkout -- [--db pglite|postgres|both] [--duration S] [--shoppers N]');
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! * 10) / 10 : 0;

async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  const started = performance.now();
  const res = await fetch(url, { method: 'POST', headers: { ...json, ...headers }, body: JSON.stringify(body) });
  const data = (await res.json()) as Record<string, unknown>;
  return { status: res.status, data, ms: performance.now() - started, res };
}

async function run(kind: DbKind) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `store-bench-checkout-${kind}-`));
  const databaseUrl = kind === 'postgres' ? (process.env.BENCH_DATABASE_URL ?? DEFAULT_DATABASE_URL) : undefined;
  await mkdir(resultsDir, { recursive: true });
  const stamp = `${new Date().toISOString().replace(/[:.]/g, '-')}-checkout-${kind}`;
  try {
    if (databaseUrl) await recreateDatabase(databaseUrl);
    const database = await openDatabase({ dataDir, databaseUrl });
    try {
      await migrateDatabase(database);
      await seedProducts(database, 200);
      // Enough stock that the run measures checkouts, not "sold out" answers.
      await database.db.execute(sql`UPDATE products SET count_in_stock = 1000000, available = true`);
    } finally {
      await database.close();
    }
    // One address registers every shopper and places every order: lift the per-address limits.
    Object.assign(process.env, {
      RATE_LIMIT_REGISTER: 'off',
      RATE_LIMIT_LOGIN_ADDRESS: 'off',
      ORDER_MAX_UNPAID_PER_ADDRESS: 'off',
      SIMULATED_WEBHOOK_DELAY_MS: '600000',
    });
    const server = await startServer({
      repoRoot,
      dataDir,
      databaseUrl,
      logFile: path.join(resultsDir, `${stamp}-server.log`),
    });
    try {
      const base = server.baseUrl;
      const list = (await (await fetch(`${base}/api/products?pageLimit=40`)).json()) as { products: { _id: string }[] };
      const productIds = list.products.map((p) => p._id);
      const cookies = await Promise.all(
        Array.from({ length: shopperCount }, async () => {
          const { res } = await post(`${base}/api/users`, {
            name: 'Bench Shopper',
            email: `bench.${randomBytes(6).toString('hex')}@example.in`,
            password: 'benchmark passphrase',
          });
          return res.headers.getSetCookie()[0]!.split(';')[0]!;
        }),
      );
      const place: number[] = [];
      const verify: number[] = [];
      let checkouts = 0;
      let failures = 0;
      const deadline = performance.now() + durationMs;
      await Promise.all(
        cookies.map(async (cookie, n) => {
          for (let i = 0; performance.now() < deadline; i++) {
            const productId = productIds[(n * 7 + i) % productIds.length]!;
            const placed = await post(
              `${base}/api/orders`,
              {
                orderItems: [{ _id: productId, qty: 1 }],
                shippingAddress: address,
                delivery: deliveryFor(n * 10_000 + i),
                paymentMethod: 'Razorpay',
              },
              { cookie, 'idempotency-key': randomBytes(12).toString('hex') },
            );
            if (placed.status !== 201) {
              failures += 1;
              continue;
            }
            place.push(placed.ms);
            const order = placed.data as { _id: string; razorpayOrder: { id: string } };
            const paid = await post(`${base}/api/payments/simulated/pay`, {
              razorpayOrderId: order.razorpayOrder.id,
              outcome: 'paid',
            });
            const proof = paid.data as Record<string, string>;
            const verified = await post(
              `${base}/api/orders/${order._id}/verify`,
              {
                razorpayOrderId: proof.razorpay_order_id,
                razorpayPaymentId: proof.razorpay_payment_id,
                razorpaySignature: proof.razorpay_signature,
              },
              { cookie },
            );
            if (verified.status !== 200) {
              failures += 1;
              continue;
            }
            verify.push(verified.ms);
            checkouts += 1;
          }
        }),
      );
      place.sort((a, b) => a - b);
      verify.sort((a, b) => a - b);
      const report = {
        database: kind,
        shoppers: shopperCount,
        durationSeconds: durationMs / 1000,
        checkoutsPerSecond: Math.round((checkouts / (durationMs / 1000)) * 10) / 10,
        checkouts,
        failures,
        placeOrderMs: { p50: percentile(place, 50), p99: percentile(place, 99) },
        verifyMs: { p50: percentile(verify, 50), p99: percentile(verify, 99) },
        machine: { cpus: os.availableParallelism(), node: process.version },
      };
      await writeFile(path.join(resultsDir, `${stamp}.json`), `${JSON.stringify(report, null, 2)}\n`);
      console.log(
        `${kind}: ${report.checkoutsPerSecond} checkouts/s (${checkouts} paid, ${failures} failed) with ${shopperCount} shoppers; ` +
          `place order p50 ${report.placeOrderMs.p50} ms p99 ${report.placeOrderMs.p99} ms; ` +
          `verify p50 ${report.verifyMs.p50} ms p99 ${report.verifyMs.p99} ms`,
      );
      return report;
    } finally {
      await server.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

let failed = false;
for (const kind of databases) {
  const report = await run(kind);
  if (report.failures > 0 || report.checkouts === 0) failed = true;
}
process.exit(failed ? 1 : 0);
