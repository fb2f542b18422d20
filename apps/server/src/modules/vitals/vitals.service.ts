import type { VitalsReport, VitalsSummary } from '@store/contracts';
import { addDays, clampVital, istDate, istInstant, rateVital, vitalBucketTop } from '@store/domain';
import type { RateLimit } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import * as repo from './vitals.repository.js';

/** Whole IST days kept, today included: a month shows a trend, and the roll-ups stay small. */
export const VITALS_RETENTION_DAYS = 30;
const ROLL_UP_BATCH = 5_000;

/** How many reports from one address count: a handful a minute, a few an IST day (ADR 068). */
export interface VitalsLimits {
  limiter: RateLimiter;
  perMinute: RateLimit | null;
  perDay: number | null;
}

/** A day's samples as histograms: one row per day, page type, metric and bucket, in key order. */
function histograms(samples: Awaited<ReturnType<typeof repo.takeSamplesBefore>>): repo.VitalsDay[] {
  const rows = new Map<string, repo.VitalsDay>();
  for (const s of samples) {
    const value = vitalBucketTop(s.metric, s.value);
    const key = JSON.stringify([s.day, s.pageType, s.metric, value]);
    const row = rows.get(key);
    if (row) row.count += 1;
    else rows.set(key, { day: s.day, pageType: s.pageType, metric: s.metric, value, count: 1 });
  }
  return [...rows.values()].sort(
    (a, b) =>
      a.day.localeCompare(b.day) ||
      a.pageType.localeCompare(b.pageType) ||
      a.metric.localeCompare(b.metric) ||
      a.value - b.value,
  );
}

export class VitalsService {
  constructor(
    private readonly db: Db,
    private readonly clock: () => Date,
    private readonly limits?: VitalsLimits,
  ) {}

  /**
   * Counts a report from `address` before anything of it is read, and answers whether it may be
   * kept: within the handful a minute, then within the day's few. The day's count is keyed by the
   * IST day, so it starts again at midnight whenever the address's first report came.
   */
  async admits(address: string): Promise<boolean> {
    if (!this.limits) return true;
    const { limiter, perMinute, perDay } = this.limits;
    if (!(await limiter.admits(`vitals:${address}`, perMinute))) return false;
    if (perDay === null) return true;
    const now = this.clock();
    const today = istDate(now);
    const untilMidnight = istInstant(addDays(today, 1), 0).getTime() - now.getTime();
    return limiter.admits(`vitals-day:${today}:${address}`, { max: perDay, windowMs: untilMidnight });
  }

  /**
   * Stores one page view's samples, each clamped to what a browser can report and stamped with the
   * server's time (a browser's clock is not trusted); a metric the page view already reported
   * keeps its first sample.
   */
  async record(report: VitalsReport): Promise<void> {
    const recordedAt = this.clock();
    await repo.insertSamples(
      this.db,
      report.samples.map((s) => ({
        pageViewId: report.pageViewId,
        recordedAt,
        pageType: report.pageType,
        metric: s.name,
        value: clampVital(s.name, s.value),
        navigationType: s.navigationType,
      })),
    );
  }

  /**
   * p75, sample count and the p75's rating per page type and metric over the last `days` IST
   * days, today included: the whole days from their roll-ups, the rest from the raw samples.
   */
  async summary(days: number): Promise<VitalsSummary> {
    const fromDay = addDays(istDate(this.clock()), -(days - 1));
    const rows = await repo.p75Since(this.db, istInstant(fromDay, 0), fromDay);
    return { days, rows: rows.map((r) => ({ ...r, rating: rateVital(r.metric, r.p75) })) };
  }

  /**
   * Rolls the samples of IST days that are over into per-day histograms, a batch per transaction
   * (each sample is deleted in the transaction that counts it, so none is counted twice or lost),
   * then deletes the days past the retention.
   */
  async sweep(): Promise<{ rolledUp: number; pruned: number }> {
    const today = istDate(this.clock());
    let rolledUp = 0;
    for (;;) {
      const taken = await this.db.transaction(async (tx) => {
        const samples = await repo.takeSamplesBefore(tx, istInstant(today, 0), ROLL_UP_BATCH);
        await repo.addToDays(tx, histograms(samples));
        return samples.length;
      });
      rolledUp += taken;
      if (taken < ROLL_UP_BATCH) break;
    }
    const pruned = await repo.deleteDaysBefore(this.db, addDays(today, -(VITALS_RETENTION_DAYS - 1)));
    return { rolledUp, pruned };
  }
}
