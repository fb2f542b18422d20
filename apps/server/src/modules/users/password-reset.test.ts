import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { PASSWORD_RESET_SENT, RESET_LINK_EXPIRED, RESET_LINK_INVALID, RESET_LINK_USED } from '@store/contracts';
import { registerCustomer, sessionCookie, signInAsAdmin, TEST_PASSWORD, uniqueEmail } from '../../test/accounts.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/test-app.js';
import { passwordResetEmail } from '../outbox/outbox.emails.js';
import type { Mail, MailTransport } from '../outbox/outbox.mailer.js';
import { outbox } from '../outbox/outbox.table.js';
import { passwordResets, users } from './users.table.js';

/** Every email the store's senders hand over, as the mail server receives it: the shoppers' mailboxes. */
const delivered: Mail[] = [];
const mailServer: MailTransport = {
  async send(mail) {
    delivered.push(mail);
  },
  close: () => undefined,
};
// The senders' timers are kept out of the way: an email goes when a test sends it.
const quietSender = { OUTBOX_POLL_MS: '600000' };

let t: TestApp;
const extra: TestApp[] = [];
beforeAll(async () => {
  // Every request of this file comes from one address; the per-address limit has its own tests.
  t = await createTestApp({ ...quietSender, RATE_LIMIT_PASSWORD_RESET_ADDRESS: '10000/1h' }, undefined, {
    mailTransport: mailServer,
  });
});
afterAll(async () => {
  for (const app of extra) await app.close();
  await t?.close();
});

/** Another server process on the same database, with settings of its own. */
async function serverWith(env: Record<string, string>) {
  const app = await createTestApp({ ...quietSender, ...env }, { database: t.database }, { mailTransport: mailServer });
  extra.push(app);
  return app;
}

type App = TestApp['app'];
const NEW_PASSWORD = 'monsoon over the backwaters';

const forgot = (email: string, app: App = t.app, remoteAddress = '203.0.113.7') =>
  app.inject({ method: 'POST', url: '/api/users/forgot-password', payload: { email }, remoteAddress });
const reset = (token: string, password = NEW_PASSWORD, app: App = t.app) =>
  app.inject({ method: 'POST', url: '/api/users/reset-password', payload: { token, password } });
const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/users/auth', payload: { email, password } });
const profile = (cookie: string) => t.app.inject({ url: '/api/users/profile', headers: { cookie } });

const resetEmails = (email: string) =>
  t.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.kind, 'password_reset'), eq(outbox.recipient, email)))
    .orderBy(outbox.createdAt);

/**
 * The reset emails written for `email`, once there are `count` of them: the answer goes before
 * the link is written, so a test waits for it as a shopper waits for the email.
 */
async function waitForResetEmails(email: string, count = 1) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const rows = await resetEmails(email);
    if (rows.length >= count) return rows;
    if (Date.now() > deadline) throw new Error(`no reset email for ${email} within 10 s`);
    await sleep(20);
  }
}

/** The token of the link in a delivered reset email. */
function tokenOf(mail: Mail): string {
  const link = /^Set a new password: (\S+)$/m.exec(mail.text)?.[1];
  return new URL(link!).searchParams.get('token')!;
}

const RESET_SUBJECT = 'Reset your Phoolwala Gifts password';

/** The newest reset email delivered to `email`, once the outbox has sent what is due. */
async function delivery(email: string): Promise<Mail> {
  await t.app.sendOutbox();
  const mail = delivered.filter((m) => m.to === email && m.subject === RESET_SUBJECT).at(-1);
  if (!mail) throw new Error(`no reset email delivered to ${email}`);
  return mail;
}

/** Asks for a link for `email` and returns its token, as read from the delivered email. */
async function emailedToken(email: string): Promise<string> {
  const before = (await resetEmails(email)).length;
  expect((await forgot(email)).statusCode).toBe(200);
  await waitForResetEmails(email, before + 1);
  return tokenOf(await delivery(email));
}

const tokenProblem = (message: string) => ({ message, code: 'VALIDATION', details: [{ field: 'token', message }] });
const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

