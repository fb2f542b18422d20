import { FrequencySketch } from './frequency-sketch.js';

export interface ResponseCacheOptions {
  maxEntries: number;
  /**
   * Bounds the answers' text, in characters (a byte each for the ASCII JSON mostly is). Entries
   * alone do not bound memory: answers run from a 2 KB product page to a 100 KB page of 100 products,
   * and 2,000 of the largest would outgrow a worker's heap.
   */
  maxChars: number;
  /** Bounds how stale an answer can be for reasons no write announces (a discount window opening). */
  ttlMs: number;
}

/**
 * What a computation gives the cache: the answer's text, and the products whose data the answer
 * shows, so that a change to one product's stock drops only the answers that show it. Text alone
 * is taken to depend on everything.
 */
export type Produced = string | { body: string; products: readonly string[] };

interface Entry {
  body: string;
  expires: number;
  /** Null: the answer may depend on anything, and any change drops it. */
  products: readonly string[] | null;
}

/** Sales remembered for the answers being computed across them: a few seconds' worth at the busiest. */
const SALES_REMEMBERED = 256;

/**
 * Values kept (keep) at most, between two changes: keyword words come from clients, and a client
 * making up words must not grow a worker. A few thousand words are what a store's shoppers search.
 */
export const MAX_KEPT_VALUES = 4_096;

/**
 * Serialized JSON answers, kept until the data behind them changes. Entries are only trusted
 * while the owner says the cache is live (its change notifications flow); until then every call
 * computes afresh. A computation that started before an invalidation is never stored, and
 * concurrent misses for one key share a single computation.
 *
 * A full cache takes a new answer only if its key has lately been asked for more often than the
 * least recently used one's (TinyLFU admission, ADR 058). Shoppers asking for thousands of
 * different product pages and filter combinations would otherwise replace the cache's whole
 * content every few seconds for a hit rate of a few per cent: each answer stored outlives a young
 * collection only to be evicted, and the old space it fills costs a major collection every few
 * seconds, which is what set the catalogue's p99. Hot answers (the first listing pages, the home
 * page's rows, a popular search) win their place within a few asks.
 */
