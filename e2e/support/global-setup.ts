import type { TestProject } from 'vitest/node';
import { startServer } from './server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
  }
}

export default async function setup(project: TestProject) {
  // Point the browser tests at a store that is already running (a dev server, say) instead.
  const external = process.env.E2E_BASE_URL;
  if (external) {
    project.provide('baseUrl', external.replace(/\/$/, ''));
    project.provide('dataDir', '');
    return undefined;
  }
  // Browser tests register many accounts from one address; the default per-IP limit would refuse them.
  const server = await startServer({ env: { RATE_LIMIT_REGISTER: '1000/1h' } });
  project.provide('baseUrl', server.url);
  project.provide('dataDir', server.dataDir);
  return async () => {
    server.process.kill('SIGTERM');
    await server.exited;
  };
}
