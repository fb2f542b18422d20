import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { sessionCookie, TEST_PASSWORD as PASSWORD, uniqueEmail } from '../../test/accounts.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/test-app.js';
import { users } from './users.table.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const register = (body: object) => t.app.inject({ method: 'POST', url: '/api/users', payload: body });
const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/users/auth', payload: { email, password } });
const profile = (cookie: string) => t.app.inject({ url: '/api/users/profile', headers: { cookie } });

describe(`accounts and sessions on ${testDatabaseKind}`, () => {
  it('registers, returning only the public user and a safe session cookie', async () => {
    const email = uniqueEmail();
    const res = await register({ name: 'Anjali Menon', email, password: PASSWORD });
    expect(res.statusCode).toBe(201);
    expect(Object.keys(res.json()).sort()).toEqual([
      '_id',
      'email',
      'isAdmin',
      'isPartner',
      'name',
      'phone',
      'pincode',
    ]);
    expect(res.json()).toMatchObject({
      name: 'Anjali Menon',
      email,
      isAdmin: false,
      isPartner: false,
      pincode: '',
      phone: null,
    });
    const setCookie = String([res.headers['set-cookie']].flat()[0]);
    expect(setCookie).toMatch(/^session=[A-Za-z0-9_-]{43};/);
    for (const flag of ['HttpOnly', 'SameSite=Lax', 'Secure', 'Path=/', 'Max-Age=2592000']) {
      expect(setCookie).toContain(flag);
    }
    expect(res.body).not.toContain(sessionCookie(res.headers['set-cookie']).slice('session='.length));
    const [stored] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(stored!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('refuses a taken email whatever its case, and passwords that are short or common', async () => {
    const email = uniqueEmail();
    expect((await register({ name: 'A', email, password: PASSWORD })).statusCode).toBe(201);
    const again = await register({ name: 'B', email: email.toUpperCase(), password: PASSWORD });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('An account with this email already exists');
    const short = await register({ name: 'C', email: uniqueEmail(), password: 'short' });
    expect([short.statusCode, short.json().message]).toEqual([400, 'Password must be at least 8 characters']);
    const common = await register({ name: 'D', email: uniqueEmail(), password: 'Password123' });
    expect(common.statusCode).toBe(400);
    expect(common.json().message).toMatch(/too common/);
    const badEmail = await register({ name: 'E', email: 'not-an-email', password: PASSWORD });
    expect([badEmail.statusCode, badEmail.json().message]).toEqual([400, 'email: Enter a valid email address']);
    // Each refusal names its field, so a form can show the message under it.
    expect([again, short, common, badEmail].map((r) => r.json().details?.[0]?.field)).toEqual([
      'email',
      'password',
      'password',
      'email',
    ]);
  });

  it('answers a wrong email and a wrong password with the same 401', async () => {
    const email = uniqueEmail();
    await register({ name: 'F', email, password: PASSWORD });
    for (const res of [await login(email, 'wrong password!'), await login(uniqueEmail(), PASSWORD)]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Invalid email or password', code: 'UNAUTHORIZED' });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('gives a new session at every sign-in; logout makes the old cookie useless', async () => {
    const email = uniqueEmail();
    await register({ name: 'G', email, password: PASSWORD });
    const first = sessionCookie((await login(email.toUpperCase(), PASSWORD)).headers['set-cookie']);
    const second = sessionCookie((await login(email, PASSWORD)).headers['set-cookie']);
    expect(first).not.toBe(second);
    expect((await profile(first)).json().email).toBe(email);

    const out = await t.app.inject({ method: 'POST', url: '/api/users/logout', headers: { cookie: first } });
    expect(out.json()).toEqual({ message: 'Logged out successfully' });
    expect(String([out.headers['set-cookie']].flat()[0])).toMatch(/^session=;/);
    const after = await profile(first);
    expect([after.statusCode, after.json().message]).toEqual([401, 'Please sign in']);
    expect((await profile(second)).statusCode).toBe(200);
    expect((await profile('session=forged-token')).statusCode).toBe(401);
  });

  it('updates the profile but never isAdmin; a new password signs out other devices', async () => {
    const email = uniqueEmail();
    const here = sessionCookie((await register({ name: 'H', email, password: PASSWORD })).headers['set-cookie']);
    const elsewhere = sessionCookie((await login(email, PASSWORD)).headers['set-cookie']);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: { cookie: here },
      payload: { name: 'Hari Nair', isAdmin: true, password: 'a much better passphrase', currentPassword: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Hari Nair', isAdmin: false });
    expect((await profile(here)).statusCode).toBe(200);
    expect((await profile(elsewhere)).statusCode).toBe(401);
    expect((await login(email, 'a much better passphrase')).statusCode).toBe(200);

    const taken = uniqueEmail();
    await register({ name: 'I', email: taken, password: PASSWORD });
    const clash = await t.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: { cookie: here },
      payload: { email: taken.toUpperCase(), currentPassword: 'a much better passphrase' },
    });
    expect([clash.statusCode, clash.json().message]).toEqual([409, 'An account with this email already exists']);
    const signedOut = await t.app.inject({ method: 'PUT', url: '/api/users/profile', payload: { name: 'X' } });
    expect(signedOut.statusCode).toBe(401);
  });

  it("lets the README's demo accounts sign in where the demo catalogue was seeded", async () => {
    const admin = await login('admin@example.com', 'admin-demo-pass');
    expect(admin.statusCode).toBe(200);
    expect(admin.json()).toMatchObject({ email: 'admin@example.com', isAdmin: true });
    const customer = await login('customer@example.com', 'customer-demo-pass');
    expect(customer.json()).toMatchObject({ email: 'customer@example.com', isAdmin: false });
  });

  it('ends every session of a deleted user', async () => {
    const email = uniqueEmail();
    const cookie = sessionCookie((await register({ name: 'J', email, password: PASSWORD })).headers['set-cookie']);
    await t.database.db.delete(users).where(eq(sql`lower(${users.email})`, email));
    expect((await profile(cookie)).statusCode).toBe(401);
  });
});
