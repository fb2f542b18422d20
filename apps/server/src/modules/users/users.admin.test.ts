import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCustomer, signInAsAdmin, uniqueEmail } from '../../test/accounts.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: { id: string; cookie: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAsAdmin(t.app);
});
afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, ...(cookie ? { headers: { cookie } } : {}), ...(payload ? { payload } : {}) });

describe(`admin user management on ${testDatabaseKind}`, () => {
  it('answers 401 to a signed-out caller and 403 to a customer on every admin endpoint', async () => {
    const customer = await registerCustomer(t.app);
    const endpoints = [
      ['GET', '/api/users'],
      ['GET', `/api/users/${customer.id}`],
      ['PUT', `/api/users/${customer.id}`],
      ['DELETE', `/api/users/${customer.id}`],
    ] as const;
    for (const [method, url] of endpoints) {
      const payload = method === 'PUT' ? { isAdmin: true } : undefined;
      const anonymous = await call(method, url, undefined, payload);
      expect([method, url, anonymous.statusCode, anonymous.json().message]).toEqual([
        method,
        url,
        401,
        'Please sign in',
      ]);
      const asCustomer = await call(method, url, customer.cookie, payload);
      expect([method, url, asCustomer.statusCode, asCustomer.json().message]).toEqual([
        method,
        url,
        403,
        'This needs an admin account',
      ]);
    }
    const self = await call('GET', '/api/users/profile', customer.cookie);
    expect(self.json().isAdmin).toBe(false);
  });

  it('lists accounts newest first without any secret', async () => {
    const customer = await registerCustomer(t.app);
    const res = await call('GET', '/api/users', admin.cookie);
    expect(res.statusCode).toBe(200);
    const list = res.json() as { _id: string; email: string }[];
    expect(list[0]!._id).toBe(customer.id);
    expect(list.map((u) => u.email)).toEqual(expect.arrayContaining(['admin@example.com', 'customer@example.com']));
    expect(Object.keys(list[0]!).sort()).toEqual([
      '_id',
      'createdAt',
      'email',
      'googleLinked',
      'isAdmin',
      'name',
      'pincode',
    ]);
    expect(res.body).not.toMatch(/argon2|password|token/i);
  });

  it('edits name, email and the admin flag of another account', async () => {
    const customer = await registerCustomer(t.app);
    const email = uniqueEmail();
    const res = await call('PUT', `/api/users/${customer.id}`, admin.cookie, {
      userId: customer.id,
      name: 'Meera P.',
      email,
      isAdmin: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: customer.id, name: 'Meera P.', email, isAdmin: true });
    // The customer's own session now carries admin rights: rights are read per request, not per sign-in.
    expect((await call('GET', '/api/users', customer.cookie)).statusCode).toBe(200);
    expect((await call('GET', `/api/users/${customer.id}`, admin.cookie)).json()).toMatchObject({ isAdmin: true });
  });

  it('refuses a taken email, an admin removing their own rights, and deleting an admin', async () => {
    const a = await registerCustomer(t.app);
    const b = await registerCustomer(t.app);
    const clash = await call('PUT', `/api/users/${a.id}`, admin.cookie, { email: b.email.toUpperCase() });
    expect([clash.statusCode, clash.json().message]).toEqual([409, 'An account with this email already exists']);
    const selfDemotion = await call('PUT', `/api/users/${admin.id}`, admin.cookie, { isAdmin: false });
    expect([selfDemotion.statusCode, selfDemotion.json().message]).toEqual([
      400,
      'You cannot remove your own admin rights',
    ]);
    const otherAdmin = await registerCustomer(t.app);
    await call('PUT', `/api/users/${otherAdmin.id}`, admin.cookie, { isAdmin: true });
    const editAdmin = await call('PUT', `/api/users/${otherAdmin.id}`, admin.cookie, { name: 'Renamed' });
    expect([editAdmin.statusCode, editAdmin.json().message]).toEqual([400, 'Admin users cannot be edited']);
    const mismatch = await call('PUT', `/api/users/${a.id}`, admin.cookie, { userId: b.id, name: 'X' });
    expect([mismatch.statusCode, mismatch.json().message]).toEqual([
      400,
      'userId in the body does not match the user in the path',
    ]);
    const deleteAdmin = await call('DELETE', `/api/users/${admin.id}`, admin.cookie);
    expect([deleteAdmin.statusCode, deleteAdmin.json().message]).toEqual([400, 'Admin users cannot be deleted']);
    expect((await call('GET', '/api/users/profile', admin.cookie)).json().isAdmin).toBe(true);
  });

  it('deletes a customer and ends their sessions', async () => {
    const customer = await registerCustomer(t.app);
    const res = await call('DELETE', `/api/users/${customer.id}`, admin.cookie);
    expect([res.statusCode, res.json().message]).toEqual([200, 'User removed']);
    expect((await call('GET', '/api/users/profile', customer.cookie)).statusCode).toBe(401);
    expect((await call('GET', `/api/users/${customer.id}`, admin.cookie)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/users/${customer.id}`, admin.cookie)).json().message).toBe('User not found');
  });

  it('answers a malformed id with 400 and an unknown one with 404', async () => {
    const bad = await call('GET', '/api/users/not-an-id', admin.cookie);
    expect([bad.statusCode, bad.json().message]).toEqual([400, 'id: must be a valid id']);
    const unknown = await call('PUT', '/api/users/00000000-0000-4000-8000-000000000000', admin.cookie, { name: 'X' });
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, 'User not found']);
    const badBody = await call('PUT', `/api/users/${admin.id}`, admin.cookie, { isAdmin: 'yes' });
    expect(badBody.statusCode).toBe(400);
  });
});
