import cluster, { type Worker } from 'node:cluster';
import { availableParallelism } from 'node:os';
import type { Config } from '../config.js';

/**
 * How many server processes to run. The embedded database belongs to one process (its folder is
 * locked, ADR 016), so it always gets one; PostgreSQL gets WEB_CONCURRENCY or one per core.
 */
export function workerCount(config: Pick<Config, 'databaseUrl' | 'webConcurrency'>, cores = availableParallelism()) {
  if (!config.databaseUrl) return 1;
  return config.webConcurrency ?? cores;
}

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * The primary of several workers: it forks them (they share the listening socket), replaces one
 * that dies while the store runs, and on SIGTERM or SIGINT passes the signal on and exits when
 * every worker has drained and stopped (1 if any did not stop cleanly).
 */
export function superviseWorkers(count: number, log: Log, shutdownTimeoutMs: number): void {
  let stopping = false;
  let failed = false;
  const restarts: number[] = [];
  const fork = () => cluster.fork({ STORE_WORKER: '1' });

  cluster.on('exit', (worker: Worker, code, signal) => {
    if (stopping) {
      if (code !== 0) failed = true;
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(failed ? 1 : 0);
      return;
    }
    log.error({ pid: worker.process.pid, code, signal }, 'a server worker died; starting another');
    // A worker that cannot start at all (bad settings, database down) must not be forked in a tight loop.
    const now = Date.now();
    restarts.push(now);
    while (restarts.length && restarts[0]! < now - 60_000) restarts.shift();
    if (restarts.length > count * 5) {
      log.error({}, 'server workers keep dying; stopping');
      process.exit(1);
    }
    setTimeout(fork, Math.min(5_000, 200 * restarts.length)).unref();
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping every server worker');
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    // The workers have their own deadline; this one only covers a worker that never answers.
    setTimeout(() => {
      log.error({}, 'server workers did not stop in time');
      process.exit(1);
    }, shutdownTimeoutMs + 2_000).unref();
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));

  for (let i = 0; i < count; i++) fork();
  log.info({ workers: count }, 'server workers started');
}
