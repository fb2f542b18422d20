import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { outbox } from './outbox.table.js';

export type OutboxRow = typeof outbox.$inferSelect;
export type NewMessage = Pick<typeof outbox.$inferInsert, 'kind' | 'recipient' | 'payload' | 'messageId'>;

export async function insertMessage(tx: Db | Tx, message: NewMessage): Promise<void> {
  await tx.insert(outbox).values(message);
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

export async function markSent(db: Db, id: string, now: Date): Promise<void> {
  await db
    .update(outbox)
    .set({ status: 'sent', sentAt: now, lastError: null })
    .where(and(eq(outbox.id, id), eq(outbox.status, 'pending')));
}

/** Records a failed attempt: tried again at `retryAt`, or given up on (failed) when that is null. */
export async function markAttemptFailed(db: Db, id: string, error: string, retryAt: Date | null): Promise<void> {
  await db
    .update(outbox)
    .set(retryAt ? { lastError: error, nextAttemptAt: retryAt } : { lastError: error, status: 'failed' })
    .where(and(eq(outbox.id, id), eq(outbox.status, 'pending')));
}

export function listMessages(db: Db, limit: number): Promise<OutboxRow[]> {
  return db.select().from(outbox).orderBy(desc(outbox.createdAt), outbox.id).limit(limit);
}

/** 'Retry now': a pending or failed message becomes due at once; a sent one is left alone. */
export async function retryNow(db: Db, id: string, now: Date): Promise<OutboxRow | undefined> {
  const [row] = await db
    .update(outbox)
    .set({ status: 'pending', nextAttemptAt: now })
    .where(and(eq(outbox.id, id), sql`${outbox.status} <> 'sent'`))
    .returning();
  return row;
}
