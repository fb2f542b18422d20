/**
 * Checkout benchmark: shoppers placing orders and paying them (simulated Razorpay) against the
 * real built server, on each database. Every checkout is three requests: POST /api/orders (stock
 * taken in a transaction), the simulated gateway's pay, and POST /api/orders/:id/verify (the
 * signature checked and the payment applied under a row lock). Reports checkouts per second and
 * the latency of placing and verifying. See README.md.
 */
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
import { checkout, percentile, signUp } from './shopper.js';

type DbKind = 'pglite' | 'postgres';
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const resultsDir = fileURLToPath(new URL('results', import.meta.url));
const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/store_bench';

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
    // Production refuses the simulated gateway unless this is a demo store on purpose.
    Object.assign(process.env, {
      ALLOW_DEMO: 'true',
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
      const cookies = await Promise.all(Array.from({ length: shopperCount }, () => signUp(base)));
      const place: number[] = [];
      const verify: number[] = [];
      let checkouts = 0;
      let failures = 0;
      const deadline = performance.now() + durationMs;
      await Promise.all(
        cookies.map(async (cookie, n) => {
          for (let i = 0; performance.now() < deadline; i++) {
            const productId = productIds[(n * 7 + i) % productIds.length]!;
            const { place: placed, verify: verified } = await checkout(base, cookie, productId, n * 10_000 + i);
            if (placed.status !== 201) {
              failures += 1;
              continue;
            }
            place.push(placed.ms);
            if (verified?.status !== 200) {
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
