import { describe, expect, it } from 'vitest';
import {
  activeDiscountPrice,
  discountPercent,
  effectivePrice,
  isDiscountActive,
  sizeDiscountPrice,
} from './pricing.js';

const now = new Date('2026-11-22T12:00:00Z');
const day = 24 * 60 * 60 * 1000;
const at = (days: number) => new Date(now.getTime() + days * day);

describe('discount pricing', () => {
  it.each([
    { case: 'no discount', discountPrice: 0, start: null, end: null, active: false, pays: 1000 },
    { case: 'open-ended discount', discountPrice: 800, start: null, end: null, active: true, pays: 800 },
    { case: 'inside its window', discountPrice: 800, start: at(-1), end: at(1), active: true, pays: 800 },
    { case: 'not started yet', discountPrice: 800, start: at(1), end: at(5), active: false, pays: 1000 },
    { case: 'already ended', discountPrice: 800, start: at(-5), end: at(-1), active: false, pays: 1000 },
    { case: 'ends exactly now', discountPrice: 800, start: null, end: now, active: false, pays: 1000 },
    { case: 'starts exactly now', discountPrice: 800, start: now, end: null, active: true, pays: 800 },
    { case: 'not below the price', discountPrice: 1000, start: null, end: null, active: false, pays: 1000 },
    { case: 'above the price', discountPrice: 1200, start: null, end: null, active: false, pays: 1000 },
  ])('$case', ({ discountPrice, start, end, active, pays }) => {
    const p = { price: 1000, discountPrice, discountStartDate: start, discountEndDate: end };
    expect(isDiscountActive(p, now)).toBe(active);
    expect(effectivePrice(p, now)).toBe(pays);
    expect(activeDiscountPrice(p, now)).toBe(active ? discountPrice : 0);
  });

  it.each([
    [1000, 700, 30],
    [1000, 701, 30],
    [1000, 705, 30],
    [1000, 706, 29],
    [999, 499, 50],
    [1000, 0, 0],
    [1000, 1000, 0],
    [0, 0, 0],
  ])('price %i with discount %i is %i%% off', (price, discount, pct) => {
    expect(discountPercent(price, discount)).toBe(pct);
  });
});

describe("a size's price under the product's discount", () => {
  // Tiramisu Coffee Cake: ₹799 for half a kilo, on offer at ₹549.
  const tiramisu = { price: 79900, discountPrice: 54900, discountStartDate: null, discountEndDate: null };
  it.each([
    ['the size at the product price costs the discount price', tiramisu, 79900, 54900],
    ['a bigger size takes the same share off, to the rupee', tiramisu, 143900, 98900],
    ['2 Kg', tiramisu, 271599, 186600],
    ['no discount in force', { ...tiramisu, discountEndDate: at(-1) }, 143900, 0],
    ['no discount at all', { ...tiramisu, discountPrice: 0 }, 143900, 0],
    ['a size too cheap to take a rupee off', { ...tiramisu, discountPrice: 79800 }, 100, 0],
  ])('%s', (_, product, sizePrice, expected) => {
    expect(sizeDiscountPrice(product, sizePrice, now)).toBe(expected);
  });
});
