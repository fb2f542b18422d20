import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  WISHLIST_MAX_PRODUCTS,
  wishlistMergeInputSchema,
  wishlistProductParamsSchema,
  wishlistSchema,
} from '@store/contracts';
import { signedInUser } from '../../lib/auth.js';
import { ProductsService } from '../products/products.service.js';
import { WishlistService } from './wishlist.service.js';

const tags = ['Wishlist'];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema };

/** The signed-in shopper's own wishlist; there is no way to name another account's. */
export const wishlistRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new WishlistService(app.database.db, new ProductsService(app.database.db));

  app.get(
    '/api/users/wishlist',
    {
      schema: {
        tags,
        summary: 'The products on your wishlist, newest first',
        response: { 200: wishlistSchema, 401: errorResponseSchema },
      },
    },
    async (req) => ({ productIds: await service.list(signedInUser(req).id) }),
  );

  app.put(
    '/api/users/wishlist/:productId',
    {
      schema: {
        tags,
        summary: 'Add a product to your wishlist (again is fine); answers the list',
        description: `404 for a product that does not exist; 409 when the list already holds ${WISHLIST_MAX_PRODUCTS}.`,
        params: wishlistProductParamsSchema,
        response: { 200: wishlistSchema, ...errors, 404: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (req) => ({ productIds: await service.add(signedInUser(req).id, req.params.productId) }),
  );

  app.delete(
    '/api/users/wishlist/:productId',
    {
      schema: {
        tags,
        summary: 'Take a product off your wishlist (one not on it is fine); answers the list',
        params: wishlistProductParamsSchema,
        response: { 200: wishlistSchema, ...errors },
      },
    },
    async (req) => ({ productIds: await service.remove(signedInUser(req).id, req.params.productId) }),
  );

  app.post(
    '/api/users/wishlist/merge',
    {
      schema: {
        tags,
        summary: "Join this browser's wishlist to your account's (at sign-in); answers the merged list",
        description:
          "The account's missing products come first, in the order given (newest first), then the account's " +
          `own; ids of products that do not exist are ignored, and the list stops at ${WISHLIST_MAX_PRODUCTS}.`,
        body: wishlistMergeInputSchema,
        response: { 200: wishlistSchema, ...errors },
      },
    },
    async (req) => ({ productIds: await service.merge(signedInUser(req).id, req.body.productIds) }),
  );
};
