import { sql } from 'drizzle-orm';
import { bigint, check, doublePrecision, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { PageType, VitalMetric } from '@store/domain';

/**
 * One metric of one sampled page view, as the browser measured it (ADR 043). Raw samples rather
 * than buckets, so the summary's p75 is exact; nothing in a row points at a shopper or a URL.
 */
export const vitalsSamples = pgTable(
  'vitals_samples',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
    pageType: text('page_type').$type<PageType>().notNull(),
    metric: text('metric').$type<VitalMetric>().notNull(),
    value: doublePrecision('value').notNull(),
    navigationType: text('navigation_type').notNull(),
  },
  (t) => [
    // The summary reads a window of days and the sweep deletes what is older: both by time.
    index('vitals_samples_recorded_at').on(t.recordedAt),
    check('vitals_samples_metric', sql`${t.metric} IN ('LCP', 'INP', 'CLS', 'FCP', 'TTFB')`),
    check('vitals_samples_value', sql`${t.value} >= 0`),
  ],
);
