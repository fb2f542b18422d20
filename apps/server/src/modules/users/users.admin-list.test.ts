import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { registerCustomer, signInAsAdmin } from '../../test/accounts.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/test-app.js';
import { users } from './users.table.js';

let t: TestApp;
let admin: string;
let customer: string;
const emails = ['zara@people.test', 'amit@people.test', 'lakshmi@people.test', 'boss@people.test'];

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signInAsAdmin(t.app)).cookie;
  customer = (await registerCustomer(t.app)).cookie;
  for (const [i, email] of emails.entries()) {
    await registerCustomer(t.app, email);
    // Distinct creation times and names, so each sort has one right answer.
    await t.database.db
      .update(users)
      .set({ createdAt: new Date(Date.parse('2026-01-01T00:00:00Z') + i * 60_000), name: `${email.split('@')[0]} P` })
      .where(eq(users.email, email));
  }
  await t.database.db.update(users).set({ isAdmin: true }).where(eq(users.email, 'boss@people.test'));
});
afterAll(async () => {
  await t?.close();
});

const list = (query: string, cookie = admin) =>
  t.app.inject({ method: 'GET', url: `/api/users/admin?${query}`, headers: { cookie } });
const emailsOf = (body: { rows: { email: string }[] }) => body.rows.map((r) => r.email);

describe(`the admin's user list on ${testDatabaseKind}`, () => {
  it('pages the accounts newest first with the total, the last page partial, past the end empty', async () => {
    const first = (await list('q=people.test&pageSize=3')).json();
    expect(first).toMatchObject({ page: 1, pageSize: 3, pages: 2, total: 4 });
    expect(emailsOf(first)).toEqual(['boss@people.test', 'lakshmi@people.test', 'amit@people.test']);
    expect(first.rows[0]).toMatchObject({ name: 'boss P', isAdmin: true, googleLinked: false });
    expect(emailsOf((await list('q=people.test&pageSize=3&page=2')).json())).toEqual(['zara@people.test']);
    expect((await list('q=people.test&pageSize=3&page=3')).json()).toMatchObject({ rows: [], pages: 2, total: 4 });
    expect((await list('q=nobody.test')).json()).toEqual({ rows: [], page: 1, pageSize: 50, pages: 0, total: 0 });
  });

  it('searches part of a name or an email, any case, and filters by role', async () => {
    expect(emailsOf((await list('q=LAKSH')).json())).toEqual(['lakshmi@people.test']);
    expect(emailsOf((await list('q=amit%20p')).json())).toEqual(['amit@people.test']);
    expect(emailsOf((await list('q=people.test&role=admin')).json())).toEqual(['boss@people.test']);
    expect(emailsOf((await list('q=people.test&role=customer')).json())).toHaveLength(3);
    expect((await list('role=admin')).json().rows.every((r: { isAdmin: boolean }) => r.isAdmin)).toBe(true);
  });

  it('sorts by name or email, either way', async () => {
    expect(emailsOf((await list('q=people.test&sort=name&order=asc')).json())).toEqual([
      'amit@people.test',
      'boss@people.test',
      'lakshmi@people.test',
      'zara@people.test',
    ]);
    expect(emailsOf((await list('q=people.test&sort=email&order=desc')).json())[0]).toBe('zara@people.test');
  });

  it('is for admins only, and GET /api/users still answers every account', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/users/admin' })).statusCode).toBe(401);
    expect((await list('', customer)).statusCode).toBe(403);
    const all = await t.app.inject({ method: 'GET', url: '/api/users', headers: { cookie: admin } });
    expect(all.json().map((u: { email: string }) => u.email)).toEqual(expect.arrayContaining(emails));
  });

  it.each([
    ['role=owner', 'role'],
    ['sort=password', 'sort'],
    ['page=-1', 'page'],
    ['pageSize=0', 'pageSize'],
    ['order=sideways', 'order'],
  ])('refuses %s naming %s', async (query, field) => {
    const res = await list(query);
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
  });
});
