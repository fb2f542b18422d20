import { desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { paymentEvents, payments, type PaymentOutcome } from './payments.table.js';

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

export async function paymentsDueRefund(db: Db) {
  return db
    .select()
    .from(payments)
    .where(eq(payments.outcome, 'refund_due'))
    .orderBy(desc(payments.createdAt), payments.id);
}
