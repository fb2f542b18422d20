import type { Category, FulfilmentKind } from '@store/domain';

/** The kinds of artwork the generator draws; each product picks one for its pictures. */
export type ArtKind =
  | 'rose-bouquet'
  | 'mixed-bouquet'
  | 'lily-bouquet'
  | 'orchid-bouquet'
  | 'gerbera-bouquet'
  | 'carnation-bouquet'
  | 'hydrangea-bouquet'
  | 'flower-arrangement'
  | 'cake'
  | 'chocolate-box'
  | 'chocolate-hamper'
  | 'combo-cake-flowers'
  | 'combo-chocolate-flowers'
  | 'combo-teddy-flowers';

export interface ArtSpec {
  kind: ArtKind;
  /** Main colours as hex, most prominent first (petals, icing, box...). */
  colors: string[];
  /** Background tint as hex. */
  background: string;
  /** Varies the layout so two products of one kind do not look identical. */
  seed: number;
}

export interface DemoVariant {
  /** e.g. 'Half Kg', '1 Kg', '2 Kg' for cakes; '12 Stems', '24 Stems' for roses. */
  name: string;
  /** Rupees. */
  price: number;
  countInStock: number;
}

/** A personalisation per unit ('Eggless' +₹50, 'Message on cake' up to 30 characters). */
export interface DemoOption {
  name: string;
  kind: 'choice' | 'text';
  /** Rupees per unit; 0 for free. */
  price: number;
  /** Text options: the most characters. */
  maxLength?: number;
  required?: boolean;
}

export interface DemoReview {
  name: string;
  rating: 1 | 2 | 3 | 4 | 5;
  comment: string;
  daysAgo: number;
}

/** One product of the demo catalogue, written the way a merchandiser would fill it in. */
export interface DemoProduct {
  /** Stable, unique, kebab-case; names the image files and keeps related-product links stable. */
  slug: string;
  name: string;
  description: string;
  category: Category;
  subCategory: string[];
  /** Rupees. */
  price: number;
  /** Rupees; omitted or 0 for no discount. */
  discountPrice?: number;
  /** Days relative to seeding when the discount starts and ends (negative = in the past); omitted = open-ended. */
  discountWindowDays?: { start: number | null; end: number | null };
  countInStock: number;
  available?: boolean;
  isFeatured?: boolean;
  isSellingFast?: boolean;
  isSubscription?: boolean;
  brand: string;
  vendor: string[];
  tags: string[];
  color: string[];
  occasion: string[];
  recipient: string[];
  arrangementStyle?: string;
  material?: string[];
  closure?: string;
  measurements?: string;
  packageContent?: string;
  fragrance?: string;
  careInstructions?: string;
  /** Grams. */
  weight?: number;
  /** Centimetres. */
  dimensions?: { length: number; width: number; height: number };
  sameDayDelivery?: boolean;
  expressDelivery?: boolean;
  /** Left out, its category's kind (ADR 077). */
  fulfilment?: FulfilmentKind;
  /** How many days before seeding the product was created (0 to 9 shows the 'New' badge). */
  createdDaysAgo: number;
  variants?: DemoVariant[];
  options?: DemoOption[];
  reviews: DemoReview[];
  /** Slugs of other demo products shown as related. */
  related?: string[];
  art: ArtSpec;
  /** Extra gallery pictures beyond the main one (0 to 3), drawn with the same art kind and other seeds. */
  extraImages?: number;
}
