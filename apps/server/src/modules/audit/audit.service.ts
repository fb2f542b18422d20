import { AUDIT_ACTIONS, auditChanges, istInstant, type AuditAction } from '@store/domain';
import {
  AUDIT_COUNT_LIMIT,
  listPage,
  pageWindow,
  type AuditEntry,
  type AuditListQuery,
  type AuditPage,
} from '@store/contracts';
import type { Db, Tx } from '../../db/client.js';
import type { SessionUser } from '../../lib/auth.js';
import * as repo from './audit.repository.js';

const DAY_MINUTES = 24 * 60;

/** One admin write, as the code that makes it knows it. */
export interface AuditRecord {
  actor: Pick<SessionUser, 'id' | 'email'>;
  action: AuditAction;
  entityId: string | number;
  /** What the entity is called (a deleted one: was called), so the trail reads without it. */
  label: string;
  /** The entity as it was; left out for a creation. Whole: only what changed is kept. */
  before?: Record<string, unknown> | null;
  /** The entity as it is now; left out for a deletion. */
  after?: Record<string, unknown> | null;
  /** Why, when the admin said. */
  note?: string | null;
}

/**
 * Records an admin's write in the trail, in the write's own transaction: it commits with the write
 * or not at all, so a refused or failed write leaves no row (ADR 047). Taking a `Tx`, not a `Db`,
 * is what keeps it inside one.
 */
export async function recordAudit(tx: Tx, record: AuditRecord): Promise<void> {
  const { before, after } = auditChanges(record.before, record.after);
  await repo.insertAuditRow(tx, {
    actorId: record.actor.id,
    actorEmail: record.actor.email,
    action: record.action,
    entityType: AUDIT_ACTIONS[record.action],
    entityId: String(record.entityId),
    entityLabel: record.label,
    before,
    after,
    note: record.note ?? null,
  });
}

function toAuditEntry(row: repo.AuditRow): AuditEntry {
  return {
    _id: String(row.id),
    at: row.at.toISOString(),
    actor: { _id: row.actorId, email: row.actorEmail },
    action: row.action,
    entity: { type: row.entityType, id: row.entityId, label: row.entityLabel },
    before: row.before,
    after: row.after,
    note: row.note,
  };
}

/**
 * A page of the trail, newest first, and how many rows match up to AUDIT_COUNT_LIMIT or to the end
 * of this page, whichever is further; one more is counted to tell whether there are more.
 */
export async function auditPage(db: Db, query: AuditListQuery): Promise<AuditPage> {
  const filters: repo.AuditFilters = {
    actorId: query.actor,
    entityType: query.entityType,
    entityId: query.entityId,
    from: query.from ? istInstant(query.from, 0) : undefined,
    to: query.to ? istInstant(query.to, DAY_MINUTES) : undefined,
  };
  const window = pageWindow(query);
  const countUpTo = Math.max(AUDIT_COUNT_LIMIT, window.offset + window.limit);
  const [rows, counted] = await Promise.all([
    repo.auditPage(db, filters, window),
    repo.countAuditUpTo(db, filters, countUpTo + 1),
  ]);
  const total = Math.min(counted, countUpTo);
  return { ...listPage(rows.map(toAuditEntry), query, total), totalCapped: counted > countUpTo };
}
