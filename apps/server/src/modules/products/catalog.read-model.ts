import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { canReach, effectivePrice, SAMPLE_PRODUCT_NAME, type Reach } from '@store/domain';
import type { Db } from '../../db/client.js';
import * as repo from './catalog.repository.js';
import type { ProductFilters, ProductOrder } from './products.repository.js';
import { buildSearchColumns } from './products.search-text.js';
import { BoundedCache } from './bounded-cache.js';
import { CatalogSearchIndex, searchTerms } from './catalog.search-index.js';
import type { ProductSearch } from './product-search.js';

type Entry = repo.CatalogProduct;

const BARRIER = 'barrier:';
/** Products read again at a time when their notices come faster than they are applied. */
const FLUSH_BATCH = 500;
/**
 * Category-and-colour subsets kept, up to this many products in all or forty per product (every
 * category by every colour in every order fits; shoppers choose the keys, so junk ones, which
 * are empty, count as one each).
 */
const SUBSETS_HELD = 1_000_000;
const SUBSETS_HELD_PER_PRODUCT = 40;
/**
 * Keyword rankings remembered, up to this many ranked products in all, or twenty per product in a
 * larger catalogue (8 bytes each: a common word ranks thousands). Kept until a text, a rating or a
 * listing changes: a sale keeps them.
 */
const RANKINGS_HELD = 2_000_000;
const RANKINGS_HELD_PER_PRODUCT = 20;

/** Shoppers never see drafts, unavailable products or the spec's placeholder product. */
const isListed = (p: Entry['row']) => p.available && p.name !== SAMPLE_PRODUCT_NAME;

const byId = (a: Entry, b: Entry) => (a.row.id < b.row.id ? -1 : a.row.id > b.row.id ? 1 : 0);

interface Keyed<K> {
  e: Entry;
  k: K;
  t: number;
}

/**
 * Entries with a key computed once per product (an effective price or a lowered name is not cheap
 * enough to compute at every comparison of a 10,000-product sort), least key first; `second` (most
 * first) and then the id break ties, as the SQL orders do.
 */
function ascending<K extends number | string>(
  entries: readonly Entry[],
  key: (e: Entry) => K,
  second?: (e: Entry) => number,
): Keyed<K>[] {
  const keyed = entries.map((e) => ({ e, k: key(e), t: second ? second(e) : 0 }));
  keyed.sort((a, b) => {
    if (a.k !== b.k) return a.k < b.k ? -1 : 1;
    if (a.t !== b.t) return b.t - a.t;
    return byId(a.e, b.e);
  });
  return keyed;
}

/**
 * The same entries, most key first. Ties are broken the same way in both directions, so this is
 * the ascending order's runs of equal keys taken last run first, each run as it stands: one pass
 * instead of a second sort.
 */
function descending<K>(ascending: readonly Keyed<K>[]): Entry[] {
  const out: Entry[] = [];
  let end = ascending.length;
  while (end > 0) {
    let start = end - 1;
    while (start > 0 && ascending[start - 1]!.k === ascending[end - 1]!.k) start -= 1;
    for (let i = start; i < end; i++) out.push(ascending[i]!.e);
    end = start;
  }
  return out;
}

type SortField = 'createdAt' | 'rating' | 'name' | 'price';

/** Listed products in one order a shopper can ask for, least first, as the SQL listings order them. */
function ascendingBy(entries: readonly Entry[], by: SortField, price: (e: Entry) => number) {
  switch (by) {
    case 'price':
      return ascending(entries, price);
    case 'rating':
      return ascending(
        entries,
        (e) => e.row.rating,
        (e) => e.row.numReviews,
      );
    case 'name':
      return ascending(entries, (e) => e.row.name.toLowerCase());
    case 'createdAt':
      return ascending(entries, (e) => e.row.createdAt.getTime());
  }
}

/** Products in one of the orders a shopper can ask for, as the SQL listings order them. */
function sortedBy(entries: readonly Entry[], by: SortField, direction: 'asc' | 'desc', price: (e: Entry) => number) {
  const keyed: Keyed<number | string>[] = ascendingBy(entries, by, price);
  return direction === 'asc' ? keyed.map((x) => x.e) : descending(keyed);
}

