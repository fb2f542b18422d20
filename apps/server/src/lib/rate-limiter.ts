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

  constructor(
    private readonly maxKeys = 100_000,
    /** Milliseconds since the epoch: the app's clock, which tests move instead of waiting. */
    private readonly now: () => number = Date.now,
  ) {}

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
    const now = this.now();
    const c = this.live(key, now) ?? this.open(key, now, windowMs);
    c.count += 1;
    return { count: c.count, resetInMs: c.resetAt - now };
  }

  async admit(key: string, s: SlowDown): Promise<Admission> {
    const now = this.now();
    const c = this.live(key, now) ?? this.open(key, now, s.windowMs);
    if (c.count >= s.free && now < c.nextAt) return { admitted: false, retryInMs: c.nextAt - now };
    c.count += 1;
    c.resetAt = now + s.windowMs;
    if (c.count >= s.free) c.nextAt = now + delayAfter(c.count - s.free, s);
    return { admitted: true, retryInMs: 0 };
  }

  /** Whether the key has a count in a window still open. */
  holds(key: string): boolean {
    return this.live(key, this.now()) !== undefined;
  }

  async decrement(key: string): Promise<void> {
    const c = this.live(key, this.now());
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

/** How long a Redis command may take before the limiter counts in memory instead. */
const COMMAND_TIMEOUT_MS = 1_000;

/**
 * The command's answer, or `message`'s error once Redis has taken longer than COMMAND_TIMEOUT_MS.
 * The refusal waits for the I/O already arrived (setImmediate runs after the event loop's poll
 * phase, and the answer's callbacks within it): after a stall of this process, its timers fire
 * first, and ioredis's own commandTimeout then refused answers that were waiting in the socket,
 * taking a busy server for a lost Redis and its counts to memory.
 */
function answered<T>(command: Promise<T>, message = 'Command timed out'): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => setImmediate(() => reject(new Error(message))), COMMAND_TIMEOUT_MS);
    command.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(err as Error);
      },
    );
  });
}

/** ioredis takes about 150 ms to load: a store without REDIS_URL never loads it (ADR 052). */
const requireFromHere = createRequire(import.meta.url);

/**
 * A counter store shared by every server process (Redis), which can be out of reach. The limiter
 * counts in this process's memory whenever it is (ADR 063).
 */
export interface SharedCounterStore extends CounterStore {
  /** Whether commands can go out now; false while (re)connecting. Costs nothing to ask. */
  readonly ready: boolean;
  /** Connects; rejects when it cannot now (it keeps trying on its own). */
  connect(): Promise<void>;
  /** Resolves when the store answers a command. */
  ping(): Promise<void>;
  /**
   * `up` each time the connection becomes ready (again), `down` each time it is lost or could not
   * be made, with the connection's last error if it had one.
   */
  watch(listener: { up(): void; down(err: Error | undefined): void }): void;
}

/** Counters in Redis, shared by every server process that uses the same Redis and key prefix. */
export class RedisCounterStore implements SharedCounterStore {
  private readonly redis: IORedis.Redis;
  private lastError: Error | undefined;
  private closing = false;

  constructor(url: string, prefix: string, onError: (err: Error) => void = () => {}) {
    const { Redis } = requireFromHere('ioredis') as typeof IORedis;
    this.redis = new Redis(url, {
      keyPrefix: `${prefix}rl:`,
      // A Redis outage must show up as a quick error, not as sign-ins hanging in a queue.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      // ioredis's own backoff grows to 5 s; limits should be back in Redis within 2 s of it.
      retryStrategy: (times) => Math.min(50 * 2 ** (times - 1), 2_000) + Math.floor(Math.random() * 200),
      lazyConnect: true,
    });
    // Without a listener ioredis prints every failed reconnect itself; the server's log should have them.
    // The limiter uses the last one to say why an outage began.
    this.redis.on('error', (err: Error) => {
      this.lastError = err;
      onError(err);
    });
  }

  get ready(): boolean {
    return this.redis.status === 'ready';
  }

  watch(listener: { up(): void; down(err: Error | undefined): void }): void {
    this.redis.on('ready', () => {
      this.lastError = undefined;
      listener.up();
    });
    this.redis.on('close', () => {
      if (!this.closing) listener.down(this.lastError);
    });
  }

  /**
   * Connects, waiting at most one command's timeout: a Redis that does not answer must not hold
   * up the server's start. The client keeps trying on its own after that.
   */
  async connect(): Promise<void> {
    await answered(this.redis.connect(), 'Redis did not answer in time');
  }

