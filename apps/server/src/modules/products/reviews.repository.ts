import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { products, reviews } from './products.table.js';

export async function insertReview(db: Db | Tx, values: typeof reviews.$inferInsert): Promise<void> {
  await db.insert(reviews).values(values);
}

/** Sets the product's rating and review count from its reviews as they stand. */
export async function recountProductRating(db: Db | Tx, productId: string): Promise<void> {
  await db
    .update(products)
    .set({
      rating: sql`(SELECT coalesce(avg(${reviews.rating}), 0) FROM ${reviews} WHERE ${reviews.productId} = ${productId})`,
      numReviews: sql`(SELECT count(*) FROM ${reviews} WHERE ${reviews.productId} = ${productId})`,
    })
    .where(eq(products.id, productId));
}
