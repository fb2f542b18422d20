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

/**
 * The most a report may count for (ms; CLS has no unit). Browsers do send absurd values (a page
 * frozen for minutes, a broken clock): past these every value is poor many times over, and since
 * a p75 is a rank, a view clamped here counts as exactly as slow as it needs to (ADR 068). LCP,
 * FCP and TTFB: a minute, 15 times LCP's poor threshold, by when the shopper has left. INP: 10 s,
 * 20 times its poor threshold. CLS: 5, 20 times its poor threshold; one layout shift scores at
 * most 1, and CLS is the worst five-second window of them.
 */
export const VITAL_MAX: Record<VitalMetric, number> = { LCP: 60_000, INP: 10_000, CLS: 5, FCP: 60_000, TTFB: 60_000 };

export function clampVital(metric: VitalMetric, value: number): number {
  return Math.min(value, VITAL_MAX[metric]);
}

/**
 * The width of a roll-up's histogram bucket (ADR 068): far finer than the admin page shows (LCP,
 * FCP and TTFB in hundredths of a second, INP in whole ms, CLS to two places), and each threshold
 * a bucket's edge, so a value and its bucket always have the same rating.
 */
export const VITAL_BUCKET_WIDTH: Record<VitalMetric, number> = { LCP: 10, INP: 4, CLS: 0.001, FCP: 10, TTFB: 10 };

/**
 * The value a day's roll-up keeps for a sample: the top of its bucket `(top − width, top]`. Never
 * below the sample, so a rolled-up p75 is at most one width above the raw one and never rated
 * better. The small allowance keeps a value that is a bucket's edge (0.1 / 0.001 is not exactly
 * 100 in binary) in that bucket; the last step drops binary noise (71 × 0.001 = 0.07100000000000001).
 */
export function vitalBucketTop(metric: VitalMetric, value: number): number {
  const width = VITAL_BUCKET_WIDTH[metric];
  const bucket = Math.max(0, Math.ceil(value / width - 1e-9));
  return Number((bucket * width).toPrecision(12));
}

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
