import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  compressCluster,
  emptyClusterFile,
  packCluster,
  pgliteVersion,
  shippedClusterFiles,
} from '../db/empty-cluster.js';

/**
 * `npm run db:empty-cluster -w apps/server`: the cluster the installed PGlite's `initdb` makes,
 * stopped cleanly, packed as the file a new embedded database starts from (ADR 069). Run it after
 * upgrading PGlite; it replaces the file of the version before.
 */
const { PGlite } = await import('@electric-sql/pglite');
const version = await pgliteVersion();
const scratch = await mkdtemp(path.join(os.tmpdir(), 'pglite-empty-cluster-'));
try {
  const dir = path.join(scratch, 'pglite');
  const pg = await PGlite.create({ dataDir: dir });
  await pg.close();
  const packed = await compressCluster(await packCluster(dir));
  for (const old of await shippedClusterFiles()) await rm(old);
  const file = emptyClusterFile(version);
  await writeFile(file, packed);
  console.log(`Wrote ${path.relative(process.cwd(), file)} (${(packed.length / 1024 / 1024).toFixed(2)} MB)`);
} finally {
  await rm(scratch, { recursive: true, force: true });
}
