import { z } from 'zod';

export const catalogResponseSchema = z.object({
  categories: z.array(z.object({ name: z.string(), subcategories: z.array(z.string()) })),
  colorPalettes: z.record(z.string(), z.array(z.object({ name: z.string(), hex: z.string() }))),
  occasions: z.array(z.string()),
  homeOccasions: z.array(z.string()),
  recipients: z.array(z.string()),
  materials: z.array(z.string()),
  arrangementStyles: z.array(z.string()),
  fragrances: z.array(z.string()),
  defaultFragrance: z.string(),
  defaultCareInstructions: z.string(),
  vendors: z.array(z.string()),
});
export type CatalogResponse = z.infer<typeof catalogResponseSchema>;