/**
 * One page of the entries between `from` and `to` that `keep` accepts, in their order, and how
 * many it accepts in all: one pass, nothing sorted or copied.
 */
function pageOf(
  entries: readonly Entry[],
  from: number,
  to: number,
  keep: (e: Entry) => boolean,
  page: { limit: number; offset: number },
) {
  const rows: Entry['row'][] = [];
  let total = 0;
  const end = page.offset + page.limit;
  for (let i = from; i < to; i++) {
    const e = entries[i]!;
    if (!keep(e)) continue;
    if (total >= page.offset && total < end) rows.push(e.row);
    total += 1;
  }
  return { rows, total };
}

const NO_ROWS = { limit: 0, offset: 0 };

/** One page of the entries between `from` and `to`, all of which match. */
function sliceOf(entries: readonly Entry[], from: number, to: number, page: { limit: number; offset: number }) {
  return entries.slice(from + page.offset, Math.min(to, from + page.offset + page.limit)).map((e) => e.row);
}

/** One page of the entries that `keep` accepts, in their order, walking only as far as the page. */
function firstOf(entries: readonly Entry[], keep: (e: Entry) => boolean, page: { limit: number; offset: number }) {
  const rows: Entry['row'][] = [];
  const end = page.offset + page.limit;
  let seen = 0;
  for (let i = 0; i < entries.length && seen < end; i++) {
    const e = entries[i]!;
    if (!keep(e)) continue;
    if (seen >= page.offset) rows.push(e.row);
    seen += 1;
  }
  return rows;
}

/**
 * Whether two versions of a product sit in the same place in every order and in the same kept
 * subsets (category, colour, the areas it reaches), and are both listed or not.
 */
function sameOrder(a: Entry['row'], b: Entry['row']): boolean {
  const time = (d: Date | null) => d?.getTime() ?? null;
  return (
    isListed(a) === isListed(b) &&
    a.name === b.name &&
    a.category === b.category &&
    a.fulfilment === b.fulfilment &&
    isDeepStrictEqual(a.subCategory, b.subCategory) &&
    isDeepStrictEqual(a.color, b.color) &&
    a.createdAt.getTime() === b.createdAt.getTime() &&
    a.rating === b.rating &&
    a.numReviews === b.numReviews &&
    a.price === b.price &&
    a.discountPrice === b.discountPrice &&
    time(a.discountStartDate) === time(b.discountStartDate) &&
    time(a.discountEndDate) === time(b.discountEndDate)
  );
}

/** A thing as it is, but for its stock. */
const stockless = <T extends { countInStock: number }>(x: T) => ({ ...x, countInStock: 0 });

/**
 * Whether only stock differs between two versions of a product: what a sale changes. No listing,
 * search or home row gains, loses or reorders a product for it (none filters or sorts by stock),
 * so only the answers that show this product's stock are out of date.
 */
function onlyStockMoved(a: Entry, b: Entry): boolean {
  return (
    isDeepStrictEqual(stockless(a.row), stockless(b.row)) &&
    a.variants.length === b.variants.length &&
    a.variants.every((v, i) => isDeepStrictEqual(stockless(v), stockless(b.variants[i]!))) &&
    isDeepStrictEqual(a.relatedIds, b.relatedIds) &&
    isDeepStrictEqual(a.reviews, b.reviews)
  );
}

/** What the model has just applied: some products, of which perhaps only stock moved; or everything. */
export type AppliedChange = { ids: readonly string[]; onlyStock: boolean } | 'everything';

type Direction = 'asc' | 'desc';
type Sorted = Record<SortField, Record<Direction, Entry[]>>;

/** The next instant at which some listed product's price changes by itself (a discount starts or ends). */
function nextPriceChange(listed: readonly Entry[], now: Date): number {
  let next = Infinity;
  for (const { row } of listed) {
    if (!(row.discountPrice > 0)) continue;
    for (const d of [row.discountStartDate, row.discountEndDate]) {
      if (d && d.getTime() > now.getTime() && d.getTime() < next) next = d.getTime();
    }
  }
  return next;
}

