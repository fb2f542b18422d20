import { spawnSync } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot, startServer } from './support/server.js';

describe('npm run create-admin on a store with no accounts', () => {
  it('creates the first admin with a generated password that signs in to the running store', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'store-admin-'));
    const env = { ...process.env, DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'silent' };
    const run = spawnSync(
      process.execPath,
      ['apps/server/dist/cli/create-admin.js', '--email', 'owner@phoolwala.in', '--name', 'Asha Varghese'],
      { cwd: repoRoot, env, input: '', encoding: 'utf8' },
    );
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const password = /Generated password \(shown once, store it safely\): (\S+)/.exec(run.stdout)?.[1];
    expect(password).toMatch(/^[a-zA-Z2-9]{20}$/);

    const missing = spawnSync(process.execPath, ['apps/server/dist/cli/create-admin.js'], {
      cwd: repoRoot,
      env,
      input: '',
      encoding: 'utf8',
    });
    expect([missing.status, missing.stderr.trim()]).toEqual([
      2,
      'Usage: npm run create-admin -- --email you@example.com [--name "Your Name"]',
    ]);

    const server = await startServer({ env: { DATA_DIR: dataDir, SEED_DEMO: 'false' } });
    try {
      const signIn = (pass: string) =>
        fetch(`${server.url}/api/users/auth`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'owner@phoolwala.in', password: pass }),
        });
      const res = await signIn(password!);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ name: 'Asha Varghese', isAdmin: true });
      // No demo account exists on a store that was not seeded.
      const demo = await fetch(`${server.url}/api/users/auth`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@example.com', password: 'admin-demo-pass' }),
      });
      expect(demo.status).toBe(401);
    } finally {
      server.process.kill('SIGTERM');
      await server.exited;
    }
  });
});
