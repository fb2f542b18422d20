import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { registerCustomer, TEST_PASSWORD, uniqueEmail } from '../../test/accounts.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/test-app.js';
import { createSession, SESSION_COOKIE } from './users.sessions.js';
import { sessions, users } from './users.table.js';

let t: TestApp;
let limited: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // A second server process on the same database, allowing 3 current-password attempts.
  limited = await createTestApp({ RATE_LIMIT_LOGIN_ACCOUNT: '3/15m' }, { database: t.database });
});
afterAll(async () => {
  await limited?.close();
  await t?.close();
});

const NEW_PASSWORD = 'a much better passphrase';
const REQUIRED = 'Current password is required to change your email or password';
const WRONG = 'Current password is incorrect';

const update = (cookie: string, payload: object, app = t.app) =>
  app.inject({ method: 'PUT', url: '/api/users/profile', headers: { cookie }, payload });
const profile = (cookie: string) => t.app.inject({ url: '/api/users/profile', headers: { cookie } });
const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/users/auth', payload: { email, password } });

/** An account made by Google sign-in: no password. Returns a cookie of a session begun just now. */
async function googleOnlyAccount() {
  const email = uniqueEmail();
  const [user] = await t.database.db
    .insert(users)
    .values({ name: 'Lakshmi Iyer', email, googleSubject: `g-${email}` })
    .returning();
  const token = await createSession(t.database.db, user!.id);
  return { id: user!.id, email, token, cookie: `${SESSION_COOKIE}=${token}` };
}

describe(`changing email or password needs the current password, on ${testDatabaseKind}`, () => {
  it('changes the name alone, or sends the unchanged email back, without any password', async () => {
    const { cookie, email } = await registerCustomer(t.app);
    const res = await update(cookie, { name: 'Meera P.', email });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Meera P.', email });
  });

  it('refuses a new email or password without currentPassword: 400 naming the field, nothing changed', async () => {
    const { cookie, email } = await registerCustomer(t.app);
    for (const payload of [{ email: uniqueEmail() }, { password: NEW_PASSWORD }, { email: email.toUpperCase() }]) {
      const res = await update(cookie, { name: 'Someone Else', ...payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({
        message: REQUIRED,
        code: 'VALIDATION',
        details: [{ field: 'currentPassword', message: REQUIRED }],
      });
    }
    expect((await profile(cookie)).json()).toMatchObject({ name: 'Meera Pillai', email });
    expect((await login(email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a wrong current password with 400 (not 401: the session stays), changing nothing', async () => {
    const { cookie, email } = await registerCustomer(t.app);
    const res = await update(cookie, {
      email: uniqueEmail(),
      password: NEW_PASSWORD,
      currentPassword: 'not it at all',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: WRONG,
      code: 'VALIDATION',
      details: [{ field: 'currentPassword', message: WRONG }],
    });
    expect((await profile(cookie)).json().email).toBe(email);
    expect((await login(email, TEST_PASSWORD)).statusCode).toBe(200);
    expect((await login(email, NEW_PASSWORD)).statusCode).toBe(401);
  });

  it('changes email and password with the right current password', async () => {
    const { cookie } = await registerCustomer(t.app);
    const email = uniqueEmail();
    const res = await update(cookie, { email, password: NEW_PASSWORD, currentPassword: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email });
    expect((await login(email, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await login(email, TEST_PASSWORD)).statusCode).toBe(401);
  });

  it('checks the current password before saying whether the new email is taken', async () => {
    const { cookie } = await registerCustomer(t.app);
    const taken = (await registerCustomer(t.app)).email;
    expect((await update(cookie, { email: taken })).statusCode).toBe(400);
    expect((await update(cookie, { email: taken, currentPassword: 'not it at all' })).statusCode).toBe(400);
    const res = await update(cookie, { email: taken, currentPassword: TEST_PASSWORD });
    expect([res.statusCode, res.json().message]).toEqual([409, 'An account with this email already exists']);
  });

  it('counts every current-password attempt per account and refuses with 429 over the limit', async () => {
    const { cookie, email } = await registerCustomer(limited.app);
    for (let i = 0; i < 3; i++) {
      const res = await update(cookie, { password: NEW_PASSWORD, currentPassword: `guess number ${i}` }, limited.app);
      expect(res.statusCode).toBe(400);
    }
    const locked = await update(cookie, { password: NEW_PASSWORD, currentPassword: TEST_PASSWORD }, limited.app);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(locked.json().message).toMatch(/^Too many attempts at your current password\. Please try again in/);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(email, TEST_PASSWORD)).statusCode).toBe(200);
    // A name needs no password and is not throttled; another account is not affected.
    expect((await update(cookie, { name: 'Still Me' }, limited.app)).statusCode).toBe(200);
    const other = await registerCustomer(limited.app);
    const fine = await update(other.cookie, { password: NEW_PASSWORD, currentPassword: TEST_PASSWORD }, limited.app);
    expect(fine.statusCode).toBe(200);
  });
});

describe(`an account that only signs in with Google, on ${testDatabaseKind}`, () => {
  it('sets a first password and changes its email within minutes of a Google sign-in', async () => {
    const account = await googleOnlyAccount();
    const email = uniqueEmail();
    const res = await update(account.cookie, { email, password: NEW_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email });
    expect((await login(email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('is refused with 403 once its sign-in is older than 10 minutes; its name it may still change', async () => {
    const account = await googleOnlyAccount();
    const tokenHash = createHash('sha256').update(account.token).digest('hex');
    await t.database.db
      .update(sessions)
      .set({ createdAt: sql`now() - interval '11 minutes'` })
      .where(eq(sessions.tokenHash, tokenHash));
    for (const payload of [{ email: uniqueEmail() }, { password: NEW_PASSWORD, currentPassword: NEW_PASSWORD }]) {
      const res = await update(account.cookie, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(403);
      expect(res.json()).toEqual({
        code: 'FORBIDDEN',
        message:
          'Your account signs in with Google and has no password to confirm this change. ' +
          'Sign out, sign in with Google again, and make the change within 10 minutes.',
      });
    }
    const [row] = await t.database.db.select().from(users).where(eq(users.id, account.id));
    expect([row!.email, row!.passwordHash]).toEqual([account.email, null]);
    expect((await update(account.cookie, { name: 'Lakshmi I.' })).statusCode).toBe(200);
  });
});
