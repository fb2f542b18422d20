import { AsyncLocalStorage } from 'node:async_hooks';
import path from 'node:path';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import type { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import * as schema from './schema.js';
import { lockDataDir, type DataDirLock } from './data-dir-lock.js';
import { readEmptyCluster, unpackCluster } from './empty-cluster.js';
import { DatabaseUnavailableError, isDatabaseUnreachable } from './errors.js';
import { Pipeline } from './pipeline.js';
import { NamedPglite } from './pglite-statements.js';
import { statementName } from './statement-names.js';

export { MAX_NAMED_STATEMENTS } from './statement-names.js';

export type Schema = typeof schema;
/** Both drivers speak the same dialect; code above this file never knows which one it has. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Runs `fn` in a transaction, committed when it returns and rolled back when it throws. `first` is
 * the pipeline for its first statements: on PostgreSQL it already holds the BEGIN, so the BEGIN
 * costs no round trip of its own but goes out with them (ADR 056). Its answer is read with theirs
 * when `first` is flushed, which is why `first` may hold reads and locks only: until then nobody
 * has seen the transaction begin. Anything written goes into a later pipeline or statement.
 */
export type Transact = <T>(fn: (tx: Tx, first: Pipeline) => Promise<T>) => Promise<T>;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  transact: Transact;
  /** Runs fn while holding an exclusive lock shared by every process on this database. */
  withExclusiveLock<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  /**
   * Delivers every NOTIFY on `channel` to `handlers.onMessage`. `onReady` is called once messages
   * flow and `onInterrupted` whenever some may have been missed (a dropped connection), so a
   * cache built on these messages can stop trusting itself until the next `onReady`.
   */
  subscribe(channel: string, handlers: SubscriptionHandlers): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /**
   * The connections now: open, idle, callers waiting for one, and connections that failed since
   * start (a server lost, refused, or none free in time). For GET /metrics (ADR 066).
   */
  stats(): PoolStats;
  /**
   * Runs `fn` so that, while every connection is busy, the work it starts gets the next free one
   * before any reader already waiting. An order, a payment or an admin's save is a few statements;
   * shoppers' browsing is most of what fills the pool's queue, and behind it each of an order's
   * steps waited for a dozen listings or more (ADR 095). The embedded database runs one statement
   * at a time in its own order: there it just runs `fn`.
   */
  aheadOfReads<T>(fn: () => T): T;
  /** Embedded only: the whole database as a tarball that `loadDataDir` can start from. */
  dump?(): Promise<Blob>;
}

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
  errors: number;
}

export interface SubscriptionHandlers {
  onMessage(payload: string): void;
  onReady(): void;
  onInterrupted(): void;
}

const CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/;
const RESUBSCRIBE_DELAY_MS = 1_000;

/** Where the database's own comings and goings are told (a PostgreSQL server lost and found again). */
export interface DatabaseLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

const silent: DatabaseLog = { info: () => {}, warn: () => {}, error: () => {} };

export interface OpenDatabaseOptions {
  databaseUrl?: string | undefined;
  log?: DatabaseLog;
  /** Folder for the embedded database files; in memory when omitted. */
  dataDir?: string | undefined;
  poolSize?: number;
  poolTimeoutMs?: number;
  /** A dump of an embedded database to start from, as a tarball's bytes (tests start from a seeded copy). */
  loadDataDir?: Uint8Array;
}

/** Raw SQL for the few queries the query builder cannot express; both drivers return `{rows}`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * pg_trgm's default word-similarity threshold (0.6) misses a one-letter slip in a long word
 * ('choclate' scores 0.58 against 'chocolate'). It is set per connection so that the `<%` operator,
 * and with it the trigram index, applies the store's threshold (ADR 005).
 */
export const WORD_SIMILARITY_THRESHOLD = 0.5;

/** True when a query failed because every pooled connection stayed busy for the whole timeout. */
export function isPoolExhausted(err: unknown): boolean {
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    if (e.message.includes('timeout exceeded when trying to connect')) return true;
  }
  return false;
}

/** Arbitrary constant naming the advisory lock that serialises migrations and seeding. */
const SETUP_LOCK_ID = 7_270_001;

