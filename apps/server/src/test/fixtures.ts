import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client.js';
import { products, productVariants, reviews } from '../db/schema.js';
import { buildSearchColumns } from '../modules/products/products.search-text.js';

type ProductInsert = typeof products.$inferInsert;

export interface FixtureProduct extends Partial<ProductInsert> {
  variants?: { name: string; price: number; countInStock: number }[];
  reviewRatings?: number[];
}

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
  } satisfies ProductInsert;
  const ratingAverage = reviewRatings.length ? reviewRatings.reduce((a, b) => a + b, 0) / reviewRatings.length : 0;
  const [row] = await db
    .insert(products)
    .values({
      rating: ratingAverage,
      numReviews: reviewRatings.length,
      ...base,
      ...buildSearchColumns(base),
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
