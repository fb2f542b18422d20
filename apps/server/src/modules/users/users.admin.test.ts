import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STALE_MESSAGES } from '@store/contracts';
import { registerCustomer, signInAsAdmin, TEST_PASSWORD, uniqueEmail } from '../../test/accounts.js';
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

/** The account's version now: these edits are made as a freshly loaded form makes them. */
const versionOf = async (id: string) => (await call('GET', `/api/users/${id}`, admin.cookie)).json().version as number;
const edit = async (id: string, body: object) =>
  call('PUT', `/api/users/${id}`, admin.cookie, { version: await versionOf(id), ...body });

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
      const payload = method === 'PUT' ? { version: 1, isAdmin: true } : undefined;
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
      'isPartner',
      'name',
      'phone',
      'pincode',
      'version',
    ]);
    expect(res.body).not.toMatch(/argon2|password|token/i);
  });

  it('edits name, email and the admin flag of another account', async () => {
    const customer = await registerCustomer(t.app);
    const email = uniqueEmail();
    const res = await edit(customer.id, {
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
    const clash = await edit(a.id, { email: b.email.toUpperCase() });
    expect([clash.statusCode, clash.json().message]).toEqual([409, 'An account with this email already exists']);
    const selfDemotion = await edit(admin.id, { isAdmin: false });
    expect([selfDemotion.statusCode, selfDemotion.json().message]).toEqual([
      400,
      'You cannot remove your own admin rights',
    ]);
    const otherAdmin = await registerCustomer(t.app);
    await edit(otherAdmin.id, { isAdmin: true });
    const editAdmin = await edit(otherAdmin.id, { name: 'Renamed' });
    expect([editAdmin.statusCode, editAdmin.json().message]).toEqual([400, 'Admin users cannot be edited']);
    const mismatch = await edit(a.id, { userId: b.id, name: 'X' });
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
    const unknown = await call('PUT', '/api/users/00000000-0000-4000-8000-000000000000', admin.cookie, {
      version: 1,
      name: 'X',
    });
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, 'User not found']);
    const badBody = await edit(admin.id, { isAdmin: 'yes' });
    expect(badBody.statusCode).toBe(400);
  });
});

describe(`saving a user form that others changed since it opened, on ${testDatabaseKind}`, () => {
  const opened = async (id: string) => (await call('GET', `/api/users/${id}`, admin.cookie)).json();
  const profile = (cookie: string, payload: object) => call('PUT', '/api/users/profile', cookie, payload);

  it('refuses an edit of an older version with the account as it is now; a new password leaves it alone', async () => {
    const customer = await registerCustomer(t.app);
    const form = await opened(customer.id);
    expect(form.version).toBe(1);
    const password = await profile(customer.cookie, {
      password: 'a longer new passphrase',
      currentPassword: TEST_PASSWORD,
    });
    expect(password.statusCode).toBe(200);
    expect(await opened(customer.id)).toEqual(form);

    // The shopper renames themselves while the admin's form is open.
    expect((await profile(customer.cookie, { name: 'Meera Nair' })).statusCode).toBe(200);
    const stale = await call('PUT', `/api/users/${customer.id}`, admin.cookie, { ...form, isAdmin: true });
    expect([stale.statusCode, stale.json().message]).toEqual([409, STALE_MESSAGES.user]);
    const now = await opened(customer.id);
    expect(stale.json().details.current).toEqual(now);
    expect(now).toMatchObject({ name: 'Meera Nair', isAdmin: false, version: 2 });
    // The same name sent again changes nothing, so it moves nothing on.
    expect((await profile(customer.cookie, { name: 'Meera Nair' })).statusCode).toBe(200);
    expect((await opened(customer.id)).version).toBe(2);

    const answers = await Promise.all(
      ['Meera N.', 'M. Nair'].map((name) => call('PUT', `/api/users/${customer.id}`, admin.cookie, { ...now, name })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const won = answers.find((a) => a.statusCode === 200)!.json();
    expect(await opened(customer.id)).toMatchObject({ name: won.name, version: 3 });
    // Admin rights are on the form too: given, they move it on.
    const promoted = await call('PUT', `/api/users/${customer.id}`, admin.cookie, { version: 3, isAdmin: true });
    expect(promoted.json()).toMatchObject({ isAdmin: true, version: 4 });
  });

  it('saves every account exactly as the admin GET answers it, admins included, and reads the same after', async () => {
    await registerCustomer(t.app);
    const all = (await call('GET', '/api/users', admin.cookie)).json() as { _id: string; isAdmin: boolean }[];
    expect(all.some((u) => u.isAdmin)).toBe(true);
    for (const { _id } of all) {
      const form = await opened(_id);
      const saved = await call('PUT', `/api/users/${_id}`, admin.cookie, form);
      expect([form.email, saved.statusCode, saved.json().message]).toEqual([form.email, 200, undefined]);
      expect(await opened(_id)).toEqual(form);
    }
  });
});
