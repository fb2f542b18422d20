import { randomUUID } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import { DEFAULT_TAX_CLASS, defaultFulfilment, rupeesToPaise } from '@store/domain';
import type { Database, Db } from './client.js';
import { coupons, productRelations, products, productVariants, reviews, users } from './schema.js';
import { hashPassword, passwordMatches } from '../modules/users/users.passwords.js';
import { buildSearchColumns } from '../modules/products/products.search-text.js';
import type { DemoProduct } from '@store/demo-catalogue';
import { DEMO_PICTURES_FOLDER, type ImageStore } from '../lib/image-store.js';

const DAY_MS = 24 * 60 * 60 * 1000;

interface DemoImages {
  image: string;
  optimizedImages: { thumbnail: string; detail: string };
  productImages: string[];
  optimizedProductImages: { original: string; optimized: { detail: string } }[];
}

/**
 * The demo catalogue and its artwork: thousands of lines that only seeding needs, so they are
 * loaded then, not at every boot.
 */
const loadDemo = () => import('@store/demo-catalogue');

/**
 * Puts every demo picture into the store the server reads pictures from (DATA_DIR/uploads/demo, or
 * the bucket several servers share) and says where each product's are. A picture the store already
 * holds is left alone: its name is the hash of its bytes, so a seeding cut short and run again
 * uploads only what is missing. The largest copy is 800 px, all the shop ever shows, so it is the
 * original too.
 */
export async function putDemoPictures(store: ImageStore, catalogue?: readonly DemoProduct[]) {
  const { DEMO_PRODUCTS, picturesOf, placeDemoPictures } = await loadDemo();
  const products = catalogue ?? DEMO_PRODUCTS;
  const placed = await placeDemoPictures(products, async ({ files, bytes }) => {
    for (const size of ['thumbnail', 'detail'] as const) {
      const key = `${DEMO_PICTURES_FOLDER}/${files[size]}`;
      if (!(await store.has(key))) await store.put(key, bytes[size], 'image/webp');
    }
  });
  const url = (file: string) => `/uploads/${DEMO_PICTURES_FOLDER}/${file}`;
  return products.map((p): DemoImages => {
    const [main, ...extras] = picturesOf(p).map(({ baseName }) => placed.get(baseName)!);
    return {
      image: url(main!.detail),
      optimizedImages: { thumbnail: url(main!.thumbnail), detail: url(main!.detail) },
      productImages: extras.map((e) => url(e.detail)),
      optimizedProductImages: extras.map((e) => ({ original: url(e.detail), optimized: { detail: url(e.detail) } })),
    };
  });
}

/** Turns the merchandiser-style demo entry into table rows, with money in paise. */
export function demoProductRows(p: DemoProduct, images: DemoImages, id: string, now: Date) {
  const daysFromNow = (days: number | null | undefined) =>
    days === null || days === undefined ? null : new Date(now.getTime() + days * DAY_MS);
  const ratings = p.reviews.map((r) => r.rating);
  const createdAt = new Date(now.getTime() - p.createdDaysAgo * DAY_MS - (p.art.seed % 20) * 60 * 60 * 1000);
  const product: typeof products.$inferInsert = {
    id,
    name: p.name,
    description: p.description,
    price: rupeesToPaise(p.price),
    discountPrice: rupeesToPaise(p.discountPrice ?? 0),
    discountStartDate: daysFromNow(p.discountWindowDays?.start),
    discountEndDate: daysFromNow(p.discountWindowDays?.end),
    countInStock: p.countInStock,
    available: p.available ?? true,
    isFeatured: p.isFeatured ?? false,
    isSellingFast: p.isSellingFast ?? false,
    isSubscription: p.isSubscription ?? false,
    ...images,
    category: p.category,
    // A combo's default is the highest class of its usual parts (a mixed supply).
    hsnCode: DEFAULT_TAX_CLASS[p.category].hsn,
    gstRate: DEFAULT_TAX_CLASS[p.category].rate,
    subCategory: p.subCategory,
    brand: p.brand,
    vendor: p.vendor,
    tags: p.tags,
    color: p.color,
    occasion: p.occasion,
    recipient: p.recipient,
    arrangementStyle: p.arrangementStyle ?? '',
    material: p.material ?? [],
    closure: p.closure ?? '',
    measurements: p.measurements ?? '',
    packageContent: p.packageContent ?? '',
    fragrance: p.fragrance ?? '',
    careInstructions: p.careInstructions ?? '',
    weight: p.weight ?? null,
    length: p.dimensions?.length ?? null,
    width: p.dimensions?.width ?? null,
    height: p.dimensions?.height ?? null,
    sameDayDelivery: p.sameDayDelivery ?? false,
    expressDelivery: p.expressDelivery ?? false,
    fulfilment: p.fulfilment ?? defaultFulfilment({ category: p.category, subCategory: p.subCategory ?? [] }),
    options: (p.options ?? []).map((o) => ({
      id: randomUUID(),
      name: o.name,
      kind: o.kind,
      price: rupeesToPaise(o.price),
      maxLength: o.maxLength ?? 0,
      required: o.required ?? false,
    })),
    rating: ratings.length ? ratings.reduce((a, b) => a + b, 0) / ratings.length : 0,
    numReviews: ratings.length,
    ...buildSearchColumns(p),
    createdAt,
    updatedAt: createdAt,
  };
  const variants = (p.variants ?? []).map((v, position) => ({
    productId: id,
    position,
    name: v.name,
    price: rupeesToPaise(v.price),
    countInStock: v.countInStock,
    image: images.image,
  }));
  const productReviews = p.reviews.map((r) => ({
    productId: id,
    name: r.name,
    rating: r.rating,
    comment: r.comment,
    createdAt: new Date(now.getTime() - r.daysAgo * DAY_MS),
  }));
  return { product, variants, reviews: productReviews };
}

