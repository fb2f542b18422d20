/** The Core Web Vitals the storefront reports, with the two cheap loading ones beside them. */
export const VITAL_METRICS = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const;
export type VitalMetric = (typeof VITAL_METRICS)[number];

/** What kind of page a sample came from: coarse on purpose, never a URL (ADR 043). */
export const PAGE_TYPES = ['home', 'listing', 'product', 'cart', 'checkout', 'account', 'other'] as const;
export type PageType = (typeof PAGE_TYPES)[number];

export type VitalRating = 'good' | 'needs-improvement' | 'poor';

/**
 * Google's thresholds (web.dev/articles/vitals): at or below `good` is good, above `poor` is poor.
 * Times in milliseconds; CLS has no unit.
 */
export const VITAL_THRESHOLDS: Record<VitalMetric, { good: number; poor: number }> = {
  LCP: { good: 2500, poor: 4000 },
  INP: { good: 200, poor: 500 },
  CLS: { good: 0.1, poor: 0.25 },
  FCP: { good: 1800, poor: 3000 },
  TTFB: { good: 800, poor: 1800 },
};

export function rateVital(metric: VitalMetric, value: number): VitalRating {
  const t = VITAL_THRESHOLDS[metric];
  if (value <= t.good) return 'good';
  return value > t.poor ? 'poor' : 'needs-improvement';
}

const PAGE_TYPE_BY_PATH: [RegExp, PageType][] = [
  [/^\/(page\/[^/]+)?\/?$/, 'home'],
  [/^\/(products(\/.*)?|search\/.+)$/, 'listing'],
  [/^\/product\/[^/]+\/?$/, 'product'],
  [/^\/cart\/?$/, 'cart'],
  [/^\/(shipping|payment|placeorder)\/?$/, 'checkout'],
  [/^\/(profile|login|register|forgot-password|reset-password|wishlist|order\/[^/]+)\/?$/, 'account'],
];

/** The page type of a route's path (the query and hash already left off); anything unnamed is `other`. */
export function pageTypeOf(pathname: string): PageType {
  return PAGE_TYPE_BY_PATH.find(([pattern]) => pattern.test(pathname))?.[1] ?? 'other';
}
