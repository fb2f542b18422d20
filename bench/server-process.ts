import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { open, readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** The server migrates and loads the whole postal directory before it listens; give it time. */
const READY_TIMEOUT_MS = 180_000;
const READY_POLL_MS = 250;
/** The server drains in-flight requests on SIGTERM; past this it is killed outright. */
const STOP_TIMEOUT_MS = 15_000;

export interface ServerOptions {
  repoRoot: string;
  dataDir: string;
  /** PostgreSQL URL; the embedded database in dataDir is used when omitted. */
  databaseUrl?: string | undefined;
  /** The server's stdout and stderr go here: under load its error logs would bury the results. */
  logFile: string;
  /** Seed the demo catalogue (the page-speed benchmark browses it); the load benchmark seeds its own. */
  seedDemo?: boolean;
  /** Server settings that apply unless the benchmark's own environment sets them. */
  defaultEnv?: Record<string, string>;
  /** Node's arguments for another server than the store's build (the baseline), relative to repoRoot. */
  entry?: string[];
  /**
   * Run as a fresh clone's `npm start` does: no NODE_ENV, no Redis, the demo catalogue seeded by
   * the server's own default, instead of production with Redis and `seedDemo`.
   */
  asNpmStart?: boolean;
}

export interface RunningServer {
  baseUrl: string;
  pid: number;
  /** From starting the process to its first healthy answer (the migrations' check, PIN codes, the workers' start). */
  bootSeconds: number;
  /** Resolves once the process has exited; safe to call more than once. */
  stop(): Promise<void>;
}

/**
 * How `npm start` runs the server (the server's `serve` script: Node's flags, such as its heap
 * limits, ADR 052, and the environment it sets before `node`, such as malloc's settings), with
 * `${NAME:-default}` read from the server's environment: the benchmark measures the store as it
 * runs, from the one place those settings are made. Returns the flags; the environment is added
 * to `env` unless it sets the same names already.
 */
async function serveSettings(repoRoot: string, env: NodeJS.ProcessEnv): Promise<string[]> {
  const pkg = JSON.parse(await readFile(path.join(repoRoot, 'apps', 'server', 'package.json'), 'utf8')) as {
    scripts: { serve: string };
  };
  const words = pkg.scripts.serve.split(/\s+/);
  const node = words.indexOf('node');
  const assignments = words.slice(0, Math.max(node, 0));
  if (node < 0 || !assignments.every((w) => /^\w+=\S*$/.test(w))) {
    throw new Error(`the serve script is not [NAME=value ...] node ...: ${pkg.scripts.serve}`);
  }
  for (const assignment of assignments) {
    const [name, value] = assignment.split(/=(.*)/s) as [string, string];
    env[name] ??= value;
  }
  return words
    .slice(node + 1)
    .filter((w) => w.startsWith('-'))
    .map((w) => w.replace(/\$\{(\w+):-([^}]*)\}/g, (_all, name: string, fallback: string) => env[name] || fallback));
}

/** Asks the OS for a free port; the tiny window before the server binds it is acceptable here. */
async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const address = probe.address();
  probe.close();
  if (address === null || typeof address === 'string') throw new Error('could not find a free port');
  return address.port;
}

function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (hasExited(child)) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  try {
    await exited;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Starts the built server (`apps/server/dist/server.js`) exactly as production would run it, and
 * resolves once `GET /api/health` answers 200. Demo seeding is off unless asked for: the load
 * benchmark seeds its own catalogue beforehand.
 */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const port = await freePort();
  const where = { HOST: '127.0.0.1', PORT: String(port), DATA_DIR: options.dataDir, LOG_LEVEL: 'warn' };
  const env: NodeJS.ProcessEnv = options.asNpmStart
    ? { ...options.defaultEnv, ...process.env, ...where }
    : {
        // Production runs one worker per core on PostgreSQL and wants Redis for their shared throttle
        // counters (ADR 025); the benchmark machine has one on its standard port.
        REDIS_URL: 'redis://127.0.0.1:6379',
        REDIS_KEY_PREFIX: 'bench:',
        ...options.defaultEnv,
        ...process.env,
        NODE_ENV: 'production',
        ...where,
        SEED_DEMO: options.seedDemo ? 'true' : 'false',
      };
  // A DATABASE_URL inherited from the shell must not turn the embedded run into a PostgreSQL one.
  delete env.DATABASE_URL;
  if (options.asNpmStart) for (const name of ['NODE_ENV', 'REDIS_URL', 'SEED_DEMO']) delete env[name];
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;

  const log = await open(options.logFile, 'w');
  const started = performance.now();
  let child: ChildProcess;
  try {
    // BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' profiles the server (and its workers) under load.
    const extraArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
    const nodeArgs = options.entry ? extraArgs : [...(await serveSettings(options.repoRoot, env)), ...extraArgs];
    const entry = options.entry ?? [path.join('apps', 'server', 'dist', 'server.js')];
    child = spawn(process.execPath, [...nodeArgs, ...entry], {
      cwd: options.repoRoot,
      env,
      stdio: ['ignore', log.fd, log.fd],
    });
  } finally {
    // The child holds its own copy of the descriptor.
    await log.close();
  }
  const server: RunningServer = {
    baseUrl: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    bootSeconds: 0,
    stop: () => stopChild(child),
  };

  try {
    await waitForHealth(server.baseUrl, child);
    server.bootSeconds = Math.round((performance.now() - started) / 100) / 10;
  } catch (err) {
    await server.stop();
    const tail = (await readFile(options.logFile, 'utf8')).split('\n').slice(-20).join('\n');
    throw new Error(`${(err as Error).message}; last lines of ${options.logFile}:\n${tail}`);
  }
  return server;
}

async function waitForHealth(baseUrl: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (hasExited(child)) {
      throw new Error(`the server exited during start-up (code ${child.exitCode}, signal ${child.signalCode})`);
    }
    try {
      const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      // Not listening yet: start-up is still migrating or loading PIN codes.
    }
    await sleep(READY_POLL_MS);
  }
  throw new Error(`the server did not report healthy within ${READY_TIMEOUT_MS / 1000} s`);
}