async function insertDemo(db: Db, catalogue: readonly DemoProduct[], images: DemoImages[], now: Date) {
  const ids = new Map(catalogue.map((p) => [p.slug, randomUUID()]));
  const rows = catalogue.map((p, i) => demoProductRows(p, images[i]!, ids.get(p.slug)!, now));
  await db.transaction(async (tx) => {
    await tx.insert(products).values(rows.map((r) => r.product));
    const variants = rows.flatMap((r) => r.variants);
    if (variants.length) await tx.insert(productVariants).values(variants);
    const allReviews = rows.flatMap((r) => r.reviews);
    if (allReviews.length) await tx.insert(reviews).values(allReviews);
    const relations = catalogue.flatMap((p) =>
      (p.related ?? []).map((slug, position) => ({ productId: ids.get(p.slug)!, relatedId: ids.get(slug)!, position })),
    );
    if (relations.length) await tx.insert(productRelations).values(relations);
  });
}

/**
 * The README's demo accounts. They exist only where the demo catalogue was seeded; a real
 * deployment gets its first admin from `npm run create-admin`, never a known password.
 */
export const DEMO_ACCOUNTS = [
  { name: 'Demo Admin', email: 'admin@example.com', password: 'admin-demo-pass', isAdmin: true },
  { name: 'Demo Customer', email: 'customer@example.com', password: 'customer-demo-pass', isAdmin: false },
] as const;

/**
 * The demo accounts that still open with their published password: a store seeded in development
 * and then put into production would otherwise let anyone in as its admin.
 */
export async function demoAccountsStillOpen(db: Db): Promise<string[]> {
  const rows = await db
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(
      inArray(
        sql`lower(${users.email})`,
        DEMO_ACCOUNTS.map((a) => a.email),
      ),
    );
  const open = await Promise.all(
    DEMO_ACCOUNTS.map(async ({ email, password }) => {
      const row = rows.find((r) => r.email.toLowerCase() === email);
      return row?.passwordHash && (await passwordMatches(row.passwordHash, password)) ? email : undefined;
    }),
  );
  return open.filter((email) => email !== undefined);
}

async function insertDemoAccounts(db: Db) {
  const rows = await Promise.all(
    DEMO_ACCOUNTS.map(async ({ password, ...account }) => ({ ...account, passwordHash: await hashPassword(password) })),
  );
  await db.insert(users).values(rows).onConflictDoNothing();
}

/** The README's demo coupons: 10 % off a first order up to ₹150, and ₹100 off orders of ₹999 or more. */
export const DEMO_COUPONS = [
  {
    code: 'WELCOME10',
    kind: 'percent',
    value: 10,
    maxDiscount: rupeesToPaise(150),
    minOrderValue: 0,
    usesPerCustomer: 1,
    firstOrderOnly: true,
  },
  { code: 'FLAT100', kind: 'flat', value: rupeesToPaise(100), maxDiscount: null, minOrderValue: rupeesToPaise(999) },
] as const;

async function insertDemoCoupons(db: Db, now: Date) {
  await db
    .insert(coupons)
    .values(DEMO_COUPONS.map((c) => ({ ...c, createdAt: now, updatedAt: now })))
    .onConflictDoNothing();
}

/**
 * Seeds the demo catalogue into an empty store. It never touches a store that has products, so a
 * restart, or a second server starting at the same time, leaves the data alone.
 */
export async function seedDemoCatalogue(database: Database, pictures: ImageStore, now = new Date()) {
  return database.withExclusiveLock(async (db) => {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(products);
    if ((row?.n ?? 0) > 0) return { products: 0 };
    const { DEMO_PRODUCTS } = await loadDemo();
    const images = await putDemoPictures(pictures, DEMO_PRODUCTS);
    await insertDemo(db, DEMO_PRODUCTS, images, now);
    await insertDemoAccounts(db);
    await insertDemoCoupons(db, now);
    return { products: DEMO_PRODUCTS.length };
  });
}
