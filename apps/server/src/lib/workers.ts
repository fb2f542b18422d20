import cluster, { type Worker } from 'node:cluster';
import type { Config } from '../config.js';
import { machine, type Machine } from './machine.js';

/**
 * Memory a worker needs room for: about 300 MB at its peak at 10,000 products (ADR 059), and its
 * share of the primary's. A machine or container with less than this per core runs fewer workers
 * than cores rather than have the kernel kill one under load.
 */
export const WORKER_MEMORY_MB = 384;

/**
 * How many server processes to run. The embedded database belongs to one process (its folder is
 * locked, ADR 016), so it always gets one; PostgreSQL gets WEB_CONCURRENCY, or one per core the
 * machine (or its container's CPU quota) gives, as many as its memory holds (ADR 073).
 */
export function workerCount(config: Pick<Config, 'databaseUrl' | 'webConcurrency'>, given: Machine = machine()) {
  if (!config.databaseUrl) return 1;
  return config.webConcurrency ?? Math.max(1, Math.min(given.cores, Math.floor(given.memoryMb / WORKER_MEMORY_MB)));
}

/**
 * A worker's old-space limit, whatever the catalogue's size: it holds modules and code (about 45 MB
 * live), the answer cache (at most 16 MB of text) and requests in flight, and no copy of the
 * catalogue (ADR 087). V8 lets an unbounded heap grow under load to two or three times what is live
 * before it collects; the limit is what sets a worker's peak, and one much closer to what is live
 * spends the worker's time collecting (ADR 053, 059).
 */
export const WORKER_HEAP_MB = 160;

/**
 * Where a worker's old space starts, instead of V8's few megabytes: half its limit, about what it
 * holds once it is serving, so that its start is not spent collecting a growing heap (ADR 058).
 */
const workerInitialHeapMb = (limitMb: number) => Math.floor(limitMb / 2);

/**
 * Whether whoever started the store chose the heap limit: `MAX_HEAP_MB`, which `npm start` turns
 * into Node's flag, or the flag in NODE_OPTIONS. Theirs then stands for every worker. The flag
 * `npm start` passes by default is not a choice: it sizes the embedded store's single process.
 */
export function heapLimitChosen(env: { MAX_HEAP_MB?: string; NODE_OPTIONS?: string }): boolean {
  return (
    Boolean(env.MAX_HEAP_MB) || (env.NODE_OPTIONS ?? '').split(/\s+/).some((a) => a.startsWith('--max-old-space-size'))
  );
}

/** A worker asks its primary whether the database is ready for it; the primary answers once it is. */
const AWAIT_DATABASE = 'store:await-database';
const DATABASE_PREPARED = 'store:database-prepared';

/**
 * Whether this process is a worker the store's own primary forked (and not, say, one of a process
 * manager's cluster, whose primary would never answer the question below).
 */
export function isStoreWorker(): boolean {
  return cluster.isWorker && process.env.STORE_WORKER === '1';
}

/**
 * In a worker: resolves once the primary has migrated and prepared the database. The worker asks
 * rather than listens for a notice, which could come before it had a listener and be lost.
 */
export function databasePreparedByPrimary(): Promise<void> {
  return new Promise((resolve) => {
    const onMessage = (message: unknown) => {
      if (message !== DATABASE_PREPARED) return;
      process.off('message', onMessage);
      resolve();
    };
    process.on('message', onMessage);
    process.send!(AWAIT_DATABASE);
  });
}

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** The first replacement of a dead worker waits this long; each quick death after it doubles the wait. */
const RESTART_FIRST_MS = 500;
const RESTART_MAX_MS = 30_000;
/** A worker that lived this long was not failing to start: the next death starts the waits over. */
const HEALTHY_AFTER_MS = 60_000;
/** Replacements that keep dying this long, with no worker left serving, are given up (exit 1). */
const GIVE_UP_AFTER_MS = 10 * 60_000;

/** How long to wait before replacing a worker, after `deaths` quick deaths in a row (1 for the first). */
export function restartDelayMs(deaths: number): number {
  return Math.min(RESTART_MAX_MS, RESTART_FIRST_MS * 2 ** Math.max(0, deaths - 1));
}

