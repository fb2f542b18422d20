import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  declineInputSchema,
  deliveredInputSchema,
  errorResponses,
  idParamsSchema,
  messageResponseSchema,
  partnerInputSchema,
  partnerListSchema,
  partnerOrderListSchema,
  partnerOrderSchema,
  partnerOrdersQuerySchema,
  partnerPersonInputSchema,
  partnerResponseSchema,
} from '@store/contracts';
import { adminOnly, partnerOnly, signedInUser } from '../../lib/auth.js';

const errors = errorResponses(400, 401, 403, 404, 409);

/** The admins' partners and the partners' own screen (issue 36). */
export const partnersRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.partners;
  const now = app.clock;

  app.get(
    '/api/admin/partners',
    {
      schema: {
        tags: ['Partners'],
        summary: "The store's partner kitchens, florists and courier desks, with today's load (admin)",
        response: { 200: partnerListSchema, ...errors },
      },
      preHandler: adminOnly,
    },
    () => service.list(now()),
  );

  app.post(
    '/api/admin/partners',
    {
      schema: {
        tags: ['Partners'],
        summary: 'Add a partner: its contact, the areas it serves, what it makes and its capacity per slot (admin)',
        body: partnerInputSchema,
        response: { 201: partnerResponseSchema, ...errors },
      },
      preHandler: adminOnly,
    },
    async (req, reply) => reply.code(201).send(await service.create(req.body, now())),
  );

  app.put(
    '/api/admin/partners/:id',
    {
      schema: {
        tags: ['Partners'],
        summary: "Change a partner's contact, areas, what it makes or its capacity per slot (admin)",
        params: idParamsSchema,
        body: partnerInputSchema,
        response: { 200: partnerResponseSchema, ...errors },
      },
      preHandler: adminOnly,
    },
    (req) => service.update(req.params.id, req.body, now()),
  );

  app.post(
    '/api/admin/partners/:id/people',
    {
      schema: {
        tags: ['Partners'],
        summary: "Invite one of a partner's people: an email with a single-use link to set a password (admin)",
        params: idParamsSchema,
        body: partnerPersonInputSchema,
        response: { 201: partnerResponseSchema, ...errors },
      },
      preHandler: adminOnly,
    },
    async (req, reply) => reply.code(201).send(await service.invite(req.params.id, req.body)),
  );

  app.get(
    '/api/partner/orders',
    {
      schema: {
        tags: ['Partners'],
        summary: "The partner's offered and accepted orders of a date, or of today and tomorrow (partner)",
        querystring: partnerOrdersQuerySchema,
        response: { 200: partnerOrderListSchema, ...errors },
      },
      preHandler: partnerOnly,
    },
    (req) => service.day(signedInUser(req), req.query.date, now()),
  );

  app.post(
    '/api/partner/orders/:id/accept',
    {
      schema: {
        tags: ['Partners'],
        summary: 'Accept an order offered to this partner, before the offer lapses (partner)',
        params: idParamsSchema,
        response: { 200: partnerOrderSchema, ...errors },
      },
      preHandler: partnerOnly,
    },
    (req) => service.accept(signedInUser(req), req.params.id, now()),
  );

  app.post(
    '/api/partner/orders/:id/decline',
    {
      schema: {
        tags: ['Partners'],
        summary: 'Decline an offered order, with a reason; it is offered to the next partner at once (partner)',
        params: idParamsSchema,
        body: declineInputSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
      preHandler: partnerOnly,
    },
    async (req) => {
      await service.decline(signedInUser(req), req.params.id, req.body.reason, now());
      return { message: 'Declined: the order goes to another partner' };
    },
  );

  app.post(
    '/api/partner/orders/:id/out-for-delivery',
    {
      schema: {
        tags: ['Partners'],
        summary: 'The gift leaves for the recipient, not before its delivery date (partner)',
        params: idParamsSchema,
        response: { 200: partnerOrderSchema, ...errors },
      },
      preHandler: partnerOnly,
    },
    (req) => service.outForDelivery(signedInUser(req), req.params.id, now()),
  );

  app.post(
    '/api/partner/orders/:id/delivered',
    {
      schema: {
        tags: ['Partners'],
        summary:
          'Delivered, with the photo taken at the door (uploaded with POST /api/upload) and who took it (partner)',
        description:
          'Delivered after its slot ended and 30 minutes more, the order is late: the buyer gets the slot fee back ' +
          'through the gateway (or, when none was paid, a one-use ₹100 coupon) and an apology, once.',
        params: idParamsSchema,
        body: deliveredInputSchema,
        response: { 200: partnerOrderSchema, ...errors },
      },
      preHandler: partnerOnly,
    },
    (req) => service.delivered(signedInUser(req), req.params.id, req.body, now()),
  );
};
