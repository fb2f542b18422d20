import { rupeesToPaise, type Reach } from '@store/domain';
import {
  STOREFRONT_PAGE_SIZE,
  type ProductDetail,
  type ProductListQuery,
  type ProductListResponse,
  type ProductSummary,
} from '@store/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { keepUntilChanged, rememberCount } from '../../plugins/catalog-cache.js';
import { notFound } from '../../lib/app-error.js';
import { toProductDetail, toProductSummary } from './products.mapper.js';
import * as repo from './products.repository.js';

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

/**
 * The catalogue as shoppers read it: one SQL path on either database for listings, filters,
 * sorting, keyword search and product pages (ADR 087), with the answer cache in front (ADR 053).
 */
export class ProductsService {
  /**
   * `remember` keeps a listing's total across its pages and orders (the answer cache, ADR 087): a
   * count reads every matching row, and shoppers paging through a listing ask the same one again.
   */
  constructor(
    private readonly db: Db,
    private readonly remember: (key: unknown, count: () => Promise<number>) => Promise<number> = (_, count) => count(),
    /**
     * Keeps the default listing's anchors (ADR 090) and each keyword word's look-up in the
     * vocabulary until the catalogue changes, or answers undefined when it cannot: deep pages then
     * step over every product before them, and searches look their words up each time.
     */
    private readonly keep: repo.Keep = () => undefined,
  ) {}

  /** How the products a shopper is about to have delivered travel; unknown ids restrict nothing. */
  deliveryTraits(ids: readonly string[]) {
    return repo.deliveryTraits(this.db, ids);
  }

  /** The ids among these that name a product now, listed or not. */
  async existing(ids: readonly string[]): Promise<Set<string>> {
    return new Set(await repo.existingIds(this.db, ids));
  }

  /** Cards of these products in the order asked, listed or not; ids that name no product are left out. */
  async summaries(ids: readonly string[], now = new Date()): Promise<ProductSummary[]> {
    const found = await repo.summariesByIds(this.db, ids);
    const byId = new Map(found.map((r) => [r.id, r]));
    return ids.flatMap((id) => byId.get(id) ?? []).map((r) => toProductSummary(r, now));
  }

  /** `reach`: only products that can reach an area with these makers (ADR 077). */
  async list(query: ProductListQuery, now = new Date(), reach?: Reach): Promise<ProductListResponse> {
    const page = query.pageNumber ?? 1;
    const limit = query.pageLimit ?? STOREFRONT_PAGE_SIZE;
    const words = keywordWords(query.keyword);
    const filters: repo.ProductFilters = {
      words: words.length ? await repo.keywordQuery(this.db, words, '', this.keep) : repo.NO_KEYWORD,
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
    const { rows, total } = filters.words.nothing
      ? { rows: [], total: 0 }
      : await repo.listProducts(this.db, filters, order, window, now, (count) => this.remember(filters, count), {
          every: repo.ANCHOR_EVERY,
          of: () => this.keep('anchors', () => repo.newestFirstAnchors(this.db)) ?? Promise.resolve([]),
        });
    return {
      products: rows.map((r) => toProductSummary(r, now)),
      page,
      pages: Math.ceil(total / limit),
      total,
    };
  }

  async get(id: string, now = new Date()): Promise<ProductDetail> {
    const found = await repo.findProduct(this.db, id);
    if (!found) throw notFound('Product not found');
    return toProductDetail(found.row, found.variants, found.related, found.reviews, now);
  }

  async top(reach?: Reach, now = new Date()): Promise<ProductSummary[]> {
    const rows = await repo.topRated(this.db, TOP_PRODUCTS_LIMIT, reach);
    return rows.map((r) => toProductSummary(r, now));
  }

  async featured(reach?: Reach, now = new Date()): Promise<ProductSummary[]> {
    const rows = await repo.featured(this.db, FEATURED_PRODUCTS_LIMIT, reach);
    return rows.map((r) => toProductSummary(r, now));
  }

  async carousel(reach?: Reach, now = new Date()): Promise<ProductSummary[]> {
    const rows = await repo.newestListed(this.db, CAROUSEL_PRODUCTS_LIMIT, reach);
    return rows.map((r) => toProductSummary(r, now));
  }

  /** Ids and last changes of up to `limit` shoppable products, for search engines. */
  sitemapEntries(limit: number): Promise<{ id: string; updatedAt: Date }[]> {
    return repo.listedForSitemap(this.db, limit);
  }

  async searchByName(keyword: string, now = new Date()): Promise<ProductSummary[]> {
    if (!keyword) return [];
    const rows = await repo.searchByName(this.db, keyword, NAME_SEARCH_LIMIT);
    return rows.map((r) => toProductSummary(r, now));
  }
}

/**
 * The catalogue's reads as the API and the server-rendered pages make them: listing totals and the
 * default listing's anchors kept in the app's answer cache (ADR 090, 091).
 */
export function cachedProducts(app: FastifyInstance): ProductsService {
  return new ProductsService(app.database.db, rememberCount(app), keepUntilChanged(app));
}
