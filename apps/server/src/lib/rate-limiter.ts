import { createRequire } from 'node:module';
import type * as IORedis from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { RateLimit } from '../config.js';
import { AppError } from './app-error.js';

/** One key's count in its current fixed window, and how long until the window closes. */
export interface Counter {
  count: number;
  resetInMs: number;
}

/**
 * A progressive delay: `free` attempts go through at once; after them at most one attempt per
 * delay, starting at `firstDelayMs` and doubling with every attempt let through, up to
 * `maxDelayMs`. The state is forgotten after `windowMs` without an attempt let through.
 */
export interface SlowDown {
  free: number;
  windowMs: number;
  firstDelayMs: number;
  maxDelayMs: number;
}

/** Whether an attempt was let through (and counted), or how long until the next one may be. */
export interface Admission {
  admitted: boolean;
  retryInMs: number;
}

/**
 * Every call that lets an attempt through counts it in the same atomic step, before the caller
 * does the work being limited: parallel attempts cannot all read "below the limit" and go ahead.
 */
export interface CounterStore {
  /** Adds one to the key, opening a window of `windowMs` when none is open. */
  increment(key: string, windowMs: number): Promise<Counter>;
  /** Counts one attempt under a slow-down if one may go through now (see SlowDown). */
  admit(key: string, slowDown: SlowDown): Promise<Admission>;
  /** Takes back one counted attempt, for one that turned out not to need counting. */
  decrement(key: string): Promise<void>;
  delete(key: string): Promise<void>;
  close(): Promise<void>;
}

/** The wait after the `n`th attempt past the free ones (0-based). */
export function delayAfter(n: number, s: SlowDown): number {
  return Math.min(s.firstDelayMs * 2 ** n, s.maxDelayMs);
}

/** Counters of one server process. Bounded, so a flood of distinct keys cannot eat the memory. */
export class MemoryCounterStore implements CounterStore {
  private readonly counters = new Map<string, { count: number; resetAt: number; nextAt: number }>();

  constructor(private readonly maxKeys = 100_000) {}

  private live(key: string, now: number) {
    const c = this.counters.get(key);
    if (c && c.resetAt <= now) {
      this.counters.delete(key);
      return undefined;
    }
    return c;
  }

  private open(key: string, now: number, windowMs: number) {
    if (this.counters.size >= this.maxKeys) this.evict(now);
    const c = { count: 0, resetAt: now + windowMs, nextAt: 0 };
    this.counters.set(key, c);
    return c;
  }

  async increment(key: string, windowMs: number): Promise<Counter> {
    const now = Date.now();
    const c = this.live(key, now) ?? this.open(key, now, windowMs);
    c.count += 1;
    return { count: c.count, resetInMs: c.resetAt - now };
  }

  async admit(key: string, s: SlowDown): Promise<Admission> {
    const now = Date.now();
    const c = this.live(key, now) ?? this.open(key, now, s.windowMs);
    if (c.count >= s.free && now < c.nextAt) return { admitted: false, retryInMs: c.nextAt - now };
    c.count += 1;
    c.resetAt = now + s.windowMs;
    if (c.count >= s.free) c.nextAt = now + delayAfter(c.count - s.free, s);
    return { admitted: true, retryInMs: 0 };
  }

  async decrement(key: string): Promise<void> {
    const c = this.live(key, Date.now());
    if (c && c.count > 0) c.count -= 1;
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

/**
 * The slow-down's check, count and reservation of the next slot in one step. KEYS: the count and
 * the time the next attempt may come (ms); ARGV: free, window, first delay, longest delay. Redis's
 * clock, not each server's, so servers whose clocks differ still agree.
 */
const ADMIT_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local free = tonumber(ARGV[1])
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count >= free then
  local nextAt = tonumber(redis.call('GET', KEYS[2]) or '0')
  if now < nextAt then return {0, nextAt - now} end
end
count = redis.call('INCR', KEYS[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
if count >= free then
  local delay = math.min(tonumber(ARGV[3]) * 2 ^ (count - free), tonumber(ARGV[4]))
  redis.call('SET', KEYS[2], string.format('%d', now + delay), 'PX', ARGV[2])
end
return {1, 0}`;

/** DECR that stops at zero and never creates the key. */
const DECREMENT_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]))
if count and count > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

const nextAtKey = (key: string) => `${key}:next`;

/** ioredis takes about 150 ms to load: a store without REDIS_URL never loads it (ADR 052). */
const requireFromHere = createRequire(import.meta.url);

/** Counters in Redis, shared by every server process that uses the same Redis and key prefix. */
export class RedisCounterStore implements CounterStore {
  private readonly redis: IORedis.Redis;

  constructor(url: string, prefix: string, onError: (err: Error) => void = () => {}) {
    const { Redis } = requireFromHere('ioredis') as typeof IORedis;
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

  async admit(key: string, s: SlowDown): Promise<Admission> {
    const [admitted, retryInMs] = (await this.redis.eval(
      ADMIT_SCRIPT,
      2,
      key,
      nextAtKey(key),
      String(s.free),
      String(s.windowMs),
      String(s.firstDelayMs),
      String(s.maxDelayMs),
    )) as [number, number];
    return { admitted: admitted === 1, retryInMs };
  }

  async decrement(key: string): Promise<void> {
    await this.redis.eval(DECREMENT_SCRIPT, 1, key);
  }

  async delete(key: string): Promise<void> {
    await this.redis.del(key, nextAtKey(key));
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
 * Limits over a counter store. Each call counts the attempt before the caller does the limited
 * work, so N parallel attempts against a limit of 10 let exactly 10 through; an attempt that
 * turns out not to need counting is handed back with `refund`. When the store itself fails (Redis
 * down), requests are let through and the failure is logged: throttling protects sign-in, it must
 * not take it down.
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

  /** Counts one more attempt in a fixed window; refuses it (429) when that goes over the limit. */
  async consume(key: string, limit: RateLimit | null, what: string): Promise<void> {
    if (!limit) return;
    const c = await this.safely(() => this.store.increment(key, limit.windowMs), { count: 0, resetInMs: 0 });
    if (c.count > limit.max) throw tooManyRequests(what, c.resetInMs);
  }

  /**
   * Counts one more attempt in a fixed window and answers whether it is within the limit, for
   * what is dropped rather than refused (a beacon reads no answer).
   */
  async admits(key: string, limit: RateLimit | null): Promise<boolean> {
    if (!limit) return true;
    const c = await this.safely(() => this.store.increment(key, limit.windowMs), { count: 0, resetInMs: 0 });
    return c.count <= limit.max;
  }

  /** Counts one more attempt under a progressive delay; refuses it (429) until its slot comes. */
  async slowDown(key: string, slowDown: SlowDown | null, what: string): Promise<void> {
    if (!slowDown) return;
    const a = await this.safely(() => this.store.admit(key, slowDown), { admitted: true, retryInMs: 0 });
    if (!a.admitted) throw tooManyRequests(what, a.retryInMs);
  }

  /** Hands back one attempt counted by `consume` or `slowDown`. */
  async refund(key: string): Promise<void> {
    await this.safely(() => this.store.decrement(key), undefined);
  }

  async forget(key: string): Promise<void> {
    await this.safely(() => this.store.delete(key), undefined);
  }

  close(): Promise<void> {
    return this.store.close();
  }
}
