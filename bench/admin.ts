/**
 * Admin benchmark (issue 18): the admin's list pages, the owner's dashboard and the orders' CSV
 * export against the real built server on PostgreSQL, with 50,000 accounts and 100,000 orders.
 *
 * Prepares the database through the server's own path (migrations, PIN codes, demo catalogue),
 * bulk-inserts the accounts and orders in SQL (admin-seed.ts), adds synthetic products, creates an
 * admin with the app's own code and signs in as them through the API. Each endpoint is then asked
 * a different URL every request (pages deep and shallow, searches, filters, every sort) by a few
 * keep-alive connections, and its p50/p95/p99 reported; the export is read whole while the server's
 * memory is sampled. Prints a table, writes bench/results/<timestamp>-admin.json, and exits 1 when
 * a goal is missed. See README.md.
 */
import { request, Agent } from 'node:http';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase, queryRows, type Db } from '../apps/server/src/db/client.js';
import { prepareDatabase } from '../apps/server/src/db/prepare.js';
import { createAdmin, generatePassword } from '../apps/server/src/modules/users/create-admin.js';
import { hashPassword } from '../apps/server/src/modules/users/users.passwords.js';
import { findUserByEmail, updateUser } from '../apps/server/src/modules/users/users.repository.js';
import { seedAdminData, type AdminSeedCounts } from './admin-seed.js';
import { recreateDatabase } from './postgres-admin.js';
import { serverMemory } from './process-memory.js';
import { seedProducts, seededRng, type Rng } from './seed-products.js';
import { startServer } from './server-process.js';
import { percentile, post } from './shopper.js';
import { printRows } from './report.js';

const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/store_admin_bench';
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const resultsDir = fileURLToPath(new URL('results', import.meta.url));
const relative = (file: string) => path.relative(process.cwd(), file);

/** Issue 18's goals. */
const GOAL_P95_MS = 100;
const GOAL_EXPORT_SECONDS = 10;
/**
 * Growth of the server's resident memory during the export that still counts as flat: a stream
 * holds one batch of 500 rows (well under a megabyte) plus socket buffers, while an export built
 * in memory would hold all 100,000 rows, several times the CSV's ~25 MB.
 */
const FLAT_MEMORY_MB = 50;
const MEMORY_SAMPLE_MS = 100;
const WARMUP_SECONDS = 2;
const REQUEST_TIMEOUT_MS = 30_000;
/** The admin benchmark's own admin, made by the app's create-admin code. */
const ADMIN_EMAIL = 'bench.admin@example.in';

const BENCH_DEFAULT_ENV = {
  // One process: the figures are one worker's, and the export's memory is that process's.
  WEB_CONCURRENCY: '1',
  // The demo catalogue brings the demo accounts with their published passwords, which production
  // refuses unless this is a demo store on purpose.
  ALLOW_DEMO: 'true',
  // Every request comes from one address; the point is how fast the answers are, not shedding.
  MAX_IN_FLIGHT_REQUESTS: '0',
  MAX_EVENT_LOOP_DELAY_MS: '0',
};
const TUNING_ENV = ['WEB_CONCURRENCY', 'DATABASE_POOL_SIZE', 'MAX_IN_FLIGHT_REQUESTS', 'MAX_EVENT_LOOP_DELAY_MS'];

const USAGE = `Usage: npm run bench:admin -- [--users N] [--orders N] [--products N] [--duration S] [--connections C] [--reuse]
  --users        synthetic accounts (default: 50000)
  --orders       synthetic orders (default: 100000)
  --products     synthetic products beside the demo catalogue (default: 10000)
  --duration     seconds measured per endpoint, after a ${WARMUP_SECONDS} s warm-up (default: 10)
  --connections  concurrent keep-alive connections (default: 4; admins are few)
  --reuse        keep the database of an earlier run with these sizes instead of re-creating it
Env: BENCH_DATABASE_URL (default ${DEFAULT_DATABASE_URL}); without --reuse it is dropped and re-created.`;

