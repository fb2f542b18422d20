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
import type { CatalogResponse } from '@store/contracts';

/** Categories, palettes and the other vocabularies of menus, filters and forms: what `GET /api/catalog` answers. */
export const catalog: CatalogResponse = {
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
