import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  idParamsSchema,
  productDetailSchema,
  productListQuerySchema,
  productListResponseSchema,
  productsByIdsQuerySchema,
  productPincodeQuerySchema,
  productSearchQuerySchema,
  productsResponseSchema,
  reviewInputSchema,
  messageResponseSchema,
  type ProductDetail,
} from '@store/contracts';
import {
  adminProductListQuerySchema,
  adminProductListSchema,
  adminProductSchema,
  productCreateSchema,
  productUpdateSchema,
  stockAdjustmentInputSchema,
  stockAdjustmentResultSchema,
  stockLedgerPageSchema,
  stockLedgerQuerySchema,
} from '@store/contracts';
import { canReach, type Reach } from '@store/domain';
import { adminOnly, signedInUser } from '../../lib/auth.js';
import { ProductsAdmin } from './products.admin.js';
import { StockAdmin } from './stock.admin.js';
import { createReview } from './reviews.service.js';
import { catalogAnswer, catalogCards, cardsShow, productPageShows, sendCached } from '../../plugins/catalog-cache.js';
import { AppError } from '../../lib/app-error.js';
import { cachedProducts } from './products.service.js';

const tags = ['Products'];
/** Sends JSON text as it is: a catalogue answer, made by the catalogue mapper (as sendCached sends it). */
const sendJson = async (reply: FastifyReply, body: string) => {
  await reply.type('application/json; charset=utf-8').send(body);
};
const pincodeDescription =
  'With `pincode`, only products that can reach that PIN code, each with `earliestDelivery` (ADR 077); ' +
  "a malformed PIN code is 400 'Error - Enter 6 digits', an unknown one 404, one not served 400.";

