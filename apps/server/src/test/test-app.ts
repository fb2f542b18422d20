import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import {
  databaseUrlFor,
  PG_TEMPLATE_DATABASE,
  PGLITE_TEMPLATE_FILE,
  TEST_DATA_DIR,
  withAdminClient,
} from './template.js';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

/** Which database the API tests run on: PGlite by default, PostgreSQL when TEST_DATABASE_URL is set. */
export const testDatabaseKind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

/**
 * A copy of the seeded template database for one test file, and the app on top of it. Files never
 * see each other's writes; tests within a file share the copy and make their own data.
 */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const url = process.env.TEST_DATABASE_URL;
  let database: Database;
  let dropDatabase: (() => Promise<void>) | undefined;
  if (url) {
    const name = `store_test_${randomBytes(6).toString('hex')}`;
    await withAdminClient(url, (c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${PG_TEMPLATE_DATABASE}`));
    database = await openDatabase({ databaseUrl: databaseUrlFor(url, name), poolSize: 10 });
    dropDatabase = async () => {
      await withAdminClient(url, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    };
  } else {
    const template = await readFile(PGLITE_TEMPLATE_FILE);
    database = await openDatabase({ loadDataDir: new Blob([template]) });
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: TEST_DATA_DIR,
    WEB_DIST_DIR: path.join(TEST_DATA_DIR, 'no-web-build'),
    ...env,
  });
  const app = await buildApp(config, database);
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
      await dropDatabase?.();
    },
  };
}
