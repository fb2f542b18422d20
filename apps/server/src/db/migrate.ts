import { fileURLToPath } from 'node:url';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { Database } from './client.js';
import type { Schema } from './client.js';

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/**
 * Applies the committed SQL migrations. On a shared server the advisory lock makes concurrent
 * start-ups of several processes take turns instead of racing on the same DDL.
 */
export async function migrateDatabase(database: Database): Promise<void> {
  await database.withExclusiveLock(async (db) => {
    if (database.kind === 'pglite') {
      await migratePglite(db as unknown as PgliteDatabase<Schema>, { migrationsFolder });
    } else {
      await migratePg(db as unknown as NodePgDatabase<Schema>, { migrationsFolder });
    }
  });
}
