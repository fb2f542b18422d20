import { gte, inArray, lt, sql } from 'drizzle-orm';
import type { PageType, VitalMetric } from '@store/domain';
import type { Db } from '../../db/client.js';
import { vitalsSamples } from './vitals.table.js';

export type NewVitalsSample = Omit<typeof vitalsSamples.$inferInsert, 'id'>;

export async function insertSamples(db: Db, samples: NewVitalsSample[]): Promise<void> {
  await db.insert(vitalsSamples).values(samples);
}

export interface P75Row {
  pageType: PageType;
  metric: VitalMetric;
  p75: number;
  samples: number;
}

/** p75 (interpolated between the two nearest samples, as percentile_cont does) per page type and metric since `from`. */
export function p75Since(db: Db, from: Date): Promise<P75Row[]> {
  return db
    .select({
      pageType: vitalsSamples.pageType,
      metric: vitalsSamples.metric,
      p75: sql<number>`percentile_cont(0.75) WITHIN GROUP (ORDER BY ${vitalsSamples.value})`.mapWith(Number),
      samples: sql<number>`count(*)`.mapWith(Number),
    })
    .from(vitalsSamples)
    .where(gte(vitalsSamples.recordedAt, from))
    .groupBy(vitalsSamples.pageType, vitalsSamples.metric)
    .orderBy(vitalsSamples.pageType, vitalsSamples.metric);
}

/**
 * Deletes at most `limit` samples recorded before `before`; answers how many went. Processes
 * sweeping at once skip each other's rows rather than wait on them.
 */
export async function deleteSamplesBefore(db: Db, before: Date, limit: number): Promise<number> {
  const old = db
    .select({ id: vitalsSamples.id })
    .from(vitalsSamples)
    .where(lt(vitalsSamples.recordedAt, before))
    .limit(limit)
    .for('update', { skipLocked: true });
  const deleted = await db
    .delete(vitalsSamples)
    .where(inArray(vitalsSamples.id, old))
    .returning({ id: vitalsSamples.id });
  return deleted.length;
}
