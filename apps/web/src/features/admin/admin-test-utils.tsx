import { within } from '@testing-library/react';
import type { AdminProduct, ProductSummary } from '@store/contracts';
import type { UserInfo } from '../../stores/user-store.js';
import { productSummary } from '../../test/product-test-utils.js';

export { renderRoutes, sentBodies, stubApi, Where, type Answers } from '../../test/account-test-utils.js';

export const admin: UserInfo = {
  _id: '11111111-1111-4111-8111-111111111111',
  name: 'Store Admin',
  email: 'admin@example.com',
  isAdmin: true,
  pincode: '',
  expirationTime: Date.now() + 24 * 60 * 60 * 1000,
};

export { productId as uuid } from '../../test/product-test-utils.js';

export const summary = (n: number, overrides: Partial<ProductSummary> = {}): ProductSummary =>
  productSummary(n, {
    image: `/uploads/demo/gift-${n}.jpg`,
    optimizedImages: { thumbnail: `/uploads/demo/gift-${n}-thumb.webp`, detail: `/uploads/demo/gift-${n}-detail.webp` },
    category: 'Flowers',
    brand: 'Phoolwala',
    rating: 0,
    numReviews: 0,
    createdAt: '2026-11-01T00:00:00.000Z',
    ...overrides,
  });

/** A stored product as GET /api/products/:id/admin answers it. */
export function detail(n: number, overrides: Partial<AdminProduct> = {}): AdminProduct {
  return {
    ...summary(n),
    description: 'Twelve red roses.',
    productImages: [],
    optimizedProductImages: [],
    vendor: [],
    tags: [],
    arrangementStyle: '',
    material: [],
    closure: '',
    measurements: '',
    packageContent: '',
    fragrance: 'Mild',
    careInstructions: 'Keep in a cool place, avoid direct sunlight.',
    weight: null,
    dimensions: { length: null, width: null, height: null },
    hsnCode: '0603',
    variants: [],
    options: [],
    relatedProducts: [],
    reviews: [],
    updatedAt: '2026-11-02T00:00:00.000Z',
    version: 1,
    ...overrides,
  };
}

/** A stale save's conflict view as text, a row a field: field, when opened, now, the admin's. */
export const conflictRowsOf = (review: HTMLElement) =>
  within(review)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((c) => c.textContent));
