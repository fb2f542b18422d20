import { z } from 'zod';
import {
  ARRANGEMENT_STYLES,
  CATEGORIES,
  CATEGORY_SUBCATEGORIES,
  COLOR_PALETTES,
  DEFAULT_CARE_INSTRUCTIONS,
  DEFAULT_FRAGRANCE,
  defaultFulfilment,
  FRAGRANCES,
  FULFILMENT_KINDS,
  GST_RATE_REQUIRED,
  GST_RATES,
  HSN_CODE_REQUIRED,
  isGstRate,
  isHsnCode,
  MATERIALS,
  MAX_PRODUCT_OPTIONS,
  MAX_STOCK,
  OPTION_KINDS,
  OPTION_NAME_MAX,
  OPTION_TEXT_MAX,
  OCCASIONS,
  RECIPIENTS,
  VENDORS,
  type Category,
} from '@store/domain';
import { idSchema, optionalQuery, safeText, versionSchema } from './common.js';
import { productDetailSchema, productSummarySchema } from './products.js';

const MAX_RUPEES = 1_000_000;

const rupees = (label: string) =>
  z
    .number({ message: `${label} must be a number` })
    .min(0, `${label} cannot be negative`)
    .max(MAX_RUPEES, `${label} must be at most ₹${MAX_RUPEES}`)
    .refine((v) => Math.round(v * 100) === v * 100, `${label} can have at most two decimals`);

const text = (label: string, max: number) => safeText().trim().max(max, `${label} must be at most ${max} characters`);

/**
 * Only the store's own pictures: anything else would be blocked by the page's CSP anyway. A file is
 * named without dots but its extension's, except for a content hash (hex) after its base name, as
 * the demo catalogue's copies are: `/uploads/demo/red-roses.3f9a1c07b2-detail.webp`.
 */
