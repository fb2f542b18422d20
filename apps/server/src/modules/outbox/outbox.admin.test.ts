import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OutboxList, OutboxMessage } from '@store/contracts';
import { registerCustomer, signInAsAdmin, uniqueEmail } from '../../test/accounts.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/test-app.js';
import type { Mail, MailTransport } from './outbox.mailer.js';
import { outbox } from './outbox.table.js';

/** Every message the app's sender hands over, as a mail server would receive it. */
const delivered: Mail[] = [];
const recording: MailTransport = {
  async send(mail) {
    delivered.push(mail);
  },
  close: () => undefined,
};

let t: TestApp;
let admin: { cookie: string };
let shopper: { cookie: string };
beforeAll(async () => {
  // The sender's timer is kept out of the way, so a message that goes went because 'Retry now' woke it.
  t = await createTestApp({ OUTBOX_POLL_MS: '600000' }, undefined, { mailTransport: recording });
  admin = await signInAsAdmin(t.app);
  shopper = await registerCustomer(t.app);
});
afterAll(async () => {
  await t?.close();
});

const list = (query: string, cookie = admin.cookie) =>
  t.app.inject({ method: 'GET', url: `/api/outbox${query}`, headers: { cookie } });
const retry = (id: string, cookie = admin.cookie) =>
  t.app.inject({ method: 'POST', url: `/api/outbox/${id}/retry`, headers: { cookie } });

