import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardQuerySchema, dashboardSchema, errorResponseSchema } from '@store/contracts';
import { adminOnly } from '../../lib/auth.js';
import { DashboardService } from './dashboard.service.js';

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new DashboardService(app.database.db, app.clock, app.config.lowStockThreshold);

  app.get(
    '/api/admin/dashboard',
    {
      schema: {
        tags: ['Dashboard'],
        summary: "The owner's dashboard: revenue, orders, top products, low stock, refunds and deliveries (admin)",
        description:
          'Periods are IST days up to now: `today`, `7d` (today and the 6 days before) or `30d`, each compared ' +
          'with the period as long just before it, up to the same time of day. Revenue is the totals (GST, ' +
          'delivery and coupons included) of orders paid in the period, by when they were paid. Today, 7d and 30d ' +
          'are all in `summaries`; the per-day revenue, orders by status and top products are for `period`. ' +
          'Low stock is under LOW_STOCK_THRESHOLD; deliveries are paid orders booked for the next 7 IST days.',
        querystring: dashboardQuerySchema,
        response: {
          200: dashboardSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
        },
      },
      preHandler: adminOnly,
    },
    (req) => service.dashboard(req.query.period),
  );
};
