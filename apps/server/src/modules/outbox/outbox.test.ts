import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { registerCustomer } from '../../test/accounts.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/test-app.js';
import { welcomeEmail } from './outbox.emails.js';
import { fileTransport, smtpTransport, type Mail, type MailTransport } from './outbox.mailer.js';
import * as repo from './outbox.repository.js';
import type { OrderMailPayload } from './outbox.order-emails.js';
import { enqueue, OutboxSender, type MailRenderer } from './outbox.service.js';
import { outbox } from './outbox.table.js';
import { mailRenderer } from './outbox.templates.js';

let t: TestApp;
beforeAll(async () => {
  // The tests drive senders of their own; the app's own, polling every 2 s, would now and then
  // take a message from under them. It still sends when a test asks (sendOutbox).
  t = await createTestApp({ OUTBOX_POLL_MS: '600000' });
});
afterAll(async () => {
  await t?.close();
});

const FROM = 'Phoolwala Gifts <orders@phoolwala.test>';
const HOST = 'phoolwala.test';

/** A template as the real ones are: subject, HTML and a plain-text part from the payload. */
const render: MailRenderer = (kind, payload) => ({
  subject: `${kind}: ${String(payload.name)}`,
  html: `<p>Namaste <b>${String(payload.name)}</b></p>`,
  text: `Namaste ${String(payload.name)}`,
});

/** Records what it is given, and can be told to refuse the next few. */
function recordingTransport(refuse = 0): MailTransport & { sent: Mail[] } {
  let refusals = refuse;
  const sent: Mail[] = [];
  return {
    sent,
    async send(mail) {
      if (refusals > 0) {
        refusals -= 1;
        throw new Error('421 try again later');
      }
      sent.push(mail);
    },
    close: () => undefined,
  };
}

const sender = (transport: MailTransport, options = {}) =>
  new OutboxSender(t.database.db, transport, render, t.app.log, { from: FROM, ...options });

/** Enqueues messages for a fresh set of recipients; returns their addresses. */
async function enqueueMany(n: number, kind = 'welcome') {
  const tag = Math.random().toString(36).slice(2, 8);
  const recipients = Array.from({ length: n }, (_, i) => `shopper${i}.${tag}@example.in`);
  await t.database.db.transaction(async (tx) => {
    for (const recipient of recipients) await enqueue(tx, { kind, recipient, payload: { name: recipient } }, HOST);
  });
  return recipients;
}

const rowsFor = (recipients: string[]) =>
  t.database.db.select().from(outbox).where(inArray(outbox.recipient, recipients));

