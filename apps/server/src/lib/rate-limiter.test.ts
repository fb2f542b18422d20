import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it, vi } from 'vitest';
import pino from 'pino';
import {
  MemoryCounterStore,
  RateLimiter,
  RedisCounterStore,
  type CounterStore,
  type SharedCounterStore,
  type SlowDown,
} from './rate-limiter.js';
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
    // Long enough for four counts on a loaded CI machine (a 300 ms window once closed before the
    // third); Redis keeps its own time, so the window is waited out.
    const WINDOW_MS = 2_000;
    const store = await makeStore();
    expect(await store.increment('k', WINDOW_MS)).toMatchObject({ count: 1 });
    const second = await store.increment('k', WINDOW_MS);
    expect(second.count).toBe(2);
    expect(second.resetInMs).toBeGreaterThan(0);
    expect(second.resetInMs).toBeLessThanOrEqual(WINDOW_MS);
    await store.decrement('k');
    expect((await store.increment('k', WINDOW_MS)).count).toBe(2);
    expect((await store.increment('other', WINDOW_MS)).count).toBe(1);
    await new Promise((r) => setTimeout(r, WINDOW_MS + 50));
    expect((await store.increment('k', WINDOW_MS)).count).toBe(1);
    await store.delete('k');
    expect((await store.increment('k', WINDOW_MS)).count).toBe(1);
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

  it("take an answer that came while this process was busy for longer than a command's timeout", async () => {
    const store = await redisStore(`test-${randomBytes(4).toString('hex')}:`);
    const counting = store.increment('busy', 10_000);
    // Synchronous work (or a machine too busy to run this process) for 1.5 s: Redis answers
    // meanwhile, and the answer waits in the socket while the command's timer comes due.
    const until = performance.now() + 1_500;
    while (performance.now() < until);
    await expect(counting).resolves.toMatchObject({ count: 1 });
  });
});

describe('the limiter', () => {
  it('refuses with 429, a readable wait and Retry-After once a limit is passed', async () => {
    const limiter = new RateLimiter(silent);
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
    const limiter = new RateLimiter(silent);
    const limit = { max: 2, windowMs: 60_000 };
    const answers = await Promise.all(Array.from({ length: 5 }, () => limiter.admits('d', limit)));
    expect(answers.filter(Boolean)).toHaveLength(2);
    expect(await limiter.admits('other', limit)).toBe(true);
    expect(await limiter.admits('d', null)).toBe(true);
  });

  it('slows down with 429, the wait until the next slot and Retry-After', async () => {
    const limiter = new RateLimiter(silent);
    const slowDown = { free: 1, windowMs: 60_000, firstDelayMs: 1_000, maxDelayMs: 60_000 };
    await limiter.slowDown('y', slowDown, 'Too many tries.');
    const err = await limiter.slowDown('y', slowDown, 'Too many tries.').catch((e: unknown) => e);
    expect((err as AppError).statusCode).toBe(429);
    expect((err as AppError).message).toBe('Too many tries. Please try again in 1 second.');
    expect((err as AppError).headers['retry-after']).toBe('1');
    await expect(limiter.slowDown('y', null, 'off')).resolves.toBeUndefined();
  });

  it('says where it counts: memory without Redis', () => {
    expect(new RateLimiter(silent).status()).toEqual({ backend: 'memory', redisReachable: null });
  });
});

type Listener = Parameters<SharedCounterStore['watch']>[0];

/** A stand-in for Redis: counts in its own map while it answers; on demand it fails or never answers. */
class FlakyStore implements SharedCounterStore {
  ready = true;
  mode: 'answers' | 'fails' | 'hangs' = 'answers';
  readonly calls: string[] = [];
  readonly counts = new MemoryCounterStore();
  listener: Listener | undefined;

  private run<T>(name: string, action: () => Promise<T>): Promise<T> {
    this.calls.push(name);
    if (this.mode === 'fails') return Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:6390'));
    if (this.mode === 'hangs') return new Promise<T>(() => {});
    return action();
  }

