import { spawn } from 'node:child_process';
import { describe, expect, inject, it } from 'vitest';
import { freePort, repoRoot, startServer } from './support/server.js';

interface Run {
  code: number | null;
  output: string;
}

/**
 * Runs a built entry point of the store on `dataDir`. A refusal takes about a second (loading the
 * code); one still running after 60 s, far beyond that even on a loaded machine, is killed.
 */
async function run(args: string[], dataDir: string, env: Record<string, string> = {}): Promise<Run> {
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: dataDir, HOST: '127.0.0.1', LOG_LEVEL: 'silent', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  child.stdin.end();
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
  clearTimeout(timer);
  return { code, output };
}

const json = { 'content-type': 'application/json' };

async function register(base: string, email: string): Promise<number> {
  const res = await fetch(`${base}/api/users`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ name: 'Meera Pillai', email, password: 'one store one owner' }),
  });
  return res.status;
}

async function signIn(base: string, email: string): Promise<number> {
  const res = await fetch(`${base}/api/users/auth`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, password: 'one store one owner' }),
  });
  return res.status;
}

describe('a data folder has one owner', () => {
  it('refuses a second server, seed and create-admin beside a running store, and recovers after kill -9', async () => {
    const first = await startServer({ copyOf: inject('seededDir') || undefined });
    let latest = first;
    try {
      expect(await register(first.url, 'before@phoolwala.in')).toBe(201);
      const message = `The store in ${first.dataDir} is already running (pid ${first.process.pid})`;

      const [server, seed, admin] = await Promise.all([
        run(['apps/server/dist/server.js'], first.dataDir, { PORT: String(await freePort()) }),
        run(['apps/server/dist/db/seed-cli.js'], first.dataDir),
        run(['apps/server/dist/cli/create-admin.js', '--email', 'second@phoolwala.in'], first.dataDir),
      ]);
      expect({ server, seed, admin }).toEqual({
        server: { code: 1, output: expect.stringContaining(message) },
        seed: { code: 1, output: `${message}\n` },
        admin: { code: 1, output: `${message}\n` },
      });

      expect((await fetch(`${first.url}/api/health`)).status).toBe(200);
      expect(await signIn(first.url, 'before@phoolwala.in')).toBe(200);
      expect(await register(first.url, 'after@phoolwala.in')).toBe(201);

      first.process.kill('SIGKILL');
      await first.exited;
      latest = await startServer({ env: { DATA_DIR: first.dataDir } });
      expect((await fetch(`${latest.url}/api/health`)).status).toBe(200);
      expect(await signIn(latest.url, 'before@phoolwala.in')).toBe(200);
      expect(await signIn(latest.url, 'after@phoolwala.in')).toBe(200);
    } finally {
      for (const s of [first, latest]) s.process.kill('SIGTERM');
      await Promise.all([first.exited, latest.exited]);
    }
  }, 180_000);
});
