import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from './client.js';
import { products } from '../modules/products/products.table.js';
import { buildSearchColumns } from '../modules/products/products.search-text.js';

const BATCH = 500;

/**
 * Writes the search vector of every product that has none: those a store had before migration
 * 0033 added the column (ADR 087). The vector's words are cut by the application, as a keyword's
 * are, so no SQL migration can fill it. Each product is read once, in id order; a store whose
 * products all have one finds none in a partial index that is empty (products_search_vector_missing).
 */
export async function fillSearchVectors(db: Db): Promise<number> {
  let filled = 0;
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const rows = await db
      .select({
        id: products.id,
        name: products.name,
        category: products.category,
        subCategory: products.subCategory,
        tags: products.tags,
        occasion: products.occasion,
        recipient: products.recipient,
        description: products.description,
      })
      .from(products)
      .where(and(eq(products.searchVector, sql`''::tsvector`), gt(products.id, after)))
      .orderBy(asc(products.id))
      .limit(BATCH);
    if (rows.length === 0) return filled;
    await db.transaction(async (tx) => {
      for (const row of rows) {
        await tx.update(products).set(buildSearchColumns(row)).where(eq(products.id, row.id));
      }
    });
    filled += rows.length;
    after = rows[rows.length - 1]!.id;
  }
}
