import type { ProductSummaryRow } from './products.mapper.js';
import type { ProductFilters, ProductOrder } from './products.repository.js';

type Answer<T> = T | Promise<T>;

/**
 * What answers shoppers' keyword searches (ADR 026). The catalogue read model answers them from
 * its in-memory index; a catalogue that outgrows memory (beyond about 200,000 products) gets
 * another implementation over a search engine (Meilisearch, Typesense or OpenSearch), fed from the
 * same row notices, and nothing that calls it changes. While it is not `live` the database answers.
 */
export interface ProductSearch {
  readonly live: boolean;
  /** Listed products holding every word, filtered, best first (or in `order`), one page and the total. */
  search(
    words: readonly string[],
    filters: ProductFilters,
    order: ProductOrder,
    page: { limit: number; offset: number },
    now: Date,
  ): Answer<{ rows: ProductSummaryRow[]; total: number }>;
  /** Listed products whose name holds every word, best first: the admin's picker. */
  searchNames(keyword: string, limit: number): Answer<ProductSummaryRow[]>;
}