/** The rows of the first `limit` entries kept, walking no further than it takes. */
function firstRows(entries: readonly Entry[], limit: number, keep: (e: Entry) => boolean) {
  const rows: Entry['row'][] = [];
  for (const e of entries) {
    if (rows.length === limit) break;
    if (keep(e)) rows.push(e.row);
  }
  return rows;
}

/** Whether any wanted value is had; a plain loop, as it runs for every product a filter walks. */
function overlaps(have: readonly string[], wanted: readonly string[]): boolean {
  for (let i = 0; i < wanted.length; i++) if (have.includes(wanted[i]!)) return true;
  return false;
}

/**
 * Every product with what listings, filters, sorting and the product page need, in this process's
 * memory (ADR 024). Loaded at boot and kept current row by row from the `catalog_row_changed`
 * notices the database sends when a product, a variant, a relation or a review changes. While it
 * is not `live` (at boot, and while it reads the whole catalogue again after its notices were cut
 * off) callers ask the database instead.
 * Keyword searches go through its keyword index (ADR 026), kept current by the same notices.
 */
export class CatalogReadModel implements ProductSearch {
  private entries = new Map<string, Entry>();
  /** Listed products, newest first: the default order. */
  private newest: Entry[] = [];
  /**
   * Listed products in every order a shopper can ask for, so a listing filters in order and sorts
   * nothing. Prices change with time (discount windows), so their order is redone when `now`
   * passes the next change.
   */
  private sorted: Sorted | undefined;
  private pricesSortedAt = 0;
  private pricesValidUntil = -Infinity;
  /** Listed products of one category and/or one colour in one order, made on first use. */
  private readonly subsets = new BoundedCache<Entry[]>(
    () => Math.max(SUBSETS_HELD, SUBSETS_HELD_PER_PRODUCT * this.entries.size),
    (subset) => subset.length,
  );
  /** Each listed product's price between `pricesSortedAt` and `pricesValidUntil`, when no discount moves. */
  private readonly prices = new Map<Entry, number>();
  private keywords = new CatalogSearchIndex();
  private vocabulary = new repo.Vocabulary();
  private readonly rankings = new BoundedCache<Entry[]>(
    () => Math.max(RANKINGS_HELD, RANKINGS_HELD_PER_PRODUCT * this.entries.size),
    (ranked) => ranked.length,
  );
  private pending = new Set<string>();
  /**
   * When the oldest change notice not yet applied arrived (performance.now()): of those waiting,
   * and of the batch being applied. Undefined when there is none.
   */
  private waitingSince: number | undefined;
  private applyingSince: number | undefined;
  private readonly barriers = new Map<string, () => void>();
  private reloadAll = false;
  private loaded = false;
  private flushing: Promise<void> | undefined;
  live = false;
  /**
   * Told of each change the moment the model reflects it, before anyone reads the model again:
   * how the response cache drops what the change made stale (catalog.plugin.ts).
   */
  onApplied: ((change: AppliedChange) => void) | undefined;

  constructor(private readonly db: Db) {}

  get size(): number {
    return this.entries.size;
  }

  async load(): Promise<void> {
    // A model that answers nobody (at boot, or cut off from its notices) lets its old copy go
    // before reading the new: two copies at once would need twice the heap its worker is sized for.
    if (!this.live) this.release();
    // A reload starts its vocabulary afresh, so words no product uses any more are let go.
    this.vocabulary = new repo.Vocabulary();
    const all = await repo.loadCatalog(this.db, this.vocabulary);
    const listed = all.filter((e) => isListed(e.row)).map((e) => e.row);
    // Only the first load comes before the server listens; a reload's shoppers are being answered.
    const keywords = await CatalogSearchIndex.build(listed, this.loaded);
    // Products and their index change together, so a search never meets an id the model lacks.
    this.entries = new Map(all.map((e) => [e.row.id, e]));
    this.keywords = keywords;
    this.reindex();
    this.loaded = true;
  }

  private release(): void {
    this.entries = new Map();
    this.newest = [];
    this.sorted = undefined;
    this.keywords = new CatalogSearchIndex();
    this.prices.clear();
    this.subsets.clear();
    this.rankings.clear();
  }

