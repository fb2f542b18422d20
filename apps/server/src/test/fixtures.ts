import { randomBytes } from 'node:crypto';
import { defaultFulfilment } from '@store/domain';
import type { Db } from '../db/client.js';
import { products, productVariants, reviews } from '../db/schema.js';
import { buildSearchColumns } from '../modules/products/products.search-text.js';
import { NO_KEYWORD, type ProductFilters } from '../modules/products/products.repository.js';

type ProductInsert = typeof products.$inferInsert;

export interface FixtureProduct extends Partial<ProductInsert> {
  variants?: { name: string; price: number; countInStock: number }[];
  reviewRatings?: number[];
}

/** A listing's filters that keep every listed product; spread with the ones a test sets. */
export const EVERY_PRODUCT: ProductFilters = {
  words: NO_KEYWORD,
  subcategories: [],
  colors: [],
  variants: [],
  recipients: [],
  occasions: [],
};

/** A category no demo product has, so a test's listing holds exactly the products it made. */
export function uniqueCategory(label = 'Test'): string {
  return `${label} ${randomBytes(4).toString('hex')}`;
}

/** Inserts a listed product with sensible defaults; money in paise. */
export async function insertProduct(db: Db, fixture: FixtureProduct): Promise<string> {
  const { variants = [], reviewRatings = [], ...overrides } = fixture;
  const base = {
    name: `Fixture ${randomBytes(3).toString('hex')}`,
    description: '',
    category: 'Flowers',
    subCategory: [],
    tags: [],
    price: 50_000,
    available: true,
    countInStock: 10,
    ...overrides,
  };
  const values = { ...base, fulfilment: overrides.fulfilment ?? defaultFulfilment(base) } satisfies ProductInsert;
  const ratingAverage = reviewRatings.length ? reviewRatings.reduce((a, b) => a + b, 0) / reviewRatings.length : 0;
  const [row] = await db
    .insert(products)
    .values({
      rating: ratingAverage,
      numReviews: reviewRatings.length,
      ...values,
      ...buildSearchColumns(values),
    })
    .returning({ id: products.id });
  const id = row!.id;
  if (variants.length) {
    await db.insert(productVariants).values(variants.map((v, position) => ({ ...v, productId: id, position })));
  }
  if (reviewRatings.length) {
    await db
      .insert(reviews)
      .values(
        reviewRatings.map((rating, i) => ({ productId: id, name: `Reviewer ${i + 1}`, rating, comment: 'Lovely.' })),
      );
  }
  return id;
}

/**
 * A complete, valid admin product body (PUT /api/products/:id, with the product's `version`), money
 * in rupees. Without the product's stock, as the edit form sends it: a save never writes it.
 */
export const FULL_PRODUCT_BODY = {
  name: 'Midnight Red Roses',
  price: 1499,
  discountPrice: 1199,
  discountStartDate: '2026-01-01',
  discountEndDate: '2099-01-01T00:00:00.000Z',
  available: true,
  isFeatured: true,
  isSellingFast: false,
  isSubscription: false,
  image: '/uploads/demo/red-roses.jpg',
  productImages: ['/uploads/products/0a1b2c3d-aaaa-4bbb-8ccc-0123456789ab.png'],
  brand: 'Phoolwala',
  category: 'Flowers',
  subCategory: ['Roses', 'Rose Bouquet'],
  description: 'Twelve red roses, hand-tied.',
  variants: [{ name: '24 Roses', price: 2499, countInStock: 5, image: '' }],
  weight: 900,
  dimensions: { length: 40, width: 25, height: 60 },
  tags: [' love ', 'Love', '', 'anniversary'],
  color: ['Red'],
  occasion: ['Anniversary', 'Love and Romance'],
  recipient: ['For Her', 'For Wife'],
  material: ['Satin Ribbon'],
  vendor: ['Kochi Bloom House'],
  arrangementStyle: 'Hand-tied Bouquet',
  fragrance: 'Mild',
  careInstructions: 'Keep in a cool place, avoid direct sunlight.',
  sameDayDelivery: true,
  expressDelivery: false,
  relatedProducts: [] as unknown[],
};
