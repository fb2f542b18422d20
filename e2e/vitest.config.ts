import { defineConfig } from 'vitest/config';

const jsonDir = process.env.VITEST_JSON_DIR;

export default defineConfig({
  test: {
    reporters: jsonDir ? ['default', 'json'] : ['default'],
    ...(jsonDir ? { outputFile: { json: `${jsonDir}/e2e.json` } } : {}),
    include: ['**/*.test.ts'],
    globalSetup: ['./support/global-setup.ts'],
    // Longer than a server's own start deadline (support/server.ts), as several tests start one.
    testTimeout: 240_000,
    hookTimeout: 180_000,
    // Three files at a time: most of a browser test is waiting on the page or on a server, so three
    // keep the machine's two cores busy where two left them idle about half the time (ADR 071).
    // Files share the run's server (support/global-setup.ts), each with accounts and orders of its
    // own; waits are for conditions, never for a time, so a busier machine is slower, not flakier.
    fileParallelism: true,
    maxWorkers: 3,
  },
});
