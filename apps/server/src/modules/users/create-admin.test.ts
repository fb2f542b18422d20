import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCustomer, uniqueEmail } from '../../test/accounts.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/test-app.js';
import { createAdmin, generatePassword } from './create-admin.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const signIn = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/users/auth', payload: { email, password } });

describe(`create-admin on ${testDatabaseKind}`, () => {
  it('creates an admin who can sign in with the generated password', async () => {
    const email = uniqueEmail();
    const password = generatePassword();
    expect(password).toMatch(/^[a-zA-Z2-9]{20}$/);
    expect(generatePassword()).not.toBe(password);
    expect(await createAdmin(t.database.db, { email, name: 'Asha', password })).toEqual({ outcome: 'created' });
    const res = await signIn(email, password);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Asha', isAdmin: true });
  });

  it('promotes an existing account without touching its password', async () => {
    const customer = await registerCustomer(t.app);
    const result = await createAdmin(t.database.db, {
      email: customer.email.toUpperCase(),
      name: 'x',
      password: 'a different long password',
    });
    expect(result).toEqual({ outcome: 'promoted' });
    expect((await signIn(customer.email, 'a different long password')).statusCode).toBe(401);
    const profile = await t.app.inject({ url: '/api/users/profile', headers: { cookie: customer.cookie } });
    expect(profile.json().isAdmin).toBe(true);
  });

  it('refuses a weak password', async () => {
    const email = uniqueEmail();
    expect(await createAdmin(t.database.db, { email, name: 'A', password: 'password' })).toEqual({
      outcome: 'refused',
      reason: 'This password is too common and easy to guess; please choose another',
    });
    expect((await signIn(email, 'password')).statusCode).toBe(401);
  });
});
