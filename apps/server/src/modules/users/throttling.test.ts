import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCustomer, TEST_PASSWORD, uniqueEmail } from '../../test/accounts.js';
import { sample } from '../../test/prometheus.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/test-app.js';

const METRICS_TOKEN = 'throttling-Qv7Lm2Xc9Rt4Wk8Np3Hd';

let base: TestApp;
const extra: TestApp[] = [];
beforeAll(async () => {
  base = await createTestApp();
});
afterAll(async () => {
  for (const app of extra) await app.close();
  await base?.close();
});

/** Another server process on the same database, with its own limits (and clock, when given). */
async function serverWith(env: Record<string, string>, clock?: () => Date) {
  const app = await createTestApp({ METRICS_TOKEN, ...env }, { database: base.database }, { clock });
  extra.push(app);
  return app.app;
}

type App = Awaited<ReturnType<typeof serverWith>>;
/** How many passwords a server has checked against their hash, as its operators see it. */
async function passwordChecks(app: App): Promise<number> {
  const res = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  return sample(res.body, 'store_password_checks_total') ?? 0;
}
const signIn = (app: App, email: string, password: string, remoteAddress = '203.0.113.7') =>
  app.inject({ method: 'POST', url: '/api/users/auth', payload: { email, password }, remoteAddress });

const redisUrl = process.env.TEST_REDIS_URL;
/** The counters in memory, and in Redis (under a prefix of this run's own) when there is one. */
const counterStores: [string, () => Record<string, string>][] = [
  ['memory', () => ({})],
  ...(redisUrl
    ? [
        ['Redis', () => ({ REDIS_URL: redisUrl, REDIS_KEY_PREFIX: `test-h4-${randomBytes(4).toString('hex')}:` })] as [
          string,
          () => Record<string, string>,
        ],
      ]
    : []),
];

function statusCounts(responses: { statusCode: number }[]) {
  const counts: Record<number, number> = {};
  for (const r of responses) counts[r.statusCode] = (counts[r.statusCode] ?? 0) + 1;
  return counts;
}

describe.each(counterStores)(
  `sign-in attempts counted before the password is checked (%s counters, ${testDatabaseKind})`,
  (_kind, storeEnv) => {
    it('checks at most 10 of 60 wrong passwords sent at once from one address', async () => {
      const app = await serverWith(storeEnv());
      const { email } = await registerCustomer(app);
      const before = await passwordChecks(app);
      const answers = await Promise.all(Array.from({ length: 60 }, () => signIn(app, email, 'wrong password!')));
      expect((await passwordChecks(app)) - before).toBe(10);
      expect(statusCounts(answers)).toEqual({ 401: 10, 429: 50 });
    });

    it('checks 10 of 60 wrong passwords sent at once from 60 addresses, and then one per slot', async () => {
      const app = await serverWith(storeEnv());
      const { email } = await registerCustomer(app);
      const before = await passwordChecks(app);
      const started = performance.now();
      const answers = await Promise.all(
        Array.from({ length: 60 }, (_, i) => signIn(app, email, 'wrong password!', `198.51.100.${i + 1}`)),
      );
      // After the free 10, slots open 1 s, then 2 s, 4 s… apart: on a slow machine the burst may
      // still be arriving when one opens.
      const slots = Math.floor(Math.log2((performance.now() - started) / 1000 + 1));
      const checks = (await passwordChecks(app)) - before;
      expect(checks).toBeGreaterThanOrEqual(10);
      expect(checks).toBeLessThanOrEqual(10 + slots);
      expect(statusCounts(answers)).toEqual({ 401: checks, 429: 60 - checks });
      for (const refused of answers.filter((a) => a.statusCode === 429)) {
        expect(refused.json().message).toMatch(/^Too many sign-in attempts\. Please try again in \d+ seconds?\.$/);
        expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(2 ** slots);
      }
    });

    it('slows everyone down on an account under attack, its owner included, but never locks the owner out', async () => {
      const app = await serverWith({ ...storeEnv(), RATE_LIMIT_LOGIN_ACCOUNT: '3/15m' });
      const { email } = await registerCustomer(app);
      const attacker = '198.51.100.66';
      const owner = '203.0.113.50';
      for (let i = 0; i < 3; i++) expect((await signIn(app, email, 'wrong password!', attacker)).statusCode).toBe(401);

      const first = await signIn(app, email, TEST_PASSWORD, owner);
      expect([first.statusCode, first.json().message, first.headers['retry-after']]).toEqual([
        429,
        'Too many sign-in attempts. Please try again in 1 second.',
        '1',
      ]);
      await sleep(1_050);
      // The attacker takes the next slot; the wait doubles.
      expect((await signIn(app, email, 'wrong password!', attacker)).statusCode).toBe(401);
      const second = await signIn(app, email, TEST_PASSWORD, owner);
      expect([second.statusCode, second.json().message, second.headers['retry-after']]).toEqual([
        429,
        'Too many sign-in attempts. Please try again in 2 seconds.',
        '2',
      ]);
      expect((await signIn(app, email, 'wrong password!', attacker)).headers['retry-after']).toBe('2');
      await sleep(2_050);
      const third = await signIn(app, email, TEST_PASSWORD, owner);
      expect(third.statusCode).toBe(200);
      expect(third.headers['set-cookie']).toBeDefined();
    });
  },
);

