import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import { ensurePincodes } from '../modules/pincodes/pincodes.import.js';
import type { Database } from './client.js';
import { migrateDatabase } from './migrate.js';
import { seedDemoCatalogue } from './seed.js';

/**
 * Everything a database needs before the server takes traffic: the schema, the postal directory,
 * and (embedded default only) the demo catalogue on first start.
 */
export async function prepareDatabase(database: Database, config: Config, log: FastifyBaseLogger) {
  const started = Date.now();
  await migrateDatabase(database);
  const { loaded } = await ensurePincodes(database);
  if (loaded) log.info({ pincodes: loaded }, 'loaded the postal directory');
  if (config.seedDemo) {
    const seeded = await seedDemoCatalogue(database, config.uploadsDir);
    if (seeded.products) log.info(seeded, 'seeded the demo catalogue');
  }
  log.info({ ms: Date.now() - started, database: database.kind }, 'database ready');
}
