import { activeDiscountPrice, paiseToRupees, productTaxClass, sizeDiscountPrice } from '@store/domain';
import type { ProductDetail, ProductSummary } from '@store/contracts';
import type { products, productVariants, reviews } from './products.table.js';

type ProductRow = typeof products.$inferSelect;
/** What a product page needs of the row: everything but the database's own search columns. */
export type ProductPageRow = Omit<ProductRow, 'searchText' | 'searchVector'>;
export type ProductSummaryRow = Pick<
  ProductRow,
  | 'id'
  | 'name'
  | 'price'
  | 'discountPrice'
  | 'discountStartDate'
  | 'discountEndDate'
  | 'countInStock'
  | 'available'
  | 'isFeatured'
  | 'isSellingFast'
  | 'isSubscription'
  | 'image'
  | 'optimizedImages'
  | 'category'
  | 'subCategory'
  | 'brand'
  | 'color'
  | 'occasion'
  | 'recipient'
  | 'sameDayDelivery'
  | 'fulfilment'
  | 'expressDelivery'
  | 'rating'
  | 'numReviews'
  | 'hsnCode'
  | 'gstRate'
  | 'createdAt'
>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Ratings are stored as real; shoppers see them to two decimals. */
const roundRating = (r: number) => Math.round(r * 100) / 100;

/**
 * The API shows rupees and only the discount in force now (0 otherwise), so every client applies
 * the spec's "discountPrice when non-zero" rule and gets the price the server will charge.
 */
export function toProductSummary(row: ProductSummaryRow, now: Date): ProductSummary {
  return {
    _id: row.id,
    name: row.name,
    price: paiseToRupees(row.price),
    discountPrice: paiseToRupees(activeDiscountPrice(row, now)),
    discountStartDate: iso(row.discountStartDate),
    discountEndDate: iso(row.discountEndDate),
    countInStock: row.countInStock,
    available: row.available,
    isFeatured: row.isFeatured,
    isSellingFast: row.isSellingFast,
    isSubscription: row.isSubscription,
    image: row.image,
    optimizedImages: row.optimizedImages,
    category: row.category,
    subCategory: row.subCategory,
    brand: row.brand,
    color: row.color,
    occasion: row.occasion,
    recipient: row.recipient,
    deliveryOptions: { sameDayDelivery: row.sameDayDelivery, expressDelivery: row.expressDelivery },
    fulfilment: row.fulfilment,
    rating: roundRating(row.rating),
    numReviews: row.numReviews,
    gstRate: productTaxClass(row).rate,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toProductDetail(
  row: ProductPageRow,
  variants: (typeof productVariants.$inferSelect)[],
  related: ProductSummaryRow[],
  productReviews: (typeof reviews.$inferSelect)[],
  now: Date,
): ProductDetail {
  // Object.assign, not a spread: V8 builds an object spread from one this wide on its slow path,
  // which cost each product page about 50 µs of CPU (bench README, 2026-11-28, third session).
  return Object.assign(toProductSummary(row, now), {
    description: row.description,
    productImages: row.productImages,
    optimizedProductImages: row.optimizedProductImages,
    vendor: row.vendor,
    tags: row.tags,
    arrangementStyle: row.arrangementStyle,
    material: row.material,
    closure: row.closure,
    measurements: row.measurements,
    packageContent: row.packageContent,
    fragrance: row.fragrance,
    careInstructions: row.careInstructions,
    hsnCode: productTaxClass(row).hsn,
    weight: row.weight,
    dimensions: { length: row.length, width: row.width, height: row.height },
    variants: variants.map((v) => ({
      _id: v.id,
      name: v.name,
      price: paiseToRupees(v.price),
      discountPrice: paiseToRupees(sizeDiscountPrice(row, v.price, now)),
      countInStock: v.countInStock,
      image: v.image,
    })),
    options: row.options.map((o) => ({
      _id: o.id,
      name: o.name,
      kind: o.kind,
      price: paiseToRupees(o.price),
      maxLength: o.maxLength,
      required: o.required,
    })),
    relatedProducts: related.map((r) => toProductSummary(r, now)),
    reviews: productReviews.map((r) => ({
      _id: r.id,
      name: r.name,
      rating: r.rating,
      comment: r.comment,
      verifiedPurchase: r.verifiedPurchase,
      createdAt: r.createdAt.toISOString(),
    })),
    updatedAt: row.updatedAt.toISOString(),
  });
}
