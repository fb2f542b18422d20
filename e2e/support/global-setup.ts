import type { TestProject } from 'vitest/node';
import { startServer } from './server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    /** A stopped, seeded store's data folder (support/server.ts `copyOf`); '' against an external store. */
    seededDir: string;
  }
}

export default async function setup(project: TestProject) {
  // Point the browser tests at a store that is already running (a dev server, say) instead.
  const external = process.env.E2E_BASE_URL;
  if (external) {
    project.provide('baseUrl', external.replace(/\/$/, ''));
    project.provide('dataDir', '');
    project.provide('seededDir', '');
    return undefined;
  }
  // A first start, as a new owner's: it loads the postal directory and seeds the demo catalogue.
  // Stopped, its folder is where the run's store and every other embedded store a test starts
  // begin from.
  const first = await startServer();
  first.process.kill('SIGTERM');
  if ((await first.exited) !== 0) throw new Error(`the first store did not stop cleanly:\n${first.output()}`);
  // Browser tests register many accounts, search many times and leave shoppers' orders unpaid,
  // all from one address, and every page they open reports its web vitals; the default
  // per-address limits would refuse them (or drop the vitals).
  const server = await startServer({
    env: {
      RATE_LIMIT_REGISTER: '1000/1h',
      RATE_LIMIT_SEARCH: '10000/1m',
      RATE_LIMIT_VITALS: '10000/1m',
      RATE_LIMIT_VITALS_DAY: 'off',
      ORDER_MAX_UNPAID_PER_ADDRESS: '1000',
    },
    copyOf: first.dataDir,
  });
  project.provide('baseUrl', server.url);
  project.provide('dataDir', server.dataDir);
  project.provide('seededDir', first.dataDir);
  return async () => {
    server.process.kill('SIGTERM');
    await server.exited;
  };
}