  async ping(): Promise<void> {
    await answered(this.redis.ping());
  }

  /** Whether the client is connected and ready for commands now (not connecting, reconnecting or closed). */
  get reachable(): boolean {
    return this.redis.status === 'ready';
  }

  async increment(key: string, windowMs: number): Promise<Counter> {
    const [count, ttl] = (await answered(this.redis.eval(INCREMENT_SCRIPT, 1, key, String(windowMs)))) as [
      number,
      number,
    ];
    return { count, resetInMs: ttl > 0 ? ttl : windowMs };
  }

  async admit(key: string, s: SlowDown): Promise<Admission> {
    const [admitted, retryInMs] = (await answered(
      this.redis.eval(
        ADMIT_SCRIPT,
        2,
        key,
        nextAtKey(key),
        String(s.free),
        String(s.windowMs),
        String(s.firstDelayMs),
        String(s.maxDelayMs),
      ),
    )) as [number, number];
    return { admitted: admitted === 1, retryInMs };
  }

  async decrement(key: string): Promise<void> {
    await answered(this.redis.eval(DECREMENT_SCRIPT, 1, key));
  }

  async delete(key: string): Promise<void> {
    await answered(this.redis.del(key, nextAtKey(key)));
  }

  async close(): Promise<void> {
    this.closing = true;
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

/** Where the limits are counted now, for the health check and the metrics. */
export interface RateLimiterStatus {
  backend: 'redis' | 'memory';
  /** Whether Redis answers; null when there is none (no REDIS_URL). */
  redisReachable: boolean | null;
}

/** How often a Redis whose commands failed on an open connection is asked again, one PING at a time. */
const PROBE_EVERY_MS = 1_000;

/**
 * Limits counted in Redis when there is one, otherwise in this process's memory. Each call counts
 * the attempt before the caller does the limited work, so N parallel attempts against a limit of
 * 10 let exactly 10 through; an attempt that turns out not to need counting is handed back with
 * `refund`.
 *
 * A limit never fails open (ADR 063): whenever Redis cannot count an attempt (not connected yet,
 * connection lost, a command failed or timed out) this process counts it in memory instead and
 * judges it there, against its share of the limit when `processes` server processes share it.
 * While Redis is not connected, or after a command failed until a PING answers, requests do not
 * ask Redis at all, so an outage costs a request at most the one command that was in flight.
 */
export class RateLimiter {
  private readonly shared: SharedCounterStore | undefined;
  private readonly memory: MemoryCounterStore;
  /** How many processes split each limit while counting in memory for want of Redis. */
  private readonly processes: number;
  /** Counting in memory for want of Redis; logged once when it starts and once when it ends. */
  private outage = false;
  /** Set after a command failed on a connection that is still open, until Redis answers a PING. */
  private probe: NodeJS.Timeout | undefined;
  private probing = false;
  private closed = false;

  constructor(
    private readonly log: FastifyBaseLogger,
    options: { shared?: SharedCounterStore; processes?: number; clock?: () => Date } = {},
  ) {
    const clock = options.clock;
    this.memory = new MemoryCounterStore(undefined, clock && (() => clock().getTime()));
    this.shared = options.shared;
    this.processes = this.shared ? Math.max(1, options.processes ?? 1) : 1;
    this.shared?.watch({ up: () => this.recovered(), down: (err) => this.lost(err) });
  }

  /** Connects to Redis if there is one; when it cannot, limits count in memory until it can. */
  async connect(): Promise<void> {
    try {
      await this.shared?.connect();
    } catch (err) {
      this.lost(err as Error);
    }
  }

  status(): RateLimiterStatus {
    if (!this.shared) return { backend: 'memory', redisReachable: null };
    const reachable = this.sharedNow() !== undefined;
    return { backend: reachable ? 'redis' : 'memory', redisReachable: reachable };
  }

  /** Counts one more attempt in a fixed window; refuses it (429) when that goes over the limit. */
  async consume(key: string, limit: RateLimit | null, what: string): Promise<void> {
    if (!limit) return;
    const c = await this.count(key, limit);
    if (!c.within) throw tooManyRequests(what, c.resetInMs);
  }

  /**
   * Counts one more attempt in a fixed window and answers whether it is within the limit, for
   * what is dropped rather than refused (a beacon reads no answer).
   */
  async admits(key: string, limit: RateLimit | null): Promise<boolean> {
    if (!limit) return true;
    return (await this.count(key, limit)).within;
  }

  /** Counts one attempt in Redis, or in memory against this process's share when Redis cannot. */
  private async count(key: string, limit: RateLimit): Promise<{ within: boolean; resetInMs: number }> {
    const shared = await this.onShared((s) => s.increment(key, limit.windowMs));
    const c = shared ?? (await this.memory.increment(key, limit.windowMs));
    const max = shared ? limit.max : this.shareOf(limit.max);
    return { within: c.count <= max, resetInMs: c.resetInMs };
  }

  /** Counts one more attempt under a progressive delay; refuses it (429) until its slot comes. */
  async slowDown(key: string, slowDown: SlowDown | null, what: string): Promise<void> {
    if (!slowDown) return;
    const a =
      (await this.onShared((s) => s.admit(key, slowDown))) ??
      (await this.memory.admit(key, this.slowDownInMemory(slowDown)));
    if (!a.admitted) throw tooManyRequests(what, a.retryInMs);
  }

  /**
   * Hands back one attempt counted by `consume` or `slowDown`: to memory if this process counted
   * the key there (even if Redis has come back since), else to Redis. When Redis cannot take it,
   * the attempt stays counted: a hand-back that goes astray must only ever refuse early.
   */
  async refund(key: string): Promise<void> {
    if (this.memory.holds(key)) return this.memory.decrement(key);
    await this.onShared((s) => s.decrement(key));
  }

  async forget(key: string): Promise<void> {
    await this.memory.delete(key);
    await this.onShared((s) => s.delete(key));
  }

  async close(): Promise<void> {
    this.closed = true;
    this.stopProbing();
    await this.shared?.close();
    await this.memory.close();
  }

  /** Redis when it can be asked now, undefined when the limits count in memory. */
  private sharedNow(): SharedCounterStore | undefined {
    const shared = this.shared;
    if (!shared || this.probe) return undefined;
    if (!shared.ready) {
      this.lost(undefined);
      return undefined;
    }
    if (this.outage) this.recovered();
    return shared;
  }

  /** Runs `action` on Redis; undefined when Redis cannot be asked or failed, so memory counts instead. */
  private async onShared<T>(action: (shared: SharedCounterStore) => Promise<T>): Promise<T | undefined> {
    const shared = this.sharedNow();
    if (!shared) return undefined;
    try {
      return await action(shared);
    } catch (err) {
      this.failed(err as Error);
      return undefined;
    }
  }

  /** A limit's part for one of `processes` processes counting apart; never more than the whole. */
  private shareOf(max: number): number {
    return this.processes === 1 ? max : Math.max(1, Math.floor(max / this.processes));
  }

  /**
   * A slow-down for one of `processes` processes: its share of the free attempts, and delays as
   * many times longer, so that all of them together let through one attempt per delay. A delay
   * stays within the window, after which the slow-down is forgotten anyway.
   */
  private slowDownInMemory(s: SlowDown): SlowDown {
    if (this.processes === 1) return s;
    const longer = (ms: number) => Math.min(ms * this.processes, Math.max(s.windowMs, ms));
    return {
      free: this.shareOf(s.free),
      windowMs: s.windowMs,
      firstDelayMs: longer(s.firstDelayMs),
      maxDelayMs: longer(s.maxDelayMs),
    };
  }

  private lost(err: Error | undefined): void {
    if (this.outage || this.closed) return;
    this.outage = true;
    this.log.warn(
      { err, processes: this.processes },
      "Redis unreachable: rate limits are counted in this process's memory until it is back",
    );
  }

  private recovered(): void {
    this.stopProbing();
    if (!this.outage || this.closed) return;
    this.outage = false;
    this.log.info('Redis is back: rate limits are counted in Redis again');
  }

  /** A command failed: memory counts until Redis answers a PING (or reconnects and says it is ready). */
  private failed(err: Error): void {
    this.lost(err);
    if (this.probe || this.closed) return;
    this.probe = setInterval(() => void this.ping(), PROBE_EVERY_MS);
    this.probe.unref();
  }

  private async ping(): Promise<void> {
    if (this.probing) return;
    this.probing = true;
    try {
      await this.shared!.ping();
      this.recovered();
    } catch {
      // Still not answering: the next tick asks again.
    } finally {
      this.probing = false;
    }
  }

  private stopProbing(): void {
    clearInterval(this.probe);
    this.probe = undefined;
  }
}
