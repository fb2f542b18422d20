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
import { Pipeline } from './pipeline.js';

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
  /** Embedded only: the whole database as a tarball that `loadDataDir` can start from. */
  dump?(): Promise<Blob>;
}

export interface SubscriptionHandlers {
  onMessage(payload: string): void;
  onReady(): void;
  onInterrupted(): void;
}

const CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/;
const RESUBSCRIBE_DELAY_MS = 1_000;

export interface OpenDatabaseOptions {
  databaseUrl?: string | undefined;
  /** Folder for the embedded database files; in memory when omitted. */
  dataDir?: string | undefined;
  poolSize?: number;
  poolTimeoutMs?: number;
  /** A dump of an embedded database to start from (tests start from a migrated, seeded copy). */
  loadDataDir?: Blob;
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
    ? openPostgres(options.databaseUrl, options.poolSize ?? 10, options.poolTimeoutMs ?? 5_000)
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
    else if (cluster) loadDataDir = new Blob([new Uint8Array(cluster)]);
    if (dataDir) await mkdir(dataDir, { recursive: true });
    client = await startPglite(dataDir, loadDataDir);
  } catch (err) {
    await lock?.release();
    throw err;
  }
  const { drizzle: drizzlePglite } = await import('drizzle-orm/pglite');
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    // PGlite answers in-process, so a BEGIN of its own costs no network round trip: Drizzle's
    // transaction, whose BEGIN has been answered before `fn` runs.
    transact: (fn) => db.transaction((tx) => fn(tx, new Pipeline())),
    // The folder's lock makes this process the database's only user, so there is nobody to lock out.
    withExclusiveLock: (fn) => fn(db),
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
  };
}

/**
 * PostgreSQL's buffer cache inside PGlite. Its default, 128 MB, is touched at start and held for
 * good: most of an idle embedded store's memory. PGlite reads its files through the operating
 * system, whose page cache keeps hot pages anyway, so a small cache here costs a little CPU on
 * cold reads and saves about 110 MB resident (ADR 044).
 */
const PGLITE_SHARED_BUFFERS = '16MB';

async function startPglite(dataDir: string | undefined, loadDataDir: Blob | undefined): Promise<PGlite> {
  const [{ PGlite }, { pg_trgm }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
  ]);
  const client = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
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

async function openPostgres(url: string, poolSize: number, poolTimeoutMs: number): Promise<Database> {
  const [{ default: pg }, { drizzle: drizzlePg, NodePgSession, NodePgTransaction }, { PgDialect }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/pg-core'),
  ]);
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: poolTimeoutMs,
    // Statements a transaction sends without awaiting each (a Pipeline, ADR 027) go out at once
    // and cost one round trip, where node-postgres otherwise waits for each answer before sending
    // the next. Under load every round trip also waits behind the rest of the event loop (ADR 055).
    pipeline: true,
    options: `-c pg_trgm.word_similarity_threshold=${WORD_SIMILARITY_THRESHOLD}`,
  });
  // An idle client losing its server must not crash the process; the next query reports it.
  pool.on('error', () => {});
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
      const stop = await listenWithReconnect(pg, url, channel, handlers);
      subscriptions.add(stop);
      return async () => {
        subscriptions.delete(stop);
        await stop();
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([...subscriptions].map((stop) => stop()));
      await pool.end();
    },
  };
}

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
