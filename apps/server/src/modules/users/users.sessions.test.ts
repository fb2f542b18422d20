import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import Fastify from 'fastify';
import { inArray } from 'drizzle-orm';
import { registerCustomer, sessionCookie, TEST_PASSWORD, uniqueEmail } from '../../test/accounts.js';
import { createTestApp, PRODUCTION_ENV, testDatabaseKind, type TestApp } from '../../test/test-app.js';
import { sessions } from './users.table.js';
import { purgeExpiredSessions, registerSessions, SESSION_PURGE_EVERY_MS } from './users.sessions.js';

let t: TestApp;
const extra: TestApp[] = [];
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(async () => {
  for (const app of extra) await app.close();
  await t?.close();
});

async function serverWith(env: Record<string, string>) {
  const app = await createTestApp(env, { database: t.database });
  extra.push(app);
  return app;
}

const HOUR = 60 * 60 * 1000;

/** Session rows for a user that end `endsInMs` from now (negative: already over). */
async function insertSessions(userId: string, endsInMs: number, count: number): Promise<string[]> {
  const hashes = Array.from({ length: count }, () => randomBytes(32).toString('hex'));
  await t.database.db
    .insert(sessions)
    .values(hashes.map((tokenHash) => ({ tokenHash, userId, expiresAt: new Date(Date.now() + endsInMs) })));
  return hashes;
}

async function remaining(hashes: string[]): Promise<string[]> {
  const rows = await t.database.db
    .select({ tokenHash: sessions.tokenHash })
    .from(sessions)
    .where(inArray(sessions.tokenHash, hashes));
  return rows.map((r) => r.tokenHash).sort();
}

describe(`sessions on ${testDatabaseKind}`, () => {
  it('puts only what handlers use on the request: no password hash, no Google subject', async () => {
    const { cookie } = await registerCustomer(t.app);
    // The sessions plugin on its own, with one route that shows what it put on the request.
    const probe = Fastify();
    probe.decorate('config', t.config);
    probe.decorate('database', t.database);
    await registerSessions(probe);
    probe.get('/api/probe', async (req) => ({ user: req.user }));
    try {
      const res = await probe.inject({ url: '/api/probe', headers: { cookie } });
      const { user } = res.json();
      expect(Object.keys(user).sort()).toEqual(['email', 'id', 'isAdmin', 'name', 'partnerId', 'phone', 'pincode']);
      expect(res.body).not.toContain('$argon2');
    } finally {
      await probe.close();
    }
  });

  it('purges expired sessions in batches and keeps every live one', async () => {
    const { id, cookie } = await registerCustomer(t.app);
    const expired = await insertSessions(id, -1_000, 5);
    const live = await insertSessions(id, HOUR, 3);

    const purged = await purgeExpiredSessions(t.database.db, 2);
    expect(purged).toBeGreaterThanOrEqual(5);
    expect(await remaining(expired)).toEqual([]);
    expect(await remaining(live)).toEqual([...live].sort());
    expect((await t.app.inject({ url: '/api/users/profile', headers: { cookie } })).statusCode).toBe(200);
    expect(await purgeExpiredSessions(t.database.db, 2)).toBe(0);
  });

  it('purges on a timer that stops when the server closes', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const server = await serverWith({});
    const { id } = await registerCustomer(server.app);
    const expired = await insertSessions(id, -1_000, 2);
    const live = await insertSessions(id, HOUR, 1);

    vi.advanceTimersByTime(SESSION_PURGE_EVERY_MS - 1_000);
    expect(await remaining(expired)).toHaveLength(2);
    vi.advanceTimersByTime(1_000);
    await vi.waitFor(async () => expect(await remaining(expired)).toEqual([]), { timeout: 10_000 });
    expect(await remaining(live)).toEqual(live);

    await server.app.close();
    extra.splice(extra.indexOf(server), 1);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe(`Secure cookies and HSTS follow the request's scheme, on ${testDatabaseKind}`, () => {
  const register = (app: TestApp, headers: Record<string, string> = {}) =>
    app.app.inject({
      method: 'POST',
      url: '/api/users',
      headers,
      payload: { name: 'Kavya Rao', email: uniqueEmail(), password: TEST_PASSWORD },
    });
  const setCookie = (res: { headers: Record<string, unknown> }) => String([res.headers['set-cookie']].flat()[0]);

  it('in development behind a TLS proxy (TRUST_PROXY): Secure and HSTS over https, neither over http', async () => {
    const dev = await serverWith({ NODE_ENV: 'development', TRUST_PROXY: 'true' });
    const https = await register(dev, { 'x-forwarded-proto': 'https' });
    expect(https.statusCode).toBe(201);
    expect(setCookie(https)).toMatch(/; Secure(;|$)/);
    expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');

    const cookie = sessionCookie(https.headers['set-cookie']);
    const out = await dev.app.inject({
      method: 'POST',
      url: '/api/users/logout',
      headers: { cookie, 'x-forwarded-proto': 'https' },
    });
    expect(setCookie(out)).toMatch(/^session=;.*; Secure(;|$)/);

    const http = await register(dev);
    expect(http.statusCode).toBe(201);
    expect(setCookie(http)).not.toContain('Secure');
    expect(http.headers['strict-transport-security']).toBeUndefined();
  });

  it('ignores X-Forwarded-Proto from a proxy it was not told to trust', async () => {
    const dev = await serverWith({ NODE_ENV: 'development' });
    const res = await register(dev, { 'x-forwarded-proto': 'https' });
    expect(setCookie(res)).not.toContain('Secure');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('in production keeps Secure and HSTS even when the request reaches it as plain http', async () => {
    const prod = await serverWith(PRODUCTION_ENV);
    const res = await register(prod);
    expect(setCookie(res)).toMatch(/; Secure(;|$)/);
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});
