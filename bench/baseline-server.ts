/**
 * The machine's yardstick for issue 13: a plain Fastify + node-postgres server answering a product
 * by id, one worker per core, with nothing of the store (no hooks, no read model, no compression).
 * Issue 13 measured this at about 9,000 req/s on the machine its goals were set on; the load
 * benchmark measures it here, with the same load, so the store's figures can be read against what
 * this machine gives the plainest server at all.
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
