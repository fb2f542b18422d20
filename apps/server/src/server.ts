import cluster from 'node:cluster';
import { pino } from 'pino';
import { loadConfig, ConfigError, type Config } from './config.js';
import { openDatabase } from './db/client.js';
import { DataDirInUseError } from './db/data-dir-lock.js';
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
  WORKER_HEAP_MB,
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
    // What it was waiting for when the time ran out names the part that hangs.
    let waitingFor = 'requests in flight';
    const force = setTimeout(() => {
      app.log.error({ waitingFor, database: database.stats() }, 'shutdown took too long; exiting');
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
      waitingFor = "the app's closing hooks";
      await app.close();
      waitingFor = "the database's connections";
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
 * and forks the workers, which share the port.
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
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
  // The database is prepared while the workers load their modules, which they spend most of their
  // start on; they wait for it before they touch the database.
  const done = prepareDatabase(database, config, log)
    .then(() => undefined)
    .finally(() => database.close());
  superviseWorkers(
    workers,
    log,
    config.shutdownTimeoutMs,
    heapLimitChosen(process.env) ? undefined : WORKER_HEAP_MB,
    done,
  );
  // A scrape of GET /metrics reaches one worker, which asks here for every worker's figures.
  if (config.metricsToken) serveClusterMetrics(log);
  await done;
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
