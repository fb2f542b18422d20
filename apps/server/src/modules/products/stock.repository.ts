import { and, asc, count, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { MAX_STOCK } from '@store/domain';
import type { Db, Tx } from '../../db/client.js';
import { listed } from './products.repository.js';
import { productVariants, products, stockAdjustments } from './products.table.js';

export type StockAdjustmentRow = typeof stockAdjustments.$inferSelect;
export type NewStockAdjustment = Omit<typeof stockAdjustments.$inferInsert, 'id' | 'at'>;

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

/** The figure after adding `change` stays from 0 to MAX_STOCK: checked on the row as it is when locked. */
const withinBounds = (column: typeof products.countInStock | typeof productVariants.countInStock, change: number) =>
  sql`${column} + ${change} BETWEEN 0 AND ${MAX_STOCK}`;

/**
 * Adds `change` (below 0: takes away) to the product's stock, relative to the figure as it is when
 * its row is locked, unless that leaves it out of bounds; the stock after and the product's name,
 * or nothing when it was not changed (gone, or out of bounds).
 */
export function adjustProductStock(tx: Tx, productId: string, change: number) {
  return tx
    .update(products)
    .set({ countInStock: sql`${products.countInStock} + ${change}` })
    .where(and(eq(products.id, productId), withinBounds(products.countInStock, change)))
    .returning({ after: products.countInStock, name: products.name });
}

/** The same for one of the product's sizes; the stock after and the size's name. */
export function adjustVariantStock(tx: Tx, productId: string, variantId: string, change: number) {
  return tx
    .update(productVariants)
    .set({ countInStock: sql`${productVariants.countInStock} + ${change}` })
    .where(
      and(
        eq(productVariants.id, variantId),
        eq(productVariants.productId, productId),
        withinBounds(productVariants.countInStock, change),
      ),
    )
    .returning({ after: productVariants.countInStock, name: productVariants.name });
}

/** The product's name and stock and each of its sizes', as they are now. */
export async function stockOf(db: Db | Tx, productId: string) {
  const [[product], variants] = await Promise.all([
    db
      .select({ name: products.name, countInStock: products.countInStock })
      .from(products)
      .where(eq(products.id, productId)),
    db
      .select({ id: productVariants.id, name: productVariants.name, countInStock: productVariants.countInStock })
      .from(productVariants)
      .where(eq(productVariants.productId, productId))
      .orderBy(asc(productVariants.position)),
  ]);
  return product && { ...product, variants };
}

export async function insertStockAdjustments(
  tx: Tx,
  rows: readonly NewStockAdjustment[],
): Promise<StockAdjustmentRow[]> {
  return rows.length
    ? tx
        .insert(stockAdjustments)
        .values([...rows])
        .returning()
    : [];
}

/** One page of the product's ledger, newest first (rows of one transaction: last written first). */
export function stockLedgerPage(db: Db, productId: string, page: { limit: number; offset: number }) {
  return db
    .select()
    .from(stockAdjustments)
    .where(eq(stockAdjustments.productId, productId))
    .orderBy(desc(stockAdjustments.at), desc(stockAdjustments.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countStockLedger(db: Db, productId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(stockAdjustments).where(eq(stockAdjustments.productId, productId));
  return row?.n ?? 0;
}