  /** A notice: '*' reloads everything, anything else is a product id to read again. */
  changed(payload: string): Promise<void> {
    if (payload.startsWith(BARRIER)) {
      const reached = this.barriers.get(payload);
      this.barriers.delete(payload);
      // Everything committed before the barrier was noticed before it: once applied, it has been seen.
      const applied = this.flushing ?? Promise.resolve();
      void applied.then(reached, reached);
      return applied;
    }
    if (payload === '*') this.reloadAll = true;
    else this.pending.add(payload);
    this.waitingSince ??= performance.now();
    this.flushing ??= Promise.resolve().then(() => this.flush());
    return this.flushing;
  }

  /**
   * How far this copy is behind the catalogue as committed: milliseconds since the oldest change
   * notice it has received and not yet applied arrived (a notice arrives as its change commits); 0
   * when it has applied every one. A copy that is not `live` is not answering anyone.
   */
  changeLagMs(now = performance.now()): number {
    const since = Math.min(this.applyingSince ?? Infinity, this.waitingSince ?? Infinity);
    return since === Infinity ? 0 : Math.max(0, now - since);
  }

  /** Applies every change noticed so far; resolves once the model reflects them. */
  private async flush(): Promise<void> {
    try {
      while (this.reloadAll || this.pending.size > 0) {
        this.applyingSince = this.waitingSince;
        // Notices left for the next batch may be as old as the oldest in this one.
        if (this.reloadAll || this.pending.size <= FLUSH_BATCH) this.waitingSince = undefined;
        if (this.reloadAll) {
          this.reloadAll = false;
          const pending = [...this.pending];
          this.pending.clear();
          try {
            await this.load();
          } catch (err) {
            // Still to do when the database answers again (retry).
            this.reloadAll = true;
            for (const id of pending) this.pending.add(id);
            throw err;
          }
          this.applyingSince = undefined;
          this.onApplied?.('everything');
          continue;
        }
        const ids = [...this.pending].slice(0, FLUSH_BATCH);
        for (const id of ids) this.pending.delete(id);
        let loaded: Entry[];
        try {
          loaded = await repo.loadProducts(this.db, ids, this.vocabulary);
        } catch (err) {
          for (const id of ids) this.pending.add(id);
          throw err;
        }
        const fresh = new Map(loaded.map((e) => [e.row.id, e]));
        let reorder = false;
        let onlyStock = true;
        for (const id of ids) {
          const before = this.entries.get(id);
          const after = fresh.get(id);
          onlyStock &&= before !== undefined && after !== undefined && onlyStockMoved(before, after);
          const indexed = after && isListed(after.row) ? this.keywords.put(after.row) : this.keywords.remove(id);
          if (indexed) this.rankings.clear();
          if (before && after && sameOrder(before.row, after.row)) {
            // A sale or a review text changes no order: the entry is updated where it stands.
            Object.assign(before, after);
            continue;
          }
          reorder ||= (before !== undefined && isListed(before.row)) || (after !== undefined && isListed(after.row));
          if (after) this.entries.set(id, after);
          else this.entries.delete(id);
        }
        if (reorder) this.reindex();
        this.applyingSince = undefined;
        this.onApplied?.({ ids, onlyStock });
      }
    } finally {
      // A batch that failed was not applied: it waits to be read again (retry).
      if (this.applyingSince !== undefined)
        this.waitingSince = Math.min(this.applyingSince, this.waitingSince ?? Infinity);
      this.applyingSince = undefined;
      this.flushing = undefined;
    }
  }

  /** Applies the changes that could not be read before (the database did not answer). */
  retry(): Promise<void> {
    this.flushing ??= Promise.resolve().then(() => this.flush());
    return this.flushing;
  }

