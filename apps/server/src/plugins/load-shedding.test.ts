import { request, type ClientRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabaseKind, type TestApp } from '../test/test-app.js';

let base: TestApp;
let current: TestApp | undefined;
beforeAll(async () => {
  base = await createTestApp();
});
afterEach(async () => {
  await current?.close();
  current = undefined;
});
afterAll(async () => {
  await base?.close();
});

/** Another server on the same database, with its own settings. */
const serverWith = async (env: Record<string, string>) =>
  (current = await createTestApp(env, { database: base.database }));

const BUSY = { code: 'UNAVAILABLE', message: 'The store is very busy right now. Please try again in a moment.' };

/** Asks until `done` holds for an answer, or gives up after `ms`. */
async function askUntil(ask: () => Promise<Response>, done: (r: Response) => boolean, ms: number) {
  const deadline = Date.now() + ms;
  for (;;) {
    const res = await ask();
    if (done(res) || Date.now() > deadline) return res;
    await res.arrayBuffer();
    await sleep(50);
  }
}

/**
 * A sign-up whose body never finishes arriving: the server has taken the request and is waiting
 * for the rest, so it stays in flight until the client finishes or goes away.
 */
function heldRequest(port: number): { req: ClientRequest; answer: Promise<number> } {
  const req = request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/users',
    headers: { 'content-type': 'application/json', 'content-length': '200' },
  });
  const answer = new Promise<number>((resolve) => {
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', () => resolve(0));
  });
  req.write('{"name":"Held');
  return { req, answer };
}

describe(`load shedding (${testDatabaseKind})`, () => {
  it('answers 503 with Retry-After while the bound of requests in flight is reached; health still answers', async () => {
    const { app } = await serverWith({ MAX_IN_FLIGHT_REQUESTS: '2' });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const base = `http://127.0.0.1:${port}`;
    const ask = () => fetch(`${base}/api/products/top`);

    // The two held requests take both places before anything else is asked: a request asked
    // before them could still be closing when they arrive, and one of them would be refused.
    let seen = 0;
    const bothSeen = new Promise<void>((resolve) =>
      app.server.on('request', () => {
        if (++seen === 2) resolve();
      }),
    );
    const first = heldRequest(port);
    const second = heldRequest(port);
    await bothSeen;
    const refused = await askUntil(ask, (r) => r.status === 503, 5_000);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('2');
    expect(await refused.json()).toEqual(BUSY);

    const health = await fetch(`${base}/api/health`);
    expect([health.status, ((await health.json()) as { status: string }).status]).toEqual([200, 'ok']);

    // A client that gives up frees its place at once.
    first.req.destroy();
    const served = await askUntil(ask, (r) => r.status === 200, 5_000);
    expect(served.status).toBe(200);
    expect(((await served.json()) as { products: unknown[] }).products.length).toBeGreaterThan(0);

    // The other held request is answered normally once its body is complete.
    second.req.end('"}'.padEnd(200 - '{"name":"Held'.length, ' '));
    expect(await second.answer).toBe(400);
  });

  it('answers 503 while the event loop runs late, and serves again once it catches up', async () => {
    const { app } = await serverWith({ MAX_EVENT_LOOP_DELAY_MS: '200' });
    expect((await app.inject({ url: '/api/products/top' })).statusCode).toBe(200);

    // Keep the loop busy in 300 ms slices for 2.5 s, as a server whose CPU cannot keep up would.
    const until = Date.now() + 2_500;
    while (Date.now() < until) {
      const slice = Date.now() + 300;
      while (Date.now() < slice) {
        // busy: nothing else runs on this loop meanwhile
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
    const refused = await app.inject({ url: '/api/products/top' });
    expect([refused.statusCode, refused.headers['retry-after'], refused.json()]).toEqual([503, '2', BUSY]);
    expect((await app.inject({ url: '/api/health' })).json().status).toBe('ok');

    const deadline = Date.now() + 5_000;
    let status = refused.statusCode;
    while (status !== 200 && Date.now() < deadline) {
      await sleep(100);
      status = (await app.inject({ url: '/api/products/top' })).statusCode;
    }
    expect(status).toBe(200);
  });

  it('can be turned off', async () => {
    const { app } = await serverWith({ MAX_IN_FLIGHT_REQUESTS: '0' });
    const answers = await Promise.all(Array.from({ length: 30 }, () => app.inject({ url: '/api/catalog' })));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
  });
});
