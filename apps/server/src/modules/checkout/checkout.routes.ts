import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  couponQuoteSchema,
  createOrderSchema,
  errorResponses,
  idempotencyKeyHeaderSchema,
  orderIdParamsSchema,
  orderResponseSchema,
  payOrderSchema,
  validateCouponSchema,
  verifyPaymentSchema,
  type VerifyPaymentInput,
} from '@store/contracts';
import { formatInr, paiseToRupees } from '@store/domain';
import { AppError } from '../../lib/app-error.js';
import { signedInUser, type SessionUser } from '../../lib/auth.js';
import { guestDevice } from '../../lib/cookies.js';
import { orderCountersOf, ordersServiceFor, shopOf } from '../orders/orders.service.js';
import { applyPayment, checkoutSignatureValid } from '../payments/payments.service.js';
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
  const verify = async (user: SessionUser, orderId: string, proof: VerifyPaymentInput) => {
    const order = await orders.get(user, orderId);
    if (order.user._id !== user.id) throw new AppError('NOT_FOUND', 'Order not found');
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
    return orders.get(user, orderId);
  };

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

  app.post(
    '/api/orders/:id/verify',
    {
      schema: {
        tags: ['Orders'],
        summary: "Verify Razorpay Checkout's payment signature and mark the order paid",
        params: orderIdParamsSchema,
        body: verifyPaymentSchema,
        response: { 200: orderResponseSchema, ...orderErrors },
      },
    },
    async (req) => verify(signedInUser(req), req.params.id, req.body),
  );

  app.put(
    '/api/orders/:id/pay',
    {
      schema: {
        tags: ['Orders'],
        summary: 'The same as verify, with the proof inside `details`; never pays without it',
        params: orderIdParamsSchema,
        body: payOrderSchema,
        response: { 200: orderResponseSchema, ...orderErrors },
      },
    },
    async (req) => verify(signedInUser(req), req.params.id, req.body.details),
  );
};
