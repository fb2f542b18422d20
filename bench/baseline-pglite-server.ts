/**
 * The yardstick for the embedded database (issue 37): a plain Fastify server with PGlite in the
 * same process, answering a product by id with one query, as baseline-server.ts does on
 * PostgreSQL, with nothing of the store (no hooks, no cache, no compression). One process, as
 * the embedded store is: a PGlite folder can be open in one process only.
 *
 * It opens the store's seeded DATA_DIR as the store opens it (apps/server/src/db/client.ts): the
 * cluster in `<DATA_DIR>/pglite`, the pg_trgm extension loaded, the same small shared_buffers
 * (ADR 044); with the bare library, not the store's code (no folder lock, no drizzle). The load
 * benchmark stops it, and waits for the process to exit, before the store starts on that folder.
 */
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import Fastify from 'fastify';

/** As the store sets it (PGLITE_SHARED_BUFFERS in apps/server/src/db/client.ts). */
const SHARED_BUFFERS = '16MB';

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('DATA_DIR must name the folder of a seeded embedded store');

const db = await PGlite.create({
  dataDir: path.join(dataDir, 'pglite'),
  extensions: { pg_trgm },
  startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${SHARED_BUFFERS}`],
});
const app = Fastify();
app.get('/api/health', async () => ({ status: 'ok' }));
app.get<{ Params: { id: string } }>('/api/products/:id', async (req, reply) => {
  const { rows } = await db.query('SELECT * FROM products WHERE id = $1', [req.params.id]);
  if (rows.length === 0) return reply.code(404).send({ message: 'Product not found' });
  return rows[0];
});
await app.listen({ host: process.env.HOST ?? '127.0.0.1', port: Number(process.env.PORT) });
// Closed in order, so the folder is left shut down cleanly for the store that opens it next.
process.once('SIGTERM', () => {
  void app.close().then(() => db.close());
});
