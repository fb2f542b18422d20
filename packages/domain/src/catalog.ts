/**
 * The store's catalogue vocabulary (spec section 3). Everything that builds menus, filters,
 * seed data or validates product input reads these lists, so a new subcategory is added here once.
 */

export const CATEGORY_SUBCATEGORIES = {
  Flowers: [
    'Roses',
    'Rose Bouquet',
    'Carnation Bouquet',
    'Lilies Bouquet',
    'Orchids Bouquet',
    'Mixed Flower Bouquet',
    'Flower Arrangements',
    'Gerbera Bouquet',
    'Hydrangea Bouquet',
  ],
  Cakes: [
    'Chocolate',
    'Half Kg',
    'Vanilla',
    'Black Forest',
    'Red Velvet',
    'Fruit',
    'Photo',
    'Eggless',
    'Butterscotch',
    'Strawberry',
    'Pineapple',
    'Coffee',
    'KitKat',
    'Ferrero Rocher',
    'Plum cakes',
  ],
  Chocolates: ['Assorted', 'Handmade', 'Chocolate Boxes', 'Chocolate Hampers'],
  Combos: ['Flowers and Cakes', 'Flowers and Chocolates', 'Flowers and Teddy'],
} as const;

export type Category = keyof typeof CATEGORY_SUBCATEGORIES;
export const CATEGORIES = Object.keys(CATEGORY_SUBCATEGORIES) as Category[];

export interface ColorSwatch {
  name: string;
  hex: string;
}

/**
 * Palettes exist for more groups than the store sells today (spec section 3) so that the admin's
 * swatch picker and future categories share one list. Only the Flowers colour names are given by
 * the spec; the other palettes and all hex values are this store's choice (ADR 0003).
 */
export const COLOR_PALETTES: Record<string, ColorSwatch[]> = {
  Flowers: [
    { name: 'Red', hex: '#C8102E' },
    { name: 'Pink', hex: '#F4A6C1' },
    { name: 'White', hex: '#FAFAF7' },
    { name: 'Yellow', hex: '#F6C700' },
    { name: 'Purple', hex: '#7E4A9E' },
    { name: 'Orange', hex: '#F28C28' },
  ],
  Cakes: [
    { name: 'Chocolate Brown', hex: '#5C3317' },
    { name: 'Cream', hex: '#F3E5C0' },
    { name: 'Pink', hex: '#F7B6C8' },
    { name: 'Red', hex: '#B3122E' },
    { name: 'White', hex: '#FFFFFF' },
    { name: 'Yellow', hex: '#F9D56E' },
  ],
  Plants: [
    { name: 'Green', hex: '#2E7D32' },
    { name: 'Variegated', hex: '#A5C882' },
    { name: 'Terracotta', hex: '#C8693B' },
    { name: 'White', hex: '#F5F5F0' },
    { name: 'Black', hex: '#222222' },
  ],
  'Personalised Gifts': [
    { name: 'White', hex: '#FFFFFF' },
    { name: 'Black', hex: '#1F1F1F' },
    { name: 'Silver', hex: '#C0C0C0' },
    { name: 'Gold', hex: '#D4AF37' },
    { name: 'Rose Gold', hex: '#B76E79' },
  ],
  Chocolates: [
    { name: 'Dark', hex: '#3B1F0E' },
    { name: 'Milk', hex: '#7B4B2A' },
    { name: 'White', hex: '#F2E8D5' },
    { name: 'Gold', hex: '#C9A227' },
    { name: 'Red', hex: '#A4161A' },
  ],
  'Gift Hampers': [
    { name: 'Natural', hex: '#D8B98A' },
    { name: 'Red', hex: '#B22222' },
    { name: 'Gold', hex: '#D4AF37' },
    { name: 'Green', hex: '#3A7D44' },
    { name: 'White', hex: '#FAFAFA' },
  ],
  Jewelry: [
    { name: 'Gold', hex: '#D4AF37' },
    { name: 'Silver', hex: '#C0C0C0' },
    { name: 'Rose Gold', hex: '#B76E79' },
    { name: 'Pearl', hex: '#F0EAD6' },
    { name: 'Black', hex: '#1C1C1C' },
  ],
  'Toys & Games': [
    { name: 'Brown', hex: '#8B5A2B' },
    { name: 'White', hex: '#FFFFFF' },
    { name: 'Pink', hex: '#FFB6C1' },
    { name: 'Blue', hex: '#4A90D9' },
    { name: 'Red', hex: '#D62828' },
  ],
  'Home Décor': [
    { name: 'White', hex: '#F7F7F2' },
    { name: 'Beige', hex: '#E1C699' },
    { name: 'Teal', hex: '#2A9D8F' },
    { name: 'Mustard', hex: '#E0A800' },
    { name: 'Grey', hex: '#8D8D8D' },
  ],
  'Occasion-Based Gifts': [
    { name: 'Red', hex: '#C8102E' },
    { name: 'Gold', hex: '#D4AF37' },
    { name: 'Pink', hex: '#F4A6C1' },
    { name: 'Blue', hex: '#3A6EA5' },
    { name: 'White', hex: '#FFFFFF' },
  ],
  'Festive Gifts': [
    { name: 'Marigold', hex: '#F4A300' },
    { name: 'Red', hex: '#B71C1C' },
    { name: 'Gold', hex: '#D4AF37' },
    { name: 'Green', hex: '#2E7D32' },
    { name: 'Magenta', hex: '#C2185B' },
  ],
  'Corporate Gifts': [
    { name: 'Black', hex: '#1F1F1F' },
    { name: 'Navy', hex: '#1B2A49' },
    { name: 'Silver', hex: '#C0C0C0' },
    { name: 'White', hex: '#FFFFFF' },
    { name: 'Brown', hex: '#6B4226' },
  ],
  'Gourmet Gifts': [
    { name: 'Natural', hex: '#D8B98A' },
    { name: 'Brown', hex: '#6F4E37' },
    { name: 'Red', hex: '#A4161A' },
    { name: 'Green', hex: '#556B2F' },
    { name: 'Gold', hex: '#C9A227' },
  ],
  'Experiential Gifts': [
    { name: 'Blue', hex: '#2F6690' },
    { name: 'Orange', hex: '#F28C28' },
    { name: 'Green', hex: '#3A7D44' },
    { name: 'Purple', hex: '#6A4C93' },
    { name: 'Black', hex: '#1F1F1F' },
  ],
};

