import { writeFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../db/client.js';
import { migrateDatabase } from '../db/migrate.js';
import { seedDemoCatalogue } from '../db/seed.js';
import { LocalImageStore } from '../lib/image-store.js';
import { areaSlotTypes } from '../modules/delivery/delivery.table.js';
import { ensurePincodes } from '../modules/pincodes/pincodes.import.js';
import {
  databaseUrlFor,
  PG_TEMPLATE_DATABASE,
  PGLITE_TEMPLATE_FILE,
  TEST_UPLOADS_DIR,
  withAdminClient,
} from './template.js';

async function prepare(database: Database) {
  await migrateDatabase(database);
  await ensurePincodes(database);
  await seedDemoCatalogue(database, new LocalImageStore(TEST_UPLOADS_DIR));
  // Many test files place dozens of orders for tomorrow's standard slot; slot capacity has tests of
  // its own, which set the capacity they need.
  await database.db.update(areaSlotTypes).set({ capacity: 10_000 });
}

/**
 * Migrating, loading 19,000 PIN codes and seeding take seconds, so they happen once per run in a
 * template; every test file then starts from its own copy of it.
 */
export default async function setup() {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    await withAdminClient(url, async (c) => {
      await c.query(`DROP DATABASE IF EXISTS ${PG_TEMPLATE_DATABASE} WITH (FORCE)`);
      await c.query(`CREATE DATABASE ${PG_TEMPLATE_DATABASE}`);
    });
    const database = await openDatabase({ databaseUrl: databaseUrlFor(url, PG_TEMPLATE_DATABASE), poolSize: 2 });
    try {
      await prepare(database);
    } finally {
      await database.close();
    }
    return async () => {
      await withAdminClient(url, (c) => c.query(`DROP DATABASE IF EXISTS ${PG_TEMPLATE_DATABASE} WITH (FORCE)`));
    };
  }
  const database = await openDatabase({});
  try {
    await prepare(database);
    // A dump is the data folder as it stands: without a checkpoint, every file's copy would replay
    // the write-ahead log of the whole migration and seeding when it starts, which took most of a
    // test file's set-up.
    await database.db.execute(sql`CHECKPOINT`);
    const dump = await database.dump!();
    await writeFile(PGLITE_TEMPLATE_FILE, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
  return undefined;
}
