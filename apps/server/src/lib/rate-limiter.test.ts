import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it, vi } from 'vitest';
import pino from 'pino';
import { MemoryCounterStore, RateLimiter, RedisCounterStore, type CounterStore } from './rate-limiter.js';
import { AppError } from './app-error.js';

const silent = pino({ level: 'silent' });
const redisUrl = process.env.TEST_REDIS_URL;
const opened: CounterStore[] = [];
afterAll(async () => {
  await Promise.all(opened.map((s) => s.close()));
});

async function redisStore(prefix: string) {
  const store = new RedisCounterStore(redisUrl!, prefix);
  await store.connect();
  opened.push(store);
  return store;
}

describe.each([
  ['memory', async () => new MemoryCounterStore()],
  ...(redisUrl ? [['Redis', () => redisStore(`test-${randomBytes(4).toString('hex')}:`)] as const] : []),
] as const)('%s counters', (_kind, makeStore) => {
  it('count within a window and start again once it closes', async () => {
    const store = await makeStore();
    expect(await store.increment('k', 300)).toMatchObject({ count: 1 });
    const second = await store.increment('k', 300);
    expect(second.count).toBe(2);
    expect(second.resetInMs).toBeGreaterThan(0);
    expect(second.resetInMs).toBeLessThanOrEqual(300);
    expect((await store.get('k')).count).toBe(2);
    expect((await store.get('other')).count).toBe(0);
    await new Promise((r) => setTimeout(r, 350));
    expect((await store.get('k')).count).toBe(0);
    expect((await store.increment('k', 300)).count).toBe(1);
    await store.delete('k');
    expect((await store.get('k')).count).toBe(0);
  });
});

describe('the memory store', () => {
  it('stays within its size, forgetting the oldest counts first', async () => {
    const store = new MemoryCounterStore(3);
    for (const key of ['a', 'b', 'c', 'd']) await store.increment(key, 60_000);
    expect((await store.get('a')).count).toBe(0);
    expect((await store.get('d')).count).toBe(1);
  });
});

describe.runIf(redisUrl)('Redis counters', () => {
  it('are shared by every process using the same prefix, and kept apart by prefix', async () => {
    const prefix = `test-${randomBytes(4).toString('hex')}:`;
    const one = await redisStore(prefix);
    const two = await redisStore(prefix);
    const elsewhere = await redisStore(`${prefix}other:`);
    await one.increment('shared', 10_000);
    expect((await two.increment('shared', 10_000)).count).toBe(2);
    expect((await elsewhere.get('shared')).count).toBe(0);
  });
});

describe('the limiter', () => {
  it('refuses with 429, a readable wait and Retry-After once a limit is passed', async () => {
    const limiter = new RateLimiter(new MemoryCounterStore(), silent);
    const limit = { max: 2, windowMs: 15 * 60_000 };
    await limiter.consume('x', limit, 'Too many tries.');
    await limiter.consume('x', limit, 'Too many tries.');
    const err = await limiter.consume('x', limit, 'Too many tries.').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).statusCode).toBe(429);
    expect((err as AppError).message).toBe('Too many tries. Please try again in 15 minutes.');
    expect(Number((err as AppError).headers['retry-after'])).toBeGreaterThan(14 * 60);
    await expect(limiter.consume('x', null, 'off')).resolves.toBeUndefined();
  });

  it('lets requests through, and logs, when the counters cannot be reached', async () => {
    const log = { error: vi.fn() };
    const broken: CounterStore = {
      increment: () => Promise.reject(new Error('connection refused')),
      get: () => Promise.reject(new Error('connection refused')),
      delete: () => Promise.reject(new Error('connection refused')),
      close: async () => {},
    };
    const limiter = new RateLimiter(broken, log as unknown as typeof silent);
    const limit = { max: 1, windowMs: 1_000 };
    for (let i = 0; i < 3; i++) await limiter.consume('x', limit, 'Too many.');
    await limiter.ensureBelow('x', limit, 'Too many.');
    expect(log.error).toHaveBeenCalledWith(expect.anything(), expect.stringContaining('letting the request through'));
  });
});
