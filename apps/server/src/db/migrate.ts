import { fileURLToPath } from 'node:url';
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
    // The other driver's migrator is not loaded (client.ts).
    if (database.kind === 'pglite') {
      const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator');
      await migratePglite(db as unknown as PgliteDatabase<Schema>, { migrationsFolder });
    } else {
      const { migrate: migratePg } = await import('drizzle-orm/node-postgres/migrator');
      await migratePg(db as unknown as NodePgDatabase<Schema>, { migrationsFolder });
    }
  });
}
