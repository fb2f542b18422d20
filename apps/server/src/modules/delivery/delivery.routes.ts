import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  areaParamsSchema,
  areaSlotTypeParamsSchema,
  areaUpdateSchema,
  areaSlotTypeUpdateSchema,
  deliverySlotsQuerySchema,
  deliverySlotsResponseSchema,
  errorResponseSchema,
  scheduleQuerySchema,
  scheduleResponseSchema,
  serviceAreaSchema,
  slotCapacityResponseSchema,
  slotCapacityUpdateSchema,
} from '@store/contracts';
import { adminOnly, signedInUser } from '../../lib/auth.js';
import { limitPerAddress } from '../../plugins/rate-limits.js';
import { ordersServiceFor } from '../orders/orders.service.js';
import { runSheetCsv } from './delivery.run-sheet.js';
import { DeliveryService } from './delivery.service.js';

const tags = ['Delivery'];
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  429: errorResponseSchema,
};

export const deliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new DeliveryService(app.database.db, app.clock);
  const orders = ordersServiceFor(app);
  // Slot look-ups name a PIN code, so they share the PIN check's allowance (one delivery map to scrape).
  const limit = limitPerAddress(app, 'pincode', app.config.rateLimits.pincode, 'Too many PIN code checks.');

  app.get(
    '/api/delivery/slots',
    {
      schema: {
        tags,
        summary: 'Delivery slots of a PIN code on a date, with fees, cut-offs and places left',
        description:
          'Times are IST. Without `date`, the earliest date with a slot open for these products. Each ' +
          'slot that cannot be booked says why in `reason`. `productId` may be repeated: a product without ' +
          'same-day delivery moves the earliest date to tomorrow. A full slot names in `nextFree` the next slot ' +
          'of its type with a place (a later window that day, or within the following 7 days), if there is one.',
        querystring: deliverySlotsQuerySchema,
        response: { 200: deliverySlotsResponseSchema, ...errors },
      },
      preHandler: limit,
    },
    (req) => service.slots({ pincode: req.query.pincode, date: req.query.date, productIds: req.query.productId }),
  );

  app.get(
    '/api/delivery/schedule',
    {
      schema: {
        tags,
        summary: "A day's paid deliveries by service area and slot, with places taken (admin)",
        querystring: scheduleQuerySchema,
        response: { 200: scheduleResponseSchema, ...errors },
      },
      preHandler: adminOnly,
    },
    async (req) => service.schedule(req.query.date, await orders.paidDeliveriesOn(req.query.date)),
  );

  app.get(
    '/api/delivery/run-sheet.csv',
    {
      schema: {
        tags,
        summary: "A day's run sheet as CSV: each paid order still to deliver, by slot (admin)",
        description:
          'One line per order, slots in the order the day runs them: order number, slot, area, recipient and ' +
          'phone, house or flat, street or area, landmark, city, PIN code, items with quantity and options (one ' +
          'per line), and the gift message with its sender. Delivered orders are left out.',
        querystring: scheduleQuerySchema,
        produces: ['text/csv'],
        response: { 200: z.any().describe('The run sheet, text/csv'), ...errors },
      },
      preHandler: adminOnly,
    },
    async (req, reply) => {
      const { date } = req.query;
      const schedule = await service.schedule(date, await orders.paidDeliveriesOn(date));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="run-sheet-${date}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(runSheetCsv(schedule));
    },
  );

  app.get(
    '/api/delivery/areas',
    {
      schema: {
        tags,
        summary: 'Service areas with the slot types they offer, fees and capacity per slot (admin)',
        response: { 200: z.array(serviceAreaSchema), ...errors },
      },
      preHandler: adminOnly,
    },
    () => service.areas(),
  );

  app.put(
    '/api/delivery/areas/:id',
    {
      schema: {
        tags,
        summary: "Set what an area's kitchens and florists make and its lead or courier transit days (admin)",
        description:
          'An area that makes cakes or flowers hand-delivers every product it can, in its own slots; one that ' +
          'makes neither gets packed goods by courier, `leadDays` after the order (ADR 077). Send `version` as ' +
          "`GET /api/delivery/areas` answered it; if the area was saved since, 409 'This service area changed " +
          "since you opened it' with the area as it is now in `details.current`, and nothing is written.",
        params: areaParamsSchema,
        body: areaUpdateSchema,
        response: { 200: serviceAreaSchema, ...errors },
      },
      preHandler: adminOnly,
    },
    async (req) => {
      const area = await service.updateArea(signedInUser(req), req.params.id, req.body);
      app.pinReaches.forget();
      return area;
    },
  );

  app.put(
    '/api/delivery/areas/:id/slot-types/:type',
    {
      schema: {
        tags,
        summary: 'Offer or withdraw a slot type in a service area, with its fee and places per slot (admin)',
        description:
          "Send the slot type's `version` as `GET /api/delivery/areas` answered it (0 for a type the area never " +
          "had). If it was saved since, the answer is 409 'This slot type changed since you opened it' with the " +
          'area as it is now in `details.current` (shaped as this answer), and nothing is written.',
        params: areaSlotTypeParamsSchema,
        body: areaSlotTypeUpdateSchema,
        response: { 200: serviceAreaSchema, ...errors },
      },
      preHandler: adminOnly,
    },
    (req) => service.updateSlotType(signedInUser(req), req.params.id, req.params.type, req.body),
  );

  app.put(
    '/api/delivery/capacity',
    {
      schema: {
        tags,
        summary: 'Set one slot’s capacity on one date, such as raising a full slot (admin)',
        body: slotCapacityUpdateSchema,
        response: { 200: slotCapacityResponseSchema, ...errors },
      },
      preHandler: adminOnly,
    },
    (req) => service.setCapacity(signedInUser(req), req.body),
  );
};
