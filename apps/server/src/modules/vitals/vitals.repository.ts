import { inArray, lt, sql } from 'drizzle-orm';
import type { PageType, VitalMetric } from '@store/domain';
import type { Db, Tx } from '../../db/client.js';
import { vitalsDays, vitalsSamples } from './vitals.table.js';

export type NewVitalsSample = Omit<typeof vitalsSamples.$inferInsert, 'id'>;
export type VitalsDay = typeof vitalsDays.$inferInsert;

/** Adds a page view's samples; a metric that page view already reported keeps its first sample. */
export async function insertSamples(db: Db, samples: NewVitalsSample[]): Promise<void> {
  await db
    .insert(vitalsSamples)
    .values(samples)
    .onConflictDoNothing({ target: [vitalsSamples.pageViewId, vitalsSamples.metric] });
}

export interface P75Row {
  pageType: PageType;
  metric: VitalMetric;
  p75: number;
  samples: number;
}

/**
 * p75 (interpolated between the two nearest samples, as percentile_cont does) and the sample count
 * per page type and metric: the raw samples since `from`, and each rolled-up day from `fromDay` on
 * as its buckets' tops, each as many times as it counted.
 */
export async function p75Since(db: Db, from: Date, fromDay: string): Promise<P75Row[]> {
  const { rows } = (await db.execute(sql`
    SELECT page_type AS "pageType", metric, percentile_cont(0.75) WITHIN GROUP (ORDER BY value) AS p75,
           count(*) AS samples
    FROM (
      SELECT ${vitalsSamples.pageType} AS page_type, ${vitalsSamples.metric} AS metric, ${vitalsSamples.value} AS value
      FROM ${vitalsSamples}
      WHERE ${vitalsSamples.recordedAt} >= ${from.toISOString()}::timestamptz
      UNION ALL
      SELECT ${vitalsDays.pageType}, ${vitalsDays.metric}, ${vitalsDays.value}
      FROM ${vitalsDays} CROSS JOIN LATERAL generate_series(1, ${vitalsDays.count})
      WHERE ${vitalsDays.day} >= ${fromDay}::date
    ) AS v
    GROUP BY page_type, metric
    ORDER BY page_type, metric`)) as unknown as {
    rows: { pageType: PageType; metric: VitalMetric; p75: number | string; samples: number | string }[];
  };
  return rows.map((r) => ({ pageType: r.pageType, metric: r.metric, p75: Number(r.p75), samples: Number(r.samples) }));
}

/**
 * Deletes at most `limit` samples recorded before `before` and answers them with their IST day.
 * Processes sweeping at once skip each other's rows, so no sample is taken twice.
 */
export async function takeSamplesBefore(tx: Tx, before: Date, limit: number) {
  const old = tx
    .select({ id: vitalsSamples.id })
    .from(vitalsSamples)
    .where(lt(vitalsSamples.recordedAt, before))
    .limit(limit)
    .for('update', { skipLocked: true });
  return tx
    .delete(vitalsSamples)
    .where(inArray(vitalsSamples.id, old))
    .returning({
      day: sql<string>`ist_day(${vitalsSamples.recordedAt})::text`,
      pageType: vitalsSamples.pageType,
      metric: vitalsSamples.metric,
      value: vitalsSamples.value,
    });
}

/** Adds counts to days' buckets: one row per key, given in key order so concurrent sweeps cannot deadlock. */
export async function addToDays(tx: Tx, rows: VitalsDay[]): Promise<void> {
  if (rows.length === 0) return;
  await tx
    .insert(vitalsDays)
    .values(rows)
    .onConflictDoUpdate({
      target: [vitalsDays.day, vitalsDays.pageType, vitalsDays.metric, vitalsDays.value],
      set: { count: sql`${vitalsDays.count} + excluded.count` },
    });
}

/** Deletes the roll-ups of days before `day`; answers how many buckets went. */
export async function deleteDaysBefore(db: Db, day: string): Promise<number> {
  const deleted = await db.delete(vitalsDays).where(lt(vitalsDays.day, day)).returning({ day: vitalsDays.day });
  return deleted.length;
}