describe(`asking for a password reset link, on ${testDatabaseKind}`, () => {
  it('answers an email with an account and one without in the same words, and only the account gets a link', async () => {
    const { email } = await registerCustomer(t.app);
    const ghost = uniqueEmail();
    const server = await serverWith({ RATE_LIMIT_PASSWORD_RESET_ADDRESS: '10000/1h' });
    const known = await forgot(email, server.app);
    const unknown = await forgot(ghost, server.app);
    for (const res of [known, unknown]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: PASSWORD_RESET_SENT });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    const headerNames = (res: typeof known) =>
      Object.keys(res.headers)
        .filter((h) => h !== 'x-request-id' && h !== 'date')
        .sort();
    expect(headerNames(unknown)).toEqual(headerNames(known));
    expect(unknown.headers['content-length']).toBe(known.headers['content-length']);

    // Closing waits for the links still being written: after it, everything asked for is there.
    extra.splice(extra.indexOf(server), 1);
    await server.close();
    const [row, ...more] = await resetEmails(email);
    expect(more).toEqual([]);
    expect(row).toMatchObject({ status: 'pending', payload: { name: 'Meera Pillai', validFor: '30 minutes' } });
    const mail = await delivery(email);
    expect(mail).toMatchObject({ subject: RESET_SUBJECT, messageId: row!.messageId });
    const token = tokenOf(mail);
    const link = `${t.app.config.publicUrl}/reset-password?token=${token}`;
    expect(mail.text).toContain(`Set a new password: ${link}`);
    // Until it was sent, the link waited beside the payload, as the email's secret.
    expect(row!.secret).toEqual({ link });
    expect(JSON.stringify(row!.payload)).not.toContain(token);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await resetEmails(ghost)).toEqual([]);

    // The table keeps only the token's SHA-256, valid for 30 minutes.
    const [stored] = await t.database.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.tokenHash, sha256(token)));
    expect(stored).toBeDefined();
    expect(stored!.usedAt).toBeNull();
    const minutes = (stored!.expiresAt.getTime() - stored!.createdAt.getTime()) / 60_000;
    expect(minutes).toBeGreaterThan(29.9);
    expect(minutes).toBeLessThan(30.1);
    const [raw] = await t.database.db.select().from(passwordResets).where(eq(passwordResets.tokenHash, token));
    expect(raw).toBeUndefined();
  });

  it('answers before the account is even looked up', async () => {
    const { email } = await registerCustomer(t.app);
    const server = await serverWith({ RATE_LIMIT_PASSWORD_RESET_ADDRESS: '10000/1h' });
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let taken!: () => void;
    const lockTaken = new Promise<void>((resolve) => (taken = resolve));
    // Nobody can read the accounts while this transaction runs.
    const holder = t.database.db.transaction(async (tx) => {
      await tx.execute(sql`LOCK TABLE users IN ACCESS EXCLUSIVE MODE`);
      taken();
      await released;
    });
    await lockTaken;
    let answer: Awaited<ReturnType<typeof forgot>> | 'no answer';
    try {
      answer = await Promise.race([forgot(email, server.app), sleep(5_000).then(() => 'no answer' as const)]);
    } finally {
      release();
      await holder;
    }
    expect(answer === 'no answer' ? answer : answer.json()).toEqual({ message: PASSWORD_RESET_SENT });
    expect(await waitForResetEmails(email)).toHaveLength(1);
  });

  it('refuses what is not an email address with 400', async () => {
    const res = await forgot('not-an-email');
    expect([res.statusCode, res.json().message]).toEqual([400, 'email: Enter a valid email address']);
    const none = await t.app.inject({ method: 'POST', url: '/api/users/forgot-password', payload: {} });
    expect(none.statusCode).toBe(400);
  });

  it('writes an email that carries the link, how long it works, and what to do if you did not ask', () => {
    const link = 'https://phoolwala.in/reset-password?token=abc_DEF-123';
    const mail = passwordResetEmail(
      { name: 'Priya <b>R</b>', link, validFor: '30 minutes' },
      { email: 'help@phoolwala.test', phone: '+91 80 0000 0000' },
    );
    expect(mail.subject).toBe(RESET_SUBJECT);
    expect(mail.subject).not.toContain('abc_DEF');
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('The link works once, for 30 minutes.');
      expect(part).toContain('If you did not ask for this, ignore this email: your password stays as it is.');
    }
    expect(mail.text).toContain('Namaste Priya <b>R</b>,');
    expect(mail.text).toContain(`Set a new password: ${link}`);
    expect(mail.html).toContain('Priya &lt;b&gt;R&lt;/b&gt;');
    expect(mail.html).toContain(`href="${link}"`);
  });
});

