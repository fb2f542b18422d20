import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCustomer, signInAsAdmin } from '../../test/accounts.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/test-app.js';
import type { AppError } from '../../lib/app-error.js';
import { UsersService } from './users.service.js';
import { users } from './users.table.js';

const LAST_ADMIN = '409 The store must keep at least one admin: this is the last one';
const NOT_ADMIN = '403 This needs an admin account';

let t: TestApp;
let seedAdmin: { id: string; cookie: string };
beforeAll(async () => {
  t = await createTestApp();
  seedAdmin = await signInAsAdmin(t.app);
});
afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
/** The account's version now, read from the table: the admin asking may be losing their rights. */
const versionOf = async (id: string) => {
  const [row] = await t.database.db.select({ version: users.version }).from(users).where(eq(users.id, id));
  return row?.version ?? 1;
};
const setAdmin = async (cookie: string, id: string, isAdmin: boolean, version?: number) =>
  call('PUT', `/api/users/${id}`, cookie, { userId: id, version: version ?? (await versionOf(id)), isAdmin });
const answer = async (res: Promise<Awaited<ReturnType<typeof call>>>) => {
  const r = await res;
  return [r.statusCode, r.json().message] as const;
};

/** A new account made an admin by the seeded admin; its own session carries the rights at once. */
async function newAdmin() {
  const account = await registerCustomer(t.app);
  expect((await setAdmin(seedAdmin.cookie, account.id, true)).statusCode).toBe(200);
  return account;
}

async function adminIds(): Promise<string[]> {
  const res = await call('GET', '/api/users', seedAdmin.cookie);
  if (res.statusCode !== 200) throw new Error(`list failed: ${res.body}`);
  return (res.json() as { _id: string; isAdmin: boolean }[]).filter((u) => u.isAdmin).map((u) => u._id);
}

describe(`admin rights on ${testDatabaseKind}`, () => {
  it("lets an admin take another admin's rights away, at once on every session, but not edit them", async () => {
    const other = await newAdmin();
    expect((await call('GET', '/api/users', other.cookie)).statusCode).toBe(200);
    const renamed = { version: await versionOf(other.id), name: 'Renamed' };
    expect(await answer(call('PUT', `/api/users/${other.id}`, seedAdmin.cookie, renamed))).toEqual([
      400,
      'Admin users cannot be edited',
    ]);
    const demoted = await setAdmin(seedAdmin.cookie, other.id, false);
    expect(demoted.statusCode).toBe(200);
    expect(demoted.json()).toMatchObject({ _id: other.id, isAdmin: false, name: 'Meera Pillai' });
    expect(await answer(call('GET', '/api/users', other.cookie))).toEqual([403, 'This needs an admin account']);
  });

  it('refuses an admin changing their own rights, whoever else is an admin', async () => {
    const other = await newAdmin();
    expect(await answer(setAdmin(other.cookie, other.id, false))).toEqual([
      400,
      'You cannot remove your own admin rights',
    ]);
    expect(await adminIds()).toContain(other.id);
    await setAdmin(seedAdmin.cookie, other.id, false);
  });

  it('refuses deleting an admin, also one made admin after the list was read', async () => {
    const other = await newAdmin();
    expect(await answer(call('DELETE', `/api/users/${other.id}`, seedAdmin.cookie))).toEqual([
      400,
      'Admin users cannot be deleted',
    ]);
    // Promoted and deleted at the same moment: either it was deleted first, or it is kept as an admin.
    const customer = await registerCustomer(t.app);
    const version = await versionOf(customer.id);
    const [promoted, deleted] = await Promise.all([
      setAdmin(seedAdmin.cookie, customer.id, true, version),
      call('DELETE', `/api/users/${customer.id}`, seedAdmin.cookie),
    ]);
    const outcome = [promoted.statusCode, deleted.statusCode, deleted.json().message];
    expect([
      [200, 400, 'Admin users cannot be deleted'],
      [404, 200, 'User removed'],
    ]).toContainEqual(outcome);
    // Kept as an admin, it would be a third admin in the next test, which counts on two.
    if (promoted.statusCode === 200) await setAdmin(seedAdmin.cookie, customer.id, false);
    await setAdmin(seedAdmin.cookie, other.id, false);
  });

  it('keeps one admin when the last two demote each other at the same moment', async () => {
    const a = await newAdmin();
    const b = await newAdmin();
    // The seeded admin leaves, so a and b are the store's only admins.
    expect((await setAdmin(a.cookie, seedAdmin.id, false)).statusCode).toBe(200);
    const service = new UsersService(t.database.db);
    const actor = (account: { id: string; email: string }) => ({
      id: account.id,
      name: 'Meera Pillai',
      email: account.email,
      isAdmin: true,
      partnerId: null,
      pincode: '',
      phone: null,
    });
    for (let round = 0; round < 6; round++) {
      // Half the rounds through HTTP, where the second request may already be refused by the admin
      // guard (403); half straight to the service, both past the guard, so they meet at the lock.
      const viaHttp = round % 2 === 0;
      const [aVersion, bVersion] = [await versionOf(a.id), await versionOf(b.id)];
      const outcomes = viaHttp
        ? (
            await Promise.all([setAdmin(a.cookie, b.id, false, bVersion), setAdmin(b.cookie, a.id, false, aVersion)])
          ).map((r) => (r.statusCode === 200 ? 'demoted' : `${r.statusCode} ${r.json().message}`))
        : (
            await Promise.allSettled([
              service.adminUpdate(actor(a), b.id, { version: bVersion, isAdmin: false }),
              service.adminUpdate(actor(b), a.id, { version: aVersion, isAdmin: false }),
            ])
          ).map((r) =>
            r.status === 'fulfilled'
              ? 'demoted'
              : `${(r.reason as AppError).statusCode} ${(r.reason as Error).message}`,
          );
      const refused = outcomes.find((o) => o !== 'demoted');
      expect(outcomes.filter((o) => o === 'demoted')).toHaveLength(1);
      expect(viaHttp ? [LAST_ADMIN, NOT_ADMIN] : [LAST_ADMIN]).toContain(refused);
      const survivor = outcomes[0] === 'demoted' ? a : b;
      const demoted = survivor === a ? b : a;
      const res = await call('GET', '/api/users', survivor.cookie);
      const admins = (res.json() as { _id: string; isAdmin: boolean }[]).filter((u) => u.isAdmin).map((u) => u._id);
      expect(admins).toEqual([survivor.id]);
      expect((await setAdmin(survivor.cookie, demoted.id, true)).statusCode).toBe(200);
    }
  });
});
