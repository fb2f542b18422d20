import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  couponIdParamsSchema,
  couponInputSchema,
  couponSchema,
  couponUpdateSchema,
  errorResponses,
} from '@store/contracts';
import { adminOnly, signedInUser } from '../../lib/auth.js';
import { CouponsService } from './coupons.service.js';

const tags = ['Coupons'];
const errors = errorResponses(400, 401, 403, 404, 409, 429);

export const couponsRoutes: FastifyPluginAsyncZod = async (app) => {
  const coupons = new CouponsService(app.database.db);

  app.get(
    '/api/coupons',
    {
      schema: {
        tags,
        summary: 'Every coupon with its uses so far (admin)',
        response: { 200: z.array(couponSchema), ...errors },
      },
      preHandler: adminOnly,
    },
    async () => coupons.list(),
  );

  app.post(
    '/api/coupons',
    {
      schema: {
        tags,
        summary: 'Create a coupon (admin)',
        description: 'Codes are unique whatever their case; valid from/to are IST days, both included.',
        body: couponInputSchema,
        response: { 201: couponSchema, ...errors },
      },
      preHandler: adminOnly,
    },
    async (req, reply) => reply.code(201).send(await coupons.create(signedInUser(req), req.body)),
  );

  app.put(
    '/api/coupons/:id',
    {
      schema: {
        tags,
        summary: 'Change a coupon (admin); deactivate it rather than delete it, so orders keep their record',
        description:
          'Send `version` as `GET /api/coupons` answered it. If the coupon was saved since, the answer is 409 ' +
          "'This coupon changed since you opened it' with the coupon as it is now in `details.current` (the " +
          "list's shape), and nothing is written. Orders taking uses do not change the version.",
        params: couponIdParamsSchema,
        body: couponUpdateSchema,
        response: { 200: couponSchema, ...errors },
      },
      preHandler: adminOnly,
    },
    async (req) => coupons.update(signedInUser(req), req.params.id, req.body),
  );
};