export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  /** Keys of the answers that show each product. */
  private readonly showing = new Map<string, Set<string>>();
  /** Keys of the answers that said nothing of what they show. */
  private readonly unscoped = new Set<string>();
  private readonly inflight = new Map<string, Promise<string>>();
  /** Values no sale changes (keep): dropped with every answer on any other change, and only then. */
  private readonly kept = new Map<string, Promise<unknown>>();
  private readonly asked: FrequencySketch;
  /** Characters of the answers held. */
  private chars = 0;
  private generation = 0;
  /**
   * The products each recent sale dropped answers for, by generation, oldest first, since the last
   * change that dropped every answer: an answer computed across sales is kept unless one of them
   * sold what it shows (see `unchangedSince`).
   */
  private readonly sales: { generation: number; products: readonly string[] }[] = [];
  private live = false;

  constructor(private readonly options: ResponseCacheOptions) {
    this.asked = new FrequencySketch(options.maxEntries);
  }

  get enabled(): boolean {
    return this.live && this.options.ttlMs > 0 && this.options.maxEntries > 0 && this.options.maxChars > 0;
  }

  setLive(live: boolean): void {
    this.live = live;
    this.invalidate();
  }

  invalidate(): void {
    this.generation++;
    this.sales.length = 0;
    this.entries.clear();
    this.chars = 0;
    this.showing.clear();
    this.unscoped.clear();
    this.inflight.clear();
    this.kept.clear();
  }

  /**
   * Drops the answers that show any of these products, and those that did not say what they show.
   * For a change that moves no product in or out of any selection and changes no order (a sale
   * taking stock): every other answer stays as it was.
   */
  invalidateProducts(ids: Iterable<string>): void {
    this.generation++;
    const products = [...ids];
    this.sales.push({ generation: this.generation, products });
    if (this.sales.length > SALES_REMEMBERED) this.sales.shift();
    this.inflight.clear();
    for (const key of [...this.unscoped]) this.remove(key);
    for (const id of products) for (const key of [...(this.showing.get(id) ?? [])]) this.remove(key);
  }

  /**
   * Whether an answer computed from generation `started` on is still true now: nothing changed
   * since, or only sales of products it does not show. No listing filters or sorts by stock, so
   * what such a sale changed is not in the answer, whether it was read before the sale or after.
   * With orders every 100 ms, most computations that take a few milliseconds under load overlap a
   * sale: dropping every one of them kept a product page's answer from ever being stored.
   */
  private unchangedSince(started: number, produced: Produced): boolean {
    if (started === this.generation) return true;
    if (typeof produced === 'string') return false;
    const since = this.sales.findIndex((sale) => sale.generation > started);
    // Every change since `started` must be a sale still remembered: one that dropped every answer
    // empties the list, and the oldest sales leave it, so either leaves a gap after `started`.
    if (since < 0 || this.sales[since]!.generation !== started + 1) return false;
    const shown = new Set(produced.products);
    return this.sales.slice(since).every((sale) => !sale.products.some((id) => shown.has(id)));
  }

  /** Grows with every invalidation; lets a caller wait until a change notice has been applied. */
  get version(): number {
    return this.generation;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Characters of the answers held (see maxChars). */
  get heldChars(): number {
    return this.chars;
  }

  /**
   * What `compute()` gives, computed once and kept until a change that is not a sale (invalidate),
   * or undefined while the cache is off: then there is nothing to keep it in, and a caller does
   * without it. Unlike an answer it outlives sales, which drop only the answers that show what they
   * sold: a value made by reading the whole catalogue for tens of milliseconds would otherwise never
   * be kept while orders come in. A computation that fails is not kept; past MAX_KEPT_VALUES one
   * is made for its one use.
   */
  keep<T>(key: string, compute: () => Promise<T>): Promise<T> | undefined {
    if (!this.enabled) return undefined;
    const known = this.kept.get(key) as Promise<T> | undefined;
    if (known) return known;
    const value = compute();
    if (this.kept.size >= MAX_KEPT_VALUES) return value;
    this.kept.set(key, value);
    value.catch(() => {
      if (this.kept.get(key) === value) this.kept.delete(key);
    });
    return value;
  }

  /** The text `produce()` makes, from the cache when possible. */
  async text(key: string, produce: () => Promise<Produced>): Promise<string> {
    if (!this.enabled) return bodyOf(await produce());

    this.asked.increment(key);
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
    const promise = produce().then(
      (produced) => {
        if (this.inflight.get(key) === promise) this.inflight.delete(key);
        if (this.enabled && this.unchangedSince(generation, produced)) this.store(key, produced);
        return bodyOf(produced);
      },
      (err: unknown) => {
        if (this.inflight.get(key) === promise) this.inflight.delete(key);
        throw err;
      },
    );
    this.inflight.set(key, promise);
    return promise;
  }

  private store(key: string, produced: Produced): void {
    const body = bodyOf(produced);
    if (!this.admits(key, body.length)) return;
    this.remove(key);
    const products = typeof produced === 'string' ? null : produced.products;
    this.entries.set(key, { body, expires: Date.now() + this.options.ttlMs, products });
    this.chars += body.length;
    if (products === null) this.unscoped.add(key);
    else
      for (const id of products) {
        let keys = this.showing.get(id);
        if (!keys) this.showing.set(id, (keys = new Set()));
        keys.add(key);
      }
    while (this.entries.size > this.options.maxEntries || this.chars > this.options.maxChars) {
      this.remove(this.entries.keys().next().value as string);
    }
  }

  /**
   * Whether an answer of `chars` characters may take a place for `key`: there is room, it has one
   * already, or it is asked for more than the next to go. One larger than an eighth of the room is
   * never kept: it would push out many answers for one.
   */
  private admits(key: string, chars: number): boolean {
    if (chars * 8 > this.options.maxChars) return false;
    const roomy = this.entries.size < this.options.maxEntries && this.chars + chars <= this.options.maxChars;
    if (roomy || this.entries.has(key)) return true;
    const [victim, entry] = this.entries.entries().next().value as [string, Entry];
    return entry.expires <= Date.now() || this.asked.frequency(key) > this.asked.frequency(victim);
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.chars -= entry.body.length;
    if (entry.products === null) this.unscoped.delete(key);
    else
      for (const id of entry.products) {
        const keys = this.showing.get(id);
        keys?.delete(key);
        if (keys?.size === 0) this.showing.delete(id);
      }
  }
}

const bodyOf = (produced: Produced) => (typeof produced === 'string' ? produced : produced.body);

/** A cache key that does not depend on the order query parameters came in. */
export function stableKey(prefix: string, value: unknown): string {
  return `${prefix}:${JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  )}`;
}
