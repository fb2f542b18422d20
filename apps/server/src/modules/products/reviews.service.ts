import type { ReviewInput } from '@store/contracts';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { SessionUser } from '../../lib/auth.js';
import { hasPaidFor } from '../orders/orders.service.js';
import { lockProduct } from './products.repository.js';
import { insertReview, recountProductRating } from './reviews.repository.js';
import { isUniqueViolation } from '../../db/errors.js';

/**
 * One review per account per product. The review and the product's rating and count change in one
 * transaction, so the stars shown always agree with the reviews listed.
 */
export async function createReview(db: Db, user: SessionUser, productId: string, input: ReviewInput): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      // The row lock makes reviews of one product take turns: each recount below then runs after the
      // previous review committed and sees it (under READ COMMITTED, each statement sees what has
      // committed before it began), so no concurrent review is left out of the count or average.
      const product = await lockProduct(tx, productId);
      if (!product) throw new AppError('NOT_FOUND', 'Product not found');
      const bought = await hasPaidFor(tx, user.id, productId);
      await insertReview(tx, {
        productId,
        userId: user.id,
        name: user.name,
        rating: input.rating,
        comment: input.comment,
        verifiedPurchase: bought,
      });
      await recountProductRating(tx, productId);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', 'You have already reviewed this product');
    throw err;
  }
}
