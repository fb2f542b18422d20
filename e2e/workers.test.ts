import http from 'node:http';
import { describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import { withScratchDatabase } from './support/postgres.js';
import { startServer } from './support/server.js';

interface Product {
  _id: string;
  price: number;
  countInStock: number;
}

/** Each request on a connection of its own, so the primary hands them round the workers. */
function getJson<T>(url: string): Promise<T> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (res) => {
        let body = '';
        res.on('data', (d: Buffer) => (body += d.toString()));
        res.on('end', () => resolve(JSON.parse(body) as T));
      })
      .on('error', reject);
  });
}

const postgres = process.env.E2E_DATABASE_URL;

describe('several server workers on PostgreSQL', () => {
  it.runIf(postgres)(
    'every worker shows a stock and price change within a second, and a dead worker is replaced',
    async () => {
      await withScratchDatabase(postgres!, 'store_workers', async (databaseUrl) => {
        const server = await startServer({
          env: { DATABASE_URL: databaseUrl, SEED_DEMO: 'true', WEB_CONCURRENCY: '2' },
          reusePicturesFrom: inject('dataDir') || undefined,
        });
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        const loaded = () => [...server.output().matchAll(/"msg":"Store ready on/g)].length;
        let id = '';
        try {
          // Each worker's heap limit is the same whatever the catalogue, and starts at half of it
          // (lib/workers.ts).
          expect(server.output()).toMatch(/"workers":2,"heapMb":160,"initialHeapMb":80,/);
          // The store is healthy once one worker answers; the test is about both, so both must be up.
          const bothUp = Date.now() + 30_000;
          while (loaded() < 2 && Date.now() < bothUp) await new Promise((r) => setTimeout(r, 50));
          const list = await getJson<{ products: Product[] }>(`${server.url}/api/products?pageLimit=1`);
          id = list.products[0]!._id;
          await client.query('UPDATE products SET count_in_stock = 4321, price = 123400 WHERE id = $1', [id]);
          const started = Date.now();
          let seen: Product[] = [];
          do {
            seen = await Promise.all(
              Array.from({ length: 8 }, () => getJson<Product>(`${server.url}/api/products/${id}`)),
            );
            if (seen.every((p) => p.countInStock === 4321 && p.price === 1234)) break;
            await new Promise((r) => setTimeout(r, 20));
          } while (Date.now() - started < 1_000);
          expect(seen.map((p) => [p.countInStock, p.price])).toEqual(Array(8).fill([4321, 1234]));

          // A worker that dies is replaced; the store keeps answering.
          const workers = [...server.output().matchAll(/"pid":(\d+)[^\n]*"msg":"Store ready on/g)].map((m) =>
            Number(m[1]),
          );
          expect(workers.length).toBe(2);
          process.kill(workers[0]!, 'SIGKILL');
          const deadline = Date.now() + 20_000;
          while (!server.output().includes('a server worker died') && Date.now() < deadline) {
            await new Promise((r) => setTimeout(r, 50));
          }
          while (loaded() < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
          expect(loaded()).toBe(3);
          const after = await Promise.all(
            Array.from({ length: 6 }, () => getJson<Product>(`${server.url}/api/products/${id}`)),
          );
          expect(after.map((p) => p.countInStock)).toEqual(Array(6).fill(4321));
        } finally {
          await client.end();
          server.process.kill('SIGTERM');
          expect(await server.exited).toBe(0);
        }

        // A restart of a store with products forks its workers first and prepares the database
        // while they load their modules; each waits for it before it reads a thing.
        const again = await startServer({
          env: { DATABASE_URL: databaseUrl, WEB_CONCURRENCY: '2' },
          reusePicturesFrom: inject('dataDir') || undefined,
        });
        try {
          const bothUp = Date.now() + 30_000;
          const lines = () => again.output().split('\n');
          const at = (msg: string) => lines().findIndex((l) => l.includes(`"msg":"${msg}"`));
          const loads = () => lines().flatMap((l, i) => (l.includes('"msg":"Store ready on') ? [i] : []));
          while (loads().length < 2 && Date.now() < bothUp) await new Promise((r) => setTimeout(r, 50));
          expect(at('server workers started')).toBeGreaterThanOrEqual(0);
          expect(at('server workers started')).toBeLessThan(at('database ready'));
          expect(loads()).toHaveLength(2);
          for (const line of loads()) expect(line).toBeGreaterThan(at('database ready'));
          const product = await getJson<Product>(`${again.url}/api/products/${id}`);
          expect(product.countInStock).toBe(4321);

          // Stopped while a replacement worker is still loading, the store stops cleanly: that
          // worker has nothing in flight, and ends by the signal before it has a handler for it.
          const [pid] = [...again.output().matchAll(/"pid":(\d+)[^\n]*"msg":"Store ready on/g)].map((m) =>
            Number(m[1]),
          );
          process.kill(pid!, 'SIGKILL');
          const died = Date.now() + 20_000;
          const restartIn = () => /"restartInMs":(\d+),"msg":"a server worker died/.exec(again.output())?.[1];
          while (restartIn() === undefined && Date.now() < died) await new Promise((r) => setTimeout(r, 20));
          await new Promise((r) => setTimeout(r, Number(restartIn()) + 200));
          again.process.kill('SIGTERM');
          expect(await again.exited).toBe(0);
          expect(loads(), 'the replacement was still starting when the store stopped').toHaveLength(2);
        } finally {
          if (again.process.exitCode === null) again.process.kill('SIGKILL');
        }
      });
    },
  );
});
