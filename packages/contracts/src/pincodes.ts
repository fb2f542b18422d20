import { z } from 'zod';

/**
 * Any value is accepted here and the format is checked by the service, so that every malformed
 * PIN code (missing, null, a list, five digits) gets the spec's own text, 'Error - Enter 6 digits'.
 */
export const pincodeCheckBodySchema = z.object({
  pincode: z.unknown().optional().describe('Six digits, as a string or a number'),
});

export const pincodeCheckResponseSchema = z.object({ deliveryAvailable: z.boolean() });

export const pincodeParamsSchema = z.object({ pincode: z.string() });

export const pincodeDetailSchema = z.object({
  pincode: z.string(),
  district: z.string(),
  state: z.string(),
  postOffices: z.array(z.string()),
  deliveryAvailable: z.boolean(),
  sameDayDelivery: z.boolean(),
});
export type PincodeDetail = z.infer<typeof pincodeDetailSchema>;
