import { z } from 'zod';
import { PAGE_TYPES, VITAL_METRICS } from '@store/domain';

/** How web-vitals says the page view began; a restore from the back/forward cache is its own page view. */
export const NAVIGATION_TYPES = [
  'navigate',
  'reload',
  'back-forward',
  'back-forward-cache',
  'prerender',
  'restore',
] as const;

/** The largest report `POST /api/vitals` takes; one page view's five metrics need about 400 bytes. */
export const VITALS_MAX_BYTES = 4096;

/** How far back the admin summary may look: samples are kept 30 days (ADR 043). */
export const VITALS_MAX_DAYS = 30;

const metricSchema = z.enum(VITAL_METRICS, { message: `must be one of ${VITAL_METRICS.join(', ')}` });

/** A value past what a browser can report is taken as that bound (`VITAL_MAX`, ADR 068), not refused. */
export const vitalSampleSchema = z.strictObject({
  name: metricSchema,
  value: z.number({ message: 'must be a number' }).finite('must be a finite number').min(0, 'must not be negative'),
  navigationType: z.enum(NAVIGATION_TYPES, { message: `must be one of ${NAVIGATION_TYPES.join(', ')}` }),
});
export type VitalSample = z.infer<typeof vitalSampleSchema>;

/** `POST /api/vitals`: one page view's metrics, each at most once (ADR 043, 068). */
export const vitalsReportSchema = z.strictObject({
  pageViewId: z
    .string({ message: 'must be the page view id' })
    .regex(/^[0-9a-f]{32}$/, 'must be 32 lowercase hexadecimal digits')
    .describe('Random, made by the browser for each page view: the store keeps one sample per metric per page view'),
  pageType: z.enum(PAGE_TYPES, { message: `must be one of ${PAGE_TYPES.join(', ')}` }),
  samples: z
    .array(vitalSampleSchema, { message: 'must be a list of samples' })
    .min(1, 'must hold at least one sample')
    .max(VITAL_METRICS.length, `must hold at most ${VITAL_METRICS.length} samples`)
    .refine((list) => new Set(list.map((s) => s.name)).size === list.length, 'must name each metric at most once'),
});
export type VitalsReport = z.infer<typeof vitalsReportSchema>;

export const vitalsSummaryQuerySchema = z.object({
  days: z.coerce
    .number({ message: 'days must be a whole number' })
    .int('days must be a whole number')
    .min(1, 'days must be at least 1')
    .max(VITALS_MAX_DAYS, `days must be at most ${VITALS_MAX_DAYS}`)
    .default(7),
});

export const vitalsSummaryRowSchema = z.object({
  pageType: z.enum(PAGE_TYPES),
  metric: metricSchema,
  p75: z.number().describe('75th percentile, interpolated (percentile_cont); milliseconds, CLS unitless'),
  samples: z.number().int(),
  rating: z.enum(['good', 'needs-improvement', 'poor']).describe("The p75's rating by Google's thresholds"),
});
export type VitalsSummaryRow = z.infer<typeof vitalsSummaryRowSchema>;

export const vitalsSummarySchema = z.object({
  days: z.number().int(),
  rows: z.array(vitalsSummaryRowSchema),
});
export type VitalsSummary = z.infer<typeof vitalsSummarySchema>;