describe(`the outbox on ${testDatabaseKind}`, () => {
  it('sends what a committed transaction wrote, once, and nothing of a rolled-back one', async () => {
    const [kept] = await enqueueMany(1);
    const dropped = `rolled.back.${Date.now()}@example.in`;
    await t.database.db
      .transaction(async (tx) => {
        await enqueue(tx, { kind: 'welcome', recipient: dropped, payload: { name: 'x' } }, HOST);
        throw new Error('the event failed');
      })
      .catch(() => undefined);

    const transport = recordingTransport();
    await sender(transport).sendDue();
    await sender(transport).sendDue();
    const mine = transport.sent.filter((m) => m.to === kept || m.to === dropped);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ to: kept, from: FROM, subject: `welcome: ${kept}`, text: `Namaste ${kept}` });
    const [row] = await rowsFor([kept!]);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null, messageId: mine[0]!.messageId });
    expect(row!.messageId).toMatch(/^<[0-9a-f-]{36}@phoolwala\.test>$/);
  });

  it('retries a refused message with growing waits, records the error, and sends it once accepted', async () => {
    const [recipient] = await enqueueMany(1, 'order_paid');
    const transport = recordingTransport(2);
    // The database stamps the message in microseconds, a Date holds milliseconds: a clock read in
    // the same millisecond would be a fraction before the message is due.
    let now = new Date(Date.now() + 1);
    const clock = () => now;
    const s = sender(transport, { backoffMs: 30_000 });

    await s.sendDue(clock);
    let [row] = await rowsFor([recipient!]);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: '421 try again later' });
    expect(row!.nextAttemptAt.getTime() - now.getTime()).toBe(30_000);

    now = new Date(now.getTime() + 30_000);
    await s.sendDue(clock);
    [row] = await rowsFor([recipient!]);
    expect(row).toMatchObject({ status: 'pending', attempts: 2 });
    expect(row!.nextAttemptAt.getTime() - now.getTime()).toBe(60_000);

    // Not due yet: nothing goes.
    now = new Date(now.getTime() + 59_000);
    await s.sendDue(clock);
    expect(transport.sent.filter((m) => m.to === recipient)).toHaveLength(0);

    now = new Date(now.getTime() + 1_000);
    await s.sendDue(clock);
    expect(transport.sent.filter((m) => m.to === recipient)).toHaveLength(1);
    [row] = await rowsFor([recipient!]);
    expect(row).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
  });

  it('gives up a day after the message was written, and an admin can send it again', async () => {
    const [recipient] = await enqueueMany(1);
    await t.database.db
      .update(outbox)
      .set({ createdAt: new Date(Date.now() - 24 * 60 * 60_000) })
      .where(eq(outbox.recipient, recipient!));
    await sender(recordingTransport(1)).sendDue();
    const [failed] = await rowsFor([recipient!]);
    expect(failed).toMatchObject({ status: 'failed', lastError: '421 try again later' });

    expect(await repo.retryNow(t.database.db, failed!.id, new Date())).toMatchObject({ status: 'pending' });
    const transport = recordingTransport();
    await sender(transport).sendDue();
    expect(transport.sent.map((m) => m.to)).toContain(recipient);
    const [sent] = await rowsFor([recipient!]);
    expect(sent!.status).toBe('sent');
    expect(await repo.retryNow(t.database.db, sent!.id, new Date())).toBeUndefined();
  });

  it("keeps a message's secret only while it may still be sent: in what goes out, then emptied", async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    const [sent, givenUp, plain] = ['sent', 'given.up', 'plain'].map((r) => `secret.${r}.${tag}@example.in`);
    await t.database.db.transaction(async (tx) => {
      for (const recipient of [sent!, givenUp!]) {
        await enqueue(
          tx,
          { kind: 'welcome', recipient, payload: { name: recipient }, secret: { code: `c-${recipient}` } },
          HOST,
        );
      }
      await enqueue(tx, { kind: 'welcome', recipient: plain!, payload: { name: plain } }, HOST);
    });
    // Written more than a day ago: its first refusal is its last.
    await t.database.db
      .update(outbox)
      .set({ createdAt: new Date(Date.now() - 25 * 60 * 60_000) })
      .where(eq(outbox.recipient, givenUp!));
    const withCode: MailRenderer = (kind, payload) => ({
      ...render(kind, payload),
      text: `Code: ${String(payload.code)}`,
    });
    const delivered: Mail[] = [];
    // Refuses each message the first time it is offered.
    const offered = new Set<string>();
    const transport: MailTransport = {
      async send(mail) {
        if (!offered.has(mail.to)) {
          offered.add(mail.to);
          throw new Error('421 try again later');
        }
        delivered.push(mail);
      },
      close: () => undefined,
    };
    const s = new OutboxSender(t.database.db, transport, withCode, t.app.log, { from: FROM, backoffMs: 1 });

    await s.sendDue();
    const waiting = async (recipient: string) => (await rowsFor([recipient]))[0]!;
    // A refused message will be tried again: it keeps what it needs to be sent.
    expect(await waiting(sent!)).toMatchObject({ status: 'pending', secret: { code: `c-${sent}` } });
    // One given up on keeps nothing of it, and says it had some.
    expect(await waiting(givenUp!)).toMatchObject({ status: 'failed', secret: {}, payload: { name: givenUp } });

    await sleep(5);
    await s.sendDue();
    expect(delivered.find((m) => m.to === sent)?.text).toBe(`Code: c-${sent}`);
    expect(await waiting(sent!)).toMatchObject({ status: 'sent', secret: {}, payload: { name: sent } });
    expect(await waiting(plain!)).toMatchObject({ status: 'sent', secret: null });
  });

  it('never lets two senders send the same message, however many run at once', async () => {
    const recipients = await enqueueMany(40);
    const transports = Array.from({ length: 4 }, () => recordingTransport());
    await Promise.all(transports.map((tr) => sender(tr, { batch: 3 }).sendDue()));
    const delivered = transports.flatMap((tr) => tr.sent.map((m) => m.to)).filter((to) => recipients.includes(to));
    expect(delivered.sort()).toEqual([...recipients].sort());
    expect((await rowsFor(recipients)).every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });

  it('a sender told to close finishes the message in hand and gives the rest of its claim back, due at once', async () => {
    const recipients = await enqueueMany(5);
    const closing = new AbortController();
    const transport = recordingTransport();
    const stopsAfterOurFirst: MailTransport = {
      async send(mail) {
        await transport.send(mail);
        if (recipients.includes(mail.to)) closing.abort();
      },
      close: () => undefined,
    };
    await sender(stopsAfterOurFirst).sendDue(undefined, closing.signal);

    const ours = transport.sent.filter((m) => recipients.includes(m.to));
    expect(ours).toHaveLength(1);
    const rows = await rowsFor(recipients);
    expect(rows.find((r) => r.recipient === ours[0]!.to)).toMatchObject({ status: 'sent', attempts: 1 });
    const left = rows.filter((r) => r.recipient !== ours[0]!.to);
    expect(left.map((r) => ({ status: r.status, attempts: r.attempts }))).toEqual(
      left.map(() => ({ status: 'pending', attempts: 0 })),
    );
    // Not held for the two-minute lease: the next sender, on any server, sends them now.
    const next = recordingTransport();
    await sender(next).sendDue();
    expect(
      next.sent
        .map((m) => m.to)
        .filter((to) => recipients.includes(to))
        .sort(),
    ).toEqual(left.map((r) => r.recipient).sort());
  });

  it('sends again, with the same Message-ID, a message whose sender died before marking it sent', async () => {
    const [recipient] = await enqueueMany(1);
    // A sender claims it, sends it, and is killed before it marks it sent: only the claim is left.
    const start = new Date(Date.now() + 1);
    const [claimed] = (await repo.claimDue(t.database.db, 100, 120_000, start)).filter(
      (m) => m.recipient === recipient,
    );
    expect(claimed).toBeDefined();
    const transport = recordingTransport();
    await sender(transport).sendDue(() => new Date(start.getTime() + 60_000));
    expect(transport.sent.filter((m) => m.to === recipient)).toHaveLength(0);
    await sender(transport).sendDue(() => new Date(start.getTime() + 121_000));
    const again = transport.sent.filter((m) => m.to === recipient);
    expect(again).toHaveLength(1);
    expect(again[0]!.messageId).toBe(claimed!.messageId);
  });
});

