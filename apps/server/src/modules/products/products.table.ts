import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { FulfilmentKind, ProductOption, StockLedgerReason } from '@store/domain';

export interface OptimizedImages {
  thumbnail: string;
  detail: string;
}

export interface OptimizedProductImage {
  original: string;
  optimized: { detail: string };
}

/** A tsvector, read and written as its text ('word':1A ...); PostgreSQL parses it, splitting nothing. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

const textList = (name: string) =>
  text(name)
    .array()
    .notNull()
    .default(sql`'{}'::text[]`);

/** Money columns hold integer paise; the API converts to rupees at the edge. */
export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    price: integer('price').notNull().default(0),
    discountPrice: integer('discount_price').notNull().default(0),
    discountStartDate: timestamp('discount_start_date', { withTimezone: true }),
    discountEndDate: timestamp('discount_end_date', { withTimezone: true }),
    countInStock: integer('count_in_stock').notNull().default(0),
    available: boolean('available').notNull().default(false),
    isFeatured: boolean('is_featured').notNull().default(false),
    isSellingFast: boolean('is_selling_fast').notNull().default(false),
    isSubscription: boolean('is_subscription').notNull().default(false),
    image: text('image').notNull().default(''),
    optimizedImages: jsonb('optimized_images')
      .$type<OptimizedImages>()
      .notNull()
      .default({ thumbnail: '', detail: '' }),
    productImages: textList('product_images'),
    optimizedProductImages: jsonb('optimized_product_images').$type<OptimizedProductImage[]>().notNull().default([]),
    category: text('category').notNull().default(''),
    subCategory: textList('sub_category'),
    brand: text('brand').notNull().default(''),
    vendor: textList('vendor'),
    tags: textList('tags'),
    color: textList('color'),
    occasion: textList('occasion'),
    recipient: textList('recipient'),
    arrangementStyle: text('arrangement_style').notNull().default(''),
    material: textList('material'),
    closure: text('closure').notNull().default(''),
    measurements: text('measurements').notNull().default(''),
    packageContent: text('package_content').notNull().default(''),
    fragrance: text('fragrance').notNull().default(''),
    careInstructions: text('care_instructions').notNull().default(''),
    weight: integer('weight'),
    length: doublePrecision('length'),
    width: doublePrecision('width'),
    height: doublePrecision('height'),
    sameDayDelivery: boolean('same_day_delivery').notNull().default(false),
    expressDelivery: boolean('express_delivery').notNull().default(false),
    /**
     * How it travels (ADR 077): made locally or sent by courier. No default: whoever writes a
     * product chooses, so a fresh cake is never shipped across India for want of a value.
     */
    fulfilment: text('fulfilment').$type<FulfilmentKind>().notNull(),
    rating: real('rating').notNull().default(0),
    numReviews: integer('num_reviews').notNull().default(0),
    /**
     * Lower-cased name, category, subcategories, tags, occasions, recipients and description, kept
     * by the application on every write: a keyword of symbols only ('%'), which has no words for
     * the search vector, is looked for in it.
     */
    searchText: text('search_text').notNull().default(''),
    /**
     * The product's words for keyword search, weighted by field (ADR 087), kept by the application
     * on every write, as its words are cut as the shopper's keyword is (products.search-text.ts).
     */
    searchVector: tsvector('search_vector').notNull().default(''),
    /**
     * The product's GST class (ADR 028). Empty on a row nobody classified, which orders tax at its
     * category's default; the admin form and API always set both.
     */
    hsnCode: text('hsn_code').notNull().default(''),
    gstRate: smallint('gst_rate').notNull().default(0),
    /**
     * Personalisations a shopper may choose per unit, prices in paise (ADR 035). A short list read
     * and written only with its product, so it lives on the row; orders keep their own copy.
     */
    options: jsonb('options').$type<ProductOption[]>().notNull().default([]),
    /**
     * One more with every save of the edit form, and nothing else (ADR 065): a save carrying an
     * older one is refused. Orders taking stock, stock adjustments and reviews leave it alone, as
     * none of them is a field the form writes.
     */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('products_price_non_negative', sql`${t.price} >= 0`),
    check('products_discount_price_non_negative', sql`${t.discountPrice} >= 0`),
    check('products_stock_non_negative', sql`${t.countInStock} >= 0`),
    check('products_rating_range', sql`${t.rating} >= 0 AND ${t.rating} <= 5`),
    check('products_fulfilment', sql`${t.fulfilment} IN ('local', 'courier')`),
    check('products_gst_rate', sql`${t.gstRate} IN (0, 3, 5, 12, 18, 28, 40)`),
    check('products_hsn_code', sql`${t.hsnCode} ~ '^([0-9]{4}|[0-9]{6}|[0-9]{8})?$'`),
    index('products_search_vector').using('gin', t.searchVector),
    // The products whose vector is still to be written (db/search-vectors.ts), found at every start
    // without reading every vector: 1.2 s at 200,000 products by a scan, nothing once all are written.
    index('products_search_vector_missing')
      .on(t.id)
      .where(sql`${t.searchVector} = ''::tsvector`),
    // Plain DESC (nulls first) so that `ORDER BY created_at DESC, id` reads the index in order.
    index('products_listed_created')
      .on(sql`${t.createdAt} DESC`, t.id)
      .where(sql`${t.available} AND ${t.name} <> 'Sample Product'`),
    // The admin's list of every product, listed or not, in the same order (ADR 050).
    index('products_created').on(sql`${t.createdAt} DESC`, t.id),
    index('products_category').on(t.category),
    index('products_sub_category').using('gin', t.subCategory),
    index('products_color').using('gin', t.color),
    index('products_occasion').using('gin', t.occasion),
    index('products_recipient').using('gin', t.recipient),
    index('products_rating').on(sql`${t.rating} DESC`),
  ],
);

