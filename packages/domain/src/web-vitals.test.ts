import { describe, expect, it } from 'vitest';
import { pageTypeOf, rateVital, type PageType, type VitalMetric, type VitalRating } from './web-vitals.js';

describe('rateVital', () => {
  it.each<[VitalMetric, number, VitalRating]>([
    ['LCP', 2500, 'good'],
    ['LCP', 2501, 'needs-improvement'],
    ['LCP', 4000, 'needs-improvement'],
    ['LCP', 4001, 'poor'],
    ['INP', 200, 'good'],
    ['INP', 500, 'needs-improvement'],
    ['INP', 501, 'poor'],
    ['CLS', 0.1, 'good'],
    ['CLS', 0.25, 'needs-improvement'],
    ['CLS', 0.26, 'poor'],
    ['FCP', 1800, 'good'],
    ['TTFB', 1801, 'poor'],
  ])('%s %d is %s', (metric, value, rating) => {
    expect(rateVital(metric, value)).toBe(rating);
  });
});

describe('pageTypeOf', () => {
  it.each<[string, PageType]>([
    ['/', 'home'],
    ['/page/2', 'home'],
    ['/search/roses', 'listing'],
    ['/search/roses/page/2', 'listing'],
    ['/products', 'listing'],
    ['/products/cakes/page/3', 'listing'],
    ['/product/0f8e1c2a-1b2c-4d5e-8f90-123456789abc', 'product'],
    ['/cart', 'cart'],
    ['/shipping', 'checkout'],
    ['/payment', 'checkout'],
    ['/placeorder', 'checkout'],
    ['/profile', 'account'],
    ['/login', 'account'],
    ['/wishlist', 'account'],
    ['/order/0f8e1c2a-1b2c-4d5e-8f90-123456789abc', 'account'],
    ['/terms-and-conditions', 'other'],
    ['/admin/vitals', 'other'],
    ['/no-such-page', 'other'],
  ])('%s is %s', (path, type) => {
    expect(pageTypeOf(path)).toBe(type);
  });
});