export const productsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = cachedProducts(app);
  const admin = new ProductsAdmin(app.database.db);
  const stock = new StockAdmin(app.database.db);
  const adminTags = ['Products (admin)'];
  const adminErrors = {
    400: errorResponseSchema,
    401: errorResponseSchema,
    403: errorResponseSchema,
    404: errorResponseSchema,
    409: errorResponseSchema,
  };
  // Searches are the costliest catalogue reads. Cached answers count too: the limit is there to
  // stop scraping and CPU burning, and a scraper's words are rarely in the cache anyway.
  const limitSearches = async (req: FastifyRequest, keyword: string | undefined) => {
    if (!keyword) return;
    await app.rateLimiter.consume(`search:${req.ip}`, app.config.rateLimits.search, 'Too many searches.');
  };
  const reachOfQuery = (pincode: unknown) => (pincode === undefined ? null : app.pinReaches.of(pincode));

  app.get(
    '/api/products/admin',
    {
      schema: {
        tags: adminTags,
        summary: 'Every product, 100 a page, newest first, including unavailable ones and drafts; `q` searches names',
        querystring: adminProductListQuerySchema,
        response: { 200: adminProductListSchema, ...adminErrors },
      },
      preHandler: adminOnly,
    },
    async (req) => admin.list(req.query.pageNumber, req.query.q),
  );

  app.get(
    '/api/products/:id/admin',
    {
      schema: {
        tags: adminTags,
        summary: 'A product as stored, for the edit form (a scheduled discount shows, even if not in force)',
        params: idParamsSchema,
        response: { 200: adminProductSchema, ...adminErrors },
      },
      preHandler: adminOnly,
    },
    async (req) => admin.get(req.params.id),
  );

  app.post(
    '/api/products',
    {
      schema: {
        tags: adminTags,
        summary: 'Create a draft product to edit (hidden from shoppers until saved as available)',
        description:
          'Optionally with the `countInStock` it starts with (0 without), which is the first row of its stock ledger.',
        body: productCreateSchema,
        response: { 201: adminProductSchema, ...adminErrors },
      },
      preHandler: adminOnly,
    },
    async (req, reply) => reply.code(201).send(await admin.createDraft(signedInUser(req), req.body?.countInStock)),
  );

  app.post(
    '/api/products/:id/stock-adjustments',
    {
      schema: {
        tags: adminTags,
        summary: 'Add stock to a product or one of its sizes, or take some away, with the reason',
        description:
          '`change` is relative (+10 received, −2 damaged) and applied to the figure as it is when the request ' +
          'arrives, whatever orders took meanwhile; adjustments made at once add up. Received and returned stock ' +
          'comes in, damaged stock goes out, a count correction goes either way. Stock that would go below 0 (or ' +
          "above 100000) is refused with 409 saying what is there. Each adjustment is a row of the product's " +
          "stock ledger and of the audit trail. Answers the row, and the product's stock and each size's now.",
        params: idParamsSchema,
        body: stockAdjustmentInputSchema,
        response: { 201: stockAdjustmentResultSchema, ...adminErrors },
      },
      preHandler: adminOnly,
    },
    async (req, reply) => reply.code(201).send(await stock.adjust(signedInUser(req), req.params.id, req.body)),
  );

  app.get(
    '/api/products/:id/stock-adjustments',
    {
      schema: {
        tags: adminTags,
        summary: "A product's stock ledger, newest first: who changed its stock (or a size's), when, why, by how much",
        params: idParamsSchema,
        querystring: stockLedgerQuerySchema,
        response: { 200: stockLedgerPageSchema, ...adminErrors },
      },
      preHandler: adminOnly,
    },
    async (req) => stock.ledger(req.params.id, req.query),
  );

  app.put(
    '/api/products/:id',
    {
      schema: {
        tags: adminTags,
        summary: 'Save every field of a product',
        description:
          'Send `version` as `GET /api/products/{id}/admin` answered it. If the product was saved since, the ' +
          "answer is 409 'This product changed since you opened it' with the product as it is now in " +
          "`details.current` (the admin GET's shape), and nothing is written. Whatever the admin GET answers " +
          "is accepted back unchanged. `countInStock`, and each existing variant's, are read only: they are " +
          'checked but never written, since orders take stock while the form is open; stock changes through ' +
          '`POST /api/products/{id}/stock-adjustments`. A new variant (no `_id`) starts with the `countInStock` it is sent with.',
        params: idParamsSchema,
        body: productUpdateSchema,
        response: { 200: adminProductSchema, ...adminErrors },
      },
      preHandler: adminOnly,
    },
    async (req) => {
      if (req.body.productId !== undefined && req.body.productId !== req.params.id) {
        throw new AppError('VALIDATION', 'productId in the body does not match the product in the path');
      }
      return admin.update(signedInUser(req), req.params.id, req.body);
    },
  );

  app.delete(
    '/api/products/:id',
    {
      schema: {
        tags: adminTags,
        summary: 'Delete a product (orders keep their copy of it)',
        params: idParamsSchema,
        response: { 200: messageResponseSchema, ...adminErrors },
      },
      preHandler: adminOnly,
    },
    async (req) => {
      await admin.remove(signedInUser(req), req.params.id);
      return { message: 'Product removed' };
    },
  );

  app.get(
    '/api/products',
    {
      schema: {
        tags,
        summary: 'List products shoppers can buy, filtered, searched, sorted and paged',
        description: pincodeDescription,
        querystring: productListQuerySchema,
        response: {
          200: productListResponseSchema,
          400: errorResponseSchema,
          404: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
      preHandler: (req) => limitSearches(req, req.query.keyword),
    },
    async (req, reply) => {
      const { pincode, ...query } = req.query;
      await sendJson(
        reply,
        await catalogCards(
          app,
          ['products', query],
          (area) => service.list(query, undefined, area),
          await reachOfQuery(pincode),
        ),
      );
    },
  );

  // The home page's rows: each a few cards, for the recipient's PIN code when one is asked.
  const rows = [
    {
      path: '/api/products/top',
      prefix: 'top',
      summary: 'Highest-rated products',
      cards: (area?: Reach) => service.top(area),
    },
    {
      path: '/api/products/featured',
      prefix: 'featured',
      summary: 'Featured products',
      cards: (area?: Reach) => service.featured(area),
    },
    {
      path: '/api/products/all',
      prefix: 'carousel',
      summary: 'Newest available products for the home carousel',
      cards: (area?: Reach) => service.carousel(area),
    },
  ];
  for (const row of rows) {
    app.get(
      row.path,
      {
        schema: {
          tags,
          summary: row.summary,
          description: pincodeDescription,
          querystring: productPincodeQuerySchema,
          response: { 200: productsResponseSchema, 400: errorResponseSchema, 404: errorResponseSchema },
        },
      },
      async (req, reply) =>
        sendJson(
          reply,
          await catalogCards(
            app,
            [row.prefix, null],
            async (area) => ({ products: await row.cards(area) }),
            await reachOfQuery(req.query.pincode),
          ),
        ),
    );
  }

  app.get(
    '/api/products/search',
    {
      schema: {
        tags,
        summary: 'Find products by name (recommended-products picker)',
        querystring: productSearchQuerySchema,
        response: { 200: productsResponseSchema, 400: errorResponseSchema, 429: errorResponseSchema },
      },
      preHandler: (req) => limitSearches(req, req.query.keyword),
    },
    (req, reply) =>
      sendCached(
        app,
        reply,
        ['search', req.query.keyword],
        async () => ({ products: await service.searchByName(req.query.keyword) }),
        cardsShow,
      ),
  );

  app.get(
    '/api/products/by-ids',
    {
      schema: {
        tags,
        summary: 'Cards of the products a wishlist names, in its order (`?ids=a,b,c`, up to 200)',
        description:
          'Ids that name no product (deleted since) are left out, so a client can forget them. ' +
          'Unavailable products are included: they are still on the list.',
        querystring: productsByIdsQuerySchema,
        response: { 200: productsResponseSchema, 400: errorResponseSchema },
      },
    },
    async (req) => ({ products: await service.summaries(req.query.ids) }),
  );

  app.get(
    '/api/products/:id',
    {
      schema: {
        tags,
        summary: 'One product with its variants, related products and reviews',
        description:
          'With `pincode`, `delivery` says whether and from when it can reach that PIN code (and why not, ' +
          'naming where it can go), and only related products that can reach it are shown, each with ' +
          '`earliestDelivery` (ADR 077).',
        params: idParamsSchema,
        querystring: productPincodeQuerySchema,
        response: { 200: productDetailSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (req, reply) => {
      const reach = await reachOfQuery(req.query.pincode);
      if (!reach) {
        return sendCached(app, reply, ['product', req.params.id], () => service.get(req.params.id), productPageShows);
      }
      const body = await catalogAnswer(
        app,
        ['product', req.params.id],
        () => service.get(req.params.id),
        productPageShows,
      );
      const page = JSON.parse(body) as ProductDetail;
      const now = app.clock();
      const related = page.relatedProducts.filter((r) => canReach(r, reach.area));
      const delivery = app.pinReaches.deliveryOf(
        reach,
        { ...page, sameDayDelivery: page.deliveryOptions.sameDayDelivery },
        now,
      );
      const answer = { ...page, relatedProducts: app.pinReaches.dated(reach, related, now), delivery };
      await sendJson(reply, JSON.stringify(answer));
    },
  );

  app.post(
    '/api/products/:id/reviews',
    {
      schema: {
        tags,
        summary: 'Review a product (signed in; one review per account)',
        params: idParamsSchema,
        body: reviewInputSchema,
        response: {
          201: messageResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (req, reply) => {
      await createReview(app.database.db, signedInUser(req), req.params.id, req.body);
      return reply.code(201).send({ message: 'Review created successfully' });
    },
  );
};
