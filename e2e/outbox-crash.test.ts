import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { startServer, type RunningServer } from './support/server.js';

interface Received {
  to: string;
  messageId: string;
  subject: string;
}

const header = (raw: string, name: string) =>
  new RegExp(`^${name}: (.*)$`, 'mi').exec(raw.slice(0, raw.indexOf('\r\n\r\n')))?.[1]?.trim() ?? '';

/**
 * A mail server as a store would use one, which can be told what to do with the next message
 * while it is being handed over.
 */
function mailServer() {
  const received: Received[] = [];
  let onMessage: (message: Received) => 'accept' | 'hang' = () => 'accept';
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const message = {
          to: session.envelope.rcptTo.map((r) => r.address).join(','),
          messageId: header(raw, 'Message-ID'),
          subject: header(raw, 'Subject'),
        };
        received.push(message);
        // Hanging leaves the sender between sending and hearing it was taken, as a crash there would.
        if (onMessage(message) === 'accept') callback();
      });
    },
  });
  return {
    received,
    set next(fn: (message: Received) => 'accept' | 'hang') {
      onMessage = fn;
    },
    async start() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return (server.server.address() as AddressInfo).port;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const waitFor = async <T>(what: string, check: () => T | undefined, timeoutMs = 60_000): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

let server: RunningServer | undefined;
const smtp = mailServer();
afterAll(async () => {
  server?.process.kill('SIGKILL');
  await smtp.close();
});

describe('email through the outbox when the server is killed mid-send', () => {
  it('sends the message again after a restart, with the same Message-ID: never lost', async () => {
    const port = await smtp.start();
    const env = {
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      OUTBOX_POLL_MS: '200',
      // A claim outlives its dead sender this long; the default's two minutes would only slow the test.
      OUTBOX_LEASE_MS: '3000',
    };
    server = await startServer({ env, copyOf: inject('seededDir') || undefined });
    const email = `killed.${randomBytes(4).toString('hex')}@example.in`;
    const running = server;
    smtp.next = (message) => {
      if (message.to === email) {
        running.process.kill('SIGKILL');
        return 'hang';
      }
      return 'accept';
    };
    const res = await fetch(`${server.url}/api/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Meera Nair', email, password: 'kill it mid send' }),
    });
    expect(res.status).toBe(201);
    const first = await waitFor('the welcome email', () => smtp.received.find((m) => m.to === email));
    await server.exited;

    smtp.next = () => 'accept';
    server = await startServer({ env: { ...env, DATA_DIR: server.dataDir } });
    const copies = () => smtp.received.filter((m) => m.to === email);
    await waitFor('the welcome email again', () => (copies().length === 2 ? true : undefined));
    expect(copies()[1]).toEqual(first);
    expect(first.messageId).toMatch(/^<[0-9a-f-]{36}@[\w.-]+>$/);
    expect(first.subject).toBe('Welcome to Phoolwala Gifts, Meera Nair');

    // Marked sent this time: it does not go a third time once a further lease would have run out.
    await new Promise((r) => setTimeout(r, 4_000));
    expect(copies()).toHaveLength(2);
  });
});
