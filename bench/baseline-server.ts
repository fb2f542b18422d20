/**
 * The machine's yardstick on PostgreSQL (issue 37's goals are ratios of it): a plain Fastify +
 * node-postgres server answering a product by id, one worker per core, with nothing of the store
 * (no hooks, no cache, no compression). The load benchmark measures it with the mix's load before
 * the store starts, so the store's figures can be read against what this machine gives the
 * plainest server at all. Issue 13 measured it at about 9,000 req/s on the machine its goals were
 * set on. baseline-pglite-server.ts is its counterpart on the embedded database.
 */
import cluster from 'node:cluster';
import os from 'node:os';
import Fastify from 'fastify';
import pg from 'pg';

if (cluster.isPrimary) {
  for (let i = 0; i < os.availableParallelism(); i++) cluster.fork();
  const stop = () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill('SIGTERM');
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
} else {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  const app = Fastify();
  app.get('/api/health', async () => ({ status: 'ok' }));
  app.get<{ Params: { id: string } }>('/api/products/:id', async (req, reply) => {
    const { rows } = await pool.query('SELECT * FROM products WHERE id = $1', [req.params.id]);
    if (rows.length === 0) return reply.code(404).send({ message: 'Product not found' });
    return rows[0] as unknown;
  });
  await app.listen({ host: process.env.HOST ?? '127.0.0.1', port: Number(process.env.PORT) });
  process.once('SIGTERM', () => {
    void app.close().then(() => pool.end());
  });
}
