import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose';
import { randomBytes } from 'node:crypto';
import { registerCustomer, sessionCookie, TEST_PASSWORD, uniqueEmail } from '../../test/accounts.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/test-app.js';
import { users } from './users.table.js';

const CLIENT_ID = 'store-test.apps.googleusercontent.com';
const KID = 'test-key-1';

let t: TestApp;
let keySet: Server;
let googleKey: CryptoKey;
let strangerKey: CryptoKey;

/** Google's published key set, played by a local server so nothing leaves the machine. */
async function serveKeySet(): Promise<string> {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  googleKey = privateKey;
  strangerKey = (await generateKeyPair('RS256')).privateKey;
  const jwks = JSON.stringify({ keys: [{ ...(await exportJWK(publicKey)), kid: KID, alg: 'RS256', use: 'sig' }] });
  keySet = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(jwks));
  await new Promise<void>((resolve) => keySet.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(keySet.address() as AddressInfo).port}/oauth2/v3/certs`;
}

beforeAll(async () => {
  t = await createTestApp({ GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: await serveKeySet() });
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => keySet?.close(resolve));
});

interface TokenOptions {
  claims?: JWTPayload;
  key?: CryptoKey;
  expiresIn?: string | number;
}

function googleToken({ claims = {}, key = googleKey, expiresIn = '1h' }: TokenOptions = {}) {
  return new SignJWT({
    email: uniqueEmail(),
    email_verified: true,
    name: 'Lakshmi Iyer',
    ...claims,
  })
    .setProtectedHeader({ alg: 'RS256', kid: KID })
    .setIssuer(claims.iss ?? 'https://accounts.google.com')
    .setAudience(claims.aud ?? CLIENT_ID)
    .setSubject(String(claims.sub ?? randomBytes(10).readBigUInt64BE()))
    .setIssuedAt()
    .setExpirationTime(expiresIn)
    .sign(key);
}

const callback = (credential: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/users/auth/callback', payload: { credential } });

describe(`Google sign-in on ${testDatabaseKind}`, () => {
  it('tells the web app its client id', async () => {
    expect((await t.app.inject({ url: '/api/config' })).json()).toEqual({
      googleClientId: CLIENT_ID,
      payments: { provider: 'simulated', keyId: 'rzp_test_demo' },
      demo: true,
      vitalsSampleRate: 1,
      signInCodesByText: true,
    });
  });

  it('creates an account from a good token, and signs the same Google account into it again', async () => {
    const email = uniqueEmail();
    const first = await callback(await googleToken({ claims: { sub: '1001', email } }));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ name: 'Lakshmi Iyer', email, isAdmin: false });
    const cookie = sessionCookie(first.headers['set-cookie']);
    expect((await t.app.inject({ url: '/api/users/profile', headers: { cookie } })).json().email).toBe(email);

    // Google may report a changed address later; the account is found by its Google id.
    const again = await callback(await googleToken({ claims: { sub: '1001', email: uniqueEmail() } }));
    expect(again.json()._id).toBe(first.json()._id);
    const [stored] = await t.database.db.select().from(users).where(eq(users.id, first.json()._id));
    expect(stored).toMatchObject({ googleSubject: '1001', passwordHash: null });
    // An account made with Google has no password to guess.
    const withPassword = await t.app.inject({
      method: 'POST',
      url: '/api/users/auth',
      payload: { email, password: TEST_PASSWORD },
    });
    expect(withPassword.statusCode).toBe(401);
  });

  it('links a verified Google email to the existing account with that email', async () => {
    const customer = await registerCustomer(t.app);
    const res = await callback(await googleToken({ claims: { email: customer.email.toUpperCase() } }));
    expect(res.statusCode).toBe(200);
    expect(res.json()._id).toBe(customer.id);
  });

  it('never links an unverified email to an existing account, nor makes an account from one', async () => {
    const customer = await registerCustomer(t.app);
    for (const email of [customer.email, uniqueEmail()]) {
      const res = await callback(await googleToken({ claims: { email, email_verified: false } }));
      expect([res.statusCode, res.json().message]).toEqual([
        403,
        'Google has not verified this email address. Please sign in with your email.',
      ]);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    const [stored] = await t.database.db.select().from(users).where(eq(users.id, customer.id));
    expect(stored!.googleSubject).toBeNull();
  });

  it('refuses a second Google account for an email already linked to another', async () => {
    const email = uniqueEmail();
    expect((await callback(await googleToken({ claims: { email } }))).statusCode).toBe(200);
    const other = await callback(await googleToken({ claims: { email } }));
    expect([other.statusCode, other.json().message]).toEqual([
      409,
      'This email is linked to a different Google account',
    ]);
  });

  it('refuses expired, wrong-audience, wrong-issuer, foreign-signed and unsigned tokens', async () => {
    const expired = await callback(await googleToken({ expiresIn: Math.floor(Date.now() / 1000) - 60 }));
    expect([expired.statusCode, expired.json().message]).toEqual([
      401,
      'Your Google sign-in has expired. Please try again.',
    ]);
    const invalid = 'Google sign-in failed: the credential is not valid';
    const wrongAudience = await callback(
      await googleToken({ claims: { aud: 'someone-else.apps.googleusercontent.com' } }),
    );
    expect([wrongAudience.statusCode, wrongAudience.json().message]).toEqual([401, invalid]);
    const wrongIssuer = await callback(await googleToken({ claims: { iss: 'https://evil.example' } }));
    expect([wrongIssuer.statusCode, wrongIssuer.json().message]).toEqual([401, invalid]);
    const foreign = await callback(await googleToken({ key: strangerKey }));
    expect([foreign.statusCode, foreign.json().message]).toEqual([401, invalid]);

    const [, body] = (await googleToken()).split('.');
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const unsigned = await callback(`${header}.${body}.`);
    expect([unsigned.statusCode, unsigned.json().message]).toEqual([401, invalid]);
    const garbage = await callback('not.a.token');
    expect(garbage.statusCode).toBe(401);
    const missing = await callback('');
    expect([missing.statusCode, missing.json().message]).toEqual([400, 'credential is required']);
  });
});

describe('Google sign-in when the store has none, or cannot reach Google', () => {
  it('says it is not configured, and the web app is told there is no client id', async () => {
    const plain = await createTestApp({}, { database: t.database });
    try {
      expect((await plain.app.inject({ url: '/api/config' })).json()).toMatchObject({ googleClientId: null });
      const res = await plain.app.inject({
        method: 'POST',
        url: '/api/users/auth/callback',
        payload: { credential: await googleToken() },
      });
      expect([res.statusCode, res.json().message]).toEqual([404, 'Google sign-in is not configured on this store']);
    } finally {
      await plain.close();
    }
  });

  it('answers 503 when the key set cannot be fetched', async () => {
    const offline = await createTestApp(
      { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: 'http://127.0.0.1:9/certs' },
      { database: t.database },
    );
    try {
      const res = await offline.app.inject({
        method: 'POST',
        url: '/api/users/auth/callback',
        payload: { credential: await googleToken() },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toMatch(/unavailable right now/);
    } finally {
      await offline.close();
    }
  });
});
