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
    // One server and one browser are shared; files run one after another to keep them calm.
    fileParallelism: false,
  },
});
