import type { ProductDelivery, ProductSummary } from '@store/contracts';

/** A valid UUID per n: the API and the stores check ids' form. */
export const productId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** 'Gift n' as product lists answer it: in stock, no discount; `overrides` for what a test is about. */
export function productSummary(n: number, overrides: Partial<ProductSummary> = {}): ProductSummary {
  return {
    _id: productId(n),
    name: `Gift ${n}`,
    price: 500 + n,
    discountPrice: 0,
    discountStartDate: null,
    discountEndDate: null,
    countInStock: 5,
    available: true,
    isFeatured: false,
    isSellingFast: false,
    isSubscription: false,
    image: `/uploads/gift-${n}.jpg`,
    optimizedImages: { thumbnail: `/uploads/gift-${n}.webp`, detail: `/uploads/gift-${n}.webp` },
    category: 'Cakes',
    subCategory: [],
    brand: 'Demo',
    color: [],
    occasion: [],
    recipient: [],
    deliveryOptions: { sameDayDelivery: false, expressDelivery: false },
    fulfilment: 'local',
    rating: 4,
    numReviews: 2,
    gstRate: 0,
    createdAt: '2020-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** What the server says of a fresh cake's reach outside the four cities with kitchens. */
export const FRESH_CAKES_REASON = 'Fresh cakes are baked and delivered in Kochi, Delhi, Mumbai and Bengaluru.';

/** A product page's `delivery` for a PIN code: deliverable by hand today, unless `over` says otherwise. */
export function reach(pincode: string, over: Partial<ProductDelivery> = {}): ProductDelivery {
  return { pincode, deliverable: true, kind: 'local', earliestDate: '2026-11-24', reason: null, ...over };
}

/** A fresh cake's `delivery` for a PIN code without a kitchen. */
export const unreachable = (pincode: string): ProductDelivery =>
  reach(pincode, { deliverable: false, earliestDate: null, reason: FRESH_CAKES_REASON });