interface Options {
  users: number;
  orders: number;
  products: number;
  duration: number;
  connections: number;
  reuse: boolean;
}

function positiveInt(name: string, value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 1) throw new Error(`--${name} must be a positive whole number, got "${value}"`);
  return n;
}

function parseOptions(args: string[]): Options {
  const { values } = parseArgs({
    args,
    options: {
      users: { type: 'string', default: '50000' },
      orders: { type: 'string', default: '100000' },
      products: { type: 'string', default: '10000' },
      duration: { type: 'string', default: '10' },
      connections: { type: 'string', default: '4' },
      reuse: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  return {
    users: positiveInt('users', values.users),
    orders: positiveInt('orders', values.orders),
    products: positiveInt('products', values.products),
    duration: positiveInt('duration', values.duration),
    connections: positiveInt('connections', values.connections),
    reuse: values.reuse,
  };
}

/** Real values to search for, read from the seeded orders and accounts. */
interface Samples {
  orders: { number: number; id: string; email: string; phone: string }[];
  users: { name: string; email: string }[];
  productWords: string[];
  orderCount: number;
  userCount: number;
  productCount: number;
}

async function readSamples(db: Db): Promise<Samples> {
  const orders = await queryRows<Samples['orders'][number]>(
    db,
    sql`SELECT number, id::text, user_email AS email, shipping_address->>'phone' AS phone
        FROM orders TABLESAMPLE SYSTEM (5) REPEATABLE (7) LIMIT 300`,
  );
  const users = await queryRows<Samples['users'][number]>(
    db,
    sql`SELECT name, email FROM users TABLESAMPLE SYSTEM (5) REPEATABLE (7) WHERE NOT is_admin LIMIT 300`,
  );
  const words = await queryRows<{ word: string }>(
    db,
    sql`SELECT DISTINCT lower(w) AS word FROM products, regexp_split_to_table(name, '\\s+') AS w
        WHERE length(w) >= 4 AND w ~ '^[A-Za-z]+$' ORDER BY 1`,
  );
  const [counts] = await queryRows<{ orders: number; users: number; products: number }>(
    db,
    sql`SELECT (SELECT count(*) FROM orders)::int AS orders, (SELECT count(*) FROM users)::int AS users,
               (SELECT count(*) FROM products)::int AS products`,
  );
  return {
    orders,
    users,
    productWords: words.map((w) => w.word),
    orderCount: counts!.orders,
    userCount: counts!.users,
    productCount: counts!.products,
  };
}

/** An admin made by the app's own code; on a reused database the existing one gets a new password. */
async function ensureAdmin(db: Db): Promise<string> {
  const password = generatePassword();
  const created = await createAdmin(db, { email: ADMIN_EMAIL, name: 'Bench Admin', password });
  if (created.outcome === 'refused') throw new Error(`could not create the admin: ${created.reason}`);
  if (created.outcome === 'promoted') {
    const admin = await findUserByEmail(db, ADMIN_EMAIL);
    await updateUser(db, admin!.id, { passwordHash: await hashPassword(password) });
  }
  return password;
}

interface Prepared {
  samples: Samples;
  seed: AdminSeedCounts | null;
  seedSeconds: number;
  databaseVersion: string;
  adminPassword: string;
}

/**
 * Migrates, loads PIN codes and seeds the demo catalogue through the server's prepareDatabase, as
 * a first start with SEED_DEMO=true does; then the accounts and orders, then the synthetic
 * products (which vacuums and analyses). With --reuse a database that already has the orders is
 * only migrated.
 */
async function prepare(databaseUrl: string, dataDir: string, options: Options): Promise<Prepared> {
  if (!options.reuse) await recreateDatabase(databaseUrl);
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'development',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
  });
  const database = await openDatabase({ databaseUrl, dataDir });
  try {
    const started = performance.now();
    await prepareDatabase(database, config, pino({ level: 'warn' }));
    const [existing] = await queryRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM orders`);
    let seed: AdminSeedCounts | null = null;
    if (!options.reuse || existing!.n < options.orders) {
      if (existing!.n > 0) throw new Error('--reuse found a database with fewer orders than asked for; run without it');
      console.log(
        `seeding ${options.users.toLocaleString('en-US')} accounts and ${options.orders.toLocaleString('en-US')} orders...`,
      );
      seed = await seedAdminData(database.db, { users: options.users, orders: options.orders });
      console.log(`seeding ${options.products.toLocaleString('en-US')} synthetic products...`);
      await seedProducts(database, options.products);
    }
    const seedSeconds = Math.round((performance.now() - started) / 100) / 10;
    const adminPassword = await ensureAdmin(database.db);
    const [version] = await queryRows<{ version: string }>(database.db, sql`SELECT version()`);
    return {
      samples: await readSamples(database.db),
      seed,
      seedSeconds,
      databaseVersion: version?.version ?? 'unknown',
      adminPassword,
    };
  } finally {
    await database.close();
  }
}

/** A URL and what kind of request it is, so the report can say which kinds are slow. */
interface AdminUrl {
  shape: string;
  path: string;
}

const pick = <T>(items: readonly T[], rng: Rng): T => items[Math.floor(rng() * items.length)]!;
const int = (from: number, to: number, rng: Rng) => from + Math.floor(rng() * (to - from + 1));
const query = (params: Record<string, string | number | undefined>) =>
  Object.entries(params)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
    .join('&');

/** An IST date `days` from today. */
const istDay = (days: number) => new Date(Date.now() + 5.5 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

/** The pages an admin visits: mostly the first few, sometimes one deep in the list, and the last. */
function pageOf(pages: number, rng: Rng): number {
  const r = rng();
  if (r < 0.4) return 1;
  if (r < 0.8) return Math.min(pages, int(2, 10, rng));
  if (r < 0.95) return Math.min(pages, int(11, Math.max(11, Math.floor(pages / 2)), rng));
  return Math.max(1, pages - int(0, 5, rng));
}

/** Part of an email the way an admin types one: a name, a name and surname, or digits and a domain. */
function emailFragment(email: string, rng: Rng): string {
  const [local, domain] = email.split('@') as [string, string];
  const r = rng();
  if (r < 0.35) return local.split(/[._]/)[0]!.slice(0, int(4, 6, rng));
  if (r < 0.7) return local.replace(/\d+$/, '');
  if (r < 0.9) return local;
  return `${local.match(/\d+$/)?.[0] ?? ''}@${domain.split('.')[0]}`;
}

/** A mobile number in the ways shoppers write it: 98470 12345, +919847012345, 09847012345, 9847012345. */
function phoneAsTyped(phone: string, rng: Rng): string {
  const digits = phone.replace(/^\+91/, '');
  return pick([`${digits.slice(0, 5)} ${digits.slice(5)}`, phone, `0${digits}`, digits], rng);
}

const ORDER_STAGES = ['awaiting_payment', 'paid', 'packed', 'out_for_delivery', 'delivered', 'expired'];
const ORDER_SORTS = ['createdAt', 'number', 'total', 'deliveryDate'];

function orderUrl(samples: Samples, rng: Rng): AdminUrl {
  const pageSize = 50;
  const pages = Math.ceil(samples.orderCount / pageSize);
  const order = samples.orders[Math.floor(rng() * samples.orders.length)]!;
  const r = rng();
  const at = (shape: string, params: Record<string, string | number | undefined>) => ({
    shape,
    path: `/api/orders/admin?${query(params)}`,
  });
  if (r < 0.2) return at('newest first, a page', { page: pageOf(pages, rng) });
  if (r < 0.35) {
    const sort = pick(ORDER_SORTS, rng);
    const direction = pick(['asc', 'desc'], rng);
    return at(`sorted by ${sort}`, { page: pageOf(pages, rng), sort, order: direction });
  }
  if (r < 0.47) {
    const status = pick(ORDER_STAGES, rng);
    return at(`status=${status}`, { status, page: int(1, 3, rng) });
  }
  if (r < 0.53) return at('paid=true|false', { paid: pick(['true', 'false'], rng), page: int(1, 5, rng) });
  if (r < 0.65) {
    const from = int(-60, 60, rng);
    const span = pick([0, 0, 1, 6, 29], rng);
    const shape = span === 0 ? 'delivery on one day' : 'delivery date range';
    const params = { from: istDay(from), to: istDay(from + span), page: span > 6 ? int(1, 10, rng) : 1 };
    if (rng() < 0.3) return at(`${shape} + status`, { ...params, status: pick(['paid', 'packed', 'delivered'], rng) });
    if (rng() < 0.3) return at(`${shape}, sorted`, { ...params, sort: pick(ORDER_SORTS, rng), order: 'asc' });
    return at(shape, params);
  }
  if (r < 0.75) {
    const forms = [`PW-${String(order.number).padStart(6, '0')}`, `pw${order.number}`, String(order.number)];
    return at('search: order number', { q: pick(forms, rng) });
  }
  if (r < 0.88) return at('search: email fragment', { q: emailFragment(order.email, rng) });
  if (r < 0.96) return at('search: phone', { q: phoneAsTyped(order.phone, rng) });
  return at('search: id prefix', { q: order.id.slice(0, int(6, 13, rng)) });
}

function userUrl(samples: Samples, rng: Rng): AdminUrl {
  const pages = Math.ceil(samples.userCount / 50);
  const user = samples.users[Math.floor(rng() * samples.users.length)]!;
  const r = rng();
  const at = (shape: string, params: Record<string, string | number | undefined>) => ({
    shape,
    path: `/api/users/admin?${query(params)}`,
  });
  if (r < 0.25) return at('newest first, a page', { page: pageOf(pages, rng) });
  if (r < 0.45) {
    const sort = pick(['createdAt', 'name', 'email'], rng);
    return at(`sorted by ${sort}`, { page: pageOf(pages, rng), sort, order: pick(['asc', 'desc'], rng) });
  }
  if (r < 0.55) return at('role=admin', { role: 'admin' });
  if (r < 0.65) return at('role=customer', { role: 'customer', page: pageOf(pages, rng) });
  if (r < 0.8) {
    const [first, last] = user.name.split(' ') as [string, string];
    const q = pick([first, last, user.name, first.slice(0, 4)], rng).toLowerCase();
    return at('search: name', { q, page: rng() < 0.2 ? 2 : undefined });
  }
  if (r < 0.95) return at('search: email fragment', { q: emailFragment(user.email, rng) });
  return at('search + role + sort', {
    q: emailFragment(user.email, rng),
    role: 'customer',
    sort: pick(['name', 'email'], rng),
    order: 'asc',
  });
}

function productUrl(samples: Samples, rng: Rng): AdminUrl {
  const pages = Math.ceil(samples.productCount / 100);
  if (rng() < 0.6) return { shape: 'a page', path: `/api/products/admin?pageNumber=${pageOf(pages, rng)}` };
  const q = pick(samples.productWords, rng);
  const word = rng() < 0.3 ? q.slice(0, int(3, q.length, rng)) : q;
  return {
    shape: 'search: name',
    path: `/api/products/admin?pageNumber=${rng() < 0.8 ? 1 : 2}&q=${encodeURIComponent(word)}`,
  };
}

const DASHBOARD_PERIODS = ['today', '7d', '30d'];

function auditUrl(rng: Rng): AdminUrl {
  if (rng() < 0.6) return { shape: 'a page', path: `/api/admin/audit?page=${int(1, 3, rng)}` };
  const from = int(-30, 0, rng);
  return { shape: 'date range', path: `/api/admin/audit?${query({ from: istDay(from), to: istDay(from + 7) })}` };
}

/** A fixed list of URLs per endpoint, drawn once, asked in a loop: many different URLs, the same every run. */
const URLS_PER_ENDPOINT = 600;
const drawUrls = (make: (rng: Rng) => AdminUrl, seed: number) => {
  const rng = seededRng(seed);
  return Array.from({ length: URLS_PER_ENDPOINT }, () => make(rng));
};

const agent = new Agent({ keepAlive: true, maxSockets: 64 });

interface Answer {
  status: number;
  ms: number;
  body: string;
}

/** One GET over a keep-alive connection, asking for compression as the admin's browser does. */
function get(baseUrl: string, path: string, cookie: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(
      `${baseUrl}${path}`,
      { agent, headers: { cookie, 'accept-encoding': 'br, gzip' }, timeout: REQUEST_TIMEOUT_MS },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            ms: performance.now() - started,
            // Only checks read bodies, and only uncompressed error answers need to be legible.
            body: res.headers['content-encoding'] ? '' : Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`GET ${path} timed out`)));
    req.on('error', reject);
    req.end();
  });
}

interface Latency {
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

const latencyOf = (ms: number[]): Latency => {
  const sorted = [...ms].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: percentile(sorted, 100),
  };
};

/** Linux's clock ticks per second, in which /proc reports CPU time. */
const CLOCK_TICKS = 100;

/** CPU seconds one process has used (user and system), from /proc; 0 off Linux. */
async function processCpuSeconds(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  // The command name in parentheses may hold spaces: count fields after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) / CLOCK_TICKS;
}

/** CPU seconds the server and its workers have used. */
async function cpuSeconds(pid: number): Promise<number> {
  const cpu = await Promise.all((await serverMemory(pid)).map((p) => processCpuSeconds(p.pid)));
  return cpu.reduce((sum, s) => sum + s, 0);
}

interface EndpointReport {
  endpoint: string;
  path: string;
  requests: number;
  /**
   * The server's own CPU time per measured request: unlike latency, hardly changed by what else
   * the machine runs. The database's CPU is not in it.
   */
  serverCpuMsPerRequest: number;
  /** The machine's 1-minute load average when the run ended (2 cores: above 2, work waits for a core). */
  loadAverage: number;
  requestsPerSecond: number;
  distinctUrls: number;
  latencyMs: Latency;
  failed: number;
  statusCodes: Record<string, number>;
  /** The same figures per kind of URL, slowest p95 first. */
  shapes: { shape: string; requests: number; latencyMs: Latency }[];
}

/**
 * Asks `urls` in a loop from `connections` concurrent keep-alive connections for `seconds`, each
 * connection taking the next URL as soon as its last answer is complete. A warm-up of the same kind
 * comes first and is not counted.
 */
async function measureEndpoint(
  baseUrl: string,
  cookie: string,
  serverPid: number,
  endpoint: { name: string; path: string; urls: AdminUrl[] },
  options: Pick<Options, 'connections' | 'duration'>,
): Promise<EndpointReport> {
  let next = 0;
  const run = async (seconds: number) => {
    const samples: { url: AdminUrl; ms: number; status: number }[] = [];
    const deadline = performance.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: options.connections }, async () => {
        while (performance.now() < deadline) {
          const url = endpoint.urls[next++ % endpoint.urls.length]!;
          const answer = await get(baseUrl, url.path, cookie).catch(() => ({ status: 0, ms: 0 }));
          samples.push({ url, ms: answer.ms, status: answer.status });
        }
      }),
    );
    return samples;
  };
  await run(WARMUP_SECONDS);
  const cpuBefore = await cpuSeconds(serverPid);
  const samples = await run(options.duration);
  const cpu = (await cpuSeconds(serverPid)) - cpuBefore;
  const statusCodes: Record<string, number> = {};
  for (const s of samples) statusCodes[s.status] = (statusCodes[s.status] ?? 0) + 1;
  const byShape = new Map<string, number[]>();
  for (const s of samples) {
    if (!byShape.has(s.url.shape)) byShape.set(s.url.shape, []);
    byShape.get(s.url.shape)!.push(s.ms);
  }
  return {
    endpoint: endpoint.name,
    path: endpoint.path,
    requests: samples.length,
    serverCpuMsPerRequest: Math.round((cpu * 1000 * 10) / Math.max(1, samples.length)) / 10,
    loadAverage: Math.round(os.loadavg()[0]! * 10) / 10,
    requestsPerSecond: Math.round((samples.length / options.duration) * 10) / 10,
    distinctUrls: new Set(samples.map((s) => s.url.path)).size,
    latencyMs: latencyOf(samples.map((s) => s.ms)),
    failed: samples.filter((s) => s.status !== 200).length,
    statusCodes,
    shapes: [...byShape]
      .map(([shape, ms]) => ({ shape, requests: ms.length, latencyMs: latencyOf(ms) }))
      .sort((a, b) => b.latencyMs.p95 - a.latencyMs.p95),
  };
}

/**
 * Every URL once before measuring: each must answer 200 (so a broken query cannot pass for a fast
 * one), and a search for an existing order's number must find it.
 */
async function checkUrls(baseUrl: string, cookie: string, name: string, urls: AdminUrl[]): Promise<void> {
  for (const url of new Map(urls.map((u) => [u.path, u])).values()) {
    const answer = await get(baseUrl, url.path, cookie);
    if (answer.status !== 200) throw new Error(`${name}: GET ${url.path} answered ${answer.status} ${answer.body}`);
  }
}

async function signIn(baseUrl: string, password: string): Promise<string> {
  const { status, res } = await post(`${baseUrl}/api/users/auth`, { email: ADMIN_EMAIL, password });
  const cookie = res.headers.getSetCookie()[0]?.split(';')[0];
  if (status !== 200 || !cookie) throw new Error(`signing in as the admin answered ${status}`);
  return cookie;
}

async function checkNumberSearch(baseUrl: string, cookie: string, samples: Samples): Promise<void> {
  const order = samples.orders[0]!;
  const res = await fetch(`${baseUrl}/api/orders/admin?q=PW-${String(order.number).padStart(6, '0')}`, {
    headers: { cookie },
  });
  const body = (await res.json()) as { rows: { _id: string }[] };
  if (!body.rows.some((r) => r._id === order.id)) throw new Error(`searching for order ${order.number} missed it`);
}

interface ExportReport {
  seconds: number;
  bytes: number;
  /** CSV records, the header included. */
  records: number;
  expectedRecords: number;
  memoryMb: { before: number; peak: number; growth: number; samples: number };
  flat: boolean;
}

const rssMb = async (pid: number) => (await serverMemory(pid)).reduce((sum, m) => sum + m.rssMb, 0);

/**
 * Reads the whole export as fast as the client can, counting records (line ends outside quotes)
 * while the server's resident memory is sampled every 100 ms.
 */
async function measureExport(baseUrl: string, cookie: string, pid: number, orders: number): Promise<ExportReport> {
  const before = await rssMb(pid);
  let peak = before;
  let samples = 0;
  let streaming = true;
  const sampler = (async () => {
    while (streaming) {
      peak = Math.max(peak, await rssMb(pid));
      samples += 1;
      await new Promise((r) => setTimeout(r, MEMORY_SAMPLE_MS));
    }
  })();
  const started = performance.now();
  let bytes = 0;
  let records = 0;
  let quoted = false;
  try {
    await new Promise<void>((resolve, reject) => {
      const req = request(`${baseUrl}/api/orders/export.csv`, { agent, headers: { cookie } }, (res) => {
        if (res.statusCode !== 200) reject(new Error(`the export answered ${res.statusCode}`));
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          for (const byte of chunk) {
            if (byte === 0x22) quoted = !quoted;
            else if (byte === 0x0a && !quoted) records += 1;
          }
        });
        res.on('end', resolve);
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    });
  } finally {
    streaming = false;
    await sampler;
  }
  const seconds = Math.round((performance.now() - started) / 10) / 100;
  const growth = peak - before;
  return {
    seconds,
    bytes,
    records,
    expectedRecords: orders + 1,
    memoryMb: { before, peak, growth, samples },
    flat: growth < FLAT_MEMORY_MB,
  };
}

interface Report {
  startedAt: string;
  databaseVersion: string;
  sizes: { users: number; orders: number; products: number };
  seed: AdminSeedCounts | null;
  seedSeconds: number;
  connections: number;
  durationSeconds: number;
  serverSettings: Record<string, string>;
  machine: { cpus: number; cpuModel: string; memoryGiB: number; node: string; loadAverage: number[] };
  server: { bootSeconds: number };
  endpoints: EndpointReport[];
  export: ExportReport;
}

function printReport(report: Report): void {
  const settings = Object.entries(report.serverSettings).map(([k, v]) => `${k}=${v}`);
  console.log(
    `\n${report.databaseVersion.split(' on ')[0]}: ${report.sizes.users.toLocaleString('en-US')} accounts, ` +
      `${report.sizes.orders.toLocaleString('en-US')} orders, ${report.sizes.products.toLocaleString('en-US')} products; ` +
      `${report.connections} connections, ${report.durationSeconds} s per endpoint, ${settings.join(' ')}; ` +
      `load average before ${report.machine.loadAverage.map((l) => l.toFixed(1)).join(' ')}`,
  );
  printRows(
    [
      'endpoint',
      'req/s',
      'p50 ms',
      'p95 ms',
      'p99 ms',
      'max ms',
      'requests',
      'URLs',
      'failed',
      'server CPU ms/req',
      'load after',
      `p95 ≤ ${GOAL_P95_MS}`,
    ],
    report.endpoints.map((e) => [
      e.endpoint,
      e.requestsPerSecond.toFixed(0),
      e.latencyMs.p50.toFixed(1),
      e.latencyMs.p95.toFixed(1),
      e.latencyMs.p99.toFixed(1),
      e.latencyMs.max.toFixed(0),
      String(e.requests),
      String(e.distinctUrls),
      String(e.failed),
      e.serverCpuMsPerRequest.toFixed(1),
      e.loadAverage.toFixed(1),
      e.latencyMs.p95 <= GOAL_P95_MS ? 'yes' : 'NO',
    ]),
  );
  console.log('\nslowest kinds of URL (p95):');
  for (const e of report.endpoints) {
    const worst = e.shapes.slice(0, 3).map((s) => `${s.shape} ${s.latencyMs.p95.toFixed(1)} ms (${s.requests})`);
    console.log(`  ${e.endpoint}: ${worst.join('; ')}`);
  }
  const x = report.export;
  console.log(
    `\nCSV export: ${x.records.toLocaleString('en-US')} records (expected ${x.expectedRecords.toLocaleString('en-US')}), ` +
      `${(x.bytes / 1e6).toFixed(1)} MB in ${x.seconds} s (goal ≤ ${GOAL_EXPORT_SECONDS} s); server memory ` +
      `${x.memoryMb.before} MB before, ${x.memoryMb.peak} MB at most (${x.memoryMb.samples} samples): ` +
      `growth ${x.memoryMb.growth} MB, ${x.flat ? 'flat' : 'NOT flat'} (flat: < ${FLAT_MEMORY_MB} MB)`,
  );
}

function failuresOf(report: Report): string[] {
  const lines: string[] = [];
  for (const e of report.endpoints) {
    if (e.latencyMs.p95 > GOAL_P95_MS) lines.push(`${e.endpoint}: p95 ${e.latencyMs.p95} ms > ${GOAL_P95_MS} ms`);
    if (e.failed > 0) lines.push(`${e.endpoint}: ${e.failed} answers were not 200 ${JSON.stringify(e.statusCodes)}`);
  }
  const x = report.export;
  if (x.records !== x.expectedRecords) lines.push(`export: ${x.records} records, expected ${x.expectedRecords}`);
  if (x.seconds > GOAL_EXPORT_SECONDS) lines.push(`export: ${x.seconds} s > ${GOAL_EXPORT_SECONDS} s`);
  if (!x.flat) lines.push(`export: server memory grew ${x.memoryMb.growth} MB (flat is < ${FLAT_MEMORY_MB} MB)`);
  return lines;
}

async function main(options: Options): Promise<number> {
  const startedAt = new Date().toISOString();
  const stamp = `${startedAt.replace(/[:.]/g, '-')}-admin`;
  await mkdir(resultsDir, { recursive: true });
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? DEFAULT_DATABASE_URL;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'store-bench-admin-'));
  try {
    const prepared = await prepare(databaseUrl, dataDir, options);
    const { samples } = prepared;
    if (prepared.seed) console.log(`seeded in ${prepared.seedSeconds} s: ${JSON.stringify(prepared.seed)}`);
    const logFile = path.join(resultsDir, `${stamp}-server.log`);
    console.log(`starting the server (log: ${relative(logFile)})...`);
    const loadAverage = os.loadavg();
    const server = await startServer({ repoRoot, dataDir, databaseUrl, logFile, defaultEnv: BENCH_DEFAULT_ENV });
    try {
      const base = server.baseUrl;
      const cookie = await signIn(base, prepared.adminPassword);
      await checkNumberSearch(base, cookie, samples);
      const endpoints = [
        { name: 'orders list', path: '/api/orders/admin', urls: drawUrls((r) => orderUrl(samples, r), 1) },
        { name: 'users list', path: '/api/users/admin', urls: drawUrls((r) => userUrl(samples, r), 2) },
        { name: 'products list', path: '/api/products/admin', urls: drawUrls((r) => productUrl(samples, r), 3) },
        {
          name: 'dashboard',
          path: '/api/admin/dashboard',
          urls: DASHBOARD_PERIODS.map((p) => ({ shape: `period=${p}`, path: `/api/admin/dashboard?period=${p}` })),
        },
        { name: 'audit trail', path: '/api/admin/audit', urls: drawUrls(auditUrl, 4) },
      ];
      const results: EndpointReport[] = [];
      for (const endpoint of endpoints) {
        console.log(
          `${endpoint.name}: checking ${new Set(endpoint.urls.map((u) => u.path)).size} URLs, then measuring`,
        );
        await checkUrls(base, cookie, endpoint.name, endpoint.urls);
        results.push(await measureEndpoint(base, cookie, server.pid, endpoint, options));
      }
      console.log('CSV export of every order...');
      const exported = await measureExport(base, cookie, server.pid, samples.orderCount);
      const env: Record<string, string | undefined> = { ...BENCH_DEFAULT_ENV, ...process.env };
      const report: Report = {
        startedAt,
        databaseVersion: prepared.databaseVersion,
        sizes: { users: samples.userCount, orders: samples.orderCount, products: samples.productCount },
        seed: prepared.seed,
        seedSeconds: prepared.seedSeconds,
        connections: options.connections,
        durationSeconds: options.duration,
        serverSettings: Object.fromEntries(TUNING_ENV.flatMap((n) => (env[n] ? [[n, env[n]]] : []))),
        machine: {
          cpus: os.availableParallelism(),
          cpuModel: os.cpus()[0]?.model ?? 'unknown',
          memoryGiB: Math.round(os.totalmem() / 2 ** 30),
          node: process.version,
          loadAverage,
        },
        server: { bootSeconds: server.bootSeconds },
        endpoints: results,
        export: exported,
      };
      printReport(report);
      const file = path.join(resultsDir, `${stamp}.json`);
      await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
      console.log(`results: ${relative(file)}`);
      const failures = failuresOf(report);
      for (const line of failures) console.error(`goal missed: ${line}`);
      return failures.length ? 1 : 0;
    } finally {
      await server.stop();
    }
  } finally {
    agent.destroy();
    await rm(dataDir, { recursive: true, force: true });
  }
}

let options: Options;
try {
  options = parseOptions(process.argv.slice(2));
} catch (err) {
  console.error(`${(err as Error).message}\n${USAGE}`);
  process.exit(2);
}
process.exit(await main(options));
