import { defineConfig } from 'vitest/config';

// CI asks for machine-readable results so it can total every run (scripts/sum-test-results.mjs).
const jsonDir = process.env.VITEST_JSON_DIR;

export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'], externalConditions: ['source'] } },
  test: {
    reporters: jsonDir ? ['default', 'json'] : ['default'],
    ...(jsonDir ? { outputFile: { json: `${jsonDir}/unit.json` } } : {}),
    projects: [
      {
        extends: true,
        test: { name: 'packages', include: ['packages/*/src/**/*.test.ts', 'scripts/**/*.test.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['apps/web/src/test/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
