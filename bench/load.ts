/**
 * Load benchmark of the product endpoints against the real built server.
 *
 * For each database: seed N synthetic products with the server's own schema and migrations,
 * measure the yardstick (a plain Fastify server on the same database, baseline.ts), start
 * `apps/server/dist/server.js` as a child process, then hit each endpoint with autocannon
 * (warm-up, then a measured run): first one hot URL per endpoint (answered from the response
 * cache), then the random-URL mix (mix.ts) with orders placed in the background. Prints two
 * tables per database and issue 37's goals judged against the yardstick (goals.ts), and writes the
 * figures to bench/results/<timestamp>-<db>.json. Exits non-zero when any request or order failed,
 * an order was lost, or stock is not exact afterwards (a missed goal is reported only). See README.md.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { asc, desc, sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../apps/server/src/db/client.js';
import { migrateDatabase } from '../apps/server/src/db/migrate.js';
import { products } from '../apps/server/src/db/schema.js';
import { listed } from '../apps/server/src/modules/products/products.repository.js';
import { ensurePincodes } from '../apps/server/src/modules/pincodes/pincodes.import.js';
import { measureBaseline, type BaselineReport } from './baseline.js';
import { goalsOf, goalsSummary, printGoals, type Goals } from './goals.js';
import { ISSUE_RUNS, MIN_STOCK, runMix, type ListedProducts, type MixReport } from './mix.js';
import { measure, prepareEndpoints, waitUntilIdle, type EndpointResult, type LoadSettings } from './measure.js';
import { recreateDatabase } from './postgres-admin.js';
import { seedProducts } from './seed-products.js';
import { startServer } from './server-process.js';
import { sampleServerMemory, serverMemory, type ProcessMemory } from './process-memory.js';
import { printRows } from './report.js';

type DbKind = 'pglite' | 'postgres';

const DB_KINDS: readonly DbKind[] = ['pglite', 'postgres'];
const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/store_bench';
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const resultsDir = fileURLToPath(new URL('results', import.meta.url));
const relative = (file: string) => path.relative(process.cwd(), file);
/**
 * Server settings that change the figures. The server inherits the benchmark's environment, so
 * e.g. `CATALOG_CACHE_TTL_MS=0 npm run bench` measures without the response cache; the report
 * records which of these were set.
 */
const TUNING_ENV = [
  'CATALOG_CACHE_TTL_MS',
  'DATABASE_POOL_SIZE',
  'RATE_LIMIT_SEARCH',
  'MAX_IN_FLIGHT_REQUESTS',
  'MAX_EVENT_LOOP_DELAY_MS',
  'WEB_CONCURRENCY',
];
/**
 * Every request comes from one address and the point is to find the server's capacity: the
 * search limit would answer the keyword run with 429s, and shedding would answer 503 instead of
 * showing how slow the queue gets. Either can still be set in the benchmark's environment.
 */
const BENCH_DEFAULT_ENV = {
  RATE_LIMIT_SEARCH: 'off',
  MAX_IN_FLIGHT_REQUESTS: '0',
  MAX_EVENT_LOOP_DELAY_MS: '0',
  // Production refuses the simulated payment gateway the mix's buyer pays with unless told this
  // is a demo store on purpose.
  ALLOW_DEMO: 'true',
  // The mix's buyer signs up its shoppers and places every order from one address, as the
  // checkout benchmark does; the simulated webhook is held back so verify applies the payments.
  RATE_LIMIT_REGISTER: 'off',
  ORDER_MAX_UNPAID_PER_ADDRESS: 'off',
  SIMULATED_WEBHOOK_DELAY_MS: '600000',
};

/** The TUNING_ENV variables the server ran with, whether set here or by BENCH_DEFAULT_ENV. */
function serverSettings(): Record<string, string> {
  const env: Record<string, string | undefined> = { ...BENCH_DEFAULT_ENV, ...process.env };
  return Object.fromEntries(TUNING_ENV.flatMap((name) => (env[name] ? [[name, env[name]]] : [])));
}

interface Options extends LoadSettings {
  databases: DbKind[];
  products: number;
  hot: boolean;
  mix: boolean;
}

interface DatabaseReport {
  database: DbKind;
  databaseVersion: string;
  startedAt: string;
  products: number;
  connections: number;
  durationSeconds: number;
  seedSeconds: number;
  /** The TUNING_ENV variables set for this run (see serverSettings); the server's defaults apply to the others. */
  serverSettings: Record<string, string>;
  machine: { cpus: number; cpuModel: string; memoryGiB: number; node: string; platform: string };
  /** Boot to healthy, and resident memory per process: idle after boot, and the highest seen under load. */
  server: { bootSeconds: number; idleMemory: ProcessMemory[]; peakMemory: ProcessMemory[] };
  /** One hot URL per endpoint, answered from the response cache (empty with --mix-only). */
  results: EndpointResult[];
  /** The random-URL mix with orders in the background (null with --hot-only). */
  mix: MixReport | null;
  /** With the mix: the yardstick, a plain server on the same database, measured before the store started. */
  baseline: BaselineReport | null;
  /** With the mix: issue 37's goals, judged against the yardstick (goals.ts); reported, never a failure. */
  goals: Goals | null;
}

