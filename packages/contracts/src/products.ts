import { z } from 'zod';
import { FULFILMENT_KINDS, OPTION_KINDS } from '@store/domain';
import { idSchema, optionalQuery, repeatableQuery, safeText } from './common.js';
import { WISHLIST_MAX_PRODUCTS } from './constants.js';

export const STOREFRONT_PAGE_SIZE = 12;
export const MAX_PAGE_LIMIT = 100;
export const MAX_PAGE_NUMBER = 10_000;
export const MAX_KEYWORD_LENGTH = 100;
export const MAX_PRICE_RUPEES = 10_000_000;

export const PRODUCT_SORT_FIELDS = ['price', 'rating', 'name', 'createdAt'] as const;
export type ProductSortField = (typeof PRODUCT_SORT_FIELDS)[number];

const wholeNumber = (name: string, min: number, max: number) =>
  z.coerce
    .number({ message: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(min, `${name} must be at least ${min}`)
    .max(max, `${name} must be at most ${max}`);

const decimal = (name: string, min: number, max: number) =>
  z.coerce
    .number({ message: `${name} must be a number` })
    .min(min, `${name} must be at least ${min}`)
    .max(max, `${name} must be at most ${max}`);

export const productListQuerySchema = z
  .object({
    keyword: optionalQuery(
      safeText().trim().max(MAX_KEYWORD_LENGTH, `keyword must be at most ${MAX_KEYWORD_LENGTH} characters`),
    ),
    pageNumber: optionalQuery(wholeNumber('pageNumber', 1, MAX_PAGE_NUMBER)),
    pageLimit: optionalQuery(wholeNumber('pageLimit', 1, MAX_PAGE_LIMIT)),
    category: optionalQuery(safeText().trim().max(80, 'category must be at most 80 characters')),
    subcategory: repeatableQuery(),
    color: repeatableQuery(),
    variant: repeatableQuery(),
    recipient: repeatableQuery(),
    occasion: repeatableQuery(),
    minRating: optionalQuery(decimal('minRating', 0, 5)),
    maxRating: optionalQuery(decimal('maxRating', 0, 5)),
    minPrice: optionalQuery(decimal('minPrice', 0, MAX_PRICE_RUPEES)),
    maxPrice: optionalQuery(decimal('maxPrice', 0, MAX_PRICE_RUPEES)),
    sortBy: optionalQuery(
      z.enum(PRODUCT_SORT_FIELDS, { message: `sortBy must be one of ${PRODUCT_SORT_FIELDS.join(', ')}` }),
    ),
    order: optionalQuery(z.enum(['asc', 'desc'], { message: 'order must be asc or desc' })),
    sameDayDelivery: optionalQuery(
      z.enum(['true', 'false'], { message: 'sameDayDelivery must be true or false' }).transform((v) => v === 'true'),
    ),
    /** The recipient's PIN code; checked by the service, so a malformed one gets the spec's own text. */
    pincode: z.unknown().optional(),
  })
  .refine((q) => q.minPrice === undefined || q.maxPrice === undefined || q.minPrice <= q.maxPrice, {
    message: 'minPrice must not be above maxPrice',
    path: ['minPrice'],
  })
  .refine((q) => q.minRating === undefined || q.maxRating === undefined || q.minRating <= q.maxRating, {
    message: 'minRating must not be above maxRating',
    path: ['minRating'],
  });
export type ProductListQuery = z.output<typeof productListQuerySchema>;

/** `?pincode=` on a product page: whether and when it can reach the recipient. */
export const productPincodeQuerySchema = z.object({ pincode: z.unknown().optional() });

export const fulfilmentKindSchema = z.enum(FULFILMENT_KINDS);

/** When a card's product can reach the PIN code asked about: an IST date and 'Today', 'Tomorrow' or 'Thu, 3 Dec'. */
export const earliestDeliverySchema = z.object({
  date: z.string().describe('YYYY-MM-DD, IST'),
  label: z.string(),
});
export type EarliestDelivery = z.infer<typeof earliestDeliverySchema>;

/** A product page asked with `?pincode=`: how it would travel there, and whether and from when it can. */
export const productDeliverySchema = z.object({
  pincode: z.string(),
  deliverable: z.boolean(),
  kind: fulfilmentKindSchema.describe('local: made and hand-delivered in the area; courier: packed and sent'),
  earliestDate: z.string().nullable().describe('YYYY-MM-DD, IST; null when it cannot be delivered there'),
  reason: z.string().nullable().describe('Why not, in a sentence naming where it can go; null when deliverable'),
});
export type ProductDelivery = z.infer<typeof productDeliverySchema>;

export const productSearchQuerySchema = z.object({
  keyword: z.preprocess(
    (v) => v ?? '',
    safeText().trim().max(MAX_KEYWORD_LENGTH, `keyword must be at most ${MAX_KEYWORD_LENGTH} characters`),
  ),
});

/** `?ids=a,b,c`: the products a wishlist names, in its order; as many as a wishlist may hold. */
export const productsByIdsQuerySchema = z.object({
  ids: z
    .string({ message: 'ids is required' })
    .transform((v) => [...new Set(v.split(',').filter(Boolean))])
    .pipe(
      z
        .array(idSchema, { message: 'ids must be product ids separated by commas' })
        .max(WISHLIST_MAX_PRODUCTS, `ids must name at most ${WISHLIST_MAX_PRODUCTS} products`),
    ),
});

const isoDate = z.iso.datetime();
const nullableIsoDate = isoDate.nullable();

export const optimizedImagesSchema = z.object({ thumbnail: z.string(), detail: z.string() });

export const deliveryOptionsSchema = z.object({
  sameDayDelivery: z.boolean(),
  expressDelivery: z.boolean(),
});

/** What a product card, the cart and the carousels need; list endpoints return this. */
export const productSummarySchema = z.object({
  _id: idSchema,
  name: z.string(),
  price: z.number().describe('Rupees'),
  discountPrice: z.number().describe('Rupees; the discount in force now, 0 when none'),
  discountStartDate: nullableIsoDate,
  discountEndDate: nullableIsoDate,
  countInStock: z.number().int(),
  available: z.boolean(),
  isFeatured: z.boolean(),
  isSellingFast: z.boolean(),
  isSubscription: z.boolean(),
  image: z.string(),
  optimizedImages: optimizedImagesSchema,
  category: z.string(),
  subCategory: z.array(z.string()),
  brand: z.string(),
  color: z.array(z.string()),
  occasion: z.array(z.string()),
  recipient: z.array(z.string()),
  deliveryOptions: deliveryOptionsSchema,
  fulfilment: fulfilmentKindSchema,
  /** Only on a listing asked with `?pincode=`. */
  earliestDelivery: earliestDeliverySchema.optional(),
  rating: z.number(),
  numReviews: z.number().int(),
  /** The GST % included in the price (prices are tax-inclusive): what the cart's 'incl. GST' adds up. */
  gstRate: z.number(),
  createdAt: isoDate,
});
export type ProductSummary = z.infer<typeof productSummarySchema>;

export const variantSchema = z.object({
  _id: idSchema,
  name: z.string(),
  price: z.number().describe('Rupees'),
  discountPrice: z
    .number()
    .describe("Rupees while the product's discount is in force, the same share off as the product's; 0 otherwise"),
  countInStock: z.number().int(),
  image: z.string(),
});

/**
 * A personalisation a shopper may add to each unit (ADR 035): a yes/no choice ('Eggless', +₹50)
 * or a line of text up to `maxLength` characters ('Message on cake'). Price in rupees per unit.
 */
export const productOptionSchema = z.object({
  _id: idSchema,
  name: z.string(),
  kind: z.enum(OPTION_KINDS),
  price: z.number().describe('Rupees added to each unit when chosen'),
  maxLength: z.number().int().describe('Text options: the most characters (as a reader counts them); 0 for a choice'),
  required: z.boolean().describe('Text options: every order of the product must carry the text'),
});
export type ProductOptionView = z.infer<typeof productOptionSchema>;

export const reviewSchema = z.object({
  _id: idSchema,
  name: z.string(),
  rating: z.number().int().min(1).max(5),
  comment: z.string(),
  verifiedPurchase: z.boolean(),
  createdAt: isoDate,
});

export const productDetailSchema = productSummarySchema.extend({
  description: z.string(),
  productImages: z.array(z.string()),
  optimizedProductImages: z.array(z.object({ original: z.string(), optimized: z.object({ detail: z.string() }) })),
  vendor: z.array(z.string()),
  tags: z.array(z.string()),
  arrangementStyle: z.string(),
  material: z.array(z.string()),
  closure: z.string(),
  measurements: z.string(),
  packageContent: z.string(),
  fragrance: z.string(),
  careInstructions: z.string(),
  weight: z.number().nullable().describe('Grams'),
  dimensions: z.object({
    length: z.number().nullable(),
    width: z.number().nullable(),
    height: z.number().nullable(),
  }),
  hsnCode: z.string().describe("HSN code of the product's GST class (its category's default until an admin sets one)"),
  variants: z.array(variantSchema),
  options: z.array(productOptionSchema),
  relatedProducts: z.array(productSummarySchema),
  reviews: z.array(reviewSchema),
  updatedAt: isoDate,
  /** Only when asked with `?pincode=`. */
  delivery: productDeliverySchema.optional(),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

export const productListResponseSchema = z.object({
  products: z.array(productSummarySchema),
  page: z.number().int(),
  pages: z.number().int(),
  total: z.number().int().describe('How many products match, over all pages'),
});
export type ProductListResponse = z.infer<typeof productListResponseSchema>;

export const productsResponseSchema = z.object({ products: z.array(productSummarySchema) });

/** 1 Poor, 2 Fair, 3 Good, 4 Very Good, 5 Excellent. The spec's client also sends productId, which the path says. */
export const reviewInputSchema = z.object({
  productId: z.unknown().optional(),
  rating: z
    .number({ message: 'rating must be a whole number from 1 to 5' })
    .int('rating must be a whole number from 1 to 5')
    .min(1, 'rating must be a whole number from 1 to 5')
    .max(5, 'rating must be a whole number from 1 to 5'),
  comment: safeText({ message: 'Comment is required' })
    .trim()
    .min(1, 'Comment is required')
    .max(2000, 'Comment must be at most 2000 characters'),
});
export type ReviewInput = z.infer<typeof reviewInputSchema>;
