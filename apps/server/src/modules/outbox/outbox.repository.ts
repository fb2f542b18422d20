import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { outbox, type OutboxStatus } from './outbox.table.js';

export type OutboxRow = typeof outbox.$inferSelect;
export type NewMessage = Pick<typeof outbox.$inferInsert, 'kind' | 'recipient' | 'payload' | 'secret' | 'messageId'>;

/** A message's secret once it is sent or given up on: none still none, any other emptied (`{}`). */
const SECRET_REMOVED = sql`CASE WHEN ${outbox.secret} IS NULL THEN NULL ELSE '{}'::jsonb END`;

/** A statement: awaited, or sent in a pipeline with the event's other writes. */
export function insertMessage(tx: Db | Tx, message: NewMessage) {
  return tx.insert(outbox).values(message);
}

/**
 * Claims up to `limit` due messages for `leaseMs`: one statement, so the claim is atomic, and SKIP
 * LOCKED, so senders in other processes claim other rows instead of waiting for these.
 */
export async function claimDue(db: Db, limit: number, leaseMs: number, now: Date): Promise<OutboxRow[]> {
  const leaseUntil = new Date(now.getTime() + leaseMs);
  return db
    .update(outbox)
    .set({ nextAttemptAt: leaseUntil, attempts: sql`${outbox.attempts} + 1` })
    .where(
      sql`${outbox.id} IN (
        SELECT ${outbox.id} FROM ${outbox}
        WHERE ${outbox.status} = 'pending' AND ${outbox.nextAttemptAt} <= ${now}
        ORDER BY ${outbox.nextAttemptAt}
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED)`,
    )
    .returning();
}

/** Gives back claimed messages that were not tried: due again at `now`, their attempt not counted. */
export async function releaseClaims(db: Db, ids: string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(outbox)
    .set({ nextAttemptAt: now, attempts: sql`${outbox.attempts} - 1` })
    .where(and(inArray(outbox.id, ids), eq(outbox.status, 'pending')));
}

export async function markSent(db: Db, id: string, now: Date): Promise<void> {
  await db
    .update(outbox)
    .set({ status: 'sent', sentAt: now, lastError: null, secret: SECRET_REMOVED })
    .where(and(eq(outbox.id, id), eq(outbox.status, 'pending')));
}

/**
 * Records a failed attempt: tried again at `retryAt`, keeping the secret it will need, or given up
 * on (failed) when that is null, and then its secret is no longer kept.
 */
export async function markAttemptFailed(db: Db, id: string, error: string, retryAt: Date | null): Promise<void> {
  await db
    .update(outbox)
    .set(
      retryAt
        ? { lastError: error, nextAttemptAt: retryAt }
        : { lastError: error, status: 'failed', secret: SECRET_REMOVED },
    )
    .where(and(eq(outbox.id, id), eq(outbox.status, 'pending')));
}

const withStatus = (status: OutboxStatus | undefined) => (status ? eq(outbox.status, status) : undefined);

/** Newest first; the id breaks ties, so pages neither repeat nor skip a message. */
export function listMessages(
  db: Db,
  status: OutboxStatus | undefined,
  page: { limit: number; offset: number },
): Promise<OutboxRow[]> {
  return db
    .select()
    .from(outbox)
    .where(withStatus(status))
    .orderBy(desc(outbox.createdAt), outbox.id)
    .limit(page.limit)
    .offset(page.offset);
}

export async function countMessages(db: Db, status: OutboxStatus | undefined): Promise<number> {
  const [counted] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(outbox)
    .where(withStatus(status));
  return counted?.n ?? 0;
}

/** Messages waiting to go, and how long the oldest of them has waited (seconds, 0 when none), by the database's clock. */
export async function pendingBacklog(db: Db): Promise<{ pending: number; oldestAgeSeconds: number }> {
  const [row] = await db
    .select({
      pending: sql<number>`count(*)::int`,
      oldestAgeSeconds: sql<number>`coalesce(extract(epoch from now() - min(${outbox.createdAt})), 0)::float8`,
    })
    .from(outbox)
    .where(eq(outbox.status, 'pending'));
  return row ?? { pending: 0, oldestAgeSeconds: 0 };
}

/** The message, its row locked until the transaction ends (a sender's claim waits for it). */
export async function lockMessage(tx: Tx, id: string): Promise<OutboxRow | undefined> {
  const [row] = await tx.select().from(outbox).where(eq(outbox.id, id)).for('update');
  return row;
}

/** 'Retry now': a pending or failed message becomes due at once; a sent one is left alone. */
export async function retryNow(db: Db | Tx, id: string, now: Date): Promise<OutboxRow | undefined> {
  const [row] = await db
    .update(outbox)
    .set({ status: 'pending', nextAttemptAt: now })
    .where(and(eq(outbox.id, id), sql`${outbox.status} <> 'sent'`))
    .returning();
  return row;
}
