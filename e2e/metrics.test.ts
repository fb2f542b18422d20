import http from 'node:http';
import { describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import { withScratchDatabase } from './support/postgres.js';
import { startServer } from './support/server.js';

const TOKEN = 'e2e-metrics-Vq8Lm3Xz7Kd2Rt9Wp4Hn6Bc';

/** A GET on a connection of its own, so the primary hands each to the next worker. */
function get(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false, headers }, (res) => {
        let body = '';
        res.on('data', (d: Buffer) => (body += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

/** One sample's value from Prometheus' text format: the metric with exactly these labels. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const got = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]));
    const wanted = Object.entries(labels);
    if (wanted.length === Object.keys(got).length && wanted.every(([k, v]) => got[k] === v)) return Number(m[3]);
  }
  return undefined;
}

const postgres = process.env.E2E_DATABASE_URL;

describe('GET /metrics of several workers on PostgreSQL', () => {
  it.runIf(postgres)('covers every worker in each scrape, whichever worker answers it', async () => {
    await withScratchDatabase(postgres!, 'store_metrics', async (databaseUrl) => {
      const server = await startServer({
        env: {
          DATABASE_URL: databaseUrl,
          SEED_DEMO: 'true',
          WEB_CONCURRENCY: '2',
          METRICS_TOKEN: TOKEN,
          // Nothing leaves the outbox while the test compares its backlog with the table.
          OUTBOX_POLL_MS: '600000',
        },
        reusePicturesFrom: inject('dataDir') || undefined,
      });
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        const loaded = () => [...server.output().matchAll(/"msg":"Store ready on/g)].length;
        const bothUp = Date.now() + 30_000;
        while (loaded() < 2 && Date.now() < bothUp) await new Promise((r) => setTimeout(r, 50));
        expect(loaded()).toBe(2);
        const scrape = async () => {
          const res = await get(`${server.url}/metrics`, { authorization: `Bearer ${TOKEN}` });
          expect(res.status).toBe(200);
          return res.body;
        };
        expect((await get(`${server.url}/metrics`)).status).toBe(401);

        const route = { method: 'GET', route: '/api/products/:id', status: '200' };
        const counted = (text: string) => sample(text, 'http_requests_total', route) ?? 0;
        const before = counted(await scrape());
        const list = JSON.parse((await get(`${server.url}/api/products?pageLimit=1`)).body) as {
          products: { _id: string }[];
        };
        const id = list.products[0]!._id;
        const requests = 12;
        for (let i = 0; i < requests; i++) expect((await get(`${server.url}/api/products/${id}`)).status).toBe(200);
        // Both workers answered some of them (each logs the requests it takes, with its pid)...
        const pids = new Set(
          server
            .output()
            .split('\n')
            .filter((l) => l.includes('"msg":"incoming request"') && l.includes(`/api/products/${id}`))
            .map((l) => /"pid":(\d+)/.exec(l)?.[1]),
        );
        expect(pids.size).toBe(2);

        // ...and every scrape, whichever worker takes it, counts all of them, and once.
        await client.query(
          `INSERT INTO outbox (kind, recipient, payload, message_id)
           VALUES ('welcome', 'a@example.in', '{}', '<m1@e2e>'), ('welcome', 'b@example.in', '{}', '<m2@e2e>')`,
        );
        for (let i = 0; i < 4; i++) {
          const text = await scrape();
          expect(counted(text) - before).toBe(requests);
          expect(sample(text, 'http_request_duration_seconds_count', route)! - before).toBe(requests);
          expect([sample(text, 'store_workers'), sample(text, 'store_workers_reporting')]).toEqual([2, 2]);
          // Read from the database by each worker, reported once: not doubled.
          const { rows } = await client.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM outbox WHERE status = 'pending'`,
          );
          expect(rows[0]!.n).toBeGreaterThanOrEqual(2);
          expect(sample(text, 'store_outbox_pending_messages')).toBe(rows[0]!.n);
          expect(sample(text, 'store_db_up')).toBe(1);
          // Two pools of DATABASE_POOL_SIZE at most, summed.
          expect(sample(text, 'store_db_pool_connections')).toBeGreaterThanOrEqual(2);
          expect(sample(text, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
        }
      } finally {
        await client.end();
        server.process.kill('SIGTERM');
        expect(await server.exited).toBe(0);
      }
    });
  });
});
