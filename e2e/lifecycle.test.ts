import { describe, expect, inject, it } from 'vitest';
import { startServer } from './support/server.js';

describe('server lifecycle', () => {
  it('drains in-flight requests on SIGTERM and exits 0 within 10 s', async () => {
    const server = await startServer({ copyOf: inject('seededDir') || undefined });
    const inFlight = Array.from({ length: 20 }, (_, i) =>
      fetch(`${server.url}/api/products?pageNumber=${(i % 3) + 1}`).then((r) => r.status),
    );
    // Signal only once the server has accepted every request, so all 20 are its to finish.
    const received = () => server.output().split('incoming request').length - 1;
    while (received() < 20) await new Promise((r) => setTimeout(r, 1));
    const started = Date.now();
    server.process.kill('SIGTERM');
    const statuses = await Promise.allSettled(inFlight);
    const code = await server.exited;
    expect(code).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(statuses.map((s) => (s.status === 'fulfilled' ? s.value : s.reason))).toEqual(Array(20).fill(200));
    expect(server.output()).toContain('shutdown complete');
  });

  it('refuses to start on a bad setting, naming the variable', async () => {
    await expect(startServer({ env: { PORT: 'eighty' } })).rejects.toThrow(/PORT/);
  });

  it('refuses to start in production on the demo defaults, naming each of them at once', async () => {
    const refusal = await startServer({ env: { NODE_ENV: 'production' } }).then(
      (server) => {
        server.process.kill('SIGKILL');
        return 'started';
      },
      (err: Error) => err.message,
    );
    expect(refusal).toMatch(/^server exited early \(1\)/);
    for (const variable of ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET', 'PAYMENT_PROVIDER']) {
      expect(refusal).toContain(`  - ${variable} `);
    }
    expect(refusal).toContain('ALLOW_DEMO=true');
  });
});
