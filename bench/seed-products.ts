import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client.js';
import { DEMO_PRODUCTS, type DemoProduct } from '@store/demo-catalogue';
import { products, productVariants } from '../apps/server/src/db/schema.js';
import { demoProductRows } from '../apps/server/src/db/seed.js';

/** ~45 columns x 500 rows stays well under PostgreSQL's 65,535 bind parameters per statement. */
const BATCH_SIZE = 500;
const UNAVAILABLE_SHARE = 0.05;
/** Products are spread over two years so "newest first" orders a realistic mix. */
const MAX_AGE_DAYS = 730;
/** Prefixed to the copies of each demo product so names (and the search text) differ. */
export const ADJECTIVES = [
  'Classic',
  'Premium',
  'Deluxe',
  'Signature',
  'Festive',
  'Royal',
  'Petite',
  'Grand',
  'Elegant',
];

export type Rng = () => number;

/** Small seeded PRNG (mulberry32): the same product count always yields the same catalogue. */
export function seededRng(seed: number): Rng {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Rupee prices the way Indian gift shops write them: ₹549, ₹799, never below ₹99. */
function shopPrice(rupees: number): number {
  return Math.max(99, Math.round(rupees / 50) * 50 - 1);
}

function pick<T>(items: readonly T[], rng: Rng): T {
  return items[Math.floor(rng() * items.length)]!;
}

/**
 * The index-th synthetic product: a copy of one demo entry (cycling through the catalogue) with
 * its own name, prices, age and availability. The first pass keeps the demo names as they are.
 */
function syntheticProduct(base: DemoProduct, index: number, rng: Rng): DemoProduct {
  const copy = Math.floor(index / DEMO_PRODUCTS.length);
  const factor = 0.8 + rng() * 0.45;
  const price = shopPrice(base.price * factor);
  return {
    ...base,
    slug: `${base.slug}-${index}`,
    name: copy === 0 ? base.name : `${pick(ADJECTIVES, rng)} ${base.name} #${index}`,
    price,
    discountPrice: base.discountPrice ? shopPrice(base.discountPrice * factor) : 0,
    available: rng() >= UNAVAILABLE_SHARE && (base.available ?? true),
    createdDaysAgo: rng() * MAX_AGE_DAYS,
    // Cakes keep their weights (Half Kg, 1 Kg, 2 Kg), repriced like the product.
    variants: base.variants?.map((v) => ({ ...v, price: shopPrice(v.price * factor) })),
    // Ratings are set on the row directly: review rows are not what the benchmark measures.
    reviews: [],
  };
}

/** Images are never fetched by the benchmark; these point at where the demo pictures would be. */
function demoImages(slug: string) {
  const url = (file: string) => `/uploads/demo/${file}`;
  return {
    image: url(`${slug}.jpg`),
    optimizedImages: { thumbnail: url(`${slug}-thumb.webp`), detail: url(`${slug}-detail.webp`) },
    productImages: [],
    optimizedProductImages: [],
  };
}

function syntheticRows(index: number, rng: Rng, now: Date) {
  const base = DEMO_PRODUCTS[index % DEMO_PRODUCTS.length]!;
  const rows = demoProductRows(syntheticProduct(base, index, rng), demoImages(base.slug), randomUUID(), now);
  // Skewed like a real shop: most products have a few reviews, some have hundreds.
  const numReviews = Math.floor(rng() ** 2 * 400);
  rows.product.numReviews = numReviews;
  rows.product.rating = numReviews ? Math.round((3 + rng() * 2) * 10) / 10 : 0;
  return rows;
}

/**
 * Inserts `count` synthetic products (cakes with their weights as variants) into a migrated, empty
 * database in one transaction, then vacuums and analyses it: the planner sees the real table
 * sizes, and index-only scans work from the start instead of after an autovacuum that would
 * otherwise land at an unpredictable moment in the middle of a measurement.
 */
export async function seedProducts(database: Database, count: number, now = new Date()): Promise<void> {
  if (DEMO_PRODUCTS.length === 0) throw new Error('the demo catalogue is empty; nothing to copy from');
  const rng = seededRng(count);
  await database.db.transaction(async (tx) => {
    for (let start = 0; start < count; start += BATCH_SIZE) {
      const batch = Array.from({ length: Math.min(BATCH_SIZE, count - start) }, (_, i) =>
        syntheticRows(start + i, rng, now),
      );
      await tx.insert(products).values(batch.map((r) => r.product));
      const variants = batch.flatMap((r) => r.variants);
      if (variants.length) await tx.insert(productVariants).values(variants);
    }
  });
  await database.db.execute(sql`VACUUM ANALYZE`);
}
