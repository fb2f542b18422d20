import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminOrderFiltersSchema,
  adminOrderListQuerySchema,
  adminOrderPageSchema,
  cancelOrderSchema,
  deliveryStepSchema,
  errorResponses,
  orderAccessQuerySchema,
  orderIdParamsSchema,
  orderResponseSchema,
} from '@store/contracts';
import { adminOnly, signedInUser } from '../../lib/auth.js';
import { orderViewerOf, ordersServiceFor } from './orders.service.js';
import { adminOrderPage, orderCsvStream } from './order-list.service.js';

const tags = ['Orders'];
const errors = errorResponses(400, 401, 403, 404, 409, 422, 429, 503);

export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = ordersServiceFor(app);

  app.get(
    '/api/orders/mine',
    {
      schema: {
        tags,
        summary: "The signed-in shopper's orders, newest first",
        response: { 200: z.array(orderResponseSchema), ...errors },
      },
    },
    async (req) => service.mine(signedInUser(req)),
  );

  app.get(
    '/api/orders',
    {
      schema: {
        tags,
        summary: 'Every order, newest first (admin)',
        response: { 200: z.array(orderResponseSchema), ...errors },
      },
      preHandler: adminOnly,
    },
    async (req) => service.all(signedInUser(req)),
  );

  app.get(
    '/api/orders/admin',
    {
      schema: {
        tags,
        summary: 'One page of the orders, searched, filtered and sorted (admin)',
        description:
          '`q` finds an order by its number (PW-000123 or 123), the start of its id, part of the email ' +
          'it was placed under or the recipient’s mobile. `from` and `to` bound the IST delivery date, ' +
          'both included. Newest first unless `sort` and `order` say otherwise.',
        querystring: adminOrderListQuerySchema,
        response: { 200: adminOrderPageSchema, ...errors },
      },
      preHandler: adminOnly,
    },
    async (req) => adminOrderPage(app.database.db, req.query),
  );

  app.get(
    '/api/orders/export.csv',
    {
      schema: {
        tags,
        summary: 'The filtered orders as CSV, newest first, streamed (admin)',
        description: 'Takes the list’s filters (`sort` and `order` aside); amounts are plain rupees such as 1249.00.',
        querystring: adminOrderFiltersSchema,
        produces: ['text/csv'],
        response: { 200: z.any().describe('The orders, text/csv'), ...errors },
      },
      preHandler: adminOnly,
    },
    async (req, reply) => {
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="orders-${day}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(orderCsvStream(app.database.db, req.query));
    },
  );

  app.get(
    '/api/orders/:id',
    {
      schema: {
        tags,
        summary: 'One order (its owner, a guest with its link token, or an admin)',
        description: 'Anyone else, signed in or not, is told it does not exist (404).',
        params: orderIdParamsSchema,
        querystring: orderAccessQuerySchema,
        response: { 200: orderResponseSchema, ...errors },
      },
    },
    async (req) => service.get(orderViewerOf(req), req.params.id),
  );

  app.get(
    '/api/orders/:id/invoice',
    {
      schema: {
        tags,
        summary: "A paid order's GST tax invoice as a PDF (its owner or an admin)",
        description: 'Issued when the order is paid; an unpaid order answers 409, someone else’s 404.',
        params: orderIdParamsSchema,
        querystring: orderAccessQuerySchema,
        produces: ['application/pdf'],
        response: { 200: z.any().describe('The invoice, application/pdf'), ...errors },
      },
    },
    async (req, reply) => {
      const { number, pdf } = await service.invoicePdf(orderViewerOf(req), req.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="invoice-${number.replace(/\//g, '-')}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  app.get(
    '/api/orders/:id/credit-note',
    {
      schema: {
        tags,
        summary: "A cancelled order's GST credit note as a PDF (its owner or an admin)",
        description:
          'Issued when an invoiced order is cancelled, crediting its whole invoice; any other order answers 409, someone else’s 404.',
        params: orderIdParamsSchema,
        querystring: orderAccessQuerySchema,
        produces: ['application/pdf'],
        response: { 200: z.any().describe('The credit note, application/pdf'), ...errors },
      },
    },
    async (req, reply) => {
      const { number, pdf } = await service.creditNotePdf(orderViewerOf(req), req.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="credit-note-${number.replace(/\//g, '-')}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  app.put(
    '/api/orders/:id/deliver',
    {
      schema: {
        tags,
        summary: 'Mark a paid order delivered (admin)',
        params: orderIdParamsSchema,
        response: { 200: orderResponseSchema, ...errors },
      },
      preHandler: adminOnly,
    },
    async (req) => service.moveTo(signedInUser(req), req.params.id, 'delivered'),
  );

  app.post(
    '/api/orders/:id/cancel',
    {
      schema: {
        tags,
        summary: 'Cancel a paid order that has not gone out for delivery, and refund its payment (admin)',
        description:
          'One transaction cancels the order (timeline, reason), gives back its stock, delivery slot place and ' +
          'coupon use, issues a credit note against its invoice, emails the shopper and claims its payment for ' +
          'a refund; the refund is then made through the gateway, once however often this is called. The ' +
          'order answers with `cancellation.refund.status`: refunded, or refund_due when the gateway did not ' +
          'refund it (retry from POST /api/payments/:paymentId/refund). Unpaid, out for delivery, delivered ' +
          'or cancelled orders answer 409 and nothing changes.',
        params: orderIdParamsSchema,
        body: cancelOrderSchema,
        response: { 200: orderResponseSchema, ...errors },
      },
      preHandler: adminOnly,
    },
    async (req) => service.cancel(signedInUser(req), req.params.id, req.body.reason),
  );

  app.put(
    '/api/orders/:id/status',
    {
      schema: {
        tags,
        summary:
          'Move a paid order forward towards delivery: packed, out_for_delivery or delivered (admin); never backwards',
        params: orderIdParamsSchema,
        body: deliveryStepSchema,
        response: { 200: orderResponseSchema, ...errors },
      },
      preHandler: adminOnly,
    },
    async (req) => service.moveTo(signedInUser(req), req.params.id, req.body.status),
  );
};
