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
    // Two files at a time: most of a browser test is waiting on the page or on a server, so two
    // share the machine's two cores well. Three were faster but starved the tests that stop and
    // restart whole stores (graceful-stop, database-restart) past what they measure (ADR 071).
    // Files share the run's server (support/global-setup.ts), each with accounts and orders of its
    // own; waits are for conditions, never for a time.
    fileParallelism: true,
    maxWorkers: 2,
  },
});
