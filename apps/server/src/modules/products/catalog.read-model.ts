import { effectivePrice, SAMPLE_PRODUCT_NAME } from '@store/domain';
import type { Db } from '../../db/client.js';
import * as repo from './catalog.repository.js';
import type { ProductFilters, ProductOrder } from './products.repository.js';

type Entry = repo.CatalogProduct;

/** Shoppers never see drafts, unavailable products or the spec's placeholder product. */
const isListed = (p: Entry['row']) => p.available && p.name !== SAMPLE_PRODUCT_NAME;

const byId = (a: Entry, b: Entry) => (a.row.id < b.row.id ? -1 : a.row.id > b.row.id ? 1 : 0);
const desc =
  <T>(get: (e: Entry) => T) =>
  (a: Entry, b: Entry) => {
    const x = get(a);
    const y = get(b);
    return x < y ? 1 : x > y ? -1 : 0;
  };
const then =
  (...comparators: ((a: Entry, b: Entry) => number)[]) =>
  (a: Entry, b: Entry) => {
    for (const c of comparators) {
      const r = c(a, b);
      if (r !== 0) return r;
    }
    return 0;
  };

const overlaps = (have: readonly string[], wanted: readonly string[]) => wanted.some((w) => have.includes(w));

/**
 * Every product with what listings, filters, sorting and the product page need, in this process's
 * memory (ADR 024). Loaded at boot and kept current row by row from the `catalog_row_changed`
 * notices the database sends when a product, a variant, a relation or a review changes; while
 * those notices cannot be received it is not `live`, and callers ask the database instead.
 * Keyword searches still go to the database (their ranking is SQL's).
 */
export class CatalogReadModel {
  private entries = new Map<string, Entry>();
  /** Listed products, newest first: the default order, kept so a plain listing sorts nothing. */
  private newest: Entry[] = [];
  private pending = new Set<string>();
  private reloadAll = false;
  private flushing: Promise<void> | undefined;
  live = false;

  constructor(private readonly db: Db) {}

  get size(): number {
    return this.entries.size;
  }

  async load(): Promise<void> {
    const all = await repo.loadCatalog(this.db);
    this.entries = new Map(all.map((e) => [e.row.id, e]));
    this.reindex();
  }

  /** A notice: '*' reloads everything, anything else is a product id to read again. */
  changed(payload: string): Promise<void> {
    if (payload === '*') this.reloadAll = true;
    else this.pending.add(payload);
    this.flushing ??= Promise.resolve().then(() => this.flush());
    return this.flushing;
  }

  /** Applies every change noticed so far; resolves once the model reflects them. */
  private async flush(): Promise<void> {
    try {
      while (this.reloadAll || this.pending.size > 0) {
        if (this.reloadAll) {
          this.reloadAll = false;
          this.pending.clear();
          await this.load();
          continue;
        }
        const ids = [...this.pending].slice(0, 500);
        for (const id of ids) this.pending.delete(id);
        const fresh = await repo.loadProducts(this.db, ids);
        for (const id of ids) this.entries.delete(id);
        for (const entry of fresh) this.entries.set(entry.row.id, entry);
        this.reindex();
      }
    } finally {
      this.flushing = undefined;
    }
  }

  /** Waits until every notice received so far is applied (tests, and a reconnect's reload). */
  async settled(): Promise<void> {
    while (this.flushing) await this.flushing;
  }

  private reindex(): void {
    this.newest = [...this.entries.values()]
      .filter((e) => isListed(e.row))
      .sort(
        then(
          desc((e) => e.row.createdAt.getTime()),
          byId,
        ),
      );
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
      const price = effectivePrice(p, now);
      if (f.minPrice !== undefined && price < f.minPrice) return false;
      if (f.maxPrice !== undefined && price > f.maxPrice) return false;
    }
    if (f.sameDayDelivery && !p.sameDayDelivery) return false;
    return true;
  }

  /**
   * Sorts by a key computed once per product (an effective price or a lowered name is not cheap
   * enough to compute at every comparison of a 10,000-product sort), the id breaking ties.
   */
  private sortBy<K extends number | string>(
    found: Entry[],
    key: (e: Entry) => K,
    direction: 'asc' | 'desc',
    second?: (e: Entry) => number,
  ): Entry[] {
    const sign = direction === 'asc' ? 1 : -1;
    const keyed = found.map((e) => ({ e, k: key(e), t: second ? second(e) : 0 }));
    keyed.sort((a, b) => {
      if (a.k !== b.k) return a.k < b.k ? -sign : sign;
      // Ratings tie-break on review count, most reviewed first whatever the direction.
      if (a.t !== b.t) return b.t - a.t;
      return byId(a.e, b.e);
    });
    return keyed.map((x) => x.e);
  }

  /** The same answer as `listProducts` for a listing without keywords. */
  list(filters: ProductFilters, order: ProductOrder, page: { limit: number; offset: number }, now: Date) {
    let found = this.newest.filter((e) => this.matches(e, filters, now));
    switch (order.by) {
      case 'relevance':
        break;
      case 'createdAt':
        if (order.direction === 'asc') found = this.sortBy(found, (e) => e.row.createdAt.getTime(), 'asc');
        break;
      case 'price':
        found = this.sortBy(found, (e) => effectivePrice(e.row, now), order.direction);
        break;
      case 'rating':
        found = this.sortBy(
          found,
          (e) => e.row.rating,
          order.direction,
          (e) => e.row.numReviews,
        );
        break;
      case 'name':
        found = this.sortBy(found, (e) => e.row.name.toLowerCase(), order.direction);
        break;
    }
    return {
      rows: found.slice(page.offset, page.offset + page.limit).map((e) => e.row),
      total: found.length,
    };
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
  top(limit: number) {
    return [...this.newest]
      .sort(
        then(
          desc((e) => e.row.rating),
          desc((e) => e.row.numReviews),
          byId,
        ),
      )
      .slice(0, limit)
      .map((e) => e.row);
  }

  featured(limit: number) {
    return this.newest
      .filter((e) => e.row.isFeatured)
      .slice(0, limit)
      .map((e) => e.row);
  }

  newestListed(limit: number) {
    return this.newest.slice(0, limit).map((e) => e.row);
  }
}
