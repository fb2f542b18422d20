import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  couponQuoteSchema,
  createOrderSchema,
  errorResponseSchema,
  idempotencyKeyHeaderSchema,
  orderResponseSchema,
  validateCouponSchema,
} from '@store/contracts';
import { formatInr, paiseToRupees } from '@store/domain';
import { signedInUser } from '../../lib/auth.js';
import { guestDevice } from '../../lib/cookies.js';
import { checkoutServiceFor } from './checkout.service.js';

const orderErrors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  422: errorResponseSchema,
  429: errorResponseSchema,
  503: errorResponseSchema,
};
const couponErrors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  429: errorResponseSchema,
};

/** The two routes that quote a cart (ADR 070): placing an order, and trying a coupon on it. */
export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const checkout = checkoutServiceFor(app);

  app.post(
    '/api/orders',
    {
      schema: {
        tags: ['Orders'],
        summary: 'Place an order (prices and totals are computed by the server)',
        description:
          'Send an Idempotency-Key header to make retries safe: the same key returns the same order. ' +
          'Unpaid orders hold stock, so they are capped per account (orders and items) and per client ' +
          'address; past a cap the answer is 429 with Retry-After, the seconds until the oldest one expires.',
        headers: idempotencyKeyHeaderSchema,
        body: createOrderSchema,
        response: { 201: orderResponseSchema, ...orderErrors },
      },
    },
    async (req, reply) => {
      const { order } = await checkout.place(signedInUser(req), req.body, req.headers['idempotency-key'], req.ip);
      return reply.code(201).send(order);
    },
  );

  app.post(
    '/api/coupons/validate',
    {
      schema: {
        tags: ['Coupons'],
        summary: 'What a coupon would take off a cart, priced as an order would be',
        description:
          'Signed in or not: a guest is treated as a new customer, and placing the order checks again. ' +
          'A refused coupon answers 400 (or 409 when its uses ran out) with the reason to show. Codes that ' +
          'do not exist count against a limit per shopper (the account, or for a guest the `device` cookie ' +
          'this route sets) and a wider one per address; past either, every code answers 429 with Retry-After.',
        body: validateCouponSchema,
        response: { 200: couponQuoteSchema, ...couponErrors },
      },
    },
    async (req, reply) => {
      const deviceId = req.user ? undefined : guestDevice(app, req, reply);
      const quote = await checkout.quoteCoupon(req.user, req.body.orderItems, req.body.couponCode, {
        ip: req.ip,
        deviceId,
      });
      return {
        couponCode: quote.couponCode,
        couponDiscount: paiseToRupees(quote.couponDiscount),
        message: `${quote.couponCode} applied: you save ${formatInr(quote.couponDiscount)}`,
      };
    },
  );
};
