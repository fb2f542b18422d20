import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from '../db/client.js';
import {
  databaseUrlFor,
  PG_TEMPLATE_DATABASE,
  PGLITE_TEMPLATE_FILE,
  TEST_DATA_DIR,
  TEST_UPLOADS_DIR,
  withAdminClient,
} from './template.js';

async function prepare(database: Database) {
  const [{ migrateDatabase }, { ensurePincodes }, { seedDemoCatalogue }, { LocalImageStore }, { areaSlotTypes }] =
    await Promise.all([
      import('../db/migrate.js'),
      import('../modules/pincodes/pincodes.import.js'),
      import('../db/seed.js'),
      import('../lib/image-store.js'),
      import('../modules/delivery/delivery.table.js'),
    ]);
  await migrateDatabase(database);
  await ensurePincodes(database);
  await seedDemoCatalogue(database, new LocalImageStore(TEST_UPLOADS_DIR));
  // Many test files place dozens of orders for tomorrow's standard slot; slot capacity has tests of
  // its own, which set the capacity they need.
  await database.db.update(areaSlotTypes).set({ capacity: 10_000 });
}

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

/**
 * Everything the template is made from: the server's code and migrations, the shipped empty
 * cluster, the packages it seeds from and the installed dependencies (the lockfile). Test files
 * are left out, so a run after editing only tests, or only the web app, reuses the last template.
 */
async function templateInputs(): Promise<string> {
  const hash = createHash('sha1');
  const roots = ['apps/server/src', 'apps/server/drizzle', 'apps/server/pglite', 'packages'];
  const files: string[] = ['package-lock.json'];
  for (const root of roots) {
    for (const entry of await readdir(path.join(repoRoot, root), { recursive: true, withFileTypes: true })) {
      const file = path.relative(repoRoot, path.join(entry.parentPath, entry.name));
      const ignored = /(^|\/)(node_modules|dist)\//.test(file) || /\.test\.tsx?$|\.tsbuildinfo$/.test(file);
      if (entry.isFile() && !ignored) files.push(file);
    }
  }
  for (const file of files.sort())
    hash
      .update(file)
      .update('\0')
      .update(await readFile(path.join(repoRoot, file)));
  return hash.digest('hex');
}

/** Builds the embedded template, unless the last run of this checkout built it from the same inputs. */
async function embeddedTemplate() {
  const inputs = await templateInputs();
  const inputsFile = path.join(TEST_DATA_DIR, 'template-inputs');
  const built = await readFile(inputsFile, 'utf8').catch(() => undefined);
  const template = await stat(PGLITE_TEMPLATE_FILE).then(
    (file) => file.size > 0,
    () => false,
  );
  if (built === inputs && template) return;

  const { openDatabase } = await import('../db/client.js');
  const { sql } = await import('drizzle-orm');
  const database = await openDatabase({});
  try {
    await prepare(database);
    // A dump is the data folder as it stands: without a checkpoint, every file's copy would replay
    // the write-ahead log of the whole migration and seeding when it starts, which took most of a
    // test file's set-up.
    await database.db.execute(sql`CHECKPOINT`);
    const dump = await database.dump!();
    const writing = `${PGLITE_TEMPLATE_FILE}.${process.pid}`;
    await writeFile(writing, Buffer.from(await dump.arrayBuffer()));
    await rename(writing, PGLITE_TEMPLATE_FILE);
    await mkdir(TEST_DATA_DIR, { recursive: true });
    await writeFile(inputsFile, inputs);
  } finally {
    await database.close();
  }
}

/**
 * Migrating, loading 19,000 PIN codes and seeding take seconds, so they happen once in a template,
 * and on PGlite once for as long as what the template is made from stays the same; every test
 * file then starts from its own copy of it.
 */
export default async function setup() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    await embeddedTemplate();
    return undefined;
  }
  const { openDatabase } = await import('../db/client.js');
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