export const IMAGE_PATH =
  /^\/uploads\/[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*\/[A-Za-z0-9_-]+(?:\.[0-9a-f]{6,64}[A-Za-z0-9_-]*)?\.(?:jpg|jpeg|png|webp|avif)$/;
const imagePath = (label: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || IMAGE_PATH.test(v), `${label} must be an uploaded picture (/uploads/…)`);

/** A date, a date-time, or empty for none. */
const optionalDate = (label: string) =>
  z
    .union([z.iso.datetime({ offset: true }), z.iso.date(), z.literal(''), z.null()], {
      message: `${label} must be a date`,
    })
    .optional()
    .transform((v) => (v ? new Date(v) : null));

const oneOf = <T extends string>(label: string, values: readonly T[]) =>
  z
    .string()
    .refine((v): v is T => (values as readonly string[]).includes(v), `${label} is not one of the store's options`);

const listOf = <T extends string>(label: string, values: readonly T[], max = 20) =>
  z
    .array(oneOf(label, values), { message: `${label} must be a list` })
    .max(max)
    .default([]);

const COLOR_NAMES = [...new Set(Object.values(COLOR_PALETTES).flatMap((p) => p.map((c) => c.name)))];

const stockCount = (label: string) =>
  z
    .number({ message: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(0, `${label} cannot be negative`)
    .max(MAX_STOCK, `${label} must be at most ${MAX_STOCK}`);

/** Stock a save sends back as it read it: checked, never written once the product or size exists (ADR 065). */
const stockAsRead = (label: string) =>
  stockCount(label)
    .optional()
    .describe(
      'Read only: an existing product or size changes its stock through POST /api/products/{id}/stock-adjustments',
    );

const measure = (label: string) =>
  z
    .number({ message: `${label} must be a number` })
    .min(0, `${label} cannot be negative`)
    .max(100_000)
    .nullable()
    .optional();

/**
 * The spec's Edit Product payload, validated field by field. Delivery flags arrive flat and are
 * read back nested under deliveryOptions. A field left out takes its empty value. Whatever the
 * admin GET answers is accepted back unchanged; `version` is the one it answered (ADR 065).
 */
export const productUpdateSchema = z
  .object({
    productId: idSchema.optional(),
    version: versionSchema(),
    name: safeText({ message: 'Name is required' })
      .trim()
      .min(1, 'Name is required')
      .max(200, 'Name must be at most 200 characters'),
    price: rupees('Price'),
    discountPrice: rupees('Discount price').default(0),
    discountStartDate: optionalDate('Discount start date'),
    discountEndDate: optionalDate('Discount end date'),
    countInStock: stockAsRead('Count in stock'),
    available: z.boolean().default(false),
    isFeatured: z.boolean().default(false),
    isSellingFast: z.boolean().default(false),
    isSubscription: z.boolean().default(false),
    image: imagePath('Top image').default(''),
    productImages: z.array(imagePath('Product images')).max(12, 'At most 12 product images').default([]),
    brand: text('Brand', 100).default(''),
    category: oneOf('Category', CATEGORIES as readonly Category[]),
    /** The GST class; left out, the category's default (a combo: the highest rate of its parts). */
    hsnCode: z
      .string({ message: 'HSN code must be 4, 6 or 8 digits' })
      .trim()
      .refine(isHsnCode, 'HSN code must be 4, 6 or 8 digits')
      .optional(),
    gstRate: z
      .number({ message: `GST rate must be one of ${GST_RATES.join(', ')} %` })
      .refine(isGstRate, `GST rate must be one of ${GST_RATES.join(', ')} %`)
      .optional(),
    subCategory: z.array(z.string()).max(20).default([]),
    description: text('Description', 5000).default(''),
    variants: z
      .array(
        z.object({
          _id: idSchema.optional(),
          name: safeText({ message: 'Variant name is required' })
            .trim()
            .min(1, 'Variant name is required')
            .max(60, 'Variant name must be at most 60 characters'),
          price: rupees('Variant price'),
          /** A new size's initial stock; an existing size's is read only, like the product's. */
          countInStock: stockAsRead('Variant count in stock'),
          image: imagePath('Variant image').default(''),
        }),
      )
      .max(20, 'At most 20 variants')
      .default([]),
    /** Personalisations (ADR 035); options keep their ids (carts refer to them) when sent back. */
    options: z
      .array(
        z.object({
          _id: idSchema.optional(),
          name: safeText({ message: 'Option name is required' })
            .trim()
            .min(1, 'Option name is required')
            .max(OPTION_NAME_MAX, `Option name must be at most ${OPTION_NAME_MAX} characters`),
          kind: z.enum(OPTION_KINDS, { message: "Option kind must be 'choice' (yes/no) or 'text'" }),
          price: rupees('Option price'),
          maxLength: z
            .number({ message: 'Character limit must be a whole number' })
            .int('Character limit must be a whole number')
            .min(0, 'Character limit cannot be negative')
            .max(OPTION_TEXT_MAX, `Character limit must be at most ${OPTION_TEXT_MAX}`)
            .default(0),
          required: z.boolean().default(false),
        }),
      )
      .max(MAX_PRODUCT_OPTIONS, `At most ${MAX_PRODUCT_OPTIONS} options`)
      .default([]),
    weight: z
      .number({ message: 'Weight must be a number' })
      .int('Weight must be whole grams')
      .min(0)
      .max(1_000_000)
      .nullable()
      .optional(),
    dimensions: z.object({ length: measure('Length'), width: measure('Width'), height: measure('Height') }).optional(),
    tags: z
      .array(safeText().max(40, 'Tags must be at most 40 characters'))
      .max(30, 'At most 30 tags')
      .default([])
      .transform((tags) => {
        const seen = new Set<string>();
        return tags
          .map((t) => t.trim())
          .filter((t) => t !== '' && !seen.has(t.toLowerCase()) && seen.add(t.toLowerCase()));
      }),
    color: listOf('Color', COLOR_NAMES),
    occasion: listOf('Occasion', OCCASIONS),
    recipient: listOf('Recipient', RECIPIENTS),
    material: listOf('Material', MATERIALS),
    vendor: listOf('Vendor', VENDORS),
    arrangementStyle: z.union([z.literal(''), oneOf('Arrangement style', ARRANGEMENT_STYLES)]).default(''),
    /** '' is no fragrance (a cake, a box of chocolates); left out, the spec's default. */
    fragrance: oneOf('Fragrance', ['', ...FRAGRANCES]).default(DEFAULT_FRAGRANCE),
    careInstructions: text('Care instructions', 500).default(DEFAULT_CARE_INSTRUCTIONS),
    sameDayDelivery: z.boolean().optional(),
    expressDelivery: z.boolean().optional(),
    /** Left out, the category's kind (ADR 077): fresh cakes and flowers local, packed goods courier. */
    fulfilment: z.enum(FULFILMENT_KINDS, { message: 'fulfilment must be local or courier' }).optional(),
    /** As the admin GET answers them; the flat flags, when sent, are what counts. */
    deliveryOptions: z
      .object({ sameDayDelivery: z.boolean().optional(), expressDelivery: z.boolean().optional() })
      .optional(),
    relatedProducts: z
      .array(z.union([idSchema, z.object({ _id: idSchema }).transform((p) => p._id)]))
      .max(12, 'At most 12 recommended products')
      .default([]),
  })
  .superRefine((p, ctx) => {
    if (p.discountPrice > 0 && p.discountPrice >= p.price) {
      ctx.addIssue({ code: 'custom', path: ['discountPrice'], message: 'Discount price must be below the price' });
    }
    if (p.discountStartDate && p.discountEndDate && p.discountEndDate <= p.discountStartDate) {
      ctx.addIssue({
        code: 'custom',
        path: ['discountEndDate'],
        message: 'Discount end date must be after the start date',
      });
    }
    // A GST class is an HSN code and its rate together: either alone would be paired with the
    // category's default for the other, a class nobody chose.
    if (p.hsnCode !== undefined && p.gstRate === undefined) {
      ctx.addIssue({ code: 'custom', path: ['gstRate'], message: GST_RATE_REQUIRED });
    }
    if (p.hsnCode === undefined && p.gstRate !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['hsnCode'], message: HSN_CODE_REQUIRED });
    }
    p.variants.forEach((variant, i) => {
      if (variant._id === undefined && variant.countInStock === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['variants', i, 'countInStock'],
          message: 'Variant count in stock is required for a new size',
        });
      }
    });
    const names = new Set<string>();
    const ids = new Set<string>();
    p.options.forEach((option, i) => {
      const name = option.name.toLowerCase();
      if (names.has(name)) {
        ctx.addIssue({ code: 'custom', path: ['options', i, 'name'], message: `Two options are named ${option.name}` });
      }
      names.add(name);
      if (option._id !== undefined && ids.has(option._id)) {
        ctx.addIssue({ code: 'custom', path: ['options', i, '_id'], message: 'Two options have the same id' });
      }
      if (option._id !== undefined) ids.add(option._id);
      if (option.kind === 'text' && option.maxLength < 1) {
        ctx.addIssue({
          code: 'custom',
          path: ['options', i, 'maxLength'],
          message: `${option.name} needs a character limit from 1 to ${OPTION_TEXT_MAX}`,
        });
      }
      if (option.kind === 'choice' && option.required) {
        ctx.addIssue({
          code: 'custom',
          path: ['options', i, 'required'],
          message: `${option.name} is a yes/no choice, which cannot be required`,
        });
      }
    });
    const allowed: readonly string[] = CATEGORY_SUBCATEGORIES[p.category as Category] ?? [];
    for (const sub of p.subCategory) {
      if (!allowed.includes(sub)) {
        ctx.addIssue({
          code: 'custom',
          path: ['subCategory'],
          message: `${sub} is not a subcategory of ${p.category}`,
        });
      }
    }
  })
  .transform(({ deliveryOptions, ...p }) => ({
    ...p,
    sameDayDelivery: p.sameDayDelivery ?? deliveryOptions?.sameDayDelivery ?? false,
    expressDelivery: p.expressDelivery ?? deliveryOptions?.expressDelivery ?? false,
    fulfilment: p.fulfilment ?? defaultFulfilment(p),
  }));
