import { and, asc, desc, eq, getTableColumns, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { LOCAL_MAKE_RULES, LOCAL_MAKES, SAMPLE_PRODUCT_NAME, type Reach } from '@store/domain';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.js';
import type { ProductSummaryRow } from './products.mapper.js';
import { productRelations, products, productVariants, reviews } from './products.table.js';

export interface ProductFilters {
  words: KeywordWords;
  category?: string | undefined;
  subcategories: string[];
  colors: string[];
  variants: string[];
  recipients: string[];
  occasions: string[];
  minRating?: number | undefined;
  maxRating?: number | undefined;
  /** Paise. */
  minPrice?: number | undefined;
  /** Paise. */
  maxPrice?: number | undefined;
  sameDayDelivery?: boolean | undefined;
  /** Only products that can reach an area with these makers (ADR 077); missing: all. */
  reach?: Reach | undefined;
}

export type ProductOrder =
  { by: 'relevance' } | { by: 'price' | 'rating' | 'name' | 'createdAt'; direction: 'asc' | 'desc' };

/** What a product card or an admin list row shows, and nothing of the product page's text. */
export const summaryColumns = {
  id: products.id,
  name: products.name,
  price: products.price,
  discountPrice: products.discountPrice,
  discountStartDate: products.discountStartDate,
  discountEndDate: products.discountEndDate,
  countInStock: products.countInStock,
  available: products.available,
  isFeatured: products.isFeatured,
  isSellingFast: products.isSellingFast,
  isSubscription: products.isSubscription,
  image: products.image,
  optimizedImages: products.optimizedImages,
  category: products.category,
  subCategory: products.subCategory,
  brand: products.brand,
  color: products.color,
  occasion: products.occasion,
  recipient: products.recipient,
  sameDayDelivery: products.sameDayDelivery,
  fulfilment: products.fulfilment,
  expressDelivery: products.expressDelivery,
  rating: products.rating,
  numReviews: products.numReviews,
  hsnCode: products.hsnCode,
  gstRate: products.gstRate,
  createdAt: products.createdAt,
} satisfies Record<keyof ProductSummaryRow, unknown>;

/** Shoppers never see drafts, unavailable products or the spec's placeholder product. */
export const listed = and(eq(products.available, true), ne(products.name, SAMPLE_PRODUCT_NAME))!;

function textArray(values: readonly string[]): SQL {
  return sql`ARRAY[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;
}

/**
 * Products that can reach an area with these makers: mirrors canReach() in @store/domain, from
 * the same rules. Packed goods go anywhere; a local product needs an area making all it needs.
 */
export function reachSql(area: Reach): SQL {
  const courier = sql`${products.fulfilment} = 'courier'`;
  if (area.makes.length === 0) return courier;
  const missing = LOCAL_MAKES.filter((m) => !area.makes.includes(m));
  const needs = missing.map((make) => {
    const rule = LOCAL_MAKE_RULES[make];
    return sql`(${products.category} = ANY(${textArray(rule.categories)}) OR ${products.subCategory} && ${textArray(rule.subcategories)})`;
  });
  return needs.length ? sql`(${courier} OR NOT (${sql.join(needs, sql` OR `)}))` : sql`true`;
}

/** LIKE treats % _ and \ specially; a shopper's keyword is always plain text. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The unit price a shopper pays now: mirrors effectivePrice() in @store/domain. */
export function effectivePriceSql(now: Date): SQL<number> {
  return sql<number>`(CASE WHEN ${products.discountPrice} > 0
      AND ${products.discountPrice} < ${products.price}
      AND (${products.discountStartDate} IS NULL OR ${products.discountStartDate} <= ${now})
      AND (${products.discountEndDate} IS NULL OR ${products.discountEndDate} > ${now})
    THEN ${products.discountPrice} ELSE ${products.price} END)`;
}

/**
 * How each keyword word is matched: most words appear somewhere as typed, or as the start of a
 * longer word ('chocolat'), and are found as substrings through the trigram index. Only a word
 * found nowhere is taken for a typo and matched by spelling similarity ('choclate'), which costs
 * far more per row and so is kept for the words that need it.
 */
export interface KeywordWords {
  exact: string[];
  fuzzy: string[];
}

const like = (w: string) => `%${escapeLike(w)}%`;

function keywordCondition({ exact, fuzzy }: KeywordWords): SQL | undefined {
  if (exact.length + fuzzy.length === 0) return undefined;
  return and(
    ...exact.map((w) => sql`${products.searchText} LIKE ${like(w)} ESCAPE '\\'`),
    ...fuzzy.map((w) => sql`${w} <% ${products.searchKeys}`),
  );
}

/**
 * Best match first: a word in the name counts twice a word in the category, subcategories or
 * tags; a name holding the whole phrase wins outright; typo words score by spelling similarity.
 */
function relevance({ exact, fuzzy }: KeywordWords): SQL<number> {
  const name = sql`lower(${products.name})`;
  const terms = [
    ...exact.map(
      (w) =>
        sql`(CASE WHEN ${name} LIKE ${like(w)} ESCAPE '\\' THEN 2 ELSE 0 END + CASE WHEN ${products.searchKeys} LIKE ${like(w)} ESCAPE '\\' THEN 1 ELSE 0 END)`,
    ),
    ...fuzzy.map((w) => sql`(2 * word_similarity(${w}, ${name}) + word_similarity(${w}, ${products.searchKeys}))`),
  ];
  const phrase = like([...exact, ...fuzzy].join(' '));
  return sql<number>`(${sql.join(terms, sql` + `)} + CASE WHEN ${name} LIKE ${phrase} ESCAPE '\\' THEN 3 ELSE 0 END)`;
}

/** Splits keyword words into those found as typed somewhere in the catalogue and the rest. */
export async function classifyKeywordWords(db: Db, words: readonly string[]): Promise<KeywordWords> {
  if (words.length === 0) return { exact: [], fuzzy: [] };
  const found = await Promise.all(
    words.map(async (w) => {
      const [hit] = await db
        .select({ one: sql<number>`1` })
        .from(products)
        .where(and(listed, sql`${products.searchText} LIKE ${like(w)} ESCAPE '\\'`))
        .limit(1);
      return hit !== undefined;
    }),
  );
  return {
    exact: words.filter((_, i) => found[i]),
    fuzzy: words.filter((_, i) => !found[i]),
  };
}

function filterConditions(f: ProductFilters, now: Date): SQL {
  const price = effectivePriceSql(now);
  const conditions: (SQL | undefined)[] = [
    listed,
    keywordCondition(f.words),
    f.category ? eq(products.category, f.category) : undefined,
    f.subcategories.length ? sql`${products.subCategory} && ${textArray(f.subcategories)}` : undefined,
    f.colors.length ? sql`${products.color} && ${textArray(f.colors)}` : undefined,
    f.recipients.length ? sql`${products.recipient} && ${textArray(f.recipients)}` : undefined,
    f.occasions.length ? sql`${products.occasion} && ${textArray(f.occasions)}` : undefined,
    f.variants.length
      ? sql`EXISTS (SELECT 1 FROM ${productVariants} WHERE ${productVariants.productId} = ${products.id}
          AND lower(${productVariants.name}) = ANY(${textArray(f.variants.map((v) => v.toLowerCase()))}))`
      : undefined,
    f.minRating !== undefined ? sql`${products.rating} >= ${f.minRating}` : undefined,
    f.maxRating !== undefined ? sql`${products.rating} <= ${f.maxRating}` : undefined,
    f.minPrice !== undefined ? sql`${price} >= ${f.minPrice}` : undefined,
    f.maxPrice !== undefined ? sql`${price} <= ${f.maxPrice}` : undefined,
    f.sameDayDelivery ? eq(products.sameDayDelivery, true) : undefined,
    f.reach ? reachSql(f.reach) : undefined,
  ];
  return and(...conditions)!;
}

function orderBy(order: ProductOrder, words: KeywordWords, now: Date): SQL[] {
  const dir = (e: SQL | AnyPgColumn, d: 'asc' | 'desc') => (d === 'asc' ? asc(e) : desc(e));
  switch (order.by) {
    case 'relevance':
      return words.exact.length + words.fuzzy.length
        ? [desc(relevance(words)), desc(products.rating), asc(products.id)]
        : [desc(products.createdAt), asc(products.id)];
    case 'price':
      return [dir(effectivePriceSql(now), order.direction), asc(products.id)];
    case 'rating':
      return [dir(products.rating, order.direction), desc(products.numReviews), asc(products.id)];
    case 'name':
      return [dir(sql`lower(${products.name})`, order.direction), asc(products.id)];
    case 'createdAt':
      return [dir(products.createdAt, order.direction), asc(products.id)];
  }
}

export async function listProducts(
  db: Db,
  filters: ProductFilters,
  order: ProductOrder,
  page: { limit: number; offset: number },
  now: Date,
): Promise<{ rows: ProductSummaryRow[]; total: number }> {
  const where = filterConditions(filters, now);
  const [rows, counted] = await Promise.all([
    db
      .select(summaryColumns)
      .from(products)
      .where(where)
      .orderBy(...orderBy(order, filters.words, now))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(products)
      .where(where),
  ]);
  return { rows, total: counted[0]?.total ?? 0 };
}

/** A product with its variants, related products and reviews; admins also see related products shoppers cannot. */
export async function findProduct(db: Db, id: string, { includeUnlisted = false } = {}) {
  const [row] = await db.select(getTableColumns(products)).from(products).where(eq(products.id, id));
  if (!row) return undefined;
  const [variants, related, productReviews] = await Promise.all([
    db.select().from(productVariants).where(eq(productVariants.productId, id)).orderBy(asc(productVariants.position)),
    db
      .select(summaryColumns)
      .from(productRelations)
      .innerJoin(products, eq(products.id, productRelations.relatedId))
      .where(includeUnlisted ? eq(productRelations.productId, id) : and(eq(productRelations.productId, id), listed))
      .orderBy(asc(productRelations.position)),
    db.select().from(reviews).where(eq(reviews.productId, id)).orderBy(desc(reviews.createdAt), asc(reviews.id)),
  ]);
  return { row, variants, related, reviews: productReviews };
}

export function topRated(db: Db, limit: number, reach?: Reach) {
  return db
    .select(summaryColumns)
    .from(products)
    .where(and(listed, reach && reachSql(reach)))
    .orderBy(desc(products.rating), desc(products.numReviews), asc(products.id))
    .limit(limit);
}

export function featured(db: Db, limit: number, reach?: Reach) {
  return db
    .select(summaryColumns)
    .from(products)
    .where(and(listed, eq(products.isFeatured, true), reach && reachSql(reach)))
    .orderBy(desc(products.createdAt), asc(products.id))
    .limit(limit);
}

export function newestListed(db: Db, limit: number, reach?: Reach) {
  return db
    .select(summaryColumns)
    .from(products)
    .where(and(listed, reach && reachSql(reach)))
    .orderBy(desc(products.createdAt), asc(products.id))
    .limit(limit);
}

/** Name look-up for pickers: substring or close spelling, best match first. */
export function searchByName(db: Db, keyword: string, limit: number) {
  const lowered = keyword.toLowerCase();
  return db
    .select(summaryColumns)
    .from(products)
    .where(
      and(
        listed,
        sql`(lower(${products.name}) LIKE ${`%${escapeLike(lowered)}%`} ESCAPE '\\' OR ${lowered} <% lower(${products.name}))`,
      ),
    )
    .orderBy(desc(sql`word_similarity(${lowered}, lower(${products.name}))`), asc(products.name))
    .limit(limit);
}

/** Shoppable products, most recently changed first: what the sitemap lists. */
export function listedForSitemap(db: Db, limit: number) {
  return db
    .select({ id: products.id, updatedAt: products.updatedAt })
    .from(products)
    .where(and(eq(products.available, true), ne(products.name, SAMPLE_PRODUCT_NAME)))
    .orderBy(desc(products.updatedAt))
    .limit(limit);
}

/** The ids among these that name a product, listed or not. */
export async function existingIds(db: Db | Tx, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.id, [...ids]));
  return rows.map((r) => r.id);
}

/** Card data of these products, listed or not, in no order; unknown ids are left out. */
export function summariesByIds(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select(summaryColumns)
    .from(products)
    .where(inArray(products.id, [...ids]));
}

/** How each product travels and whether it can go out the day it is ordered (unknown ids are left out). */
export function deliveryTraits(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: products.id,
      sameDayDelivery: products.sameDayDelivery,
      fulfilment: products.fulfilment,
      category: products.category,
      subCategory: products.subCategory,
    })
    .from(products)
    .where(inArray(products.id, [...ids]));
}

/** Locks the product's row until the transaction ends; undefined when there is no such product. */
export async function lockProduct(db: Db | Tx, id: string): Promise<{ id: string } | undefined> {
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.id, id)).for('update');
  return row;
}
