import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  couponQuoteSchema,
  createOrderSchema,
  errorResponses,
  guestAccountSchema,
  idempotencyKeyHeaderSchema,
  orderAccessQuerySchema,
  orderIdParamsSchema,
  orderResponseSchema,
  payOrderSchema,
  userResponseSchema,
  validateCouponSchema,
  verifyPaymentSchema,
  type VerifyPaymentInput,
} from '@store/contracts';
import { formatInr, paiseToRupees } from '@store/domain';
import { AppError } from '../../lib/app-error.js';
import { userOrGuest } from '../../lib/auth.js';

import { guestDevice } from '../../lib/cookies.js';
import {
  claimGuestOrders,
  orderCountersOf,
  orderViewerOf,
  ordersServiceFor,
  shopOf,
  type OrderViewer,
} from '../orders/orders.service.js';
import { applyPayment, checkoutSignatureValid } from '../payments/payments.service.js';
import { limitPerAddress } from '../../plugins/rate-limits.js';
import { createSession, setSessionCookie, toUserResponse, UsersService } from '../users/users.service.js';
import { checkoutServiceFor } from './checkout.service.js';

export const VERIFICATION_FAILED = 'Payment Verification Failed!';

const orderErrors = errorResponses(400, 401, 403, 404, 409, 422, 429, 503);
const couponErrors = errorResponses(400, 401, 403, 404, 409, 429);

/**
 * From a cart to paid (ADR 070): placing an order, trying a coupon on the cart (both quoted alike),
 * and the shopper's proof of payment. Orders and payments never call each other; checkout calls both.
 */
export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const checkout = checkoutServiceFor(app);
  const orders = ordersServiceFor(app);
  const counters = orderCountersOf(app.metrics);

  /**
   * Checkout's proof of payment. The signature is checked against the Razorpay order id the store
   * stored (ids in the body are ignored), then the gateway's record of the payment decides the
   * amount; only then is the payment applied.
   */
  const verify = async (viewer: OrderViewer, orderId: string, proof: VerifyPaymentInput) => {
    const order = await orders.getToPay(viewer, orderId);
    const { keySecret } = app.config.payments;
    if (!checkoutSignatureValid(keySecret, order.razorpayOrder.id, proof.razorpayPaymentId, proof.razorpaySignature)) {
      throw new AppError('VALIDATION', VERIFICATION_FAILED);
    }
    let payment;
    try {
      payment = await app.paymentProvider.settlePayment(proof.razorpayPaymentId, order.razorpayOrder.id);
    } catch (err) {
      app.log.error({ err, orderId }, 'could not fetch the payment from the gateway');
      throw new AppError('UNAVAILABLE', 'We could not confirm the payment just now. Please try again in a moment.');
    }
    if (payment.orderId !== order.razorpayOrder.id || payment.status !== 'captured') {
      throw new AppError('VALIDATION', VERIFICATION_FAILED);
    }
    const applied = await app.database.db.transaction((tx) =>
      applyPayment(
        tx,
        { paymentId: payment.id, razorpayOrderId: payment.orderId, amount: payment.amount },
        shopOf(app),
      ),
    );
    if (applied.result === 'paid') counters.paid.inc();
    if (applied.result === 'rejected') throw new AppError('VALIDATION', VERIFICATION_FAILED);
    if (applied.result === 'refund_due') throw new AppError('CONFLICT', applied.reason);
    return orders.getToPay(viewer, orderId);
  };

  app.post(
    '/api/orders',
    {
      schema: {
        tags: ['Orders'],
        summary: 'Place an order (prices and totals are computed by the server)',
        description:
          'Signed in, or as a guest with `contact: { email, phone }` (the answer then carries `orderUrl`, the ' +
          'only way back to the order: its token opens it and its payment). ' +
          'Send an Idempotency-Key header to make retries safe: the same key returns the same order. ' +
          'Unpaid orders hold stock, so they are capped per account (orders and items) and per client ' +
          'address; past a cap the answer is 429 with Retry-After, the seconds until the oldest one expires.',
        headers: idempotencyKeyHeaderSchema,
        body: createOrderSchema,
        response: { 201: orderResponseSchema, ...orderErrors },
      },
    },
    async (req, reply) => {
      const { order } = await checkout.place(userOrGuest(req), req.body, req.headers['idempotency-key'], req.ip);
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

  app.post(
    '/api/orders/:id/verify',
    {
      schema: {
        tags: ['Orders'],
        summary: "Verify Razorpay Checkout's payment signature and mark the order paid",
        description: "Its owner only: the account's session, or a guest's link token.",
        params: orderIdParamsSchema,
        querystring: orderAccessQuerySchema,
        body: verifyPaymentSchema,
        response: { 200: orderResponseSchema, ...orderErrors },
      },
    },
    async (req) => verify(orderViewerOf(req), req.params.id, req.body),
  );

  const users = new UsersService(
    app.database.db,
    { url: app.config.publicUrl, host: new URL(app.config.publicUrl).hostname },
    app.metrics,
  );
  app.post(
    '/api/orders/:id/account',
    {
      schema: {
        tags: ['Orders'],
        summary: "A guest's account from their order: set a password and sign in",
        description:
          "With the order's link token: an account with the order's name and contact email, the password " +
          'checked as registration checks it, this order in it, and a session (as sign-in gives). An email ' +
          'that already has an account answers 409: its owner signs in (a code by email brings in the orders).',
        params: orderIdParamsSchema,
        querystring: orderAccessQuerySchema,
        body: guestAccountSchema,
        response: { 201: userResponseSchema, ...errorResponses(400, 404, 409, 429) },
      },
      preHandler: limitPerAddress(
        app,
        'register',
        app.config.rateLimits.register,
        'Too many sign-ups from your network.',
      ),
    },
    async (req, reply) => {
      const order = await orders.getToPay({ user: null, token: req.query.token }, req.params.id);
      if (order.user._id) throw new AppError('CONFLICT', 'This order is in an account already. Sign in to see it.');
      const user = await users.register({
        name: order.user.name,
        email: order.contact.email,
        password: req.body.password,
      });
      await claimGuestOrders(app.database.db, user.id, order.contact.email, order._id);
      setSessionCookie(app, reply, await createSession(app.database.db, user.id));
      return reply.code(201).send(toUserResponse(user));
    },
  );

  app.put(
    '/api/orders/:id/pay',
    {
      schema: {
        tags: ['Orders'],
        summary: 'The same as verify, with the proof inside `details`; never pays without it',
        params: orderIdParamsSchema,
        querystring: orderAccessQuerySchema,
        body: payOrderSchema,
        response: { 200: orderResponseSchema, ...orderErrors },
      },
    },
    async (req) => verify(orderViewerOf(req), req.params.id, req.body.details),
  );
};
