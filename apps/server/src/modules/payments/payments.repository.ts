import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { paymentEvents, payments, type PaymentOutcome } from './payments.table.js';

export type PaymentRow = typeof payments.$inferSelect;

export interface PaymentRecord {
  id: string;
  orderId: string | null;
  razorpayOrderId: string;
  amount: number;
  outcome: PaymentOutcome;
  reason: string;
}

export async function findPayment(db: Db | Tx, id: string) {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  return row;
}

export async function findPayments(db: Db | Tx, ids: readonly string[]): Promise<PaymentRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(payments)
    .where(inArray(payments.id, [...ids]));
}

/**
 * Records a payment's outcome. A payment first heard of as failed may succeed on a retry, so a
 * failed record may be overwritten; money received is never forgotten, so no other may.
 */
export async function upsertPayment(tx: Tx, p: PaymentRecord): Promise<void> {
  await tx
    .insert(payments)
    .values(p)
    .onConflictDoUpdate({
      target: payments.id,
      set: { orderId: p.orderId, amount: p.amount, outcome: p.outcome, reason: p.reason, updatedAt: new Date() },
      where: eq(payments.outcome, 'failed'),
    });
}

/** A failure never overwrites what is known of a payment. */
/** False when the payment was on record already. */
export async function insertIfNew(tx: Tx, p: PaymentRecord): Promise<boolean> {
  const inserted = await tx.insert(payments).values(p).onConflictDoNothing().returning({ id: payments.id });
  return inserted.length > 0;
}

export async function insertEvent(tx: Tx, id: string, event: string): Promise<boolean> {
  const inserted = await tx
    .insert(paymentEvents)
    .values({ id, event })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  return inserted.length > 0;
}

/** The payment, locked until the transaction ends: refunds of one payment take turns. */
export async function lockPayment(tx: Tx, id: string): Promise<PaymentRow | undefined> {
  const [row] = await tx.select().from(payments).where(eq(payments.id, id)).for('update');
  return row;
}

/**
 * Claims a locked payment for a refund attempt, clearing the last attempt's error; a payment that
 * paid its order gets the reason it is refunded after all.
 */
export async function markRefunding(
  tx: Tx,
  id: string,
  attempt: number,
  now: Date,
  reason?: string,
): Promise<PaymentRow> {
  const [row] = await tx
    .update(payments)
    .set({
      outcome: 'refunding',
      refundAttempts: attempt,
      refundRequestedAt: now,
      refundError: null,
      updatedAt: now,
      ...(reason === undefined ? {} : { reason }),
    })
    .where(eq(payments.id, id))
    .returning();
  return row!;
}

export async function markRefunded(tx: Tx, id: string, refundId: string, now: Date): Promise<PaymentRow> {
  const [row] = await tx
    .update(payments)
    .set({ outcome: 'refunded', refundId, refundedAt: now, refundError: null, updatedAt: now })
    .where(eq(payments.id, id))
    .returning();
  return row!;
}

/** Due a refund again, with why the last attempt did not refund; a failed refund's id goes. */
export async function markRefundDue(tx: Tx, id: string, error: string, now: Date): Promise<PaymentRow> {
  const [row] = await tx
    .update(payments)
    .set({ outcome: 'refund_due', refundId: null, refundedAt: null, refundError: error, updatedAt: now })
    .where(eq(payments.id, id))
    .returning();
  return row!;
}

/** Payments kept for refund, being refunded or refunded: those still to do first, newest first. */
export async function paymentsForRefund(db: Db): Promise<PaymentRow[]> {
  return (
    db
      .select()
      .from(payments)
      // Written as the partial index's predicate, so that the index serves it.
      .where(sql`${payments.outcome} IN ('refund_due', 'refunding', 'refunded')`)
      .orderBy(sql`${payments.outcome} = 'refunded'`, desc(payments.createdAt), payments.id)
  );
}

/** Payments due a refund: how many, and their amount in paise (one row). */
export function refundsDue(db: Db) {
  return (
    db
      .select({
        count: sql<number>`count(*)`.mapWith(Number),
        amount: sql<number>`coalesce(sum(${payments.amount}), 0)`.mapWith(Number),
      })
      .from(payments)
      // The partial index's predicate as well, so that the index serves it.
      .where(sql`${payments.outcome} IN ('refund_due', 'refunding', 'refunded') AND ${payments.outcome} = 'refund_due'`)
  );
}
