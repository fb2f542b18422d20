import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import { migrateDatabase } from '../db/migrate.js';
import { releaseEmbeddedCopy, takeEmbeddedCopy } from './embedded-copies.js';
import { databaseUrlFor, PG_TEMPLATE_DATABASE, TEST_DATA_DIR, withAdminClient } from './template.js';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** Set on PostgreSQL: lets a test open a second, independent connection pool (another process). */
  databaseUrl: string | undefined;
  config: Config;
  close(): Promise<void>;
}

/**
 * A production configuration that start-up accepts: real-looking Razorpay keys instead of the
 * published demo ones, and a seller's GSTIN instead of the demo's, which production refuses (ADR 015, 028).
 */
export const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  RAZORPAY_KEY_ID: 'rzp_live_N8fX2kQ9pLm3Zt',
  RAZORPAY_KEY_SECRET: 'Hq7Yw2RzVb9Kx4Lm8Ns1Pt6D',
  RAZORPAY_WEBHOOK_SECRET: 'whsec_7f3c9a1e5b2d8c4f',
  STORE_GSTIN: '29ABCDE1234F1ZW',
  SMTP_URL: 'smtp://mailer:s3cret@127.0.0.1:2525',
  MAIL_FROM: 'Kochi Blooms <help@kochiblooms.test>',
  STORE_SUPPORT_PHONE: '+91 484 000 1234',
} as const;

/** Which database the API tests run on: PGlite by default, PostgreSQL when TEST_DATABASE_URL is set. */
export const testDatabaseKind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

/**
 * A copy of the seeded template database for one test file, and the app on top of it. Files never
 * see each other's writes; tests within a file share the copy and make their own data.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  shared?: { database: Database; databaseUrl?: string },
  options: AppOptions = {},
): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    // Tests write and read at once; a change notice arriving a moment after the read would make
    // them flaky. The cache has tests of its own that turn it on and wait for its notices.
    CATALOG_CACHE_TTL_MS: '0',
    DATA_DIR: TEST_DATA_DIR,
    WEB_DIST_DIR: path.join(TEST_DATA_DIR, 'no-web-build'),
    // Every test request comes from one address; the limits have tests of their own.
    RATE_LIMIT_REGISTER: '10000/1h',
    RATE_LIMIT_PINCODE: '10000/1m',
    RATE_LIMIT_LOGIN_ADDRESS: '10000/15m',
    RATE_LIMIT_SEARCH: '10000/1m',
    RATE_LIMIT_VITALS: '10000/1m',
    RATE_LIMIT_VITALS_DAY: 'off',
    // The test machine runs many test files at once: its event loop's lateness is not this
    // app's load. The load-shedding tests turn the watch on.
    MAX_EVENT_LOOP_DELAY_MS: '0',
    ...env,
  });
  const url = process.env.TEST_DATABASE_URL;
  let database: Database;
  let databaseUrl: string | undefined;
  let giveBack = async () => {};
  if (shared) {
    database = shared.database;
    databaseUrl = shared.databaseUrl;
  } else if (url) {
    const name = `store_test_${randomBytes(6).toString('hex')}`;
    await withAdminClient(url, (c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${PG_TEMPLATE_DATABASE}`));
    databaseUrl = databaseUrlFor(url, name);
    database = await openDatabase({
      databaseUrl,
      poolSize: Number(env.DATABASE_POOL_SIZE ?? 10),
      // As with the event loop's lateness above: on a machine running the browser suite beside
      // this pass, 50 orders at once waited more than the store's 5 s for a connection and were
      // refused with 503. How long a wait takes measures the machine; the pool's own tests set
      // the timeout they are about.
      poolTimeoutMs: Number(env.DATABASE_POOL_TIMEOUT_MS ?? 60_000),
    });
    giveBack = async () => {
      await database.close();
      await withAdminClient(url, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    };
  } else {
    database = await takeEmbeddedCopy();
    giveBack = () => releaseEmbeddedCopy(database);
  }
  let app: FastifyInstance | undefined;
  try {
    app = await buildApp(config, database, options);
    await app.ready();
  } catch (err) {
    // Tests of start-up refusals end here: the database goes back as a closed app's would.
    await app?.close();
    await giveBack();
    throw err;
  }
  const started = app;
  return {
    app,
    database,
    databaseUrl,
    config,
    async close() {
      await started.close();
      await giveBack();
    },
  };
}

/**
 * Two servers on one database copy: on PostgreSQL the second has a connection pool of its own, as
 * another process would; on PGlite it shares the instance. Close the second first.
 */
export async function createTwoTestApps(env: Record<string, string> = {}): Promise<[TestApp, TestApp]> {
  const first = await createTestApp(env);
  const database = first.databaseUrl
    ? await openDatabase({ databaseUrl: first.databaseUrl, poolSize: 2 })
    : first.database;
  const second = await createTestApp(env, { database, databaseUrl: first.databaseUrl });
  if (first.databaseUrl) {
    const close = second.close;
    second.close = async () => {
      await close();
      await database.close();
    };
  }
  return [first, second];
}

/**
 * A migrated database with nothing in it (no PIN codes, no catalogue), as a first start finds it:
 * in memory on PGlite, a database of its own on PostgreSQL. `close` drops it.
 */
export async function createEmptyTestDatabase(): Promise<{
  database: Database;
  databaseUrl: string | undefined;
  close(): Promise<void>;
}> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const database = await openDatabase({});
    await migrateDatabase(database);
    return { database, databaseUrl: undefined, close: () => database.close() };
  }
  const name = `store_test_empty_${randomBytes(6).toString('hex')}`;
  await withAdminClient(url, (c) => c.query(`CREATE DATABASE ${name}`));
  const databaseUrl = databaseUrlFor(url, name);
  const database = await openDatabase({ databaseUrl, poolSize: 4 });
  await migrateDatabase(database);
  return {
    database,
    databaseUrl,
    async close() {
      await database.close();
      await withAdminClient(url, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/**
 * Holds one of the database's connections in a transaction: resolves once it is held, with the
 * function that lets it go, which resolves when the transaction has ended. A test of a full pool
 * holds its only one.
 */
export async function holdConnection(database: Database): Promise<() => Promise<void>> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held!: () => void;
  const holding = new Promise<void>((resolve) => (held = resolve));
  const done = database.transact(async () => {
    held();
    await released;
  });
  await Promise.race([holding, done]);
  return () => {
    release();
    return done;
  };
}
