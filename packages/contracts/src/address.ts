import { z } from 'zod';

/** An address as the API sends it back (the input schema normalises; this only describes). */
export const addressResponseSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  address: z.string(),
  address2: z.string(),
  landmark: z.string().describe("A place near it for whoever delivers; '' when none was given"),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  phone: z.string(),
});
export type AddressResponse = z.infer<typeof addressResponseSchema>;
