import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ARRANGEMENT_STYLES,
  CATEGORIES,
  CATEGORY_SUBCATEGORIES,
  COLOR_PALETTES,
  DEFAULT_CARE_INSTRUCTIONS,
  DEFAULT_FRAGRANCE,
  FRAGRANCES,
  HOME_OCCASIONS,
  MATERIALS,
  OCCASIONS,
  RECIPIENTS,
  VENDORS,
} from '@store/domain';
import { catalogResponseSchema, type CatalogResponse } from '@store/contracts';

const catalog: CatalogResponse = {
  categories: CATEGORIES.map((name) => ({ name, subcategories: [...CATEGORY_SUBCATEGORIES[name]] })),
  colorPalettes: COLOR_PALETTES,
  occasions: [...OCCASIONS],
  homeOccasions: [...HOME_OCCASIONS],
  recipients: [...RECIPIENTS],
  materials: [...MATERIALS],
  arrangementStyles: [...ARRANGEMENT_STYLES],
  fragrances: [...FRAGRANCES],
  defaultFragrance: DEFAULT_FRAGRANCE,
  defaultCareInstructions: DEFAULT_CARE_INSTRUCTIONS,
  vendors: [...VENDORS],
};

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/catalog',
    {
      schema: {
        tags: ['Catalogue'],
        summary: 'Categories, palettes and other vocabularies for menus, filters and forms',
        response: { 200: catalogResponseSchema },
      },
    },
    async (_req, reply) => {
      // Changes only with a deployment; let browsers and proxies keep it for a while.
      reply.header('cache-control', 'public, max-age=300');
      return catalog;
    },
  );
};
