import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { SIGN_IN_CODE_SENT, SIGN_IN_CODE_WRONG } from '@store/contracts';
import { registerCustomer, sessionCookie, uniqueEmail } from '../../test/accounts.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/test-app.js';
import { outbox } from '../outbox/outbox.table.js';
import { msg91Texts } from '../outbox/outbox.texter.js';
import { signInCodes, users } from './users.table.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PASSWORD_RESET_ADDRESS: '10000/1h' });
});
afterAll(async () => {
  await t?.close();
});

const ask = (body: object) => t.app.inject({ method: 'POST', url: '/api/users/otp/request', payload: body });
const verify = (body: object) => t.app.inject({ method: 'POST', url: '/api/users/otp/verify', payload: body });
/** The request's work is not awaited by its answer (ADR 064's timing): wait for the message. */
async function codeSentTo(recipient: string): Promise<string | undefined> {
  for (let i = 0; i < 100; i++) {
    const [row] = await t.database.db
      .select({ secret: outbox.secret })
      .from(outbox)
      .where(and(eq(outbox.recipient, recipient), eq(outbox.kind, 'sign_in_code')))
      .orderBy(desc(outbox.createdAt))
      .limit(1);
    if (row) return String(row.secret?.code);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return undefined;
}
const messagesTo = async (recipient: string) =>
  t.database.db.select({ channel: outbox.channel }).from(outbox).where(eq(outbox.recipient, recipient));
const wrongAnswer = { message: SIGN_IN_CODE_WRONG, details: [{ field: 'code', message: SIGN_IN_CODE_WRONG }] };
const keepPhone = (id: string, phone: string) => t.database.db.update(users).set({ phone }).where(eq(users.id, id));

describe(`sign-in by a one-time code on ${testDatabaseKind}`, () => {
  it('emails an account a six-digit code that signs in once, as password sign-in does', async () => {
    const account = await registerCustomer(t.app);
    const res = await ask({ email: account.email.toUpperCase() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: SIGN_IN_CODE_SENT });
    const code = await codeSentTo(account.email);
    expect(code).toMatch(/^\d{6}$/);
    expect(await messagesTo(account.email)).toContainEqual({ channel: 'email' });
    // Only a hash is kept.
    const [stored] = await t.database.db.select().from(signInCodes).where(eq(signInCodes.userId, account.id));
    expect(stored!.codeHash).not.toContain(code!);

    const signedIn = await verify({ email: account.email, code: `${code!.slice(0, 3)} ${code!.slice(3)}` });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ _id: account.id, email: account.email });
    const cookie = sessionCookie(signedIn.headers['set-cookie']);
    const profile = await t.app.inject({ method: 'GET', url: '/api/users/profile', headers: { cookie } });
    expect(profile.json()._id).toBe(account.id);

    const again = await verify({ email: account.email, code });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject(wrongAnswer);
  });

  it('answers an email without an account the same, and sends nothing', async () => {
    const nobody = uniqueEmail();
    const res = await ask({ email: nobody });
    expect([res.statusCode, res.json()]).toEqual([200, { message: SIGN_IN_CODE_SENT }]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await messagesTo(nobody)).toEqual([]);
    expect((await verify({ email: nobody, code: '123456' })).json()).toMatchObject(wrongAnswer);
  });

  it('gives a code five tries, the right code included, and a new code replaces the last', async () => {
    const account = await registerCustomer(t.app);
    await ask({ email: account.email });
    const first = (await codeSentTo(account.email))!;
    await ask({ email: account.email });
    await expect.poll(() => codeSentTo(account.email)).not.toBe(first);
    const second = (await codeSentTo(account.email))!;
    if (first !== second) expect((await verify({ email: account.email, code: first })).statusCode).toBe(400);
    const wrong = second === '000000' ? '000001' : '000000';
    const tries = first !== second ? 4 : 5;
    for (let i = 0; i < tries; i++) expect((await verify({ email: account.email, code: wrong })).statusCode).toBe(400);
    const spent = await verify({ email: account.email, code: second });
    expect([spent.statusCode, spent.json()]).toEqual([400, expect.objectContaining(wrongAnswer)]);
  });

  it('refuses an expired code', async () => {
    const account = await registerCustomer(t.app);
    await ask({ email: account.email });
    const code = (await codeSentTo(account.email))!;
    await t.database.db
      .update(signInCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(signInCodes.userId, account.id));
    expect((await verify({ email: account.email, code })).json()).toMatchObject(wrongAnswer);
  });

  it('signs in once when the right code is sent twice at once', async () => {
    const account = await registerCustomer(t.app);
    await ask({ email: account.email });
    const code = (await codeSentTo(account.email))!;
    const answers = await Promise.all(Array.from({ length: 6 }, () => verify({ email: account.email, code })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400, 400, 400, 400, 400]);
  });

  it('texts the mobile kept on exactly one account, and signs in by it', async () => {
    const account = await registerCustomer(t.app);
    await keepPhone(account.id, '+919895077777');
    const res = await ask({ phone: '098950 77777' });
    expect([res.statusCode, res.json()]).toEqual([200, { message: SIGN_IN_CODE_SENT }]);
    const code = (await codeSentTo('+919895077777'))!;
    expect(await messagesTo('+919895077777')).toEqual([{ channel: 'sms' }]);
    const signedIn = await verify({ phone: '9895077777', code });
    expect([signedIn.statusCode, signedIn.json()._id]).toEqual([200, account.id]);

    // A number two accounts gave at checkout signs in to neither: nothing is sent.
    const other = await registerCustomer(t.app);
    await keepPhone(other.id, '+919895077777');
    await ask({ phone: '9895077777' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await messagesTo('+919895077777')).toHaveLength(1);
  });

  it('writes a text as a file under DATA_DIR/sms when no provider is set', async () => {
    const account = await registerCustomer(t.app);
    await keepPhone(account.id, '+919895088888');
    // The outbox may be writing other tests' texts into the folder meanwhile, and an earlier run's
    // texts to this number may be there: find this one's by its code rather than emptying the folder.
    const dir = path.join(t.app.config.dataDir, 'sms');
    await ask({ phone: '9895088888' });
    const code = (await codeSentTo('+919895088888'))!;
    await t.app.sendOutbox();
    const files = await readdir(dir);
    const texts = await Promise.all(files.map((f) => readFile(path.join(dir, f), 'utf8')));
    expect(texts.filter((text) => text.startsWith('To: +919895088888'))).toContainEqual(
      expect.stringContaining(`${code} is your Phoolwala Gifts sign-in code. It works for 10 minutes.`),
    );
  });

  it('refuses a request naming both or neither, and a code that is not six digits', async () => {
    for (const body of [{}, { email: 'a@b.in', phone: '9895011111' }]) {
      const res = await ask(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().details).toEqual([{ field: 'email', message: 'Give your email or your mobile number' }]);
    }
    expect((await ask({ phone: '12345' })).statusCode).toBe(400);
    const res = await verify({ email: 'a@b.in', code: '12ab56' });
    expect([res.statusCode, res.json().details]).toEqual([400, [{ field: 'code', message: 'Enter the 6-digit code' }]]);
  });

  it('limits codes asked for one email, account or not, with Retry-After', async () => {
    const email = uniqueEmail();
    for (let i = 0; i < 5; i++) expect((await ask({ email })).statusCode).toBe(200);
    const refused = await ask({ email });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe("MSG91's flow API", () => {
  it('posts the template, the number without + and the values, with the auth key; a refusal fails the send', async () => {
    const seen: { headers: IncomingMessage['headers']; body: unknown }[] = [];
    let answer = { status: 200, body: { type: 'success', message: '3763646c3058373530393832' } };
    const server = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      req.on('end', () => {
        seen.push({ headers: req.headers, body: JSON.parse(raw) });
        res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v5/flow`;
      const texts = msg91Texts({ authKey: 'auth-key-1', apiUrl, templates: { sign_in_code: 'tmpl-9' } });
      const text = { id: 'x', kind: 'sign_in_code', to: '+919895011111', body: '…', vars: { otp: '482913' } };
      await texts.send(text);
      expect(seen[0]!.headers.authkey).toBe('auth-key-1');
      expect(seen[0]!.body).toEqual({
        template_id: 'tmpl-9',
        short_url: '0',
        recipients: [{ mobiles: '919895011111', otp: '482913' }],
      });
      answer = { status: 200, body: { type: 'error', message: 'Template not approved' } };
      await expect(texts.send(text)).rejects.toThrow('MSG91 answered 200: Template not approved');
      answer = { status: 401, body: { type: 'error', message: 'Authentication failure' } };
      await expect(texts.send(text)).rejects.toThrow('MSG91 answered 401: Authentication failure');
      await expect(texts.send({ ...text, kind: 'order_paid' })).rejects.toThrow("no MSG91 template for 'order_paid'");
    } finally {
      server.close();
    }
  });
});
