import { and, asc, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { summaryColumns } from './products.repository.js';
import { productRelations, productVariants, products } from './products.table.js';

export type ProductInsert = typeof products.$inferInsert;
export type ProductChanges = Partial<ProductInsert>;
export type VariantValues = Omit<typeof productVariants.$inferInsert, 'productId'>;
/** What a save changes of a size that exists: everything but its stock (ADR 065). */
export type VariantChanges = Omit<VariantValues, 'countInStock'>;

/** Products whose name holds `name`, any case (the trigram index on lower(name)); all without it. */
const nameHolds = (name: string | undefined) =>
  name ? sql`lower(${products.name}) LIKE ${`%${name.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : undefined;

/**
 * One page of every product (listed or not), newest first, with what its row shows. The page's ids
 * come from the index on (created_at DESC, id) alone, then only their rows are read: a deep page
 * skips index entries, not whole products.
 */
export function listAllProducts(db: Db | Tx, page: { limit: number; offset: number }, name?: string) {
  const order = [desc(products.createdAt), asc(products.id)];
  const ids = db
    .select({ id: products.id })
    .from(products)
    .where(nameHolds(name))
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset);
  return db
    .select({ ...summaryColumns, vendor: products.vendor })
    .from(products)
    .where(inArray(products.id, ids))
    .orderBy(...order);
}

export async function countAllProducts(db: Db | Tx, name?: string): Promise<number> {
  const [counted] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(products)
    .where(nameHolds(name));
  return counted?.n ?? 0;
}

export async function insertProduct(db: Db | Tx, values: ProductInsert): Promise<{ id: string }> {
  const [row] = await db.insert(products).values(values).returning({ id: products.id });
  return row!;
}

/** Which of these product ids exist. */
export function findProductIds(db: Db | Tx, ids: readonly string[]) {
  return db
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.id, [...ids]));
}

export async function updateProduct(db: Db | Tx, id: string, changes: ProductChanges): Promise<void> {
  await db.update(products).set(changes).where(eq(products.id, id));
}

/**
 * Moves the product on from `version` to the next, locking its row, in one statement; false when
 * it is not at that version (or gone). Of two saves of one version, the second waits on the
 * first's lock, then finds the version moved on.
 */
export async function claimVersion(tx: Tx, id: string, version: number): Promise<boolean> {
  const rows = await tx
    .update(products)
    .set({ version: sql`${products.version} + 1` })
    .where(and(eq(products.id, id), eq(products.version, version)))
    .returning({ id: products.id });
  return rows.length > 0;
}

/** Deletes the product's variants except those kept. */
export async function deleteVariantsExcept(db: Db | Tx, productId: string, keep: readonly string[]): Promise<void> {
  await db
    .delete(productVariants)
    .where(
      keep.length
        ? and(eq(productVariants.productId, productId), notInArray(productVariants.id, [...keep]))
        : eq(productVariants.productId, productId),
    );
}

/** Moves every variant's position to a negative one, out of the way of the positions to come. */
export async function moveVariantPositionsAside(db: Db | Tx, productId: string): Promise<void> {
  await db
    .update(productVariants)
    .set({ position: sql`-1 - ${productVariants.position}` })
    .where(eq(productVariants.productId, productId));
}

/** Updates the product's variant; returns it when it was there to update. */
export function updateVariant(db: Db | Tx, productId: string, variantId: string, values: VariantChanges) {
  return db
    .update(productVariants)
    .set(values)
    .where(and(eq(productVariants.id, variantId), eq(productVariants.productId, productId)))
    .returning({ id: productVariants.id });
}

export async function insertVariant(db: Db | Tx, productId: string, values: VariantValues): Promise<{ id: string }> {
  const [row] = await db
    .insert(productVariants)
    .values({ ...values, productId })
    .returning({ id: productVariants.id });
  return row!;
}

export async function deleteRelations(db: Db | Tx, productId: string): Promise<void> {
  await db.delete(productRelations).where(eq(productRelations.productId, productId));
}

/** Recommends the related products, in the order given. */
export async function insertRelations(db: Db | Tx, productId: string, relatedIds: readonly string[]): Promise<void> {
  await db
    .insert(productRelations)
    .values(relatedIds.map((relatedId, position) => ({ productId, relatedId, position })));
}

/** Deletes the product; returns it when it was there to delete. */
export function deleteProduct(db: Db | Tx, id: string) {
  return db.delete(products).where(eq(products.id, id)).returning({ id: products.id });
}

/** A product as the audit trail records it: its row, its variants and the ids it recommends, in order. */
export async function productForAudit(db: Db | Tx, id: string) {
  const [row] = await db.select().from(products).where(eq(products.id, id));
  if (!row) return undefined;
  const [variants, related] = await Promise.all([
    db.select().from(productVariants).where(eq(productVariants.productId, id)).orderBy(asc(productVariants.position)),
    db
      .select({ id: productRelations.relatedId })
      .from(productRelations)
      .where(eq(productRelations.productId, id))
      .orderBy(asc(productRelations.position)),
  ]);
  return { row, variants, relatedIds: related.map((r) => r.id) };
}
