/**
 * Dashboard benchmark: the owner's dashboard on PostgreSQL with a store's worth of history
 * (100,000 orders over a year, 50,000 shoppers by default), against the real built server. Each
 * period is asked `--requests` times by `--concurrency` admins at once, after a warm-up, and must
 * answer in at most 100 ms at p95 (issue 18). Exits non-zero over the target or on any answer but
 * 200. See README.md ("The owner's dashboard").
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.js';
import { migrateDatabase } from '../apps/server/src/db/migrate.js';
import { users } from '../apps/server/src/db/schema.js';
import { hashPassword } from '../apps/server/src/modules/users/users.passwords.js';
import { recreateDatabase } from './postgres-admin.js';
import { seedOrders } from './seed-orders.js';
import { seedProducts } from './seed-products.js';
import { startServer } from './server-process.js';
import { percentile } from './shopper.js';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const resultsDir = fileURLToPath(new URL('results', import.meta.url));
const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/store_bench_dashboard';
const TARGET_P95_MS = 100;
const WARM_UP_REQUESTS = 10;
const ADMIN = { name: 'Bench Admin', email: 'admin@bench.example', password: 'bench-admin-pass-2026' };

const { values } = parseArgs({
  options: {
    orders: { type: 'string', default: '100000' },
    users: { type: 'string', default: '50000' },
    products: { type: 'string', default: '2000' },
    requests: { type: 'string', default: '200' },
    concurrency: { type: 'string', default: '4' },
    'keep-data': { type: 'boolean', default: false },
  },
});
const settings = {
  orders: Number(values.orders),
  users: Number(values.users),
  products: Number(values.products),
  requests: Number(values.requests),
  concurrency: Number(values.concurrency),
};
if (!Object.values(settings).every((n) => Number.isInteger(n) && n > 0)) {
  throw new Error(
    'Usage: npm run bench:dashboard -- [--orders N] [--users N] [--products N] [--requests N] [--concurrency N] [--keep-data]',
  );
}
const databaseUrl = process.env.BENCH_DASHBOARD_DATABASE_URL ?? DEFAULT_DATABASE_URL;

const PERIODS = ['today', '7d', '30d'] as const;

async function prepare(): Promise<void> {
  await recreateDatabase(databaseUrl);
  const database = await openDatabase({ databaseUrl });
  try {
    await migrateDatabase(database);
    const seeding = performance.now();
    await seedProducts(database, settings.products);
    await database.db.insert(users).values({
      name: ADMIN.name,
      email: ADMIN.email,
      passwordHash: await hashPassword(ADMIN.password),
      isAdmin: true,
    });
    await seedOrders(database, { users: settings.users, orders: settings.orders, days: 365 });
    await database.db.execute(sql`VACUUM ANALYZE`);
    console.log(`seeded in ${Math.round((performance.now() - seeding) / 1000)} s`);
  } finally {
    await database.close();
  }
}

async function timed(url: string, cookie: string): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const res = await fetch(url, { headers: { cookie } });
  await res.arrayBuffer();
  return { ms: performance.now() - started, status: res.status };
}

/** `requests` answers from `concurrency` admins asking one after another; the latencies in order. */
async function measure(url: string, cookie: string) {
  for (let i = 0; i < WARM_UP_REQUESTS; i++) await timed(url, cookie);
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  let next = 0;
  await Promise.all(
    Array.from({ length: settings.concurrency }, async () => {
      while (next < settings.requests) {
        next += 1;
        const { ms, status } = await timed(url, cookie);
        latencies.push(ms);
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: Math.round(latencies.at(-1)! * 10) / 10,
    statuses,
  };
}

async function main() {
  await mkdir(resultsDir, { recursive: true });
  const stamp = `${new Date().toISOString().replace(/[:.]/g, '-')}-dashboard`;
  if (!values['keep-data']) await prepare();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'store-bench-dashboard-'));
  // Production refuses the demo payment keys unless this is a demo store on purpose; the
  // benchmark pays nothing.
  process.env.ALLOW_DEMO ??= 'true';
  const server = await startServer({
    repoRoot,
    dataDir,
    databaseUrl,
    logFile: path.join(resultsDir, `${stamp}-server.log`),
  });
  try {
    const auth = await fetch(`${server.baseUrl}/api/users/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
    });
    if (auth.status !== 200) throw new Error(`the benchmark's admin could not sign in: ${auth.status}`);
    const cookie = auth.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const results = [];
    for (const period of PERIODS) {
      const result = await measure(`${server.baseUrl}/api/admin/dashboard?period=${period}`, cookie);
      results.push({ period, ...result });
    }
    const report = {
      settings,
      targetP95Ms: TARGET_P95_MS,
      results,
      machine: { cpus: os.availableParallelism(), node: process.version },
    };
    await writeFile(path.join(resultsDir, `${stamp}.json`), `${JSON.stringify(report, null, 2)}\n`);
    console.log(
      `PostgreSQL, ${settings.orders} orders, ${settings.users} users, ${settings.products} products; ` +
        `${settings.requests} requests per period, ${settings.concurrency} at once (ms)`,
    );
    console.log('   p50     p95     p99     max  GET /api/admin/dashboard');
    const cell = (n: number) => n.toFixed(1).padStart(6);
    let failed = false;
    for (const r of results) {
      const wrong = Object.keys(r.statuses).some((s) => s !== '200');
      const over = r.p95 > TARGET_P95_MS;
      failed ||= wrong || over;
      const note = wrong ? `  answers: ${JSON.stringify(r.statuses)}` : over ? `  over ${TARGET_P95_MS} ms at p95` : '';
      console.log(`${cell(r.p50)}  ${cell(r.p95)}  ${cell(r.p99)}  ${cell(r.max)}  ?period=${r.period}${note}`);
    }
    if (failed) process.exitCode = 1;
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