/**
 * What a listing filters and orders by, for the listed products only (ADR 088), kept by a trigger
 * on products from the same columns. A listing without a keyword reads these rows instead of the
 * products': about a tenth of their width, so finding and counting a filter's matches reads a
 * tenth of the pages. A sale rewrites a product's row (its stock) and never this one.
 */
export const productListing = pgTable(
  'product_listing',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    price: integer('price').notNull(),
    discountPrice: integer('discount_price').notNull(),
    discountStartDate: timestamp('discount_start_date', { withTimezone: true }),
    discountEndDate: timestamp('discount_end_date', { withTimezone: true }),
    category: text('category').notNull(),
    subCategory: text('sub_category').array().notNull(),
    color: text('color').array().notNull(),
    occasion: text('occasion').array().notNull(),
    recipient: text('recipient').array().notNull(),
    sameDayDelivery: boolean('same_day_delivery').notNull(),
    fulfilment: text('fulfilment').$type<FulfilmentKind>().notNull(),
    rating: real('rating').notNull(),
    numReviews: integer('num_reviews').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('product_listing_created').on(sql`${t.createdAt} DESC`, t.id),
    // The rating's and the name's orders (ADR 091), walked by a page that filters on no price.
    index('product_listing_rating').on(sql`${t.rating} DESC`, sql`${t.numReviews} DESC`, t.id),
    index('product_listing_name').on(sql`lower(${t.name})`, t.id),
    index('product_listing_category').on(t.category),
    index('product_listing_sub_category').using('gin', t.subCategory),
    index('product_listing_color').using('gin', t.color),
    index('product_listing_occasion').using('gin', t.occasion),
    index('product_listing_recipient').using('gin', t.recipient),
  ],
);

export const productVariants = pgTable(
  'product_variants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    price: integer('price').notNull(),
    countInStock: integer('count_in_stock').notNull().default(0),
    image: text('image').notNull().default(''),
  },
  (t) => [
    uniqueIndex('product_variants_product_position').on(t.productId, t.position),
    index('product_variants_name').on(sql`lower(${t.name})`),
    check('product_variants_price_non_negative', sql`${t.price} >= 0`),
    check('product_variants_stock_non_negative', sql`${t.countInStock} >= 0`),
  ],
);

export const productRelations = pgTable(
  'product_relations',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    relatedId: uuid('related_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.relatedId] })],
);

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Set for reviews written by accounts; demo reviews carry only a name. */
    userId: uuid('user_id'),
    name: text('name').notNull(),
    rating: integer('rating').notNull(),
    comment: text('comment').notNull(),
    verifiedPurchase: boolean('verified_purchase').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('reviews_product_created').on(t.productId, t.createdAt.desc()),
    // One review per account per product, also when two arrive at once.
    uniqueIndex('reviews_product_user').on(t.productId, t.userId),
    check('reviews_rating_range', sql`${t.rating} BETWEEN 1 AND 5`),
  ],
);

/**
 * A product's stock ledger (ADR 065): every change an admin made to its stock or one of its sizes',
 * with the figure before and after, written in the change's own transaction, and the stock each
 * started with. Orders' takes are not here: each order keeps its lines. The ledger goes with its
 * product (the audit trail keeps the deletion); a size keeps no foreign key, so its rows outlive it
 * under the name it had.
 */
export const stockAdjustments = pgTable(
  'stock_adjustments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: uuid('variant_id'),
    variantName: text('variant_name'),
    actorId: uuid('actor_id').notNull(),
    actorEmail: text('actor_email').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    reason: text('reason').$type<StockLedgerReason>().notNull(),
    note: text('note').notNull().default(''),
    change: integer('change').notNull(),
    before: integer('before').notNull(),
    after: integer('after').notNull(),
  },
  (t) => [
    // A product's ledger newest first is a range of this index, however long it grows.
    index('stock_adjustments_product_at').on(t.productId, t.at.desc(), t.id.desc()),
    check('stock_adjustments_reason', sql`${t.reason} IN ('initial', 'received', 'damaged', 'correction', 'returned')`),
    check('stock_adjustments_arithmetic', sql`${t.after} = ${t.before} + ${t.change} AND ${t.after} >= 0`),
  ],
);

/**
 * Every word any product's search vector has held (ADR 087), kept by a trigger as vectors are
 * written: a keyword word is matched as the words it starts, and a word that starts none is taken
 * for a typo of the nearest of these by spelling, found through their trigrams. Words no product
 * holds any more stay; one matches nothing.
 */
export const searchWords = pgTable(
  'search_words',
  {
    word: text('word').primaryKey(),
  },
  (t) => [
    index('search_words_trgm').using('gin', sql`${t.word} gin_trgm_ops`),
    // A keyword word's completions ('choc' to 'chocolate') are a range of this index, whatever
    // the database's collation.
    index('search_words_prefix').on(sql`${t.word} text_pattern_ops`),
  ],
);
