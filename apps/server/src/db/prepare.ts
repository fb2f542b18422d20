import type { FastifyBaseLogger } from 'fastify';
import { ConfigError, type Config } from '../config.js';
import { imageStoreFor } from '../lib/image-store.js';
import { ensurePincodes } from '../modules/pincodes/pincodes.import.js';
import type { Database } from './client.js';
import { migrateDatabase } from './migrate.js';
import { fillSearchVectors } from './search-vectors.js';
import { demoAccountsStillOpen, seedDemoCatalogue } from './seed.js';

/**
 * Everything a database needs before the server takes traffic: the schema, the postal directory,
 * and (embedded default only) the demo catalogue on first start. Production refuses a database
 * whose demo accounts still have their published passwords, unless ALLOW_DEMO is set. Says whether
 * it loaded the directory or the catalogue in bulk (a first start).
 */
export async function prepareDatabase(
  database: Database,
  config: Config,
  log: FastifyBaseLogger,
): Promise<{ bulkLoaded: boolean }> {
  const started = Date.now();
  await migrateDatabase(database);
  const { loaded } = await ensurePincodes(database);
  if (loaded) log.info({ pincodes: loaded }, 'loaded the postal directory');
  if (config.nodeEnv === 'production' && !config.allowDemo) {
    const open = await demoAccountsStillOpen(database.db);
    if (open.length) {
      throw new ConfigError(
        `Refusing to start in production: these demo accounts still have the password the README publishes: ${open.join(', ')}. ` +
          'Start once with ALLOW_DEMO=true, sign in, change their passwords (Profile) or delete them (admin Users screen), ' +
          'then restart without it.',
      );
    }
  }
  const vectors = await fillSearchVectors(database.db);
  if (vectors) log.info({ products: vectors }, 'wrote the search vectors of products that had none');
  const seeded = config.seedDemo ? await seedDemoCatalogue(database, imageStoreFor(config)) : null;
  if (seeded?.products) log.info(seeded, 'seeded the demo catalogue');
  log.info({ ms: Date.now() - started, database: database.kind }, 'database ready');
  return { bulkLoaded: loaded > 0 || Boolean(seeded?.products) };
}
