import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { registerCustomer } from '../test/accounts.js';
import { PrivateRedis, redisServerInstalled } from '../test/redis-server.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../test/test-app.js';

const ADDRESS = '203.0.113.31';
let app: TestApp | undefined;
let redis: PrivateRedis | undefined;
afterEach(async () => {
  await app?.close();
  await redis?.kill();
  app = undefined;
  redis = undefined;
});

async function storeOn(server: PrivateRedis) {
  const prefix = `test-outage-${randomBytes(4).toString('hex')}:`;
  app = await createTestApp({ REDIS_URL: server.url, REDIS_KEY_PREFIX: prefix });
  return { t: app, prefix };
}

const signIn = (t: TestApp, email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/users/auth',
    payload: { email, password: 'not the password' },
    remoteAddress: ADDRESS,
  });

/** What a client sees for 14 wrong passwords in a row on one account from one address. */
async function fourteenWrongPasswords(t: TestApp, email: string) {
  const answers = [];
  for (let i = 0; i < 14; i++) {
    const started = performance.now();
    const res = await signIn(t, email);
    answers.push({ status: res.statusCode, message: res.json().message as string, ms: performance.now() - started });
  }
  return answers;
}

function expectRefusedPastTheLimit(answers: Awaited<ReturnType<typeof fourteenWrongPasswords>>) {
  // RATE_LIMIT_LOGIN_ACCOUNT_ADDRESS and RATE_LIMIT_LOGIN_ACCOUNT default to 10 per 15 minutes.
  expect(answers.map((a) => a.status)).toEqual([...Array(10).fill(401), ...Array(4).fill(429)]);
  for (const refused of answers.slice(10)) expect(refused.message).toMatch(/^Too many sign-in attempts\. /);
}

async function health(t: TestApp) {
  const res = await t.app.inject({ url: '/api/health' });
  return { status: res.statusCode, body: res.json() };
}

const healthWith = (rateLimits: string) => ({
  status: 200,
  body: { status: 'ok', details: { database: 'up', rateLimits } },
});

/** Polls health until its rate limits say `rateLimits`, for at most `ms`. */
async function healthComesTo(t: TestApp, rateLimits: string, ms: number) {
  const deadline = Date.now() + ms;
  let seen = await health(t);
  while (seen.body.details?.rateLimits !== rateLimits && Date.now() < deadline) {
    await sleep(100);
    seen = await health(t);
  }
  return seen;
}

/** The account-and-address counter's key, as the sign-in throttle names it, in this store's Redis. */
async function counterInRedis(server: PrivateRedis, prefix: string, email: string) {
  const client = new Redis(server.url, { lazyConnect: true });
  await client.connect();
  try {
    return Number(await client.get(`${prefix}rl:login-pair:${email}:${ADDRESS}`));
  } finally {
    client.disconnect();
  }
}

describe.skipIf(!redisServerInstalled)(`rate limits when Redis fails (${testDatabaseKind})`, () => {
  it('count in memory while Redis is down, refusing at the limit, and go back to Redis when it returns', async () => {
    redis = await PrivateRedis.start();
    const { t, prefix } = await storeOn(redis);
    const before = await registerCustomer(t.app);
    expect((await signIn(t, before.email)).statusCode).toBe(401);
    expect(await counterInRedis(redis, prefix, before.email)).toBe(1);

    await redis.kill();
    const { email } = await registerCustomer(t.app);
    expectRefusedPastTheLimit(await fourteenWrongPasswords(t, email));
    expect(await health(t)).toEqual(healthWith('memory (Redis unreachable)'));

    await redis.start();
    expect(await healthComesTo(t, 'redis', 5_000)).toEqual(healthWith('redis'));
    const after = await registerCustomer(t.app);
    expect((await signIn(t, after.email)).statusCode).toBe(401);
    expect(await counterInRedis(redis, prefix, after.email)).toBe(1);
  });

  it('count in memory when Redis is not there at start-up, and move to it once it comes', async () => {
    redis = await PrivateRedis.notStarted();
    const { t, prefix } = await storeOn(redis);
    expect(await health(t)).toEqual(healthWith('memory (Redis unreachable)'));
    const { email } = await registerCustomer(t.app);
    expectRefusedPastTheLimit(await fourteenWrongPasswords(t, email));

    await redis.start();
    expect(await healthComesTo(t, 'redis', 5_000)).toEqual(healthWith('redis'));
    const after = await registerCustomer(t.app);
    expect((await signIn(t, after.email)).statusCode).toBe(401);
    expect(await counterInRedis(redis, prefix, after.email)).toBe(1);
  });

  it('do not wait on a Redis that stopped answering, and go back to it once it answers', async () => {
    redis = await PrivateRedis.start();
    const { t, prefix } = await storeOn(redis);
    const { email } = await registerCustomer(t.app);

    redis.pause();
    const answers = await fourteenWrongPasswords(t, email);
    expectRefusedPastTheLimit(answers);
    // The first attempt waits out one command's timeout (1 s); none after it asks Redis, so a
    // refusal, which checks no password, is answered at once.
    for (const refused of answers.slice(10)) expect(refused.ms).toBeLessThan(500);
    expect(await health(t)).toEqual(healthWith('memory (Redis unreachable)'));

    redis.resume();
    expect(await healthComesTo(t, 'redis', 5_000)).toEqual(healthWith('redis'));
    const after = await registerCustomer(t.app);
    expect((await signIn(t, after.email)).statusCode).toBe(401);
    expect(await counterInRedis(redis, prefix, after.email)).toBe(1);
  });
});
