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

async function assemble(db: Db, ids?: readonly string[]): Promise<CatalogProduct[]> {
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
  return [...byProduct.values()];
}

/** The whole catalogue, for the read model's boot (four queries, whatever its size). */
export function loadCatalog(db: Db): Promise<CatalogProduct[]> {
  return assemble(db);
}

/** Some products afresh; an id with no row left is simply absent (deleted). */
export function loadProducts(db: Db, ids: readonly string[]): Promise<CatalogProduct[]> {
  return ids.length ? assemble(db, ids) : Promise.resolve([]);
}

/** A notice on the read model's channel, delivered after everything committed before it. */
export async function announce(db: Db, payload: string): Promise<void> {
  await db.execute(sql`SELECT pg_notify('catalog_row_changed', ${payload})`);
}