  /**
   * Resolves once the model has applied every change committed before the call: it sends a notice
   * of its own on the same channel and waits for it, since PostgreSQL delivers notices in commit
   * order. How the API tests read their own writes from the model.
   */
  async barrier(): Promise<void> {
    const token = `${BARRIER}${randomUUID()}`;
    const reached = new Promise<void>((resolve) => this.barriers.set(token, resolve));
    await repo.announce(this.db, token);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('the catalogue read model did not catch up within 5 s')), 5_000);
    });
    try {
      await Promise.race([reached, late]);
    } finally {
      clearTimeout(timer);
      this.barriers.delete(token);
    }
  }

  /** Waits until every notice received so far is applied (tests, and a reconnect's reload). */
  async settled(): Promise<void> {
    while (this.flushing) await this.flushing;
  }

  private reindex(now = new Date()): void {
    this.prices.clear();
    const listed = [...this.entries.values()].filter((e) => isListed(e.row));
    const createdAt = this.bothWays(listed, 'createdAt', now);
    this.newest = createdAt.desc;
    this.sorted = {
      createdAt,
      rating: this.bothWays(listed, 'rating', now),
      name: this.bothWays(listed, 'name', now),
      price: this.bothWays(listed, 'price', now),
    };
    this.pricesSortedAt = now.getTime();
    this.pricesValidUntil = nextPriceChange(listed, now);
    this.subsets.clear();
    // Rankings hold entries, which a reindex may have replaced; ratings break their ties.
    this.rankings.clear();
  }

  /**
   * The listed products of the filter's category and colour (when it asks for one) in an order: a
   * listing by category, the commonest filter, then walks its own category only, and one by
   * category and colour a few hundred products. Made on first use from the whole order, so it
   * costs no sort; shoppers choose the keys, so the number kept is bounded.
   */
  private candidates(order: ProductOrder, f: ProductFilters, now: Date): Entry[] {
    const all = this.inOrder(order, now);
    const colour = f.colors.length === 1 ? f.colors[0] : undefined;
    const reach = f.reach;
    if (!f.category && colour === undefined && !reach) return all;
    const direction = order.by === 'relevance' ? '' : order.direction;
    const key = [f.category ?? '', colour ?? '', reach?.makes.join(',') ?? '*', order.by, direction].join('\u0000');
    let subset = this.subsets.get(key);
    if (!subset) {
      // Made from the next wider subset (a category and colour from the category's few thousand,
      // a PIN code's reach from the listing it narrows), not the whole catalogue.
      const from =
        reach && (f.category || colour !== undefined)
          ? this.candidates(order, { ...f, reach: undefined }, now)
          : f.category && colour !== undefined
            ? this.candidates(order, { ...f, colors: [] }, now)
            : all;
      subset = from.filter(
        (e) =>
          (!f.category || e.row.category === f.category) &&
          (colour === undefined || e.row.color.includes(colour)) &&
          (!reach || canReach(e.row, reach)),
      );
      this.subsets.set(key, subset);
    }
    return subset;
  }

  private inOrder(order: ProductOrder, now: Date): Entry[] {
    if (order.by === 'relevance') return this.newest;
    const sorted = this.sorted!;
    if (order.by === 'price' && (now.getTime() >= this.pricesValidUntil || now.getTime() < this.pricesSortedAt)) {
      // A discount started or ended since (or the caller asks about an earlier moment): sort again for `now`.
      const listed = this.newest;
      this.prices.clear();
      sorted.price = this.bothWays(listed, 'price', now);
      this.pricesSortedAt = now.getTime();
      this.pricesValidUntil = nextPriceChange(listed, now);
      this.subsets.clear();
    }
    return sorted[order.by][order.direction];
  }

  /** Listed products in one order a shopper can ask for, each way; prices at `now`, remembered. */
  private bothWays(listed: readonly Entry[], by: SortField, now: Date): Record<Direction, Entry[]> {
    const keyed: Keyed<number | string>[] = ascendingBy(listed, by, (e) => this.pricedAt(e, now));
    return { asc: keyed.map((x) => x.e), desc: descending(keyed) };
  }

  /** The price at `now`, remembered for the sorted prices' window (a filter asks it of every product). */
  private pricedAt(e: Entry, now: Date): number {
    const price = effectivePrice(e.row, now);
    this.prices.set(e, price);
    return price;
  }

  private priceAt(e: Entry, now: Date): number {
    const t = now.getTime();
    if (t >= this.pricesSortedAt && t < this.pricesValidUntil) {
      const known = this.prices.get(e);
      if (known !== undefined) return known;
    }
    return effectivePrice(e.row, now);
  }

  private matches(e: Entry, f: ProductFilters, now: Date): boolean {
    const p = e.row;
    if (f.category && p.category !== f.category) return false;
    if (f.subcategories.length && !overlaps(p.subCategory, f.subcategories)) return false;
    if (f.colors.length && !overlaps(p.color, f.colors)) return false;
    if (f.recipients.length && !overlaps(p.recipient, f.recipients)) return false;
    if (f.occasions.length && !overlaps(p.occasion, f.occasions)) return false;
    if (f.variants.length) {
      const wanted = f.variants.map((v) => v.toLowerCase());
      if (!e.variants.some((v) => wanted.includes(v.name.toLowerCase()))) return false;
    }
    if (f.minRating !== undefined && !(p.rating >= f.minRating)) return false;
    if (f.maxRating !== undefined && !(p.rating <= f.maxRating)) return false;
    if (f.minPrice !== undefined || f.maxPrice !== undefined) {
      const price = this.priceAt(e, now);
      if (f.minPrice !== undefined && price < f.minPrice) return false;
      if (f.maxPrice !== undefined && price > f.maxPrice) return false;
    }
    if (f.sameDayDelivery && !p.sameDayDelivery) return false;
    if (f.reach && !canReach(p, f.reach)) return false;
    return true;
  }

  /**
   * The same answer as `listProducts` for a listing without keywords. The products of a category
   * and colour are kept in every order (`candidates`), and a price range is found in price order
   * by halving, so the commonest filters are answered by slicing and counting, not walking; what
   * else a filter asks is checked on a walk that stops once the page is full, when it can.
   */
  list(filters: ProductFilters, order: ProductOrder, page: { limit: number; offset: number }, now: Date) {
    const walked = this.candidates(order, filters, now);
    const keep = (e: Entry) => this.matches(e, filters, now);
    const exact = this.answeredBySubset(filters);
    if (filters.minPrice === undefined && filters.maxPrice === undefined) {
      if (exact) return { rows: sliceOf(walked, 0, walked.length, page), total: walked.length };
      return pageOf(walked, 0, walked.length, keep, page);
    }
    const byPrice = order.by === 'price' ? walked : this.candidates({ by: 'price', direction: 'asc' }, filters, now);
    const [from, to] = this.priceRange(byPrice, order.by === 'price' ? order.direction : 'asc', filters, now);
    if (order.by === 'price') {
      return exact
        ? { rows: sliceOf(byPrice, from, to, page), total: to - from }
        : pageOf(byPrice, from, to, keep, page);
    }
    const total = exact ? to - from : pageOf(byPrice, from, to, keep, NO_ROWS).total;
    return { rows: firstOf(walked, keep, page), total };
  }

  /**
   * Whether the filter asks nothing beyond what `candidates` chose (listed, a category, one colour,
   * a PIN code's reach) and a price range.
   */
  private answeredBySubset(f: ProductFilters): boolean {
    return (
      f.colors.length <= 1 &&
      f.subcategories.length === 0 &&
      f.variants.length === 0 &&
      f.recipients.length === 0 &&
      f.occasions.length === 0 &&
      f.minRating === undefined &&
      f.maxRating === undefined &&
      !f.sameDayDelivery
    );
  }

  /**
   * Where products in price order reach the filter's price range, found by halving: a listing by
   * price within a range walks only the range.
   */
  private priceRange(
    inPriceOrder: readonly Entry[],
    direction: 'asc' | 'desc',
    f: ProductFilters,
    now: Date,
  ): [number, number] {
    const { minPrice = -Infinity, maxPrice = Infinity } = f;
    // The first index at which `past(price)` holds, given that it holds from some index on.
    const firstPast = (past: (price: number) => boolean) => {
      let lo = 0;
      let hi = inPriceOrder.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (past(this.priceAt(inPriceOrder[mid]!, now))) hi = mid;
        else lo = mid + 1;
      }
      return lo;
    };
    return direction === 'asc'
      ? [firstPast((p) => p >= minPrice), firstPast((p) => p > maxPrice)]
      : [firstPast((p) => p <= maxPrice), firstPast((p) => p < minPrice)];
  }

  /**
   * A keyword search: listed products holding every word (as typed, as the start of a longer word,
   * or for a word found nowhere, by spelling), filtered, best first or in the order asked for. A
   * word of symbols only ('%') has no letters to index and is looked for in the product's text.
   */
  search(
    words: readonly string[],
    filters: ProductFilters,
    order: ProductOrder,
    page: { limit: number; offset: number },
    now: Date,
  ) {
    const split = words.map(searchTerms);
    const terms = [...new Set(split.flat())];
    const symbols = words.filter((_, i) => split[i]!.length === 0);
    const wanted = (e: Entry) => this.matches(e, filters, now);
    const candidates = this.matching(terms, symbols);
    // Best first already: one pass counts every match and keeps the page's.
    if (order.by === 'relevance') return pageOf(candidates, 0, candidates.length, wanted, page);
    const sorted = sortedBy(candidates.filter(wanted), order.by, order.direction, (e) => this.priceAt(e, now));
    return { rows: sorted.slice(page.offset, page.offset + page.limit).map((e) => e.row), total: sorted.length };
  }

  /**
   * Listed products holding the words, best first. A word of symbols only has no letters to
   * index, so it is looked for in each product's text, once per keyword until a text or a rating
   * changes (a keyword of symbols alone is ranked by rating).
   */
  private matching(terms: readonly string[], symbols: readonly string[]): Entry[] {
    if (symbols.length === 0) return this.ranked(terms, false);
    const key = `s\u0000${terms.join('\u0000')}\u0000\u0000${symbols.join('\u0000')}`;
    const known = this.rankings.get(key);
    if (known) return known;
    const found = (terms.length ? this.ranked(terms, false) : this.sorted!.rating.desc).filter((e) => {
      const text = buildSearchColumns(e.row).searchText;
      return symbols.every((symbol) => text.includes(symbol));
    });
    this.rankings.set(key, found);
    return found;
  }

  /** The admin's picker: listed products whose name holds every word, best first, then by name. */
  searchNames(keyword: string, limit: number) {
    return this.ranked([...new Set(searchTerms(keyword))], true)
      .slice(0, limit)
      .map((e) => e.row);
  }

  /**
   * Listed products holding the words, best first; equally relevant ones the better rated first
   * (by name for the picker), then by id, as SQL broke ties.
   */
  private ranked(terms: readonly string[], names: boolean): Entry[] {
    const key = `${names ? 'n' : 'a'}\u0000${terms.join('\u0000')}`;
    const known = this.rankings.get(key);
    if (known) return known;
    const hits: { e: Entry; score: number }[] = [];
    for (const [id, score] of this.keywords.scores(terms, names)) {
      const e = this.entries.get(id);
      if (e) hits.push({ e, score });
    }
    hits.sort(
      names
        ? (a, b) =>
            b.score - a.score || (a.e.row.name < b.e.row.name ? -1 : a.e.row.name > b.e.row.name ? 1 : byId(a.e, b.e))
        : (a, b) => b.score - a.score || b.e.row.rating - a.e.row.rating || byId(a.e, b.e),
    );
    const ranked = hits.map((h) => h.e);
    this.rankings.set(key, ranked);
    return ranked;
  }

  /** A listed product's page data (variants, listed related products, reviews), as `findProduct` gives it. */
  get(id: string) {
    const e = this.entries.get(id);
    if (!e) return undefined;
    const related = e.relatedIds.flatMap((rid) => {
      const r = this.entries.get(rid);
      return r && isListed(r.row) ? [r.row] : [];
    });
    return { row: e.row, variants: e.variants, related, reviews: e.reviews };
  }

  /** Listed products in an order of the caller's, the first `limit`: the home page's rows. */
  top(limit: number, reach?: Reach) {
    return firstRows(this.sorted!.rating.desc, limit, (e) => !reach || canReach(e.row, reach));
  }

  featured(limit: number, reach?: Reach) {
    return firstRows(this.newest, limit, (e) => e.row.isFeatured && (!reach || canReach(e.row, reach)));
  }

  newestListed(limit: number, reach?: Reach) {
    return firstRows(this.newest, limit, (e) => !reach || canReach(e.row, reach));
  }
}
