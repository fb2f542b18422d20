import { rupeesToPaise, type Reach } from '@store/domain';
import {
  STOREFRONT_PAGE_SIZE,
  type ProductDetail,
  type ProductListQuery,
  type ProductListResponse,
  type ProductSummary,
} from '@store/contracts';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/app-error.js';
import { toProductDetail, toProductSummary } from './products.mapper.js';
import * as repo from './products.repository.js';
import type { CatalogReadModel } from './catalog.read-model.js';
import type { ProductSearch } from './product-search.js';

const MAX_KEYWORD_WORDS = 8;
export const TOP_PRODUCTS_LIMIT = 10;
export const FEATURED_PRODUCTS_LIMIT = 12;
export const CAROUSEL_PRODUCTS_LIMIT = 24;
export const NAME_SEARCH_LIMIT = 10;

export function keywordWords(keyword: string | undefined): string[] {
  if (!keyword) return [];
  return keyword.toLowerCase().split(/\s+/).filter(Boolean).slice(0, MAX_KEYWORD_WORDS);
}

/** Rating and newest read best high-to-low; names and prices low-to-high. */
function defaultDirection(sortBy: 'price' | 'rating' | 'name' | 'createdAt'): 'asc' | 'desc' {
  return sortBy === 'rating' || sortBy === 'createdAt' ? 'desc' : 'asc';
}

export class ProductsService {
  /**
   * With a read model, listings and product pages come from memory while it is live, and keyword
   * searches from `search` (the read model's own index unless another is given) while that is live.
   */
  constructor(
    private readonly db: Db,
    private readonly readModel: CatalogReadModel | null = null,
    private readonly keywordSearch: ProductSearch | null = readModel,
  ) {}

  private get memory(): CatalogReadModel | null {
    return this.readModel?.live ? this.readModel : null;
  }

  private get search(): ProductSearch | null {
    return this.keywordSearch?.live ? this.keywordSearch : null;
  }

  /** Whether this listing is answered without the database (so its answer skips the schema check). */
  answersFromMemory(keyword?: string): boolean {
    return keywordWords(keyword).length === 0 ? this.memory !== null : this.search !== null;
  }

  /** How the products a shopper is about to have delivered travel; unknown ids restrict nothing. */
  deliveryTraits(ids: readonly string[]) {
    return repo.deliveryTraits(this.db, ids);
  }

  /**
   * The ids among these that name a product now, listed or not. Asked of the database, not the
   * read model, which learns of a new or deleted product only after its commit.
   */
  async existing(ids: readonly string[]): Promise<Set<string>> {
    return new Set(await repo.existingIds(this.db, ids));
  }

  /** Cards of these products in the order asked, listed or not; ids that name no product are left out. */
  async summaries(ids: readonly string[], now = new Date()): Promise<ProductSummary[]> {
    const memory = this.memory;
    const rows = memory
      ? ids.flatMap((id) => memory.get(id)?.row ?? [])
      : await repo.summariesByIds(this.db, ids).then((found) => {
          const byId = new Map(found.map((r) => [r.id, r]));
          return ids.flatMap((id) => byId.get(id) ?? []);
        });
    return rows.map((r) => toProductSummary(r, now));
  }

  /** `reach`: only products that can reach an area with these makers (ADR 077). */
  async list(query: ProductListQuery, now = new Date(), reach?: Reach): Promise<ProductListResponse> {
    const page = query.pageNumber ?? 1;
    const limit = query.pageLimit ?? STOREFRONT_PAGE_SIZE;
    const words = keywordWords(query.keyword);
    const memory = words.length === 0 ? this.memory : null;
    const search = words.length > 0 ? this.search : null;
    const filters: repo.ProductFilters = {
      words: memory || search ? { exact: [], fuzzy: [] } : await repo.classifyKeywordWords(this.db, words),
      category: query.category,
      subcategories: query.subcategory,
      colors: query.color,
      variants: query.variant,
      recipients: query.recipient,
      occasions: query.occasion,
      minRating: query.minRating,
      maxRating: query.maxRating,
      minPrice: query.minPrice === undefined ? undefined : rupeesToPaise(query.minPrice),
      maxPrice: query.maxPrice === undefined ? undefined : rupeesToPaise(query.maxPrice),
      sameDayDelivery: query.sameDayDelivery,
      reach,
    };
    const order: repo.ProductOrder = query.sortBy
      ? { by: query.sortBy, direction: query.order ?? defaultDirection(query.sortBy) }
      : { by: 'relevance' };
    const window = { limit, offset: (page - 1) * limit };
    const { rows, total } = memory
      ? memory.list(filters, order, window, now)
      : search
        ? await search.search(words, filters, order, window, now)
        : await repo.listProducts(this.db, filters, order, window, now);
    return {
      products: rows.map((r) => toProductSummary(r, now)),
      page,
      pages: Math.ceil(total / limit),
      total,
    };
  }

  async get(id: string, now = new Date()): Promise<ProductDetail> {
    const found = this.memory ? this.memory.get(id) : await repo.findProduct(this.db, id);
    if (!found) throw notFound('Product not found');
    return toProductDetail(found.row, found.variants, found.related, found.reviews, now);
  }

  async top(reach?: Reach, now = new Date()): Promise<ProductSummary[]> {
    const rows = this.memory
      ? this.memory.top(TOP_PRODUCTS_LIMIT, reach)
      : await repo.topRated(this.db, TOP_PRODUCTS_LIMIT, reach);
    return rows.map((r) => toProductSummary(r, now));
  }

  async featured(reach?: Reach, now = new Date()): Promise<ProductSummary[]> {
    const rows = this.memory
      ? this.memory.featured(FEATURED_PRODUCTS_LIMIT, reach)
      : await repo.featured(this.db, FEATURED_PRODUCTS_LIMIT, reach);
    return rows.map((r) => toProductSummary(r, now));
  }

  async carousel(reach?: Reach, now = new Date()): Promise<ProductSummary[]> {
    const rows = this.memory
      ? this.memory.newestListed(CAROUSEL_PRODUCTS_LIMIT, reach)
      : await repo.newestListed(this.db, CAROUSEL_PRODUCTS_LIMIT, reach);
    return rows.map((r) => toProductSummary(r, now));
  }

  /** Ids and last changes of up to `limit` shoppable products, for search engines. */
  sitemapEntries(limit: number): Promise<{ id: string; updatedAt: Date }[]> {
    return repo.listedForSitemap(this.db, limit);
  }

  async searchByName(keyword: string, now = new Date()): Promise<ProductSummary[]> {
    if (!keyword) return [];
    const rows = this.search
      ? await this.search.searchNames(keyword, NAME_SEARCH_LIMIT)
      : await repo.searchByName(this.db, keyword, NAME_SEARCH_LIMIT);
    return rows.map((r) => toProductSummary(r, now));
  }
}
