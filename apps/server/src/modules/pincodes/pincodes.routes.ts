import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  pincodeCheckBodySchema,
  pincodeCheckResponseSchema,
  pincodeDetailSchema,
  pincodeParamsSchema,
} from '@store/contracts';
import { limitPerAddress } from '../../plugins/rate-limits.js';
import { PincodesService } from './pincodes.service.js';

const errors = { 400: errorResponseSchema, 404: errorResponseSchema, 429: errorResponseSchema };

export const pincodesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new PincodesService(app.database.db);
  // Both ways of asking share one allowance: it stops scraping the delivery map, not shoppers.
  const limit = limitPerAddress(app, 'pincode', app.config.rateLimits.pincode, 'Too many PIN code checks.');

  app.post(
    '/api/users/pincode',
    {
      schema: {
        tags: ['Delivery'],
        summary: 'Does the store deliver to this PIN code?',
        body: pincodeCheckBodySchema,
        response: { 200: pincodeCheckResponseSchema, ...errors },
      },
      preHandler: limit,
    },
    async (req) => {
      const { deliveryAvailable } = await service.lookup(req.body.pincode);
      return { deliveryAvailable };
    },
  );

  app.get(
    '/api/pincodes/:pincode',
    {
      schema: {
        tags: ['Delivery'],
        summary: 'District, state, post offices and delivery options of a PIN code',
        params: pincodeParamsSchema,
        response: { 200: pincodeDetailSchema, ...errors },
      },
      preHandler: limit,
    },
    async (req) => {
      const { area: _area, ...detail } = await service.lookup(req.params.pincode);
      return detail;
    },
  );
};