/**
 * The primary of several workers: it forks them (they share the listening socket), replaces one
 * that dies while the store runs, and on SIGTERM or SIGINT passes the signal on and exits when
 * every worker has drained and stopped (1 if any did not stop cleanly). Each worker's heap limit
 * is `heapMb` (undefined leaves Node's own, or the one chosen in NODE_OPTIONS). Each worker is told once
 * `databasePrepared` has resolved (if it rejects, the primary is stopping and its workers with it).
 *
 * A dead worker is replaced after a wait that doubles with each quick death (RESTART_FIRST_MS up
 * to RESTART_MAX_MS), so workers that cannot start while the database is away are tried again
 * without a tight loop, and the store comes back by itself when the database does (ADR 062). The
 * primary exits only when asked to stop, or with 1 once replacements have failed for
 * GIVE_UP_AFTER_MS with no worker serving, for whatever runs it to restart or report.
 */
export function superviseWorkers(
  count: number,
  log: Log,
  shutdownTimeoutMs: number,
  heapMb: number | undefined,
  databasePrepared: Promise<void>,
): void {
  let stopping: NodeJS.Signals | undefined;
  let failed = false;
  const forkedAt = new Map<number, number>();
  let quickDeaths = 0;
  let failingSince: number | undefined;
  const pending = new Set<NodeJS.Timeout>();
  const fork = () => {
    if (stopping) return;
    cluster.setupPrimary({
      execArgv:
        heapMb === undefined
          ? process.execArgv
          : [
              ...process.execArgv,
              `--max-old-space-size=${heapMb}`,
              `--initial-old-space-size=${workerInitialHeapMb(heapMb)}`,
            ],
    });
    const worker = cluster.fork({ STORE_WORKER: '1' });
    forkedAt.set(worker.id, Date.now());
  };

  cluster.on('message', (worker: Worker, message: unknown) => {
    if (message !== AWAIT_DATABASE) return;
    databasePrepared.then(
      () => worker.isConnected() && worker.send(DATABASE_PREPARED),
      () => undefined,
    );
  });

  const alive = () => Object.keys(cluster.workers ?? {}).length;

  cluster.on('exit', (worker: Worker, code, signal) => {
    const lived = Date.now() - (forkedAt.get(worker.id) ?? 0);
    forkedAt.delete(worker.id);
    if (stopping) {
      // A worker still starting has no handler for the signal yet and ends by it: it had nothing
      // in flight to drain, so that is a clean stop. A serving worker catches it and exits 0.
      if (code !== 0 && signal !== stopping) {
        failed = true;
        log.error({ pid: worker.process.pid, code, signal }, 'a server worker did not stop cleanly');
      }
      if (alive() === 0) process.exit(failed ? 1 : 0);
      return;
    }
    const now = Date.now();
    if (lived >= HEALTHY_AFTER_MS) {
      quickDeaths = 0;
      failingSince = undefined;
    }
    quickDeaths += 1;
    failingSince ??= now;
    if (alive() === 0 && now - failingSince >= GIVE_UP_AFTER_MS) {
      log.error({ failingForMs: now - failingSince }, 'server workers keep dying and none is serving; giving up');
      process.exit(1);
    }
    const delayMs = restartDelayMs(quickDeaths);
    log.error(
      { pid: worker.process.pid, code, signal, livedMs: lived, restartInMs: delayMs },
      'a server worker died; starting another',
    );
    // Not unref'd: with every worker dead, this timer is what keeps the primary, and the store, alive.
    const timer = setTimeout(() => {
      pending.delete(timer);
      fork();
    }, delayMs);
    pending.add(timer);
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = signal;
    for (const timer of pending) clearTimeout(timer);
    log.info({ signal }, 'stopping every server worker');
    if (alive() === 0) process.exit(0);
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
  log.info(
    {
      workers: count,
      heapMb: heapMb ?? null,
      initialHeapMb: heapMb === undefined ? null : workerInitialHeapMb(heapMb),
    },
    'server workers started',
  );
}