const USAGE = `Usage: npm run bench -- [--db pglite|postgres|both] [--products N] [--duration S] [--connections C] [--mix-only|--hot-only]
  --db           which database to benchmark (default: both, one after the other)
  --products     synthetic products to seed (default: 10000)
  --duration     seconds measured per endpoint, after a 2 s warm-up (default: 10)
  --connections  concurrent keep-alive connections (default: 50)
  --mix-only     only the random-URL mix with orders in the background
  --hot-only     only the hot URLs (one URL per endpoint, from the response cache)
Env: BENCH_DATABASE_URL (default ${DEFAULT_DATABASE_URL}); the database is dropped and re-created.`;

function positiveInt(name: string, value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 1) throw new Error(`--${name} must be a positive whole number, got "${value}"`);
  return n;
}

function parseOptions(args: string[]): Options {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      options: {
        db: { type: 'string', default: 'both' },
        products: { type: 'string', default: '10000' },
        duration: { type: 'string', default: '10' },
        connections: { type: 'string', default: '50' },
        'mix-only': { type: 'boolean', default: false },
        'hot-only': { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
    });
  } catch (err) {
    // `npm run bench -- --db x` through the root script loses its flags to the inner npm, which
    // leaves only the bare values behind; say so instead of silently running the defaults.
    throw new Error(
      `${(err as Error).message}\n(If flags were given through npm and arrive without their names, npm consumed them: ` +
        `run \`npm run bench -w bench -- --db postgres\` instead.)\n${USAGE}`,
    );
  }
  const { values } = parsed;
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const db = values.db;
  if (db !== 'both' && !DB_KINDS.includes(db as DbKind)) {
    throw new Error(`--db must be pglite, postgres or both, got "${db}"`);
  }
  if (values['mix-only'] && values['hot-only']) throw new Error('--mix-only and --hot-only exclude each other');
  return {
    databases: db === 'both' ? [...DB_KINDS] : [db as DbKind],
    products: positiveInt('products', values.products),
    duration: positiveInt('duration', values.duration),
    connections: positiveInt('connections', values.connections),
    hot: !values['mix-only'],
    mix: !values['hot-only'],
  };
}

/**
 * Migrates and seeds the database the server will use, then closes it before the server starts:
 * an embedded PGlite directory can only be open in one process at a time. The postal directory is
 * loaded here too, as a store with 10,000 products loaded it on its first start long ago: the
 * server's boot then measures what every restart and deploy pays. Returns the listed products
 * too (the store's own `listed` condition, in the default listing's order), which the yardstick
 * and the mix ask for.
 */
async function prepareCatalogue(dataDir: string, databaseUrl: string | undefined, count: number) {
  const database = await openDatabase({ dataDir, databaseUrl });
  try {
    await migrateDatabase(database);
    await ensurePincodes(database);
    const started = performance.now();
    await seedProducts(database, count);
    const seedSeconds = (performance.now() - started) / 1000;
    const [row] = await queryRows<{ version: string }>(database.db, sql`select version()`);
    const rows = await database.db
      .select({ id: products.id, stock: products.countInStock })
      .from(products)
      .where(listed)
      .orderBy(desc(products.createdAt), asc(products.id));
    const listedProducts: ListedProducts = {
      ids: rows.map((r) => r.id),
      orderable: rows.filter((r) => r.stock >= MIN_STOCK).map((r) => r.id),
    };
    return { seedSeconds, databaseVersion: row?.version ?? 'unknown', listedProducts };
  } finally {
    await database.close();
  }
}

/** `<timestamp>-<db>`: names the JSON report and the server log of one run. */
function runName(report: Pick<DatabaseReport, 'startedAt' | 'database'>): string {
  return `${report.startedAt.replace(/[:.]/g, '-')}-${report.database}`;
}

