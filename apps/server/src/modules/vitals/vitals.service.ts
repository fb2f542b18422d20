import type { VitalsReport, VitalsSummary } from '@store/contracts';
import { rateVital } from '@store/domain';
import type { Db } from '../../db/client.js';
import * as repo from './vitals.repository.js';

const DAY_MS = 86_400_000;
/** Samples older than this go in the sweep: a month shows a trend, and the table stays small. */
export const VITALS_RETENTION_DAYS = 30;
const PRUNE_BATCH = 5_000;

export class VitalsService {
  constructor(
    private readonly db: Db,
    private readonly clock: () => Date,
  ) {}

  /** Stores one page view's samples, stamped with the server's time: a browser's clock is not trusted. */
  async record(report: VitalsReport): Promise<void> {
    const recordedAt = this.clock();
    await repo.insertSamples(
      this.db,
      report.samples.map((s) => ({
        recordedAt,
        pageType: report.pageType,
        metric: s.name,
        value: s.value,
        navigationType: s.navigationType,
      })),
    );
  }

  /** p75, sample count and the p75's rating per page type and metric over the last `days` days. */
  async summary(days: number): Promise<VitalsSummary> {
    const from = new Date(this.clock().getTime() - days * DAY_MS);
    const rows = await repo.p75Since(this.db, from);
    return { days, rows: rows.map((r) => ({ ...r, rating: rateVital(r.metric, r.p75) })) };
  }

  /** Deletes samples past the retention, a batch per statement so no statement holds many locks. */
  async prune(): Promise<number> {
    const before = new Date(this.clock().getTime() - VITALS_RETENTION_DAYS * DAY_MS);
    let pruned = 0;
    for (;;) {
      const deleted = await repo.deleteSamplesBefore(this.db, before, PRUNE_BATCH);
      pruned += deleted;
      if (deleted < PRUNE_BATCH) return pruned;
    }
  }
}
