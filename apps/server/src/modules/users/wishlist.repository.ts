import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { wishlistItems } from './users.table.js';

/**
 * The account's wishlist, newest first (the product id breaks ties). A deleted product has left
 * it already: the foreign key cascades.
 */
export async function wishlistOf(db: Db | Tx, userId: string): Promise<string[]> {
  const rows = await db
    .select({ productId: wishlistItems.productId })
    .from(wishlistItems)
    .where(eq(wishlistItems.userId, userId))
    .orderBy(desc(wishlistItems.createdAt), asc(wishlistItems.productId));
  return rows.map((r) => r.productId);
}

/**
 * Adds products, the first the newest. Each is stamped a microsecond before the one ahead of it,
 * from the statement's start by the database's clock: after the caller took the account's lock, so
 * later than anything another request added before it. A product already on the list keeps its place.
 */
export async function addToWishlist(db: Db | Tx, userId: string, productIds: readonly string[]): Promise<void> {
  if (productIds.length === 0) return;
  await db
    .insert(wishlistItems)
    .values(
      productIds.map((productId, i) => ({
        userId,
        productId,
        createdAt: sql`statement_timestamp() - make_interval(secs => ${i / 1_000_000})`,
      })),
    )
    .onConflictDoNothing();
}

export async function removeFromWishlist(db: Db | Tx, userId: string, productId: string): Promise<void> {
  await db.delete(wishlistItems).where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)));
}