/**
 * Each database's driver is imported when that database is opened, not by whoever imports this
 * file: the embedded store would otherwise load the PostgreSQL client at every start, and a
 * PostgreSQL worker PGlite's (ADR 052).
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolSize ?? 10, options.poolTimeoutMs ?? 5_000, options.log ?? silent)
    : openPglite(options);
}

async function openPglite(options: OpenDatabaseOptions): Promise<Database> {
  let dataDir: string | undefined;
  let lock: DataDirLock | undefined;
  if (options.dataDir) {
    await mkdir(options.dataDir, { recursive: true });
    // Before PGlite reads a single file: a second instance on a live folder loses or corrupts data.
    lock = await lockDataDir(options.dataDir);
    dataDir = path.join(options.dataDir, 'pglite');
  }
  let client: PGlite;
  try {
    // A new database starts from the shipped empty cluster instead of PGlite's initdb (ADR 069).
    const fresh = !options.loadDataDir && !(dataDir && existsSync(path.join(dataDir, 'PG_VERSION')));
    const cluster = fresh ? await readEmptyCluster() : undefined;
    if (fresh && !cluster) {
      process.emitWarning(
        'No empty PGlite cluster is shipped for the installed PGlite (npm run db:empty-cluster -w apps/server makes it): ' +
          'running initdb, which takes seconds and about 400 MB of memory more',
      );
    }
    let loadDataDir = options.loadDataDir;
    if (cluster && dataDir) await unpackCluster(cluster, dataDir);
    else if (cluster) loadDataDir = cluster;
    if (dataDir) await mkdir(dataDir, { recursive: true });
    client = await startPglite(dataDir, loadDataDir);
  } catch (err) {
    await lock?.release();
    throw err;
  }
  const { drizzle: drizzlePglite } = await import('drizzle-orm/pglite');
  // Drizzle asks its client for `query` and `transaction` only: those run named (ADR 098).
  const db = drizzlePglite({ client: new NamedPglite(client) as unknown as PGlite, schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    // PGlite answers in-process, so a BEGIN of its own costs no network round trip: Drizzle's
    // transaction, whose BEGIN has been answered before `fn` runs.
    transact: (fn) => db.transaction((tx) => fn(tx, new Pipeline())),
    // The folder's lock makes this process the database's only user, so there is nobody to lock out.
    withExclusiveLock: (fn) => fn(db),
    aheadOfReads: (fn) => fn(),
    async ping() {
      await client.query('select 1');
    },
    async subscribe(channel, handlers) {
      const stop = await client.listen(channel, (payload) => handlers.onMessage(payload));
      handlers.onReady();
      return async () => {
        if (!client.closed) await stop();
      };
    },
    async close() {
      try {
        if (!client.closed) await client.close();
      } finally {
        await lock?.release();
      }
    },
    async dump() {
      return client.dumpDataDir('none');
    },
    // One connection in this process, which callers take turns on inside PGlite, out of sight.
    stats: () =>
      client.closed ? { total: 0, idle: 0, waiting: 0, errors: 0 } : { total: 1, idle: 1, waiting: 0, errors: 0 },
  };
}

/**
 * PostgreSQL's buffer cache inside PGlite. Its default, 128 MB, is touched at start and held for
 * good: most of an idle embedded store's memory. PGlite reads its files through the operating
 * system, whose page cache keeps hot pages anyway, so a small cache here costs a little CPU on
 * cold reads and saves about 110 MB resident (ADR 044).
 */
const PGLITE_SHARED_BUFFERS = '16MB';

/**
 * A tarball PGlite unpacks, without the two copies a Blob of it would make: Node's Blob copies
 * the bytes in, and its arrayBuffer() reads them back in 64 KB pieces. For the 90 MB test
 * template that was 0.8 s of every copy's 2 s start.
 */
class Tarball extends Blob {
  readonly #tar: Uint8Array;

  constructor(tar: Uint8Array) {
    super([]);
    this.#tar = tar;
    Object.defineProperty(this, 'size', { value: tar.byteLength });
  }

