import type { z } from 'zod';

export interface ResponseCacheOptions {
  maxEntries: number;
  /** Bounds how stale an answer can be for reasons no write announces (a discount window opening). */
  ttlMs: number;
}

/**
 * Serialized JSON answers, kept until the data behind them changes. Entries are only trusted
 * while the owner says the cache is live (its change notifications flow); until then every call
 * computes afresh. A computation that started before an invalidation is never stored, and
 * concurrent misses for one key share a single computation.
 */
export class ResponseCache {
  private readonly entries = new Map<string, { body: string; expires: number }>();
  private readonly inflight = new Map<string, Promise<string>>();
  private generation = 0;
  private live = false;

  constructor(private readonly options: ResponseCacheOptions) {}

  get enabled(): boolean {
    return this.live && this.options.ttlMs > 0 && this.options.maxEntries > 0;
  }

  setLive(live: boolean): void {
    this.live = live;
    this.invalidate();
  }

  invalidate(): void {
    this.generation++;
    this.entries.clear();
    this.inflight.clear();
  }

  /** Grows with every invalidation; lets a caller wait until a change notice has been applied. */
  get version(): number {
    return this.generation;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The JSON text of `compute()`'s result, shaped by `schema`, from the cache when possible. */
  json<T extends z.ZodType>(key: string, schema: T, compute: () => Promise<z.input<T>>): Promise<string> {
    return this.text(key, async () => JSON.stringify(schema.parse(await compute())));
  }

  /** The text `serialize()` makes, from the cache when possible. */
  async text(key: string, serialize: () => Promise<string>): Promise<string> {
    if (!this.enabled) return serialize();

    const hit = this.entries.get(key);
    if (hit && hit.expires > Date.now()) {
      // Re-insert to mark as most recently used; Map keeps insertion order.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.body;
    }
    const pending = this.inflight.get(key);
    if (pending) return pending;

    const generation = this.generation;
    const promise = serialize().then(
      (body) => {
        if (this.inflight.get(key) === promise) this.inflight.delete(key);
        if (generation === this.generation && this.enabled) this.store(key, body);
        return body;
      },
      (err: unknown) => {
        if (this.inflight.get(key) === promise) this.inflight.delete(key);
        throw err;
      },
    );
    this.inflight.set(key, promise);
    return promise;
  }

  private store(key: string, body: string): void {
    this.entries.delete(key);
    this.entries.set(key, { body, expires: Date.now() + this.options.ttlMs });
    while (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }
}

/** A cache key that does not depend on the order query parameters came in. */
export function stableKey(prefix: string, value: unknown): string {
  return `${prefix}:${JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  )}`;
}
