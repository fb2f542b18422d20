import { mkdir, mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer, type RunningServer } from './server-process.js';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
export const resultsDir = fileURLToPath(new URL('results', import.meta.url));

/** Debian's Chromium (`CHROME_PATH` to use another), with the flags this machine's closed network needs. */
export const CHROMIUM = {
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

/**
 * The production build on a fresh data folder with the demo catalogue, as shoppers of the README's
 * `npm start` see it: production refuses its demo accounts and simulated payments unless told this
 * is a demo on purpose. Its log goes to bench/results/<stamp>-<name>-server.log.
 */
export async function startDemoStore(name: string, stamp: string): Promise<RunningServer> {
  await mkdir(resultsDir, { recursive: true });
  return startServer({
    repoRoot,
    dataDir: await mkdtemp(path.join(os.tmpdir(), `store-${name}-`)),
    logFile: path.join(resultsDir, `${stamp}-${name}-server.log`),
    seedDemo: true,
    defaultEnv: { ALLOW_DEMO: 'true' },
  });
}