describe(`sign-in and other throttling on ${testDatabaseKind}`, () => {
  it('refuses the address that keeps guessing, for that account only, until the window passes', async () => {
    // The server's clock stands still until the test moves it: however slow the machine, the
    // guesses all fall in one window.
    let now = Date.now();
    const app = await serverWith({ RATE_LIMIT_LOGIN_ACCOUNT_ADDRESS: '3/2s' }, () => new Date(now));
    const { email } = await registerCustomer(app);
    for (let i = 0; i < 3; i++) expect((await signIn(app, email, 'wrong password!')).statusCode).toBe(401);

    const refused = await signIn(app, email.toUpperCase(), TEST_PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(refused.json().message).toMatch(/^Too many sign-in attempts\. Please try again in [12] seconds?\.$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(2);
    expect(refused.headers['set-cookie']).toBeUndefined();

    // Someone else's account from the same address is not affected, nor this account elsewhere.
    const other = await registerCustomer(app);
    expect((await signIn(app, other.email, TEST_PASSWORD)).statusCode).toBe(200);
    expect((await signIn(app, email, TEST_PASSWORD, '198.51.100.9')).statusCode).toBe(200);

    now += 1_900;
    expect((await signIn(app, email, TEST_PASSWORD)).statusCode).toBe(429);
    now += 100;
    expect((await signIn(app, email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('forgets earlier failures after a good sign-in', async () => {
    const app = await serverWith({ RATE_LIMIT_LOGIN_ACCOUNT_ADDRESS: '3/15m' });
    const { email } = await registerCustomer(app);
    for (let i = 0; i < 2; i++) await signIn(app, email, 'wrong password!');
    expect((await signIn(app, email, TEST_PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) expect((await signIn(app, email, 'wrong password!')).statusCode).toBe(401);
    expect((await signIn(app, email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('counts failures for emails that have no account the same way', async () => {
    const app = await serverWith({ RATE_LIMIT_LOGIN_ACCOUNT: '2/15m' });
    const ghost = uniqueEmail();
    for (let i = 0; i < 2; i++) expect((await signIn(app, ghost, 'whatever it is')).statusCode).toBe(401);
    expect((await signIn(app, ghost, 'whatever it is')).statusCode).toBe(429);
  });

  it('limits one address across accounts, while other addresses carry on', async () => {
    const app = await serverWith({ RATE_LIMIT_LOGIN_ADDRESS: '4/15m' });
    for (let i = 0; i < 4; i++) expect((await signIn(app, uniqueEmail(), 'guessing away')).statusCode).toBe(401);
    const fifth = await signIn(app, 'customer@example.com', 'customer-demo-pass');
    expect([fifth.statusCode, fifth.json().message]).toEqual([
      429,
      'Too many sign-in attempts. Please try again in 15 minutes.',
    ]);
    const google = await app.inject({
      method: 'POST',
      url: '/api/users/auth/callback',
      payload: { credential: 'x' },
      remoteAddress: '203.0.113.7',
    });
    expect(google.statusCode).toBe(429);
    expect((await signIn(app, 'customer@example.com', 'customer-demo-pass', '198.51.100.2')).statusCode).toBe(200);
  });

  it('checks exactly the allowance of an address when its sign-ins arrive at once', async () => {
    const app = await serverWith({ RATE_LIMIT_LOGIN_ADDRESS: '5/15m' });
    const before = await passwordChecks(app);
    const answers = await Promise.all(Array.from({ length: 30 }, () => signIn(app, uniqueEmail(), 'guessing away')));
    expect((await passwordChecks(app)) - before).toBe(5);
    expect(statusCounts(answers)).toEqual({ 401: 5, 429: 25 });
  });

  it('counts registrations sent at once exactly', async () => {
    const app = await serverWith({ RATE_LIMIT_REGISTER: '5/1h' });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        app.inject({
          method: 'POST',
          url: '/api/users',
          payload: { name: 'Ravi', email: uniqueEmail(), password: TEST_PASSWORD },
          remoteAddress: '203.0.113.90',
        }),
      ),
    );
    expect(statusCounts(answers)).toEqual({ 201: 5, 429: 15 });
  });

  it('limits keyword searches per address, answers from the cache included, and not plain listings', async () => {
    const app = await serverWith({ RATE_LIMIT_SEARCH: '3/1m', CATALOG_CACHE_TTL_MS: '60000' });
    const get = (url: string, remoteAddress = '203.0.113.7') => app.inject({ url, remoteAddress });
    expect((await get('/api/products?keyword=roses')).statusCode).toBe(200);
    expect((await get('/api/products?keyword=roses')).statusCode).toBe(200);
    expect((await get('/api/products/search?keyword=cake')).statusCode).toBe(200);
    const fourth = await get('/api/products?keyword=chocolate&pageNumber=2');
    expect([fourth.statusCode, fourth.json()]).toEqual([
      429,
      { code: 'RATE_LIMITED', message: 'Too many searches. Please try again in 1 minute.' },
    ]);
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(50);
    expect(Number(fourth.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect((await get('/api/products?keyword=roses')).statusCode).toBe(429);
    expect((await get('/api/products/search?keyword=roses')).statusCode).toBe(429);

    const listing = await get('/api/products?category=Cakes&sortBy=price');
    expect([listing.statusCode, listing.json().products.length > 0]).toEqual([200, true]);
    expect((await get('/api/products?keyword=%20%20')).statusCode).toBe(200);
    expect((await get('/api/products?keyword=roses', '198.51.100.3')).statusCode).toBe(200);
  });

  it('limits registrations per address', async () => {
    const app = await serverWith({ RATE_LIMIT_REGISTER: '2/1h' });
    const register = (remoteAddress: string) =>
      app.inject({
        method: 'POST',
        url: '/api/users',
        payload: { name: 'Ravi', email: uniqueEmail(), password: TEST_PASSWORD },
        remoteAddress,
      });
    expect((await register('203.0.113.9')).statusCode).toBe(201);
    expect((await register('203.0.113.9')).statusCode).toBe(201);
    const third = await register('203.0.113.9');
    expect([third.statusCode, third.json().message]).toEqual([
      429,
      'Too many sign-ups from your network. Please try again in 60 minutes.',
    ]);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(3500);
    expect((await register('203.0.113.10')).statusCode).toBe(201);
  });

  it('limits PIN code checks per address over both ways of asking', async () => {
    const app = await serverWith({ RATE_LIMIT_PINCODE: '3/1m' });
    const asks = [
      () => app.inject({ method: 'POST', url: '/api/users/pincode', payload: { pincode: '682001' } }),
      () => app.inject({ url: '/api/pincodes/560001' }),
      () => app.inject({ url: '/api/pincodes/110001' }),
    ];
    for (const ask of asks) expect((await ask()).statusCode).toBe(200);
    const fourth = await app.inject({ url: '/api/pincodes/400001' });
    expect([fourth.statusCode, fourth.json().message]).toEqual([
      429,
      'Too many PIN code checks. Please try again in 1 minute.',
    ]);
  });

  it("uses the proxy's forwarded address only when told to trust the proxy", async () => {
    const direct = await serverWith({ RATE_LIMIT_PINCODE: '1/1m' });
    const proxied = await serverWith({ RATE_LIMIT_PINCODE: '1/1m', TRUST_PROXY: '1' });
    const ask = (app: App, forwardedFor: string) =>
      app.inject({ url: '/api/pincodes/682001', headers: { 'x-forwarded-for': forwardedFor } });
    expect((await ask(direct, '192.0.2.1')).statusCode).toBe(200);
    // Without trust, a client cannot dodge the limit by making up forwarded addresses.
    expect((await ask(direct, '192.0.2.2')).statusCode).toBe(429);
    expect((await ask(proxied, '192.0.2.1')).statusCode).toBe(200);
    expect((await ask(proxied, '192.0.2.2')).statusCode).toBe(200);
    expect((await ask(proxied, '192.0.2.1')).statusCode).toBe(429);
  });

  it.runIf(process.env.TEST_REDIS_URL)('shares counters between server processes through Redis', async () => {
    const env = {
      REDIS_URL: process.env.TEST_REDIS_URL!,
      REDIS_KEY_PREFIX: `test-${randomBytes(4).toString('hex')}:`,
      RATE_LIMIT_LOGIN_ACCOUNT: '3/15m',
    };
    const one = await serverWith(env);
    const two = await serverWith(env);
    const { email } = await registerCustomer(one);
    await signIn(one, email, 'wrong password!');
    await signIn(two, email, 'wrong password!');
    await signIn(one, email, 'wrong password!');
    expect((await signIn(two, email, TEST_PASSWORD)).statusCode).toBe(429);
  });

  it('keeps signing people in when Redis is down, the limits counted in memory meanwhile', async () => {
    let now = Date.now();
    const app = await serverWith(
      { REDIS_URL: 'redis://127.0.0.1:9/0', RATE_LIMIT_LOGIN_ACCOUNT: '1/15m' },
      () => new Date(now),
    );
    const { email } = await registerCustomer(base.app);
    expect((await signIn(app, email, TEST_PASSWORD)).statusCode).toBe(200);
    expect((await signIn(app, email, 'wrong password!')).statusCode).toBe(401);
    const slowed = await signIn(app, email, TEST_PASSWORD);
    expect([slowed.statusCode, slowed.json().message]).toEqual([
      429,
      'Too many sign-in attempts. Please try again in 1 second.',
    ]);
    now += 1_000;
    expect((await signIn(app, email, TEST_PASSWORD)).statusCode).toBe(200);
  });
});