/**
 * The spec's admin occasions, plus 'Congratulations': the home page's occasion carousel links to
 * it, so an admin must be able to tag products with it (ADR 014).
 */
export const OCCASIONS = [
  'Birthday',
  'Congratulations',
  'Anniversary',
  'Baby Shower',
  'Housewarming',
  'Mothers day',
  'Apologies',
  'Love and Romance',
  'Sympathy and Support',
  'Weddings and Engagements',
] as const;

export const RECIPIENTS = [
  'For Her',
  'For Him',
  'For Mother',
  'For Father',
  'For Wife',
  'For Husband',
  'For Girlfriend',
  'For Boyfriend',
  'For Friend',
] as const;

export const MATERIALS = ['Wrapping Paper', 'Jute', 'Satin Ribbon'] as const;

export const ARRANGEMENT_STYLES = [
  'Hand-tied Bouquet',
  'Vase Arrangement',
  'Box Arrangement',
  'Basket Arrangement',
] as const;

export const FRAGRANCES = ['Mild', 'Strong', 'No Artificial Fragrance'] as const;
export const DEFAULT_FRAGRANCE = 'Mild';

export const DEFAULT_CARE_INSTRUCTIONS = 'Keep in a cool place, avoid direct sunlight.';

/** The spec names two fixed vendors without naming them; these names are the store's (ADR 0003). */
export const VENDORS = ['Kochi Bloom House', 'Malabar Bakers'] as const;

/** The spec's product name that is a placeholder and never shown to shoppers. */
export const SAMPLE_PRODUCT_NAME = 'Sample Product';

export function isCategory(value: string): value is Category {
  return Object.hasOwn(CATEGORY_SUBCATEGORIES, value);
}

export function subcategoriesOf(category: string): readonly string[] {
  return isCategory(category) ? CATEGORY_SUBCATEGORIES[category] : [];
}