  async connect() {}
  watch(listener: Listener) {
    this.listener = listener;
  }
  ping() {
    return this.run('ping', async () => {});
  }
  increment(key: string, windowMs: number) {
    return this.run('increment', () => this.counts.increment(key, windowMs));
  }
  admit(key: string, s: SlowDown) {
    return this.run('admit', () => this.counts.admit(key, s));
  }
  decrement(key: string) {
    return this.run('decrement', () => this.counts.decrement(key));
  }
  delete(key: string) {
    return this.run('delete', () => this.counts.delete(key));
  }
  async close() {}
}

function recordingLog() {
  const log = { warn: vi.fn(), info: vi.fn(), error: vi.fn(), debug: vi.fn() };
  return { log, logger: log as unknown as typeof silent };
}

const refusal = (p: Promise<void>) =>
  p.then(
    () => 'through',
    (e: AppError) => e.statusCode,
  );

describe('the limiter when Redis fails', () => {
  const limit = { max: 2, windowMs: 60_000 };
  const slowDown = { free: 1, windowMs: 60_000, firstDelayMs: 1_000, maxDelayMs: 60_000 };

  it('counts in memory instead, refusing with 429 past the limit, and warns once', async () => {
    const store = new FlakyStore();
    store.mode = 'fails';
    const { log, logger } = recordingLog();
    const limiter = new RateLimiter(logger, { shared: store });
    const consumed = [];
    for (let i = 0; i < 4; i++) consumed.push(await refusal(limiter.consume('x', limit, 'Too many.')));
    expect(consumed).toEqual(['through', 'through', 429, 429]);
    const slowed = [];
    for (let i = 0; i < 3; i++) slowed.push(await refusal(limiter.slowDown('y', slowDown, 'Too many.')));
    expect(slowed).toEqual(['through', 429, 429]);
    const admitted = [];
    for (let i = 0; i < 3; i++) admitted.push(await limiter.admits('z', limit));
    expect(admitted).toEqual([true, true, false]);
    expect(limiter.status()).toEqual({ backend: 'memory', redisReachable: false });
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ err: expect.objectContaining({ message: expect.stringContaining('ECONNREFUSED') }) }),
      expect.stringContaining("counted in this process's memory"),
    );
    await limiter.close();
  });

  it('lets exactly the limit through of many attempts sent at once', async () => {
    const store = new FlakyStore();
    store.mode = 'fails';
    const limiter = new RateLimiter(silent, { shared: store });
    const tenPerWindow = { max: 10, windowMs: 60_000 };
    const consumed = await Promise.all(
      Array.from({ length: 60 }, () => refusal(limiter.consume('burst', tenPerWindow, 'Too many.'))),
    );
    expect(consumed.filter((r) => r === 'through')).toHaveLength(10);
    expect(consumed.filter((r) => r === 429)).toHaveLength(50);
    const tenFree = { free: 10, windowMs: 60_000, firstDelayMs: 1_000, maxDelayMs: 60_000 };
    const slowed = await Promise.all(
      Array.from({ length: 60 }, () => refusal(limiter.slowDown('burst-slow', tenFree, 'Too many.'))),
    );
    expect(slowed.filter((r) => r === 'through')).toHaveLength(10);
    await limiter.close();
  });

  it('does not ask Redis while it is not connected, so a dead one costs a request nothing', async () => {
    const store = new FlakyStore();
    store.ready = false;
    store.mode = 'hangs';
    const limiter = new RateLimiter(silent, { shared: store });
    expect(await refusal(limiter.consume('x', limit, 'Too many.'))).toBe('through');
    expect(await refusal(limiter.slowDown('y', slowDown, 'Too many.'))).toBe('through');
    await limiter.refund('x');
    await limiter.forget('y');
    expect(store.calls).toEqual([]);
    expect(limiter.status()).toEqual({ backend: 'memory', redisReachable: false });
    await limiter.close();
  });

  it('after a failed command, asks only a PING until Redis answers again, then counts there', async () => {
    const store = new FlakyStore();
    store.mode = 'fails';
    const { log, logger } = recordingLog();
    const limiter = new RateLimiter(logger, { shared: store });
    await limiter.consume('x', limit, 'Too many.');
    await limiter.consume('x', limit, 'Too many.');
    expect(store.calls).toEqual(['increment']);

    store.mode = 'answers';
    await vi.waitFor(() => expect(limiter.status()).toEqual({ backend: 'redis', redisReachable: true }), {
      timeout: 3_000,
    });
    expect(store.calls.filter((c) => c !== 'ping')).toEqual(['increment']);
    expect(log.info).toHaveBeenCalledTimes(1);
    expect(log.info).toHaveBeenCalledWith(expect.stringContaining('counted in Redis again'));
    await limiter.consume('x', limit, 'Too many.');
    expect((await store.counts.increment('x', 60_000)).count).toBe(2);
    await limiter.close();
  });

  it('warns once per outage and tells when Redis is back', async () => {
    const store = new FlakyStore();
    const { log, logger } = recordingLog();
    const limiter = new RateLimiter(logger, { shared: store });
    const lost = new Error('read ECONNRESET');
    store.ready = false;
    store.listener!.down(lost);
    for (let i = 0; i < 5; i++) await limiter.consume(`k${i}`, limit, 'Too many.');
    store.listener!.down(undefined);
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn).toHaveBeenCalledWith(expect.objectContaining({ err: lost }), expect.any(String));

    store.ready = true;
    store.listener!.up();
    expect(log.info).toHaveBeenCalledTimes(1);
    await limiter.consume('k0', limit, 'Too many.');
    expect(store.calls).toEqual(['increment']);

    store.ready = false;
    store.listener!.down(undefined);
    expect(log.warn).toHaveBeenCalledTimes(2);
    await limiter.close();
  });

  it('hands an attempt back where it was counted, and never to a store that did not count it', async () => {
    const store = new FlakyStore();
    const limiter = new RateLimiter(silent, { shared: store });
    // Counted in Redis, then Redis goes: the hand-back has nowhere to go, so the attempt stays counted.
    await limiter.consume('in-redis', limit, 'Too many.');
    store.ready = false;
    await limiter.refund('in-redis');
    store.ready = true;
    expect((await store.counts.increment('in-redis', 60_000)).count).toBe(2);

    // Counted in memory during the outage, handed back after Redis is back: to memory, not Redis.
    store.ready = false;
    await limiter.consume('in-memory', limit, 'Too many.');
    await limiter.consume('in-memory', limit, 'Too many.');
    store.ready = true;
    await limiter.refund('in-memory');
    expect(store.calls).not.toContain('decrement');
    // A second outage within the window goes on from the first one's counts.
    store.ready = false;
    expect(await refusal(limiter.consume('in-memory', limit, 'Too many.'))).toBe('through');
    expect(await refusal(limiter.consume('in-memory', limit, 'Too many.'))).toBe(429);
    await limiter.close();
  });

  it("splits each limit among the store's workers while they count apart, and not otherwise", async () => {
    const store = new FlakyStore();
    const limiter = new RateLimiter(silent, { shared: store, processes: 4 });
    const ten = { max: 10, windowMs: 60_000 };
    const tenFree = { free: 10, windowMs: 60_000, firstDelayMs: 1_000, maxDelayMs: 60_000 };
    const attempts = async (key: string, n: number, one: (key: string) => Promise<void>) => {
      const answers = [];
      for (let i = 0; i < n; i++)
        answers.push(
          await one(key).then(
            () => 'through',
            (e: AppError) => e,
          ),
        );
      return answers;
    };

    const inRedis = await attempts('a', 11, (k) => limiter.consume(k, ten, 'Too many.'));
    expect(inRedis.filter((a) => a === 'through')).toHaveLength(10);

    store.ready = false;
    const inMemory = await attempts('b', 3, (k) => limiter.consume(k, ten, 'Too many.'));
    expect(inMemory.slice(0, 2)).toEqual(['through', 'through']);
    expect((inMemory[2] as AppError).statusCode).toBe(429);
    // Two free attempts of ten, then one per four seconds: together four workers allow one a second.
    const slowed = await attempts('c', 3, (k) => limiter.slowDown(k, tenFree, 'Too many.'));
    expect(slowed.slice(0, 2)).toEqual(['through', 'through']);
    expect((slowed[2] as AppError).headers['retry-after']).toBe('4');
    await limiter.close();

    const alone = new RateLimiter(silent, { processes: 4 });
    const withoutRedis = await attempts('d', 11, (k) => alone.consume(k, ten, 'Too many.'));
    expect(withoutRedis.filter((a) => a === 'through')).toHaveLength(10);
  });
});