async function benchmarkDatabase(kind: DbKind, options: Options): Promise<DatabaseReport> {
  const startedAt = new Date().toISOString();
  await mkdir(resultsDir, { recursive: true });
  const logFile = path.join(resultsDir, `${runName({ startedAt, database: kind })}-server.log`);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `store-bench-${kind}-`));
  const databaseUrl = kind === 'postgres' ? (process.env.BENCH_DATABASE_URL ?? DEFAULT_DATABASE_URL) : undefined;
  try {
    if (databaseUrl) await recreateDatabase(databaseUrl);
    console.log(`[${kind}] seeding ${options.products.toLocaleString('en-US')} products...`);
    const { seedSeconds, databaseVersion, listedProducts } = await prepareCatalogue(
      dataDir,
      databaseUrl,
      options.products,
    );
    console.log(`[${kind}] seeded in ${seedSeconds.toFixed(1)} s`);
    let baseline: BaselineReport | null = null;
    if (options.mix) {
      // Before the store starts: on PGlite the yardstick has the folder to itself, and has exited
      // (closing it) when this returns.
      console.log(`[${kind}] yardstick: plain Fastify on the same database, product by random id...`);
      const baselineLog = path.join(resultsDir, `${runName({ startedAt, database: kind })}-baseline.log`);
      baseline = await measureBaseline(
        { repoRoot, dataDir, databaseUrl, logFile: baselineLog },
        listedProducts.ids,
        options,
      );
    }
    console.log(`[${kind}] starting the server (log: ${relative(logFile)})...`);
    const server = await startServer({ repoRoot, dataDir, databaseUrl, logFile, defaultEnv: BENCH_DEFAULT_ENV });
    try {
      // Idle: a moment after the first healthy answer, before any load.
      await new Promise((r) => setTimeout(r, 2_000));
      const idleMemory = await serverMemory(server.pid);
      const memory = sampleServerMemory(server.pid);
      const results: EndpointResult[] = [];
      let mix: MixReport | null = null;
      let peakMemory: ProcessMemory[];
      try {
        if (options.hot) {
          const endpoints = await prepareEndpoints(server.baseUrl);
          for (const [i, endpoint] of endpoints.entries()) {
            console.log(`[${kind}] hot URL, ${endpoint.name}: GET ${endpoint.path}`);
            const result = await measure(server.baseUrl, endpoint, options);
            // The mix follows: its first run must not inherit the last hot run's backlog either.
            if (i < endpoints.length - 1 || options.mix) result.backlogSeconds = await waitUntilIdle(server.baseUrl);
            results.push(result);
          }
        }
        // The mix comes second: its orders change the catalogue (stock), the hot runs read it unchanged.
        if (options.mix) {
          mix = await runMix(server.baseUrl, listedProducts, options, (line) => console.log(`[${kind}] mix: ${line}`));
        }
      } finally {
        // A run that failed (a server that died) must not leave the sampler keeping the benchmark alive.
        peakMemory = await memory.stop();
      }
      return {
        database: kind,
        databaseVersion,
        startedAt,
        products: options.products,
        connections: options.connections,
        durationSeconds: options.duration,
        seedSeconds: Math.round(seedSeconds * 10) / 10,
        serverSettings: serverSettings(),
        machine: {
          cpus: os.availableParallelism(),
          cpuModel: os.cpus()[0]?.model ?? 'unknown',
          memoryGiB: Math.round(os.totalmem() / 2 ** 30),
          node: process.version,
          platform: `${os.platform()} ${os.release()}`,
        },
        server: { bootSeconds: server.bootSeconds, idleMemory, peakMemory },
        results,
        mix,
        baseline,
        goals: mix && baseline ? goalsOf(mix, baseline, { bootSeconds: server.bootSeconds, peakMemory }) : null,
      };
    } finally {
      await server.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

const count = (n: number) => Math.round(n).toLocaleString('en-US');

function printTables(report: DatabaseReport): void {
  const settings = Object.entries(report.serverSettings).map(([name, value]) => `${name}=${value}`);
  console.log(
    `\n${report.database} (${report.databaseVersion.split(' on ')[0]}): ${report.products.toLocaleString('en-US')} products, ` +
      `${report.connections} connections, ${report.durationSeconds} s per endpoint` +
      (settings.length ? `, ${settings.join(' ')}` : ''),
  );
  const mb = (list: ProcessMemory[], role: ProcessMemory['role']) =>
    list
      .filter((m) => m.role === role)
      .map((m) => `${m.rssMb} MB`)
      .join(', ') || '-';
  const { server } = report;
  const workers = server.idleMemory.some((m) => m.role === 'worker');
  console.log(
    `\nserver: healthy ${server.bootSeconds} s after start; resident memory ` +
      (workers
        ? `per worker idle ${mb(server.idleMemory, 'worker')}, under load at most ${mb(server.peakMemory, 'worker')}; ` +
          `primary idle ${mb(server.idleMemory, 'server')}, at most ${mb(server.peakMemory, 'server')}`
        : `idle ${mb(server.idleMemory, 'server')}, under load at most ${mb(server.peakMemory, 'server')}`),
  );
  if (report.mix) {
    const { mix } = report;
    console.log(`\nrandom URLs, an order every ${mix.orderIntervalMs} ms in the background`);
    printRows(
      [
        'endpoint',
        'req/s',
        'p50 ms',
        'p99 ms',
        'requests',
        'distinct URLs',
        'non-2xx',
        'errors',
        'orders placed',
        'failed',
        'order p50 ms',
        'order p99 ms',
        'in DB',
        'stock',
      ],
      mix.endpoints.map((r) => [
        r.endpoint,
        count(r.requestsPerSecond),
        String(r.latencyMs.p50),
        String(r.latencyMs.p99),
        count(r.totalRequests),
        count(r.distinctUrls),
        String(r.non2xx),
        String(r.errors),
        String(r.orders.placed),
        String(r.orders.placeFailed + r.orders.verifyFailed),
        String(r.orders.placeMs.p50),
        String(r.orders.placeMs.p99),
        r.orders.lost === 0 ? `${r.orders.inDatabase} (all)` : `${r.orders.inDatabase} (${r.orders.lost} lost)`,
        r.orders.stockWrong === 0 ? 'exact' : `${r.orders.stockWrong} wrong`,
      ]),
    );
    const o = mix.issueOrders;
    console.log(
      `orders placed during the ${ISSUE_RUNS.join(', ')} runs (${o.count}): ` +
        `p50 ${o.p50} ms, p90 ${o.p90} ms, p99 ${o.p99} ms, slowest ${o.max} ms`,
    );
    if (report.goals) printGoals(report.goals);
  }
  if (report.results.length) {
    console.log('\nhot URL, answered from the response cache');
    printRows(
      ['endpoint', 'req/s', 'p50 ms', 'p99 ms', 'requests', 'non-2xx', 'errors'],
      report.results.map((r) => [
        r.endpoint,
        count(r.requestsPerSecond),
        String(r.latencyMs.p50),
        String(r.latencyMs.p99),
        count(r.totalRequests),
        String(r.non2xx),
        String(r.errors),
      ]),
    );
  }
}

/** What failed in a report, one line each; empty when everything passed. */
function failuresOf(report: DatabaseReport): string[] {
  const lines: string[] = [];
  // No completed request at all means every one took longer than the run: a failure too.
  const measured = [...report.results, ...(report.mix?.endpoints ?? [])];
  for (const r of measured.filter((r) => r.non2xx > 0 || r.errors > 0 || r.totalRequests === 0)) {
    lines.push(
      `${r.endpoint}: ${r.totalRequests} completed, ${r.non2xx} non-2xx, ${r.errors} errors (${r.timeouts} timeouts)`,
    );
  }
  for (const r of report.mix?.endpoints ?? []) {
    const o = r.orders;
    if (o.placeFailed > 0 || o.verifyFailed > 0 || o.lost !== 0 || o.placed === 0 || o.stockWrong > 0) {
      lines.push(
        `${r.endpoint}: orders ${o.placed} placed, ${o.placeFailed} not placed ${JSON.stringify(o.placeStatusCodes)}, ` +
          `${o.verifyFailed} not verified, ${o.inDatabase} in the database, ${o.stockWrong} stocks not exact` +
          (o.errors.length ? `; ${o.errors.join('; ')}` : ''),
      );
    }
  }
  return lines;
}

async function saveReport(report: DatabaseReport): Promise<string> {
  const file = path.join(resultsDir, `${runName(report)}.json`);
  await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
  return file;
}

async function main(options: Options): Promise<number> {
  let failed = false;
  const goalLines: string[] = [];
  for (const kind of options.databases) {
    try {
      const report = await benchmarkDatabase(kind, options);
      printTables(report);
      if (report.goals) goalLines.push(`[${kind}] goals (issue 37): ${goalsSummary(report.goals)}`);
      console.log(`results: ${relative(await saveReport(report))}\n`);
      const failures = failuresOf(report);
      for (const line of failures) console.error(`[${kind}] ${line}`);
      failed ||= failures.length > 0;
    } catch (err) {
      // One database failing (e.g. PostgreSQL not running) still lets the other one be measured.
      console.error(`[${kind}] benchmark failed:`, err);
      failed = true;
    }
  }
  // Each database's block ends with its own summary; with both, the first has scrolled far away.
  if (goalLines.length > 1) for (const line of goalLines) console.log(line);
  return failed ? 1 : 0;
}

let options: Options;
try {
  options = parseOptions(process.argv.slice(2));
} catch (err) {
  console.error((err as Error).message);
  process.exit(2);
}
process.exitCode = await main(options);
