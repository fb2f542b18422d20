import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { PageType, VitalMetric } from '@store/domain';

/**
 * One metric of one sampled page view, as the browser measured it (ADR 043), until the IST day it
 * came in is over and the sweep rolls it into `vitals_days` (ADR 068). Nothing in a row points at
 * a shopper or a URL; the page view's id is random, made by the browser for that view alone.
 */
export const vitalsSamples = pgTable(
  'vitals_samples',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    pageViewId: text('page_view_id').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
    pageType: text('page_type').$type<PageType>().notNull(),
    metric: text('metric').$type<VitalMetric>().notNull(),
    value: doublePrecision('value').notNull(),
    navigationType: text('navigation_type').notNull(),
  },
  (t) => [
    // The summary reads a window of days and the sweep rolls up what is older: both by time.
    index('vitals_samples_recorded_at').on(t.recordedAt),
    // One sample per metric per page view: a repeated beacon adds nothing.
    uniqueIndex('vitals_samples_page_view_metric').on(t.pageViewId, t.metric),
    check('vitals_samples_metric', sql`${t.metric} IN ('LCP', 'INP', 'CLS', 'FCP', 'TTFB')`),
    check('vitals_samples_value', sql`${t.value} >= 0`),
  ],
);

/**
 * A whole IST day's samples of one metric on one page type, as a histogram: how many fell in the
 * bucket whose top is `value` (`vitalBucketTop`, ADR 068). What a p75 needs, and no more.
 */
export const vitalsDays = pgTable(
  'vitals_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    pageType: text('page_type').$type<PageType>().notNull(),
    metric: text('metric').$type<VitalMetric>().notNull(),
    value: doublePrecision('value').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.pageType, t.metric, t.value] }),
    check('vitals_days_count', sql`${t.count} > 0`),
  ],
);
