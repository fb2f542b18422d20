import { describe, expect, it } from 'vitest';
import {
  clampVital,
  pageTypeOf,
  rateVital,
  VITAL_THRESHOLDS,
  vitalBucketTop,
  type PageType,
  type VitalMetric,
  type VitalRating,
} from './web-vitals.js';

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

describe('clampVital', () => {
  it.each<[VitalMetric, number, number]>([
    ['LCP', 1e9, 60_000],
    ['LCP', 60_000, 60_000],
    ['LCP', 2100.5, 2100.5],
    ['FCP', 120_000, 60_000],
    ['TTFB', 0, 0],
    ['INP', 7_200_000, 10_000],
    ['INP', 9_999, 9_999],
    ['CLS', 50, 5],
    ['CLS', 0.04, 0.04],
  ])('%s %d counts as %d', (metric, value, counted) => {
    expect(clampVital(metric, value)).toBe(counted);
  });
});

describe('vitalBucketTop', () => {
  it.each<[VitalMetric, number, number]>([
    ['LCP', 0, 0],
    ['LCP', 0.4, 10],
    ['LCP', 2100.5, 2110],
    ['LCP', 2490.01, 2500],
    ['LCP', 2500, 2500],
    ['LCP', 2500.01, 2510],
    ['LCP', 60_000, 60_000],
    ['INP', 96, 96],
    ['INP', 97, 100],
    ['INP', 200, 200],
    ['INP', 500, 500],
    ['CLS', 0, 0],
    ['CLS', 0.0001, 0.001],
    ['CLS', 0.0705, 0.071],
    ['CLS', 0.1, 0.1],
    ['CLS', 0.1000001, 0.101],
    ['CLS', 0.25, 0.25],
    ['CLS', 5, 5],
    ['TTFB', 800, 800],
    ['FCP', 1800.2, 1810],
  ])('%s %d is kept as %d', (metric, value, top) => {
    expect(vitalBucketTop(metric, value)).toBe(top);
  });

  it.each(Object.keys(VITAL_THRESHOLDS) as VitalMetric[])('keeps every %s value rated as it was', (metric) => {
    const { good, poor } = VITAL_THRESHOLDS[metric];
    for (const value of [good, poor, good * 0.999, good * 1.001, poor * 0.999, poor * 1.001]) {
      expect(rateVital(metric, vitalBucketTop(metric, value))).toBe(rateVital(metric, value));
    }
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
