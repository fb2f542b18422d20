import cluster from 'node:cluster';
import { pino } from 'pino';
import { loadConfig, ConfigError, type Config } from './config.js';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows, type Database } from './db/client.js';
import { DataDirInUseError } from './db/data-dir-lock.js';
import { isUndefinedTable } from './db/errors.js';
import { prepareDatabase } from './db/prepare.js';
import { defaultMaxConnections, limitConnections, openFileLimit } from './lib/connection-limits.js';
import { serveClusterMetrics } from './lib/cluster-metrics.js';
import { trackConnections } from './lib/graceful-stop.js';
import {
  databasePreparedByPrimary,
  heapLimitChosen,
  isStoreWorker,
  superviseWorkers,
  workerCount,
  workerHeapMb,
} from './lib/workers.js';

/** One server process; a worker of several waits for the database preparation its primary does. */
async function main(config: Config) {
  // Imported here, not at the top: a primary of several workers serves nothing, and loading every
  // module, the page renderer among them, would cost it a second of its start and its memory for good.
  const { buildApp } = await import('./app.js');
  const log = pino({ level: config.logLevel });
  const open = () =>
    openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      poolSize: config.databasePoolSize,
      poolTimeoutMs: config.databasePoolTimeoutMs,
      log,
    });
  let database = await open();
  if (isStoreWorker()) await databasePreparedByPrimary();
  else {
    try {
      const { bulkLoaded } = await prepareDatabase(database, config, log);
      // Loading the postal directory and the demo catalogue touches all of PGlite's WebAssembly
      // memory, which stays resident for the life of its instance (about 90 MB more than a
      // restart holds): the first start serves from a fresh instance, as every later one does.
      if (bulkLoaded && database.kind === 'pglite') {
        await database.close();
        database = await open();
      }
    } catch (err) {
      await database.close();
      throw err;
    }
  }
  const app = await buildApp(config, database);
  if (!config.databaseUrl && (config.webConcurrency ?? 1) > 1) {
    app.log.warn('WEB_CONCURRENCY is ignored on the embedded database: it belongs to one process');
  }

  limitConnections(
    app.server,
    {
      perAddress: config.maxConnectionsPerAddress,
      total: config.maxConnections ?? defaultMaxConnections(config.databasePoolSize, openFileLimit()),
    },
    app.log,
  );
  const connections = trackConnections(app.server);

  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    app.log.info({ signal }, 'shutting down: draining in-flight requests');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    force.unref();
    try {
      // What is left of the time after draining is for the app's and the database's own closing.
      const reserve = Math.min(2_000, config.shutdownTimeoutMs / 4);
      const { cut } = await connections.drain({
        idleGraceMs: config.shutdownIdleGraceMs,
        deadline: performance.now() + config.shutdownTimeoutMs - reserve,
      });
      if (cut > 0) app.log.warn({ cut }, 'requests still running when the shutdown time ran out were cut off');
      await app.close();
      await database.close();
      app.log.info('shutdown complete');
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  // `on`, not `once`: a worker gets Ctrl+C from the terminal and again from its primary.
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
  app.log.info(`Store ready on http://localhost:${config.port} (${database.kind} database)`);
}

let config: Config;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
/**
 * Several workers (PostgreSQL only, ADR 025): the primary migrates and prepares the database once
 * and forks the workers, which share the port and each hold their own catalogue read model.
 */
async function primary(config: Config, workers: number) {
  const log = pino({ level: config.logLevel });
  if (!config.redisUrl) {
    // Throttles count in each process's memory without Redis: N workers would allow N times the limit.
    const message = `${workers} workers share no rate-limit counters without REDIS_URL`;
    if (config.nodeEnv === 'production') {
      throw new ConfigError(`Refusing to start: ${message}; set REDIS_URL or WEB_CONCURRENCY=1.`);
    }
    log.warn({ workers }, `${message}: each worker counts on its own`);
  }
  const open = () => openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
  const chosen = heapLimitChosen(process.env);
  const sizedFor = (products: number) => (chosen ? undefined : workerHeapMb(products));
  // A worker forked later is sized from a fresh count: one replaced after the catalogue grew needs
  // room for the new products.
  const heapMb = async () => {
    if (chosen) return undefined;
    const counting = await open();
    try {
      return workerHeapMb(await countProducts(counting));
    } finally {
      await counting.close();
    }
  };
  const database = await open();
  let products: number;
  let prepared: Promise<unknown>;
  try {
    products = await countProducts(database);
    // A store that has products is prepared while its workers load their modules, which they spend
    // most of their start on; they wait for it before they touch the database. An empty one (a
    // first start) is prepared first: the demo catalogue it may get decides how they are sized.
    if (products === 0) {
      await prepareDatabase(database, config, log);
      products = await countProducts(database);
      prepared = Promise.resolve();
    } else {
      prepared = prepareDatabase(database, config, log);
    }
  } catch (err) {
    await database.close();
    throw err;
  }
  const done = prepared.then(() => undefined).finally(() => database.close());
  superviseWorkers(workers, log, config.shutdownTimeoutMs, sizedFor(products), heapMb, done);
  // A scrape of GET /metrics reaches one worker, which asks here for every worker's figures.
  if (config.metricsToken) serveClusterMetrics(log);
  await done;
}

/** Every product, listed or not (the read model holds them all); none before the first migration. */
async function countProducts(database: Database): Promise<number> {
  try {
    const [row] = await queryRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM products`);
    return row?.n ?? 0;
  } catch (err) {
    if (isUndefinedTable(err)) return 0;
    throw err;
  }
}

const workers = workerCount(config);
const start = workers > 1 && cluster.isPrimary ? primary(config, workers) : main(config);
start.catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  console.error('Failed to start:', err instanceof DataDirInUseError ? err.message : err);
  process.exit(1);
});
