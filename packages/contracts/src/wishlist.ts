import { z } from 'zod';
import { idSchema } from './common.js';
import { WISHLIST_MAX_PRODUCTS } from './constants.js';

/** An account's wishlist: the ids of the products on it, newest first. */
export const wishlistSchema = z.object({ productIds: z.array(z.uuid()) });
export type Wishlist = z.infer<typeof wishlistSchema>;

export const wishlistProductParamsSchema = z.object({ productId: idSchema });

/** A browser's wishlist, newest first, joining the account's at sign-in. */
export const wishlistMergeInputSchema = z.object({
  productIds: z
    .array(idSchema, { message: 'productIds must be a list of product ids' })
    .max(WISHLIST_MAX_PRODUCTS, `productIds must hold at most ${WISHLIST_MAX_PRODUCTS} products`),
});
export type WishlistMergeInput = z.infer<typeof wishlistMergeInputSchema>;
