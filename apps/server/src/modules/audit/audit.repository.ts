import { and, count, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { AuditEntityType } from '@store/domain';
import type { Db, Tx } from '../../db/client.js';
import { adminAudit } from './audit.table.js';

export type AuditRow = typeof adminAudit.$inferSelect;
export type NewAuditRow = Omit<typeof adminAudit.$inferInsert, 'id' | 'at'>;

export interface AuditFilters {
  actorId?: string | undefined;
  entityType?: AuditEntityType | undefined;
  entityId?: string | undefined;
  /** Instants: from included, to excluded. */
  from?: Date | undefined;
  to?: Date | undefined;
}

export async function insertAuditRow(tx: Tx, row: NewAuditRow): Promise<void> {
  await tx.insert(adminAudit).values(row);
}

const conditions = (f: AuditFilters): SQL | undefined =>
  and(
    f.actorId ? eq(adminAudit.actorId, f.actorId) : undefined,
    f.entityType ? eq(adminAudit.entityType, f.entityType) : undefined,
    f.entityId ? eq(adminAudit.entityId, f.entityId) : undefined,
    f.from ? gte(adminAudit.at, f.from) : undefined,
    f.to ? lt(adminAudit.at, f.to) : undefined,
  );

/** A page of the trail, newest first; the order spells out NULLS LAST as the indexes do, so it is read from one. */
export function auditPage(db: Db, filters: AuditFilters, page: { limit: number; offset: number }) {
  return db
    .select()
    .from(adminAudit)
    .where(conditions(filters))
    .orderBy(sql`${adminAudit.at} DESC NULLS LAST`, sql`${adminAudit.id} DESC NULLS LAST`)
    .limit(page.limit)
    .offset(page.offset);
}

/** How many rows match, counting no further than `limit`: an index range of at most that many entries. */
export async function countAuditUpTo(db: Db, filters: AuditFilters, limit: number): Promise<number> {
  const matching = db
    .select({ one: sql`1` })
    .from(adminAudit)
    .where(conditions(filters))
    .limit(limit)
    .as('matching');
  const [row] = await db.select({ n: count() }).from(matching);
  return row?.n ?? 0;
}
