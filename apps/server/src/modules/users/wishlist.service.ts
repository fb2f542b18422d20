import { WISHLIST_FULL, WISHLIST_MAX_PRODUCTS } from '@store/contracts';
import type { Db, Tx } from '../../db/client.js';
import { isForeignKeyViolation } from '../../db/errors.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { ProductsService } from '../products/products.service.js';
import { lockAccount } from './users.repository.js';
import * as repo from './wishlist.repository.js';

const PRODUCT_NOT_FOUND = 'Product not found';

/**
 * The account's list under its row lock. An account deleted since its session was read is refused
 * here, so a failing foreign key afterwards can only be a product's.
 */
async function lockedList(tx: Tx, userId: string): Promise<string[]> {
  if ((await lockAccount(tx, userId)).length === 0) throw new AppError('UNAUTHORIZED', 'Please sign in');
  return repo.wishlistOf(tx, userId);
}

/**
 * A signed-in shopper's wishlist, kept with the account: product ids, newest first, at most
 * WISHLIST_MAX_PRODUCTS. Every addition takes the account's row lock first, so two requests of
 * one account at once cannot both take the last place.
 */
export class WishlistService {
  constructor(
    private readonly db: Db,
    private readonly products: Pick<ProductsService, 'existing'>,
  ) {}

  list(userId: string): Promise<string[]> {
    return repo.wishlistOf(this.db, userId);
  }

  /** Adds a product as the newest; adding one already there changes nothing. */
  async add(userId: string, productId: string): Promise<string[]> {
    if (!(await this.products.existing([productId])).has(productId)) throw notFound(PRODUCT_NOT_FOUND);
    try {
      return await this.db.transaction(async (tx) => {
        const list = await lockedList(tx, userId);
        if (list.includes(productId)) return list;
        if (list.length >= WISHLIST_MAX_PRODUCTS) throw new AppError('CONFLICT', WISHLIST_FULL);
        await repo.addToWishlist(tx, userId, [productId]);
        return [productId, ...list];
      });
    } catch (err) {
      // Deleted between the look-up and the insert.
      if (isForeignKeyViolation(err)) throw notFound(PRODUCT_NOT_FOUND);
      throw err;
    }
  }

  async remove(userId: string, productId: string): Promise<string[]> {
    await repo.removeFromWishlist(this.db, userId, productId);
    return repo.wishlistOf(this.db, userId);
  }

  /**
   * Joins a browser's wishlist (newest first) to the account's at sign-in: the products the account
   * lacks come first, in the browser's order, then the account's as they were. Ids that name no
   * product are ignored, and products past the cap are left out, the browser's oldest first.
   */
  async merge(userId: string, productIds: readonly string[]): Promise<string[]> {
    const known = await this.products.existing(productIds);
    try {
      return await this.db.transaction(async (tx) => {
        const list = await lockedList(tx, userId);
        const onList = new Set(list);
        const added = [...new Set(productIds)]
          .filter((id) => known.has(id) && !onList.has(id))
          .slice(0, Math.max(0, WISHLIST_MAX_PRODUCTS - list.length));
        await repo.addToWishlist(tx, userId, added);
        return [...added, ...list];
      });
    } catch (err) {
      // A product deleted between the look-up and the insert: looked up again, it is ignored.
      if (isForeignKeyViolation(err)) return this.merge(userId, productIds);
      throw err;
    }
  }
}
