import cluster, { type Worker } from 'node:cluster';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sample } from '../test/prometheus.js';
import { serveClusterMetrics } from './cluster-metrics.js';

const workerScript = fileURLToPath(new URL('../test/metrics-worker.ts', import.meta.url));

/** This test's process is the primary, as server.ts's is; its workers are real processes over cluster IPC. */
let workers: Worker[] = [];

function fork(env: Record<string, string>): Promise<Worker> {
  cluster.setupPrimary({ exec: workerScript, execArgv: ['--import', 'tsx'], silent: true });
  const worker = cluster.fork(env);
  return new Promise((resolve, reject) => {
    worker.once('exit', (code) => reject(new Error(`worker exited (${code})`)));
    worker.on('message', (m) => m === 'ready' && resolve(worker));
  });
}

function scrapeThrough(worker: Worker): Promise<string> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: { text?: string; error?: string }) => {
      if (m.text === undefined && m.error === undefined) return;
      worker.off('message', onMessage);
      if (m.error) reject(new Error(m.error));
      else resolve(m.text!);
    };
    worker.on('message', onMessage);
    worker.send('scrape');
  });
}

/**
 * Long enough for a worker on a loaded machine to answer (CI once missed one at 500 ms), short
 * enough that the worker left hanging below costs the test little.
 */
const COLLECT_TIMEOUT_MS = 2_000;

beforeAll(async () => {
  serveClusterMetrics({ error: () => undefined }, COLLECT_TIMEOUT_MS);
  workers = await Promise.all([
    fork({ REQUESTS: '3', BACKLOG: '7', DB_UP: '1' }),
    fork({ REQUESTS: '5', BACKLOG: '7', DB_UP: '0' }),
  ]);
}, 60_000);
afterAll(() => {
  for (const w of workers) w.process.kill();
});

describe('one scrape covers every worker, combined in the primary', () => {
  it('sums what each worker counts, keeps one copy of what they all read, and says who answered', async () => {
    for (const asked of workers) {
      const text = await scrapeThrough(asked);
      const route = { method: 'GET', route: '/api/products/:id', status: '200' };
      expect(sample(text, 'http_requests_total', route)).toBe(8);
      expect(sample(text, 'http_request_duration_seconds_count', route)).toBe(8);
      expect(sample(text, 'http_request_duration_seconds_bucket', { ...route, le: '0.01' })).toBe(0);
      expect(sample(text, 'http_request_duration_seconds_bucket', { ...route, le: '0.025' })).toBe(8);
      expect(sample(text, 'http_request_duration_seconds_sum', route)).toBeCloseTo(8 * 0.012, 6);
      expect(sample(text, 'store_orders_placed_total')).toBe(8);
      // Both read the same outbox table: 7 pending, not 14.
      expect(sample(text, 'store_outbox_pending_messages')).toBe(7);
      // One worker cannot reach the database: the store cannot, everywhere.
      expect(sample(text, 'store_db_up')).toBe(0);
      // Unknown stays unknown across the IPC channel, instead of turning into 0.
      expect(sample(text, 'store_unknown')).toBeNaN();
      expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
      expect([sample(text, 'store_workers'), sample(text, 'store_workers_reporting')]).toEqual([2, 2]);
    }
  });

  it('leaves out a worker that does not answer in time, and says so', async () => {
    const [asked, stuck] = workers as [Worker, Worker];
    stuck.send('hang');
    const started = Date.now();
    const text = await scrapeThrough(asked);
    expect(Date.now() - started).toBeLessThan(COLLECT_TIMEOUT_MS + 1_400);
    expect([sample(text, 'store_workers'), sample(text, 'store_workers_reporting')]).toEqual([2, 1]);
    expect(sample(text, 'http_requests_total', { method: 'GET', route: '/api/products/:id', status: '200' })).toBe(3);
  });
});
