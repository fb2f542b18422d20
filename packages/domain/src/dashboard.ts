import { addDays, istDate, istInstant } from './delivery.js';

/**
 * The owner's dashboard counts in IST calendar days, the days the shop trades in, whatever the
 * server's or the browser's zone. A period is today and the days before it, up to now; the period
 * it is compared with is as long and ends as far into its own last day, so at 11:00 today is set
 * against yesterday until 11:00, not against the whole of yesterday.
 */
export const DASHBOARD_PERIODS = ['today', '7d', '30d'] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];

export const PERIOD_DAYS: Record<DashboardPeriod, number> = { today: 1, '7d': 7, '30d': 30 };

export const PERIOD_LABELS: Record<DashboardPeriod, string> = {
  today: 'Today',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
};

/** What a period's figures are set against, as the cards word it. */
export const PREVIOUS_PERIOD_LABELS: Record<DashboardPeriod, string> = {
  today: 'yesterday by this time',
  '7d': 'the 7 days before',
  '30d': 'the 30 days before',
};

/** How many IST days ahead, today included, the dashboard shows deliveries for. */
export const UPCOMING_DELIVERY_DAYS = 7;

/** Instants from (included) to (excluded), and the IST dates they touch, oldest first. */
export interface PeriodWindow {
  from: Date;
  to: Date;
  days: string[];
}

export interface PeriodWindows {
  current: PeriodWindow;
  previous: PeriodWindow;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** `count` consecutive IST dates from `first`. */
export function istDays(first: string, count: number): string[] {
  return Array.from({ length: count }, (_, n) => addDays(first, n));
}

/**
 * The period up to `now` and the one before it. IST has no daylight saving, so every IST day is
 * 24 hours and the previous period is the current one moved back by whole days.
 */
export function periodWindows(period: DashboardPeriod, now: Date): PeriodWindows {
  const days = PERIOD_DAYS[period];
  const firstDay = addDays(istDate(now), -(days - 1));
  const from = istInstant(firstDay, 0);
  return {
    current: { from, to: now, days: istDays(firstDay, days) },
    previous: {
      from: new Date(from.getTime() - days * DAY_MS),
      to: new Date(now.getTime() - days * DAY_MS),
      days: istDays(addDays(firstDay, -days), days),
    },
  };
}

/**
 * The change from `previous` to `current` in percent, to one decimal; null when there was nothing
 * before, where any change would be infinite.
 */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  const change = Math.round(((current - previous) / previous) * 1000) / 10;
  return change === 0 ? 0 : change;
}