describe('mail transports', () => {
  it('writes an .eml file a mail client opens, with both parts and the Message-ID, when there is no SMTP server', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'mail-'));
    try {
      const written: string[] = [];
      const transport = fileTransport(dir, (file) => written.push(file));
      await transport.send({
        messageId: '<m1@phoolwala.test>',
        from: FROM,
        to: 'priya@example.in',
        subject: 'Your order is on its way',
        html: '<p>Roses for <b>Amma</b> ₹1,299</p>',
        text: 'Roses for Amma ₹1,299',
      });
      expect(await readdir(dir)).toEqual([path.basename(written[0]!)]);
      const raw = await readFile(written[0]!, 'utf8');
      expect(raw).toMatch(/^Message-ID: <m1@phoolwala\.test>$/m);
      expect(raw).toMatch(/^To: priya@example\.in$/m);
      expect(raw).toMatch(/^Subject: Your order is on its way$/m);
      expect(raw).toContain('Content-Type: text/plain; charset=utf-8');
      expect(raw).toContain('Content-Type: text/html; charset=utf-8');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('delivers through a real SMTP server: refused once, retried, accepted once', async () => {
    const received: string[] = [];
    let refuse = 1;
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          if (refuse > 0) {
            refuse -= 1;
            const err = Object.assign(new Error('Mailbox busy, try again'), { responseCode: 451 });
            callback(err);
            return;
          }
          received.push(Buffer.concat(chunks).toString('utf8'));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    const transport = smtpTransport(`smtp://127.0.0.1:${port}`);
    try {
      const [recipient] = await enqueueMany(1, 'order_placed');
      let now = new Date(Date.now() + 1);
      const s = sender(transport);
      await s.sendDue(() => now);
      const [row] = await rowsFor([recipient!]);
      expect(row!.status).toBe('pending');
      expect(row!.lastError).toContain('Mailbox busy, try again');
      now = new Date(now.getTime() + 31_000);
      await s.sendDue(() => now);
      expect(received).toHaveLength(1);
      expect(received[0]).toContain(`Message-ID: ${row!.messageId}`);
      expect(received[0]).toContain(`To: ${recipient}`);
      expect(received[0]).toContain('Subject: order_placed:');
      expect(received[0]).toContain('Content-Type: text/html');
      expect(received[0]).toContain('Content-Type: text/plain');
      expect((await rowsFor([recipient!]))[0]!.status).toBe('sent');
    } finally {
      transport.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe(`the welcome email on ${testDatabaseKind}`, () => {
  it('is written with the account and sent from the outbox as an .eml file when there is no SMTP server', async () => {
    const email = `welcome.${Date.now()}@example.in`;
    await registerCustomer(t.app, email);
    const [row] = await t.database.db.select().from(outbox).where(eq(outbox.recipient, email));
    expect(row).toMatchObject({ kind: 'welcome', status: 'pending', payload: { name: 'Meera Pillai' } });

    await t.app.sendOutbox();
    const [sent] = await t.database.db.select().from(outbox).where(eq(outbox.recipient, email));
    expect(sent!.status).toBe('sent');
    const dir = path.join(t.app.config.dataDir, 'mail');
    const files = await Promise.all((await readdir(dir)).map((f) => readFile(path.join(dir, f), 'utf8')));
    const raw = files.find((f) => f.includes(`Message-ID: ${sent!.messageId}`));
    expect(raw).toBeDefined();
    expect(raw).toMatch(/^Subject: Welcome to Phoolwala Gifts, Meera Pillai$/m);
    expect(raw).toMatch(new RegExp(`^To: ${email.replace(/\./g, '\\.')}$`, 'm'));
    // Whom to ask, from the settings: MAIL_FROM's address (the demo's, unset) and the support phone.
    expect(raw).toMatch(/^Questions\? Write to orders@phoolwala\.in or call \+91 80 0000 0000\.$/m);
  });

  it('escapes what the shopper typed, and carries the same words in its plain-text part', () => {
    const mail = welcomeEmail({ name: 'Priya <script>alert(1)</script>', shopUrl: 'https://phoolwala.in' }, SUPPORT);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('Priya &lt;script&gt;');
    expect(mail.html).toContain('href="https://phoolwala.in"');
    expect(mail.text).toContain('Namaste Priya <script>alert(1)</script>,');
    expect(mail.text).toContain('Start shopping: https://phoolwala.in');
  });
});

const SUPPORT = { email: 'help@kochiblooms.test', phone: '+91 484-000 1234' };
const storeMails = mailRenderer(SUPPORT);

/** An order as its emails carry it, from before the event's own additions (a reason, a refund...). */
const ORDER: OrderMailPayload = {
  orderId: '0b7c1e52-93f4-4d3a-8a55-1f0e6c2d9a10',
  orderNumber: 'PW-000042',
  orderUrl: 'https://phoolwala.test/order/0b7c1e52-93f4-4d3a-8a55-1f0e6c2d9a10',
  name: 'Priya Nair',
  lines: [{ name: 'Red Roses', variant: null, options: [], qty: 1, amount: 129_900 }],
  itemsPrice: 129_900,
  shippingPrice: 0,
  couponDiscount: 0,
  taxPrice: 6_186,
  totalPrice: 129_900,
  delivery: { date: 'Saturday, 14 February 2026', slot: 'Any time, 9 AM – 9 PM' },
  recipient: { name: 'Anjali Menon', city: 'Kochi', postalCode: '682011', landmark: "Opposite St. Teresa's College" },
  payBy: '3:45 pm',
};

describe("the recipient's landmark in an order email", () => {
  it('is its own line under To: when given; a message written before landmarks were asked has none', () => {
    const mail = storeMails('order_paid', ORDER);
    expect(mail.text).toContain("To: Anjali Menon, Kochi 682011\nLandmark: Opposite St. Teresa's College\n");
    expect(mail.html).toContain('Landmark: Opposite St. Teresa&#x27;s College</p>');
    const { landmark: _none, ...before } = ORDER.recipient;
    const older = storeMails('order_paid', { ...ORDER, recipient: before });
    expect(older.text).toContain('To: Anjali Menon, Kochi 682011\n\nOrder PW-000042');
    expect(older.html).not.toContain('Landmark');
  });
});

describe('what every email carries', () => {
  it.each([
    ['order_placed', {}, 'We have your order PW-000042: pay to confirm it'],
    ['order_paid', {}, 'Order PW-000042 confirmed: your gift for Anjali Menon'],
    ['payment_failed', { reason: 'Card declined' }, 'Your payment for order PW-000042 did not go through'],
    ['order_packed', {}, 'Your order PW-000042 for Anjali Menon is packed'],
    ['order_out_for_delivery', {}, 'Your order PW-000042 for Anjali Menon is out for delivery'],
    ['order_delivered', {}, 'Your order PW-000042 was delivered to Anjali Menon'],
    [
      'order_cancelled',
      { cancellation: { reason: 'Out of roses', refundAmount: 129_900 } },
      'Your order PW-000042 was cancelled',
    ],
    [
      'refund_issued',
      { refund: { id: 'rfnd_Abc123', amount: 129_900 } },
      'Refund issued for order PW-000042: ₹1,299 is on its way back to you',
    ],
  ])('names the order by its number in the subject of %s', (kind, event, subject) => {
    expect(storeMails(kind, { ...ORDER, ...event }).subject).toBe(subject);
    // Written before orders had numbers, a message names the order by its id and still goes.
    const { orderNumber: _none, ...unnumbered } = ORDER;
    expect(storeMails(kind, { ...unnumbered, ...event }).subject).toBe(subject.replace('PW-000042', ORDER.orderId));
  });

  it.each([
    ['welcome', { name: 'Priya Nair', shopUrl: 'https://phoolwala.test' }],
    [
      'password_reset',
      { name: 'Priya Nair', link: 'https://phoolwala.test/reset-password?token=t', validFor: '30 minutes' },
    ],
    ['order_placed', ORDER],
    ['refund_issued', { ...ORDER, refund: { id: 'rfnd_Abc123', amount: 129_900 } }],
  ])('ends %s with whom to ask, in both parts, as links in the HTML', (kind, payload) => {
    const mail = storeMails(kind, payload);
    expect(mail.text.split('\n').slice(-2)).toEqual([
      '',
      'Questions? Write to help@kochiblooms.test or call +91 484-000 1234.',
    ]);
    expect(mail.html).toContain(
      'Questions? Write to <a href="mailto:help@kochiblooms.test" style="color:#B0245A">help@kochiblooms.test</a>' +
        ' or call <a href="tel:+914840001234" style="color:#B0245A">+91 484-000 1234</a>.',
    );
  });
});