export type ProductUpdate = z.infer<typeof productUpdateSchema>;

/** The edit form's view: stored values, including a discount that is not in force today. */
export const adminProductSchema = productDetailSchema.extend({
  version: z
    .number()
    .int()
    .describe('Send it back with PUT: a save of an older version is refused (409) with the product as it is now'),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;

export const adminProductRowSchema = productSummarySchema.extend({ vendor: z.array(z.string()) });

export const ADMIN_PRODUCT_PAGE_SIZE = 100;

export const adminProductListQuerySchema = z.object({
  pageNumber: z.coerce
    .number({ message: 'pageNumber must be a whole number' })
    .int('pageNumber must be a whole number')
    .min(1, 'pageNumber must be at least 1')
    .max(100_000)
    .default(1),
  /** Part of the product's name, any case. */
  q: optionalQuery(safeText().trim().max(100, 'q must be at most 100 characters')),
});

export const adminProductListSchema = z.object({
  products: z.array(adminProductRowSchema),
  page: z.number().int(),
  pages: z.number().int(),
});

/** A new product: a hidden draft to edit, with the stock it starts with (its first stock ledger row). */
export const productCreateSchema = z
  .object({ countInStock: stockCount('Count in stock').default(0) })
  .nullish()
  .describe('Optional; without it the draft starts with nothing in stock');