  override async arrayBuffer(): Promise<ArrayBuffer> {
    const { buffer, byteOffset, byteLength } = this.#tar;
    // PGlite only reads what it is given, so a whole buffer of its own is handed over as it is.
    if (buffer instanceof ArrayBuffer && byteOffset === 0 && byteLength === buffer.byteLength) return buffer;
    return new Uint8Array(this.#tar).buffer;
  }

  override stream(): ReadableStream<Uint8Array<ArrayBuffer>> {
    return new Blob([new Uint8Array(this.#tar)]).stream();
  }
}

async function startPglite(dataDir: string | undefined, loadDataDir: Uint8Array | undefined): Promise<PGlite> {
  const [{ PGlite }, { pg_trgm }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
  ]);
  const client = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(loadDataDir ? { loadDataDir: new Tarball(loadDataDir) } : {}),
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
  try {
    await client.exec(`SET pg_trgm.word_similarity_threshold = ${WORD_SIMILARITY_THRESHOLD}`);
  } catch (err) {
    await client.close().catch(() => {});
    throw err;
  }
  return client;
}

/** How often an unreachable server is tried again, and how long each try may take. */
const PROBE_EVERY_MS = 500;
const PROBE_TIMEOUT_MS = 1_000;

/**
 * Whether the PostgreSQL server can be reached. A statement that fails as a lost server's do
 * makes it ask the server directly; if that fails too, the server counts as unreachable and is
 * asked again every PROBE_EVERY_MS until it answers. Meanwhile nothing waits on it: every new
 * connection is refused at once (DatabaseUnavailableError, a 503), so a write fails in
 * milliseconds, and the first answer brings everything back (ADR 062). A single connection that
 * dies (an idle timeout, a backend an operator ended) finds the server answering and changes nothing.
 */
class Reachability {
  private down: { since: number } | undefined;
  private checking = false;
  private closed = false;
  private retry: NodeJS.Timeout | undefined;

  constructor(
    private readonly probe: () => Promise<void>,
    private readonly log: DatabaseLog,
  ) {}

  get reachable(): boolean {
    return !this.down;
  }

  /** Told of every failure; only one that looks like a lost server starts a check. */
  suspect(err: unknown): void {
    if (this.checking || this.down || this.closed || !isDatabaseUnreachable(err)) return;
    void this.check();
  }

  /** A connection was made (a probe's, or the change notices' own): the server is back. */
  answered(): void {
    if (!this.down) return;
    this.log.info({ downMs: Date.now() - this.down.since }, 'database reachable again');
    this.down = undefined;
    clearTimeout(this.retry);
  }

  private async check(): Promise<void> {
    this.checking = true;
    try {
      await this.probe();
      this.answered();
    } catch (err) {
      if (!this.down) {
        this.down = { since: Date.now() };
        this.log.error({ err }, 'database unreachable: refusing what needs it with 503 until it answers again');
      }
      if (!this.closed && this.down) {
        this.retry = setTimeout(() => void this.check(), PROBE_EVERY_MS);
        this.retry.unref();
      }
    } finally {
      this.checking = false;
    }
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.retry);
  }
}

/**
 * What begins the name of a statement PostgreSQL plans once for all its values (ADR 096). Left to
 * itself it plans a listing that reads every match anew on every run, which costs up to half what
 * running it does, since a plan for some values looks cheaper than one for all. Only statements
 * whose plan cannot depend on their values are so named: those that read every match whatever the
 * page. A listing that walks an index to its page needs its page and its filter's values planned.
 */
export const PLANNED_ONCE = 'once_';

async function openPostgres(url: string, poolSize: number, poolTimeoutMs: number, log: DatabaseLog): Promise<Database> {
  const [{ default: pg }, { drizzle: drizzlePg, NodePgSession, NodePgTransaction }, { PgDialect }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/pg-core'),
  ]);
  const reachability = new Reachability(async () => {
    const probe = new pg.Client({ connectionString: url, connectionTimeoutMillis: PROBE_TIMEOUT_MS });
    // A probe's own connection error is its answer, not an event for the process to crash on.
    probe.on('error', () => {});
    try {
      await probe.connect();
      await probe.query('select 1');
    } finally {
      await probe.end().catch(() => {});
    }
  }, log);
  /** Connections that could not be had: refused, failed, or none free within the pool's timeout. */
  let errors = 0;
  /** Connections checked out of the pool, and since when: what closing waits for (see close). */
  const checkedOut = new Map<pg.PoolClient, number>();
  const checkOut = (client: pg.PoolClient | undefined) => {
    if (client) checkedOut.set(client, Date.now());
  };
  /** Work started in `aheadOfReads`, and the waiters for a connection it queued. */
  const ahead = new AsyncLocalStorage<true>();
  const urgent = new WeakSet<object>();
  /** A pool that refuses at once while the server is known to be unreachable, and reports what fails. */
  class GuardedPool extends pg.Pool {
    override connect(): Promise<pg.PoolClient>;
    override connect(
      callback: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void,
    ): void;
    override connect(
      callback?: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void,
    ): Promise<pg.PoolClient> | void {
      if (!reachability.reachable) {
        errors += 1;
        const refused = new DatabaseUnavailableError();
        if (!callback) return Promise.reject(refused);
        queueMicrotask(() => callback(refused, undefined, () => {}));
        return;
      }
      const queue = (this as unknown as { _pendingQueue: object[] })._pendingQueue;
      const queued = queue.length;
      let connected: Promise<pg.PoolClient> | undefined;
      if (!callback) {
        connected = super.connect().then(
          (client) => {
            checkOut(client);
            return client;
          },
          (err: unknown) => {
            errors += 1;
            reachability.suspect(err);
            throw err;
          },
        );
      } else {
        super.connect((err, client, done) => {
          if (err) {
            errors += 1;
            reachability.suspect(err);
          } else checkOut(client);
          callback(err, client, done);
        });
      }
      // pg-pool queues a waiter at the back, synchronously, when no connection is free: one from
      // work that changes something moves ahead of every reader's, behind earlier such waiters.
      if (ahead.getStore() && queue.length > queued) {
        const waiter = queue.pop()!;
        urgent.add(waiter);
        const firstReader = queue.findIndex((w) => !urgent.has(w));
        queue.splice(firstReader === -1 ? queue.length : firstReader, 0, waiter);
      }
      return connected;
    }
  }
  /**
   * Gives each statement the store repeats a name, so PostgreSQL keeps it prepared (statementName),
   * and sets the connection to plan once for all values before a statement named PLANNED_ONCE, back
   * before any other. Those run on the pool, never in a transaction, so the setting is never sent
   * inside one whose rollback would undo it; a transaction's BEGIN is an other statement.
   */
  class NamingClient extends pg.Client {
    private plansOnce = false;

    override query(...args: unknown[]): never {
      const config = args[0] as { text?: unknown; name?: unknown } | string | undefined;
      // A name given, even '' (a listing past its cap, ADR 088), is the caller's choice.
      if (typeof config === 'object' && typeof config.text === 'string' && config.name === undefined) {
        const name = statementName(config.text);
        if (name) args[0] = { ...config, name };
      }
      const once =
        typeof config === 'object' && typeof config.name === 'string' && config.name.startsWith(PLANNED_ONCE);
      if (once !== this.plansOnce) {
        this.plansOnce = once;
        // Sent ahead of the statement on the same connection, so it applies to it. Its failure is
        // the connection's, which the statement behind it reports.
        super.query(once ? 'SET plan_cache_mode = force_generic_plan' : 'RESET plan_cache_mode').catch(() => undefined);
      }
      return (super.query as (...a: unknown[]) => never)(...args);
    }
  }
  const pool = new GuardedPool({
    Client: NamingClient,
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: poolTimeoutMs,
    // Statements a transaction sends without awaiting each (a Pipeline, ADR 027) go out at once
    // and cost one round trip, where node-postgres otherwise waits for each answer before sending
    // the next. Under load every round trip also waits behind the rest of the event loop (ADR 055).
    pipeline: true,
    // JIT compiles a statement's expressions when its plan's cost passes jit_above_cost, which a
    // listing of a large catalogue does on every request: tens of milliseconds of compiling to save
    // a few of running (ADR 088). PGlite has no JIT.
    options: `-c pg_trgm.word_similarity_threshold=${WORD_SIMILARITY_THRESHOLD} -c jit=off`,
  });
  // A client losing its server emits 'error', idle in the pool or checked out by a transaction;
  // the pool listens only while it is idle, and an 'error' nobody listens to ends the process.
  // The statement it was running fails by itself; the client is dropped when it is released.
  pool.on('error', (err) => {
    errors += 1;
    reachability.suspect(err);
  });
  pool.on('connect', (client) => client.on('error', (err) => reachability.suspect(err)));
  pool.on('release', (_err, client) => checkedOut.delete(client));
  pool.on('remove', (client) => checkedOut.delete(client as pg.PoolClient));
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  const dialect = new PgDialect();
  // The pool's view of the schema, made once, serves every transaction's too.
  const { schema: relations, fullSchema, tableNamesMap } = db._;
  const tables = { schema: relations!, fullSchema, tableNamesMap };
  // A client keeps its transaction object between checkouts; the pool reuses a few clients.
  const transactions = new WeakMap<pg.PoolClient, Tx>();
  const transactionOf = (client: pg.PoolClient): Tx => {
    let tx = transactions.get(client);
    if (!tx) {
      const session = new NodePgSession(client, dialect, tables, {});
      tx = new NodePgTransaction(dialect, session, tables) as unknown as Tx;
      transactions.set(client, tx);
    }
    return tx;
  };
  let closed = false;
  const subscriptions = new Set<() => Promise<void>>();
  return {
    kind: 'postgres',
    db,
    aheadOfReads: (fn) => ahead.run(true, fn),
    async transact(fn) {
      const client = await pool.connect();
      const begun = client.query('begin');
      // Read when `first` is flushed; a caller that throws before then must not leave it unhandled.
      begun.catch(() => {});
      const first = new Pipeline();
      first.add({ execute: () => begun });
      let broken: Error | undefined;
      try {
        const result = await fn(transactionOf(client), first);
        await client.query('commit');
        return result;
      } catch (err) {
        reachability.suspect(err);
        await client.query('rollback').catch((rollbackFailed: Error) => {
          broken = rollbackFailed;
        });
        throw err;
      } finally {
        // A connection that could not roll back is closed, not handed to the next caller mid-transaction.
        client.release(broken);
      }
    },
    async withExclusiveLock(fn) {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [SETUP_LOCK_ID]);
        return await fn(drizzlePg({ client, schema }) as unknown as Db);
      } finally {
        await client.query('select pg_advisory_unlock($1)', [SETUP_LOCK_ID]).catch(() => {});
        client.release();
      }
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    async subscribe(channel, handlers) {
      // Notices flowing again prove the server is back before the next probe would: the reload
      // they start (catalog.plugin.ts) then reads from it instead of being refused.
      const stop = await listenWithReconnect(pg, url, channel, {
        ...handlers,
        onReady: () => {
          reachability.answered();
          handlers.onReady();
        },
      });
      subscriptions.add(stop);
      return async () => {
        subscriptions.delete(stop);
        await stop();
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      reachability.close();
      await Promise.all([...subscriptions].map((stop) => stop()));
      const ended = pool.end();
      // The server closes its database after its requests and background runs have ended, so a
      // connection still checked out a moment later is held by nothing that will give it back
      // (seen once in about thirty stops after a database restart), and pool.end() would wait
      // for it until the shutdown's deadline. It is ended, and named for whoever finds out why.
      if (await settlesWithin(ended, CLOSE_GRACE_MS)) return;
      const stuck = [...checkedOut];
      for (const [client, since] of stuck) {
        log.warn(
          { heldMs: Date.now() - since, statement: statementOf(client) },
          'a database connection was still checked out when the store closed; ending it',
        );
        // Its socket is cut, not ended politely: in pipeline mode node-postgres ends a connection
        // only once its statements have answered, which a hung one never does. The statement fails,
        // and its owner, if it has one, gives the connection back.
        socketOf(client)?.destroy();
      }
      if (await settlesWithin(ended, CLOSE_GRACE_MS)) return;
      // Nothing gave these back: the pool takes them back itself.
      for (const [client] of stuck) if (checkedOut.has(client)) client.release(true);
      await ended;
    },
    stats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, errors }),
  };
}

