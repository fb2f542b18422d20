import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface RunningServer {
  url: string;
  dataDir: string;
  process: ChildProcess;
  output: () => string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
}

export interface StartOptions {
  env?: Record<string, string>;
  /**
   * A data folder whose demo pictures to reuse. Drawing them is most of a first start; the run's
   * main server already proves that path, so other servers may skip it.
   */
  reusePicturesFrom?: string;
  /**
   * A stopped store's data folder to start from, copied whole: the store starts as it restarts,
   * seeded, in about 2 s instead of the 8 s (and 10 s of CPU) of a first start that loads the
   * postal directory and seeds the catalogue. The run's global set-up proves the first start once
   * and offers its folder as `seededDir`.
   */
  copyOf?: string;
  /**
   * The store's clock at start, running on from there (support/store-clock.mjs): a delivery
   * step waits for its booked day (ADR 085), which a test cannot otherwise wait for.
   */
  clockAt?: Date;
}

/**
 * Starts the built store the way its README does (`npm run serve` after the build `npm test` ran),
 * on a fresh data folder, and waits until it answers its health check.
 */
export async function startServer({
  env = {},
  reusePicturesFrom,
  copyOf,
  clockAt,
}: StartOptions = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'store-e2e-'));
  if (copyOf) await cp(copyOf, dataDir, { recursive: true });
  else if (reusePicturesFrom) {
    await cp(path.join(reusePicturesFrom, 'uploads'), path.join(dataDir, 'uploads'), { recursive: true });
  }
  let log = '';
  const child = spawn(process.execPath, ['apps/server/dist/server.js'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      // Browser tests run two at a time beside other suites: the event loop's lateness then says
      // how busy the machine is, not the store, so load shedding by it is off unless a test asks.
      MAX_EVENT_LOOP_DELAY_MS: '0',
      ...(clockAt
        ? {
            NODE_OPTIONS: `--import=${pathToFileURL(path.join(repoRoot, 'e2e/support/store-clock.mjs')).href}`,
            E2E_STORE_CLOCK_OFFSET_MS: String(clockAt.getTime() - Date.now()),
          }
        : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (log += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${log}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become healthy:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { url, dataDir, process: child, output: () => log, exited };
}
