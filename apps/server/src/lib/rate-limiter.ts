import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { RateLimit } from '../config.js';
import { AppError } from './app-error.js';

/** One key's count in its current fixed window, and how long until the window closes. */
export interface Counter {
  count: number;
  resetInMs: number;
}

export interface CounterStore {
  /** Adds one to the key, opening a window of `windowMs` when none is open. */
  increment(key: string, windowMs: number): Promise<Counter>;
  get(key: string): Promise<Counter>;
  delete(key: string): Promise<void>;
  close(): Promise<void>;
}

const NO_COUNT: Counter = { count: 0, resetInMs: 0 };

/** Counters of one server process. Bounded, so a flood of distinct keys cannot eat the memory. */
export class MemoryCounterStore implements CounterStore {
  private readonly counters = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly maxKeys = 100_000) {}

  private live(key: string, now: number) {
    const c = this.counters.get(key);
    if (c && c.resetAt <= now) {
      this.counters.delete(key);
      return undefined;
    }
    return c;
  }

  async increment(key: string, windowMs: number): Promise<Counter> {
    const now = Date.now();
    let c = this.live(key, now);
    if (!c) {
      if (this.counters.size >= this.maxKeys) this.evict(now);
      c = { count: 0, resetAt: now + windowMs };
      this.counters.set(key, c);
    }
    c.count += 1;
    return { count: c.count, resetInMs: c.resetAt - now };
  }

  async get(key: string): Promise<Counter> {
    const now = Date.now();
    const c = this.live(key, now);
    return c ? { count: c.count, resetInMs: c.resetAt - now } : NO_COUNT;
  }

  async delete(key: string): Promise<void> {
    this.counters.delete(key);
  }

  async close(): Promise<void> {
    this.counters.clear();
  }

  /** Drops closed windows, then (still full) the oldest: forgetting a count beats running out of memory. */
  private evict(now: number) {
    for (const [key, c] of this.counters) if (c.resetAt <= now) this.counters.delete(key);
    const excess = this.counters.size - this.maxKeys + 1;
    if (excess <= 0) return;
    let dropped = 0;
    for (const key of this.counters.keys()) {
      if (dropped++ >= excess) break;
      this.counters.delete(key);
    }
  }
}

/** INCR and the window's expiry in one step, so a crash between them cannot leave a count that never expires. */
const INCREMENT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {count, redis.call('PTTL', KEYS[1])}`;

/** Counters in Redis, shared by every server process that uses the same Redis and key prefix. */
export class RedisCounterStore implements CounterStore {
  private readonly redis: Redis;

  constructor(url: string, prefix: string, onError: (err: Error) => void = () => {}) {
    this.redis = new Redis(url, {
      keyPrefix: `${prefix}rl:`,
      // A Redis outage must show up as a quick error, not as sign-ins hanging in a queue.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      commandTimeout: 1_000,
      lazyConnect: true,
    });
    // Without a listener ioredis prints every failed reconnect itself; the server's log should have them.
    this.redis.on('error', onError);
  }

  async connect(): Promise<void> {
    await this.redis.connect();
  }

  async increment(key: string, windowMs: number): Promise<Counter> {
    const [count, ttl] = (await this.redis.eval(INCREMENT_SCRIPT, 1, key, String(windowMs))) as [number, number];
    return { count, resetInMs: ttl > 0 ? ttl : windowMs };
  }

  async get(key: string): Promise<Counter> {
    const [[, count], [, ttl]] = (await this.redis.multi().get(key).pttl(key).exec()) as [
      [unknown, string | null],
      [unknown, number],
    ];
    return count === null ? NO_COUNT : { count: Number(count), resetInMs: Math.max(ttl, 0) };
  }

  async delete(key: string): Promise<void> {
    await this.redis.del(key);
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}

function waitText(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

export function tooManyRequests(what: string, resetInMs: number): AppError {
  return new AppError('RATE_LIMITED', `${what} Please try again in ${waitText(resetInMs)}.`, undefined, {
    'retry-after': String(Math.max(1, Math.ceil(resetInMs / 1000))),
  });
}

/**
 * Fixed-window limits over a counter store. When the store itself fails (Redis down), requests
 * are let through and the failure is logged: throttling protects sign-in, it must not take it down.
 */
export class RateLimiter {
  constructor(
    private readonly store: CounterStore,
    private readonly log: FastifyBaseLogger,
  ) {}

  private async safely<T>(action: () => Promise<T>, fallback: T): Promise<T> {
    try {
      return await action();
    } catch (err) {
      this.log.error({ err }, 'rate-limit counters unavailable; letting the request through');
      return fallback;
    }
  }

  /** Counts one more request; refuses it when that goes over the limit. */
  async consume(key: string, limit: RateLimit | null, what: string): Promise<void> {
    if (!limit) return;
    const c = await this.safely(() => this.store.increment(key, limit.windowMs), NO_COUNT);
    if (c.count > limit.max) throw tooManyRequests(what, c.resetInMs);
  }

  /** Refuses without counting when the limit is already used up (for counts of failures only). */
  async ensureBelow(key: string, limit: RateLimit | null, what: string): Promise<void> {
    if (!limit) return;
    const c = await this.safely(() => this.store.get(key), NO_COUNT);
    if (c.count >= limit.max) throw tooManyRequests(what, c.resetInMs);
  }

  async record(key: string, limit: RateLimit | null): Promise<void> {
    if (!limit) return;
    await this.safely(() => this.store.increment(key, limit.windowMs), NO_COUNT);
  }

  async forget(key: string): Promise<void> {
    await this.safely(() => this.store.delete(key), undefined);
  }

  close(): Promise<void> {
    return this.store.close();
  }
}
