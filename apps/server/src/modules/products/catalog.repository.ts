import { asc, desc, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import type { ProductPageRow } from './products.mapper.js';
import { productRelations, products, productVariants, reviews } from './products.table.js';

/**
 * The columns the read model keeps: all but the search columns, which serve the database's own
 * trigram search (ADR 005) and would hold every description twice more in each worker's memory.
 */
const { searchText: _searchText, searchKeys: _searchKeys, ...catalogColumns } = getTableColumns(products);

/** What the read model keeps of a product: the row, its variants, related ids in order, its reviews. */
export interface CatalogProduct {
  row: ProductPageRow;
  variants: (typeof productVariants.$inferSelect)[];
  relatedIds: string[];
  reviews: (typeof reviews.$inferSelect)[];
}

/**
 * One copy of each word of the store's vocabulary (categories, colours, tags, occasions...), shared
 * by every product that uses it. The driver makes a new string for every value of every row: at
 * 10,000 products, 200,000 copies of a few hundred words, about 5.5 MB of each worker's heap (a
 * third of what its rows take).
 */
export class Vocabulary {
  private readonly words = new Map<string, string>();

  private word(text: string): string {
    const known = this.words.get(text);
    if (known !== undefined) return known;
    this.words.set(text, text);
    return text;
  }

  private list(texts: string[]): void {
    for (let i = 0; i < texts.length; i++) texts[i] = this.word(texts[i]!);
  }

  share(product: CatalogProduct): void {
    const row = product.row;
    row.category = this.word(row.category);
    row.brand = this.word(row.brand);
    row.arrangementStyle = this.word(row.arrangementStyle);
    row.closure = this.word(row.closure);
    row.fragrance = this.word(row.fragrance);
    row.careInstructions = this.word(row.careInstructions);
    row.hsnCode = this.word(row.hsnCode);
    this.list(row.subCategory);
    this.list(row.vendor);
    this.list(row.tags);
    this.list(row.color);
    this.list(row.occasion);
    this.list(row.recipient);
    this.list(row.material);
    for (const v of product.variants) v.name = this.word(v.name);
  }
}

async function assemble(db: Db, vocabulary: Vocabulary, ids?: readonly string[]): Promise<CatalogProduct[]> {
  const only = (column: AnyPgColumn) => (ids ? inArray(column, [...ids]) : undefined);
  const [rows, variants, relations, productReviews] = await Promise.all([
    db.select(catalogColumns).from(products).where(only(products.id)),
    db.select().from(productVariants).where(only(productVariants.productId)).orderBy(asc(productVariants.position)),
    db.select().from(productRelations).where(only(productRelations.productId)).orderBy(asc(productRelations.position)),
    db.select().from(reviews).where(only(reviews.productId)).orderBy(desc(reviews.createdAt), asc(reviews.id)),
  ]);
  const byProduct = new Map<string, CatalogProduct>(
    rows.map((row) => [row.id, { row, variants: [], relatedIds: [], reviews: [] }]),
  );
  for (const v of variants) byProduct.get(v.productId)?.variants.push(v);
  for (const r of relations) byProduct.get(r.productId)?.relatedIds.push(r.relatedId);
  for (const r of productReviews) byProduct.get(r.productId)?.reviews.push(r);
  const all = [...byProduct.values()];
  for (const product of all) vocabulary.share(product);
  return all;
}

/** The whole catalogue, for the read model's boot (four queries, whatever its size). */
export function loadCatalog(db: Db, vocabulary: Vocabulary): Promise<CatalogProduct[]> {
  return assemble(db, vocabulary);
}

/** Some products afresh; an id with no row left is simply absent (deleted). */
export function loadProducts(db: Db, ids: readonly string[], vocabulary: Vocabulary): Promise<CatalogProduct[]> {
  return ids.length ? assemble(db, vocabulary, ids) : Promise.resolve([]);
}

/** A notice on the read model's channel, delivered after everything committed before it. */
export async function announce(db: Db, payload: string): Promise<void> {
  await db.execute(sql`SELECT pg_notify('catalog_row_changed', ${payload})`);
}
