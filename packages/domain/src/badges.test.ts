import { describe, expect, it } from 'vitest';
import { productBadges } from './badges.js';

const now = new Date('2026-11-22T12:00:00Z');
const daysAgo = (d: number) => new Date(now.getTime() - d * 24 * 60 * 60 * 1000);

describe('product badges', () => {
  it.each([
    { case: 'created today', createdAt: daysAgo(0), isNew: true },
    { case: 'created 10 days ago', createdAt: daysAgo(10), isNew: true },
    { case: 'created 10 days and a minute ago', createdAt: new Date(daysAgo(10).getTime() - 60_000), isNew: false },
    { case: 'created a year ago', createdAt: daysAgo(365), isNew: false },
  ])('New: $case → $isNew', ({ createdAt, isNew }) => {
    expect(productBadges({ createdAt, price: 100_000, discountPrice: 0 }, now).isNew).toBe(isNew);
  });

  it.each([
    { price: 100_000, discountPrice: 0, isSale: false, percentOff: null },
    { price: 100_000, discountPrice: 90_000, isSale: false, percentOff: 10 },
    { price: 100_000, discountPrice: 70_100, isSale: true, percentOff: 30 },
    { price: 100_000, discountPrice: 70_600, isSale: false, percentOff: 29 },
    { price: 100_000, discountPrice: 70_000, isSale: true, percentOff: 30 },
    { price: 100_000, discountPrice: 50_000, isSale: true, percentOff: 50 },
  ])(
    'price $price, discount $discountPrice → Sale $isSale, $percentOff% Off',
    ({ price, discountPrice, isSale, percentOff }) => {
      const b = productBadges({ createdAt: daysAgo(100), price, discountPrice }, now);
      expect(b.isSale).toBe(isSale);
      expect(b.percentOff).toBe(percentOff);
    },
  );
});