/** How long closing waits for connections still checked out before it ends them. */
const CLOSE_GRACE_MS = 1_000;

const settlesWithin = (work: Promise<unknown>, ms: number) =>
  new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    const settled = () => {
      clearTimeout(timer);
      resolve(true);
    };
    work.then(settled, settled);
  });

/** What a connection is running, as node-postgres keeps it (not its API: for a log line only). */
const statementOf = (client: object) =>
  (client as { _activeQuery?: { text?: string } | null })._activeQuery?.text?.slice(0, 300) ?? null;

/** A connection's socket, which node-postgres does not expose but for this. */
const socketOf = (client: object) => (client as { connection?: { stream?: { destroy(): void } } }).connection?.stream;

/**
 * LISTEN needs a connection of its own for as long as it lasts, so it does not come from the
 * pool. A lost connection is reported at once and re-established after a short delay.
 */
async function listenWithReconnect(
  driver: typeof pg,
  url: string,
  channel: string,
  handlers: SubscriptionHandlers,
): Promise<() => Promise<void>> {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`Invalid channel name: ${channel}`);
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let stopped = false;

  const scheduleRetry = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, RESUBSCRIBE_DELAY_MS);
    retry.unref();
  };

  const connect = async () => {
    const client = new driver.Client({ connectionString: url });
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      if (current === client) {
        current = undefined;
        handlers.onInterrupted();
      }
      client.end().catch(() => {});
      scheduleRetry();
    };
    client.on('error', onLost);
    client.on('end', onLost);
    client.on('notification', (msg) => {
      if (msg.channel === channel) handlers.onMessage(msg.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch {
      onLost();
      return;
    }
    if (stopped) {
      lost = true;
      await client.end().catch(() => {});
      return;
    }
    current = client;
    handlers.onReady();
  };

  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const client = current;
    current = undefined;
    if (client) await client.end().catch(() => {});
  };
}