async function listed(query: string): Promise<OutboxList> {
  const res = await list(query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** A message as the outbox holds it, written straight to the table: its own recipient, a welcome by default. */
async function stored(values: Partial<typeof outbox.$inferInsert> = {}) {
  const recipient = uniqueEmail();
  const [row] = await t.database.db
    .insert(outbox)
    .values({
      kind: 'welcome',
      recipient,
      payload: { name: `Guest ${recipient.slice(8, 16)}`, shopUrl: 'https://phoolwala.test' },
      messageId: `<${randomUUID()}@phoolwala.test>`,
      ...values,
    })
    .returning();
  return row!;
}

const MAILBOX_FULL = '452 4.2.2 Mailbox full';

describe(`the admins' outbox on ${testDatabaseKind}`, () => {
  it('is for admins only: 401 signed out, 403 for a shopper', async () => {
    const id = randomUUID();
    for (const res of [
      await t.app.inject({ method: 'GET', url: '/api/outbox' }),
      await t.app.inject({ method: 'POST', url: `/api/outbox/${id}/retry` }),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Please sign in');
    }
    for (const res of [await list('', shopper.cookie), await retry(id, shopper.cookie)]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('This needs an admin account');
    }
  });

  it('lists messages newest first, 25 a page, of one status or of all, with subjects as they render', async () => {
    const failedBefore = (await listed('?status=failed')).total;
    const newcomer = await registerCustomer(t.app);
    const now = Date.now();
    // 27 given up on, a second apart, the newest of a kind that has no template.
    const failed = [];
    for (let i = 0; i < 27; i += 1) {
      failed.push(
        await stored({
          kind: i === 0 ? 'not_a_template' : 'welcome',
          status: 'failed',
          attempts: 14,
          lastError: MAILBOX_FULL,
          createdAt: new Date(now - i * 1000),
          nextAttemptAt: new Date(now - i * 1000 + 60_000),
        }),
      );
    }

    const first = await listed('?status=failed');
    expect(first.total).toBe(failedBefore + 27);
    expect(first.page).toBe(1);
    expect(first.pages).toBe(Math.ceil(first.total / 25));
    expect(first.messages.map((m) => m.recipient)).toEqual(failed.slice(0, 25).map((m) => m.recipient));
    expect(first.messages[0]).toEqual({
      _id: failed[0]!.id,
      kind: 'not_a_template',
      recipient: failed[0]!.recipient,
      subject: null,
      status: 'failed',
      attempts: 14,
      lastError: MAILBOX_FULL,
      nextAttemptAt: new Date(now + 60_000).toISOString(),
      sentAt: null,
      createdAt: new Date(now).toISOString(),
    } satisfies OutboxMessage);
    expect(first.messages[1]!.subject).toBe(`Welcome to Phoolwala Gifts, ${String(failed[1]!.payload.name)}`);

    const second = await listed('?status=failed&page=2');
    expect(second.page).toBe(2);
    expect(second.messages.slice(0, 2).map((m) => m.recipient)).toEqual(failed.slice(25).map((m) => m.recipient));
    expect(second.messages.every((m) => m.status === 'failed')).toBe(true);

    const beyond = await listed(`?status=failed&page=${first.pages + 1}`);
    expect(beyond).toMatchObject({ messages: [], page: first.pages + 1, pages: first.pages, total: first.total });

    // The new account's welcome email waits to be sent.
    const pending = await listed('?status=pending');
    expect(pending.messages.every((m) => m.status === 'pending')).toBe(true);
    expect(pending.messages.find((m) => m.recipient === newcomer.email)).toMatchObject({
      kind: 'welcome',
      subject: 'Welcome to Phoolwala Gifts, Meera Pillai',
      attempts: 0,
      lastError: null,
      sentAt: null,
    });
    const sent = await listed('?status=sent');
    expect(sent.messages.every((m) => m.status === 'sent')).toBe(true);

    // Without a status: every message, the three kinds together, newest first.
    const all = await listed('?page=1');
    expect(all.total).toBe(first.total + pending.total + sent.total);
    expect(all.messages[0]!._id).toBe(failed[0]!.id);
    const times = all.messages.map((m) => Date.parse(m.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect((await listed('?status=')).total).toBe(all.total);
  });

  it("'Retry now' makes a failed message due and wakes the sender, which sends it", async () => {
    const given = await stored({
      status: 'failed',
      attempts: 16,
      lastError: MAILBOX_FULL,
      createdAt: new Date(Date.now() - 25 * 60 * 60_000),
      nextAttemptAt: new Date(Date.now() - 60 * 60_000),
    });
    const before = Date.now();
    const res = await retry(given.id);
    expect(res.statusCode).toBe(200);
    const answered: OutboxMessage = res.json();
    expect(answered).toMatchObject({
      _id: given.id,
      status: 'pending',
      attempts: 16,
      lastError: MAILBOX_FULL,
      sentAt: null,
      subject: `Welcome to Phoolwala Gifts, ${String(given.payload.name)}`,
    });
    expect(Date.parse(answered.nextAttemptAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(answered.nextAttemptAt)).toBeLessThanOrEqual(Date.now());

    // The timer would not come round for ten minutes: only the woken sender sends it.
    await vi.waitFor(
      async () => {
        const [message] = (await listed('?status=sent')).messages.filter((m) => m._id === given.id);
        expect(message).toMatchObject({ status: 'sent', attempts: 17, lastError: null });
        expect(message!.sentAt).not.toBeNull();
      },
      { timeout: 15_000, interval: 100 },
    );
    const mails = delivered.filter((m) => m.to === given.recipient);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      messageId: given.messageId,
      subject: `Welcome to Phoolwala Gifts, ${String(given.payload.name)}`,
    });
    expect((await listed('?status=failed')).messages.some((m) => m._id === given.id)).toBe(false);
  });

  it('refuses to retry a message already sent (409), an unknown one (404) and a malformed id (400)', async () => {
    const sentAt = new Date(Date.now() - 60_000);
    const done = await stored({ status: 'sent', attempts: 1, sentAt });
    const res = await retry(done.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CONFLICT', message: 'This message was already sent' });
    const [still] = (await listed('?status=sent')).messages.filter((m) => m._id === done.id);
    expect(still).toMatchObject({ status: 'sent', attempts: 1, sentAt: sentAt.toISOString() });

    const unknown = await retry(randomUUID());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Message not found');

    const malformed = await retry('not-an-id');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('id: Not a message id');
  });

  it('never sends again a message whose link was removed when it was given up on (409)', async () => {
    const given = await stored({
      kind: 'password_reset',
      payload: { name: 'Meera Pillai', validFor: '30 minutes' },
      secret: {},
      status: 'failed',
      attempts: 16,
      lastError: MAILBOX_FULL,
      createdAt: new Date(Date.now() - 25 * 60 * 60_000),
    });
    const res = await retry(given.id);
    expect([res.statusCode, res.json()]).toEqual([
      409,
      {
        code: 'CONFLICT',
        message:
          'This email carried a one-time link, removed when it was given up on: it cannot be sent again. ' +
          'The shopper can ask for a new one.',
      },
    ]);
    // Still listed (older than the failures before it), its subject rendered from what the row holds.
    let still: OutboxMessage | undefined;
    for (let page = 1, pages = 1; !still && page <= pages; page += 1) {
      const listing = await listed(`?status=failed&page=${page}`);
      pages = listing.pages;
      still = listing.messages.find((m) => m._id === given.id);
    }
    expect(still).toMatchObject({ status: 'failed', attempts: 16, subject: 'Reset your Phoolwala Gifts password' });
    await t.app.sendOutbox();
    expect(delivered.filter((m) => m.to === given.recipient)).toEqual([]);
  });

  it.each([
    ['?status=bounced', 'status must be pending, sent or failed'],
    ['?status=FAILED', 'status must be pending, sent or failed'],
    ['?page=0', 'page must be at least 1'],
    ['?page=two', 'page must be a whole number'],
    ['?status=sent&page=1.5', 'page must be a whole number'],
  ])('refuses %s with a message (400)', async (query, message) => {
    const res = await list(query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', message });
  });
});
