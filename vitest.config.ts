import { defineConfig } from 'vitest/config';

// CI asks for machine-readable results so it can total every run (scripts/sum-test-results.mjs).
const jsonDir = process.env.VITEST_JSON_DIR;

export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'], externalConditions: ['source'] } },
  test: {
    // Vitest leaves a core to itself by default: one worker on a two-core machine. The workers
    // spend much of their time in PGlite and the DOM, so two go nearly twice as fast.
    maxWorkers: 2,
    reporters: jsonDir ? ['default', 'json'] : ['default'],
    ...(jsonDir ? { outputFile: { json: `${jsonDir}/unit.json` } } : {}),
    projects: [
      {
        extends: true,
        // Pure functions and scripts: files share a worker's modules, as the server's do (ADR 075).
        test: { name: 'packages', include: ['packages/*/src/**/*.test.ts', 'scripts/**/*.test.ts'], isolate: false },
      },
      {
        extends: true,
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          // Files share a worker's page and the libraries it imported (React, the DOM): importing
          // them again for every file was more than half of this pass. setup.ts gives each file a
          // fresh page and fresh app modules (ADR 074).
          isolate: false,
          setupFiles: ['apps/web/src/test/setup.ts'],
          // A long form filled in key by key takes 4 s on a quiet machine; CI's loaded one took
          // more than the default 5 s. A test that waits for something that never comes still
          // fails, on its own waitFor's timeout (setup.ts).
          testTimeout: 30_000,
          hookTimeout: 30_000,
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
          // Each file builds an app of its own on a database copy of its own, so files share
          // nothing but the modules: a worker imports the server once instead of once a file,
          // which was a third of the pass (ADR 071).
          isolate: false,
        },
      },
    ],
  },
});
