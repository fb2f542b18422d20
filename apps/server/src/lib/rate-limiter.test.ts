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
    await store.decrement('k');
    expect((await store.increment('k', 300)).count).toBe(2);
    expect((await store.increment('other', 300)).count).toBe(1);
    await new Promise((r) => setTimeout(r, 350));
    expect((await store.increment('k', 300)).count).toBe(1);
    await store.delete('k');
    expect((await store.increment('k', 300)).count).toBe(1);
  });

  it('hand back counts without going below zero or inventing a key', async () => {
    const store = await makeStore();
    await store.decrement('never-counted');
    expect((await store.increment('never-counted', 10_000)).count).toBe(1);
    await store.decrement('never-counted');
    await store.decrement('never-counted');
    expect((await store.increment('never-counted', 10_000)).count).toBe(1);
  });

  it('give every one of many parallel attempts its own count', async () => {
    const store = await makeStore();
    const counts = await Promise.all(Array.from({ length: 60 }, () => store.increment('burst', 10_000)));
    expect(counts.map((c) => c.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
  });

  it('slow down: the free attempts at once, then one per delay, the delay doubling up to its cap', async () => {
    const store = await makeStore();
    const s = { free: 3, windowMs: 10_000, firstDelayMs: 150, maxDelayMs: 400 };
    // The delay runs from the last attempt let through: what a refusal says is left of it is the
    // delay less the time since that attempt was sent, which a busy machine can stretch.
    let admittedAt = 0;
    for (let i = 0; i < 3; i++) {
      admittedAt = Date.now();
      expect(await store.admit('acct', s)).toEqual({ admitted: true, retryInMs: 0 });
    }
    for (const expected of [150, 300, 400, 400]) {
      const refused = await store.admit('acct', s);
      const since = Date.now() - admittedAt;
      expect(refused.admitted).toBe(false);
      expect(refused.retryInMs).toBeGreaterThanOrEqual(expected - since - 2);
      expect(refused.retryInMs).toBeLessThanOrEqual(expected);
      await new Promise((r) => setTimeout(r, refused.retryInMs + 20));
      admittedAt = Date.now();
      expect((await store.admit('acct', s)).admitted).toBe(true);
    }
    await store.delete('acct');
    for (let i = 0; i < 3; i++) expect((await store.admit('acct', s)).admitted).toBe(true);
  });

  it('slow down: many parallel attempts let exactly the free ones through', async () => {
    const store = await makeStore();
    const s = { free: 10, windowMs: 10_000, firstDelayMs: 1_000, maxDelayMs: 60_000 };
    const answers = await Promise.all(Array.from({ length: 60 }, () => store.admit('parallel', s)));
    expect(answers.filter((a) => a.admitted)).toHaveLength(10);
    expect(answers.filter((a) => !a.admitted).every((a) => a.retryInMs > 0 && a.retryInMs <= 1_000)).toBe(true);
  });

  it('slow down: forgotten after a window without attempts; a handed-back attempt frees its place', async () => {
    const store = await makeStore();
    const s = { free: 2, windowMs: 300, firstDelayMs: 5_000, maxDelayMs: 60_000 };
    expect((await store.admit('quiet', s)).admitted).toBe(true);
    expect((await store.admit('quiet', s)).admitted).toBe(true);
    expect((await store.admit('quiet', s)).admitted).toBe(false);
    await new Promise((r) => setTimeout(r, 350));
    expect((await store.admit('quiet', s)).admitted).toBe(true);
    await store.decrement('quiet');
    expect((await store.admit('quiet', s)).admitted).toBe(true);
    expect((await store.admit('quiet', s)).admitted).toBe(true);
    expect((await store.admit('quiet', s)).admitted).toBe(false);
  });
});

describe('the memory store', () => {
  it('stays within its size, forgetting the oldest counts first', async () => {
    const store = new MemoryCounterStore(3);
    for (const key of ['a', 'b', 'c', 'd']) await store.increment(key, 60_000);
    expect((await store.increment('d', 60_000)).count).toBe(2);
    expect((await store.increment('a', 60_000)).count).toBe(1);
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
    expect((await elsewhere.increment('shared', 10_000)).count).toBe(1);
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

  it('answers whether an attempt is within a limit, counting it first, for what is dropped rather than refused', async () => {
    const limiter = new RateLimiter(new MemoryCounterStore(), silent);
    const limit = { max: 2, windowMs: 60_000 };
    const answers = await Promise.all(Array.from({ length: 5 }, () => limiter.admits('d', limit)));
    expect(answers.filter(Boolean)).toHaveLength(2);
    expect(await limiter.admits('other', limit)).toBe(true);
    expect(await limiter.admits('d', null)).toBe(true);
  });

  it('slows down with 429, the wait until the next slot and Retry-After', async () => {
    const limiter = new RateLimiter(new MemoryCounterStore(), silent);
    const slowDown = { free: 1, windowMs: 60_000, firstDelayMs: 1_000, maxDelayMs: 60_000 };
    await limiter.slowDown('y', slowDown, 'Too many tries.');
    const err = await limiter.slowDown('y', slowDown, 'Too many tries.').catch((e: unknown) => e);
    expect((err as AppError).statusCode).toBe(429);
    expect((err as AppError).message).toBe('Too many tries. Please try again in 1 second.');
    expect((err as AppError).headers['retry-after']).toBe('1');
    await expect(limiter.slowDown('y', null, 'off')).resolves.toBeUndefined();
  });

  it('lets requests through, and logs, when the counters cannot be reached', async () => {
    const log = { error: vi.fn() };
    const broken: CounterStore = {
      increment: () => Promise.reject(new Error('connection refused')),
      admit: () => Promise.reject(new Error('connection refused')),
      decrement: () => Promise.reject(new Error('connection refused')),
      delete: () => Promise.reject(new Error('connection refused')),
      close: async () => {},
    };
    const limiter = new RateLimiter(broken, log as unknown as typeof silent);
    const limit = { max: 1, windowMs: 1_000 };
    const slowDown = { free: 1, windowMs: 1_000, firstDelayMs: 1_000, maxDelayMs: 1_000 };
    for (let i = 0; i < 3; i++) {
      await limiter.consume('x', limit, 'Too many.');
      await limiter.slowDown('x', slowDown, 'Too many.');
      expect(await limiter.admits('x', limit)).toBe(true);
    }
    await limiter.refund('x');
    await limiter.forget('x');
    expect(log.error).toHaveBeenCalledWith(expect.anything(), expect.stringContaining('letting the request through'));
  });
});