describe(`setting a new password with the link, on ${testDatabaseKind}`, () => {
  it('sets the password, ends every session of the account and signs in as login does', async () => {
    const account = await registerCustomer(t.app);
    const elsewhere = sessionCookie((await login(account.email, TEST_PASSWORD)).headers['set-cookie']);
    const token = await emailedToken(account.email);

    const res = await reset(token);
    expect(res.statusCode).toBe(200);
    const signedIn = await login(account.email, NEW_PASSWORD);
    expect(res.json()).toEqual(signedIn.json());
    expect(res.json()).toEqual({
      _id: account.id,
      name: 'Meera Pillai',
      email: account.email,
      isAdmin: false,
      isPartner: false,
      pincode: '',
      phone: null,
    });
    const setCookie = String([res.headers['set-cookie']].flat()[0]);
    expect(setCookie).toMatch(/^session=[A-Za-z0-9_-]{43};/);
    for (const flag of ['HttpOnly', 'SameSite=Lax', 'Secure', 'Path=/', 'Max-Age=2592000'])
      expect(setCookie).toContain(flag);
    const fresh = sessionCookie(res.headers['set-cookie']);
    expect((await profile(fresh)).json()).toMatchObject({ email: account.email });

    for (const old of [account.cookie, elsewhere]) {
      const refused = await profile(old);
      expect([refused.statusCode, refused.json().message]).toEqual([401, 'Please sign in']);
    }
    expect((await login(account.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect(signedIn.statusCode).toBe(200);
  });

  it('refuses a link used before, and using one link spends the others of the account', async () => {
    const { email } = await registerCustomer(t.app);
    const first = await emailedToken(email);
    const second = await emailedToken(email);
    expect((await reset(second)).statusCode).toBe(200);
    for (const token of [second, first]) {
      const again = await reset(token, 'yet another fine passphrase');
      expect([again.statusCode, again.json()]).toEqual([400, tokenProblem(RESET_LINK_USED)]);
      expect(again.headers['set-cookie']).toBeUndefined();
    }
    expect((await login(email, NEW_PASSWORD)).statusCode).toBe(200);
    // A new link still works.
    expect((await reset(await emailedToken(email), 'a third long passphrase')).statusCode).toBe(200);
  });

  it('refuses an expired link and changes nothing', async () => {
    const { email, cookie } = await registerCustomer(t.app);
    const token = await emailedToken(email);
    await t.database.db
      .update(passwordResets)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordResets.tokenHash, sha256(token)));
    const res = await reset(token);
    expect([res.statusCode, res.json()]).toEqual([400, tokenProblem(RESET_LINK_EXPIRED)]);
    expect((await login(email, TEST_PASSWORD)).statusCode).toBe(200);
    expect((await profile(cookie)).statusCode).toBe(200);
  });

  it('refuses an altered or made-up link', async () => {
    const { email } = await registerCustomer(t.app);
    const token = await emailedToken(email);
    const altered = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    for (const bad of [altered, token.slice(0, 20), '', 'x'.repeat(600)]) {
      const res = await reset(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message, bad).toMatch(new RegExp(`^(token: )?${RESET_LINK_INVALID.replace(/\./g, '\\.')}$`));
    }
    expect((await reset(altered)).json()).toEqual(tokenProblem(RESET_LINK_INVALID));
    // The real link was not touched by them.
    expect((await reset(token)).statusCode).toBe(200);
  });

  it('holds the new password to the policy registration uses, and the link stays usable', async () => {
    const { email } = await registerCustomer(t.app);
    const token = await emailedToken(email);
    const short = await reset(token, 'short');
    expect([short.statusCode, short.json()]).toEqual([
      400,
      {
        message: 'Password must be at least 8 characters',
        code: 'VALIDATION',
        details: [{ field: 'password', message: 'Password must be at least 8 characters' }],
      },
    ]);
    const common = await reset(token, 'Password123');
    expect([common.statusCode, common.json().message]).toEqual([
      400,
      'This password is too common and easy to guess; please choose another',
    ]);
    expect((await login(email, TEST_PASSWORD)).statusCode).toBe(200);
    expect((await reset(token)).statusCode).toBe(200);
  });

  it('lets an account made by Google sign-in set a password', async () => {
    const email = uniqueEmail();
    await t.database.db.insert(users).values({ name: 'Lakshmi Iyer', email, googleSubject: `g-${email}` });
    const res = await reset(await emailedToken(email));
    expect([res.statusCode, res.json().name]).toEqual([200, 'Lakshmi Iyer']);
    expect((await login(email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('lets one of two uses of a link at once succeed, and one of two links of an account', async () => {
    const { email } = await registerCustomer(t.app);
    const token = await emailedToken(email);
    const both = await Promise.all([
      reset(token, 'first of two passphrases'),
      reset(token, 'second of two passphrases'),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const lost = both.find((r) => r.statusCode === 400)!;
    expect(lost.json()).toEqual(tokenProblem(RESET_LINK_USED));
    const winner = both[0]!.statusCode === 200 ? 'first of two passphrases' : 'second of two passphrases';
    const loser = both[0]!.statusCode === 200 ? 'second of two passphrases' : 'first of two passphrases';
    expect((await login(email, winner)).statusCode).toBe(200);
    expect((await login(email, loser)).statusCode).toBe(401);

    const one = await emailedToken(email);
    const other = await emailedToken(email);
    const pair = await Promise.all([reset(one, 'one of two passphrases'), reset(other, 'other of two passphrases')]);
    expect(pair.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(pair.find((r) => r.statusCode === 400)!.json()).toEqual(tokenProblem(RESET_LINK_USED));
  });
});

describe(`a link asked for before the account's email or password changed, on ${testDatabaseKind}`, () => {
  const ATTACKER_PASSWORD = 'the attacker would like this one';
  const updateProfile = (cookie: string, payload: object) =>
    t.app.inject({ method: 'PUT', url: '/api/users/profile', headers: { cookie }, payload });

  /** The old link is refused, signs nobody in, and the account still has the owner's password. */
  async function expectSpent(token: string, email: string, ownerPassword: string) {
    const res = await reset(token, ATTACKER_PASSWORD);
    expect([res.statusCode, res.json()]).toEqual([400, tokenProblem(RESET_LINK_USED)]);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect((await login(email, ATTACKER_PASSWORD)).statusCode).toBe(401);
    expect((await login(email, ownerPassword)).statusCode).toBe(200);
  }

  it('is spent when the owner moves the account to a new email and password on the profile', async () => {
    const account = await registerCustomer(t.app);
    const token = await emailedToken(account.email);
    const moved = uniqueEmail();
    const res = await updateProfile(account.cookie, {
      name: 'Meera Pillai',
      email: moved,
      password: NEW_PASSWORD,
      currentPassword: TEST_PASSWORD,
    });
    expect([res.statusCode, res.json().email]).toEqual([200, moved]);
    await expectSpent(token, moved, NEW_PASSWORD);
    // The session the change was made in stays signed in.
    expect((await profile(account.cookie)).json()).toMatchObject({ email: moved });
  });

  it('is spent by a new password alone and by a new email alone, but not by a new name', async () => {
    const renamed = await registerCustomer(t.app);
    const kept = await emailedToken(renamed.email);
    expect((await updateProfile(renamed.cookie, { name: 'Meera P.', email: renamed.email })).statusCode).toBe(200);
    expect((await reset(kept)).statusCode).toBe(200);

    const repassworded = await registerCustomer(t.app);
    const beforePassword = await emailedToken(repassworded.email);
    const password = await updateProfile(repassworded.cookie, {
      name: 'Meera Pillai',
      password: NEW_PASSWORD,
      currentPassword: TEST_PASSWORD,
    });
    expect(password.statusCode).toBe(200);
    await expectSpent(beforePassword, repassworded.email, NEW_PASSWORD);

    const readdressed = await registerCustomer(t.app);
    const beforeEmail = await emailedToken(readdressed.email);
    const moved = uniqueEmail();
    const email = await updateProfile(readdressed.cookie, {
      name: 'Meera Pillai',
      email: moved,
      currentPassword: TEST_PASSWORD,
    });
    expect(email.statusCode).toBe(200);
    await expectSpent(beforeEmail, moved, TEST_PASSWORD);
  });

  it("is spent when an admin changes the account's email; a new name alone leaves it", async () => {
    const admin = await signInAsAdmin(t.app);
    // As a freshly loaded Edit User form saves: with the version the account is at.
    const edit = async (id: string, payload: object) => {
      const headers = { cookie: admin.cookie };
      const { version } = (await t.app.inject({ url: `/api/users/${id}`, headers })).json();
      return t.app.inject({ method: 'PUT', url: `/api/users/${id}`, headers, payload: { version, ...payload } });
    };
    const account = await registerCustomer(t.app);
    const token = await emailedToken(account.email);
    expect((await edit(account.id, { name: 'Meera P.' })).statusCode).toBe(200);
    const moved = uniqueEmail();
    const res = await edit(account.id, { email: moved });
    expect([res.statusCode, res.json().email]).toEqual([200, moved]);
    await expectSpent(token, moved, TEST_PASSWORD);

    const renamed = await registerCustomer(t.app);
    const kept = await emailedToken(renamed.email);
    expect((await edit(renamed.id, { name: 'Meera P.', isAdmin: false })).statusCode).toBe(200);
    expect((await reset(kept)).statusCode).toBe(200);
  });

  it('is spent when the owner signs out on every device, which ends every session', async () => {
    const account = await registerCustomer(t.app);
    const elsewhere = sessionCookie((await login(account.email, TEST_PASSWORD)).headers['set-cookie']);
    const token = await emailedToken(account.email);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/logout-everywhere',
      headers: { cookie: account.cookie },
    });
    expect([res.statusCode, res.json()]).toEqual([200, { message: 'Signed out on every device' }]);
    expect((await profile(account.cookie)).statusCode).toBe(401);
    expect((await profile(elsewhere)).statusCode).toBe(401);
    await expectSpent(token, account.email, TEST_PASSWORD);
  });

  it('goes with the account when an admin deletes it', async () => {
    const admin = await signInAsAdmin(t.app);
    const account = await registerCustomer(t.app);
    const token = await emailedToken(account.email);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/${account.id}`,
      headers: { cookie: admin.cookie },
    });
    expect(deleted.statusCode).toBe(200);
    expect(await t.database.db.select().from(passwordResets).where(eq(passwordResets.userId, account.id))).toEqual([]);
    const res = await reset(token, ATTACKER_PASSWORD);
    expect([res.statusCode, res.json()]).toEqual([400, tokenProblem(RESET_LINK_INVALID)]);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('is not written for the old email when the email changes while the link is being written', async () => {
    const { id, email } = await registerCustomer(t.app);
    const moved = uniqueEmail();
    const server = await serverWith({});
    await t.database.db.transaction(async (tx) => {
      // The owner's change, under way: the account's row is changed but not yet committed.
      await tx.update(users).set({ email: moved }).where(eq(users.id, id));
      expect((await forgot(email, server.app)).statusCode).toBe(200);
      // Time for a link to be written beside the change, if it can be. The embedded database runs
      // one transaction at a time: there the request waits for the change whatever it does.
      if (testDatabaseKind === 'postgres') {
        const deadline = Date.now() + 2_000;
        while (Date.now() < deadline && (await resetEmails(email)).length === 0) await sleep(50);
      }
    });
    extra.splice(extra.indexOf(server), 1);
    await server.close();
    expect(await resetEmails(email)).toEqual([]);
    expect(await t.database.db.select().from(passwordResets).where(eq(passwordResets.userId, id))).toEqual([]);
  });
});

describe(`the reset email in the outbox, on ${testDatabaseKind}`, () => {
  const outboxPage = (cookie: string, status: string) =>
    t.app.inject({ url: `/api/outbox?status=${status}`, headers: { cookie } });

  it('keeps no usable link once the email is sent, and never shows one to admins', async () => {
    const admin = await signInAsAdmin(t.app);
    const { email } = await registerCustomer(t.app);
    expect((await forgot(email)).statusCode).toBe(200);
    await waitForResetEmails(email);
    const pending = await outboxPage(admin.cookie, 'pending');
    expect(pending.statusCode).toBe(200);
    expect(pending.json().messages.find((m: { recipient: string }) => m.recipient === email)).toMatchObject({
      kind: 'password_reset',
      subject: RESET_SUBJECT,
      status: 'pending',
    });

    const token = tokenOf(await delivery(email));
    expect(pending.body).not.toContain(token);
    const [row, ...more] = await resetEmails(email);
    expect(more).toEqual([]);
    expect(row!.status).toBe('sent');
    expect(JSON.stringify(row)).not.toContain(token);
    const sent = await outboxPage(admin.cookie, 'sent');
    expect(sent.json().messages.find((m: { recipient: string }) => m.recipient === email)).toMatchObject({
      kind: 'password_reset',
      subject: RESET_SUBJECT,
      status: 'sent',
    });
    expect(sent.body).not.toContain(token);

    // Only the outbox forgot it: the link in the shopper's mailbox still works.
    expect((await reset(token)).statusCode).toBe(200);
  });

  it('moves the links of reset emails written before the outbox kept secrets: kept to be sent, else dropped', async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    const link = (n: number) => `http://localhost:3000/reset-password?token=old-${tag}-${n}`;
    const written = await t.database.db
      .insert(outbox)
      .values(
        (['pending', 'sent', 'failed'] as const).map((status, n) => ({
          kind: 'password_reset',
          recipient: `old.${status}.${tag}@example.in`,
          payload: { name: 'Meera Pillai', link: link(n), validFor: '30 minutes' },
          messageId: `<old-${status}-${tag}@localhost>`,
          status,
        })),
      )
      .returning({ id: outbox.id });
    const ids = written.map((w) => w.id);
    const migration = await readFile(new URL('../../../drizzle/0025_outbox-secret.sql', import.meta.url), 'utf8');
    // The column is there already; the statements after it are the ones that move data.
    for (const statement of migration.split('--> statement-breakpoint').slice(1)) {
      await t.database.db.execute(sql.raw(statement));
    }
    const rows = await t.database.db
      .select({ status: outbox.status, payload: outbox.payload, secret: outbox.secret })
      .from(outbox)
      .where(inArray(outbox.id, ids))
      .orderBy(outbox.recipient);
    const payload = { name: 'Meera Pillai', validFor: '30 minutes' };
    expect(rows).toEqual([
      { status: 'failed', payload, secret: {} },
      { status: 'pending', payload, secret: { link: link(0) } },
      { status: 'sent', payload, secret: {} },
    ]);
  });
});

describe(`reset throttling, on ${testDatabaseKind}`, () => {
  it('limits the links one address asks for, whatever the emails; other addresses carry on', async () => {
    const server = await serverWith({ RATE_LIMIT_PASSWORD_RESET_ADDRESS: '3/1h' });
    const { email } = await registerCustomer(t.app);
    for (const to of [uniqueEmail(), email, uniqueEmail()]) expect((await forgot(to, server.app)).statusCode).toBe(200);
    const fourth = await forgot(uniqueEmail(), server.app);
    expect([fourth.statusCode, fourth.json()]).toEqual([
      429,
      {
        code: 'RATE_LIMITED',
        message: 'Too many password reset requests from your network. Please try again in 60 minutes.',
      },
    ]);
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(3500);
    expect((await forgot(uniqueEmail(), server.app, '198.51.100.4')).statusCode).toBe(200);
  });

  it('limits the links asked for one email from anywhere, the same way whether or not it has an account', async () => {
    const server = await serverWith({ RATE_LIMIT_PASSWORD_RESET_ACCOUNT: '2/1h' });
    const { email } = await registerCustomer(t.app);
    const ghost = uniqueEmail();
    /** Three asks for `to` from three addresses, the last in capitals: what each answer says. */
    const answers = async (to: string) => {
      const said = [];
      for (const [i, address] of ['203.0.113.21', '203.0.113.22', '203.0.113.23'].entries()) {
        const res = await forgot(i === 2 ? to.toUpperCase() : to, server.app, address);
        // Retry-After counts down from the window's start: for both emails, close to an hour.
        const retryAfter = res.headers['retry-after'];
        expect(retryAfter === undefined || Number(retryAfter) > 3500).toBe(true);
        said.push([res.statusCode, res.json(), retryAfter === undefined ? 'no wait' : 'an hour']);
      }
      return said;
    };
    const known = await answers(email);
    expect(known).toEqual([
      [200, { message: PASSWORD_RESET_SENT }, 'no wait'],
      [200, { message: PASSWORD_RESET_SENT }, 'no wait'],
      [
        429,
        {
          code: 'RATE_LIMITED',
          message: 'Too many reset links have been asked for this email. Please try again in 60 minutes.',
        },
        'an hour',
      ],
    ]);
    expect(await answers(ghost)).toEqual(known);
    expect((await forgot(uniqueEmail(), server.app, '203.0.113.21')).statusCode).toBe(200);

    extra.splice(extra.indexOf(server), 1);
    await server.close();
    expect(await resetEmails(email)).toHaveLength(2);
  });

  it('limits the links tried from one address, apart from the links asked for', async () => {
    const server = await serverWith({ RATE_LIMIT_PASSWORD_RESET_ADDRESS: '2/1h' });
    for (let i = 0; i < 2; i++) expect((await reset(`made-up-${i}`, NEW_PASSWORD, server.app)).statusCode).toBe(400);
    const third = await reset('made-up-3', NEW_PASSWORD, server.app);
    expect([third.statusCode, third.json().message]).toEqual([
      429,
      'Too many reset links tried from your network. Please try again in 60 minutes.',
    ]);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(3500);
    expect((await forgot(uniqueEmail(), server.app)).statusCode).toBe(200);
  });
});
