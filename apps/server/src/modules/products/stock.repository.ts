import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { listed } from './products.repository.js';
import { productVariants, products } from './products.table.js';

export function findProductsByIds(db: Db | Tx, ids: readonly string[]) {
  return db
    .select()
    .from(products)
    .where(inArray(products.id, [...ids]));
}

export function findVariantsOfProducts(db: Db | Tx, productIds: readonly string[]) {
  return db
    .select()
    .from(productVariants)
    .where(inArray(productVariants.productId, [...productIds]));
}

/** Takes qty from the variant if it has that many; returns it when taken. */
export function takeVariantStock(db: Db | Tx, variantId: string, qty: number) {
  return db
    .update(productVariants)
    .set({ countInStock: sql`${productVariants.countInStock} - ${qty}` })
    .where(and(eq(productVariants.id, variantId), sql`${productVariants.countInStock} >= ${qty}`))
    .returning({ id: productVariants.id });
}

/** Takes qty from the product if it is available and has that many; returns it when taken. */
export function takeProductStock(db: Db | Tx, productId: string, qty: number) {
  return db
    .update(products)
    .set({ countInStock: sql`${products.countInStock} - ${qty}` })
    .where(and(eq(products.id, productId), eq(products.available, true), sql`${products.countInStock} >= ${qty}`))
    .returning({ id: products.id });
}

export async function returnVariantStock(db: Db | Tx, variantId: string, qty: number): Promise<void> {
  await db
    .update(productVariants)
    .set({ countInStock: sql`${productVariants.countInStock} + ${qty}` })
    .where(eq(productVariants.id, variantId));
}

export async function returnProductStock(db: Db | Tx, productId: string, qty: number): Promise<void> {
  await db
    .update(products)
    .set({ countInStock: sql`${products.countInStock} + ${qty}` })
    .where(eq(products.id, productId));
}

export function variantStockLeft(db: Db | Tx, variantId: string) {
  return db.select({ n: productVariants.countInStock }).from(productVariants).where(eq(productVariants.id, variantId));
}

export function productStockLeft(db: Db | Tx, productId: string) {
  return db.select({ n: products.countInStock }).from(products).where(eq(products.id, productId));
}

/**
 * What is on sale with fewer than `threshold` left, lowest first, and how many there are in all:
 * a product sold in sizes by each size (its own count is not what orders take from), any other
 * product by itself.
 */
export function lowStockRows(db: Db, threshold: number, limit: number) {
  const left = sql<number>`coalesce(${productVariants.countInStock}, ${products.countInStock})`.mapWith(Number);
  return db
    .select({
      productId: products.id,
      variantId: productVariants.id,
      name: products.name,
      variantName: productVariants.name,
      countInStock: left,
      total: sql<number>`count(*) OVER ()`.mapWith(Number),
    })
    .from(products)
    .leftJoin(productVariants, eq(productVariants.productId, products.id))
    .where(and(listed, lt(left, threshold)))
    .orderBy(left, asc(products.name), asc(productVariants.position))
    .limit(limit);
}
