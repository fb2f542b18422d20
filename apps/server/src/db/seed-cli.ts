import { loadConfig } from '../config.js';
import { openDatabase } from './client.js';
import { DataDirInUseError } from './data-dir-lock.js';
import { imageStoreFor } from '../lib/image-store.js';
import { migrateDatabase } from './migrate.js';
import { ensurePincodes } from '../modules/pincodes/pincodes.import.js';
import { seedDemoCatalogue } from './seed.js';

/** `npm run seed`: the only way demo data reaches a real PostgreSQL server. */
const config = loadConfig();
if (config.nodeEnv === 'production' && !config.allowDemo) {
  console.error(
    'Refusing to seed in production: the demo catalogue brings the demo accounts, whose passwords the README publishes. ' +
      'Set ALLOW_DEMO=true only for a demo store.',
  );
  process.exit(1);
}
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }).catch(
  (err: unknown) => {
    if (!(err instanceof DataDirInUseError)) throw err;
    console.error(err.message);
    process.exit(1);
  },
);
try {
  await migrateDatabase(database);
  await ensurePincodes(database);
  const { products } = await seedDemoCatalogue(database, imageStoreFor(config));
  console.log(products ? `Seeded ${products} demo products.` : 'The store already has products; nothing seeded.');
} finally {
  await database.close();
}
