import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { expireOrder } from '../orders/orders.service.js';
import { orders, paymentEvents, payments, type PaymentOutcome } from '../orders/orders.table.js';

export interface IncomingPayment {
  paymentId: string;
  razorpayOrderId: string;
  /** Paise, as the gateway reports it. */
  amount: number;
}

export type ApplyResult =
  | { result: 'paid'; orderId: string }
  | { result: 'already_paid'; orderId: string }
  | { result: 'refund_due'; orderId: string | null; reason: string }
  /** The payment already paid a different order: it proves nothing about this one. */
  | { result: 'rejected'; reason: string };

async function recordPayment(
  tx: Tx,
  p: IncomingPayment,
  orderId: string | null,
  outcome: PaymentOutcome,
  reason = '',
): Promise<void> {
  await tx
    .insert(payments)
    .values({ id: p.paymentId, orderId, razorpayOrderId: p.razorpayOrderId, amount: p.amount, outcome, reason })
    .onConflictDoUpdate({
      target: payments.id,
      // A payment first heard of as failed may succeed on a retry; money received is never forgotten.
      set: { orderId, amount: p.amount, outcome, reason, updatedAt: new Date() },
      where: eq(payments.outcome, 'failed'),
    });
}

/**
 * Applies a verified, captured payment to its order, once. Whatever the order of arrival (the
 * browser's verify, a webhook, a redelivery), the order ends paid by exactly one payment; money
 * that cannot pay it (expired, already paid by another payment, a different amount) is kept on
 * record as due for refund, never silently dropped and never marking the order paid.
 */
export async function applyPayment(tx: Tx, p: IncomingPayment, now = new Date()): Promise<ApplyResult> {
  const [order] = await tx.select().from(orders).where(eq(orders.razorpayOrderId, p.razorpayOrderId)).for('update');
  const [known] = await tx.select().from(payments).where(eq(payments.id, p.paymentId));
  if (known?.outcome === 'applied' && known.orderId !== order?.id) {
    return { result: 'rejected', reason: 'This payment already paid another order' };
  }
  if (!order) {
    await recordPayment(tx, p, null, 'refund_due', 'no order for this Razorpay order');
    return { result: 'refund_due', orderId: null, reason: 'This payment is not for an order of this store' };
  }
  if (order.status === 'paid' && order.paymentId === p.paymentId) return { result: 'already_paid', orderId: order.id };
  const refund = async (reason: string, message: string): Promise<ApplyResult> => {
    await recordPayment(tx, p, order.id, 'refund_due', reason);
    return { result: 'refund_due', orderId: order.id, reason: message };
  };
  if (order.status === 'paid') {
    return refund(
      'order already paid by another payment',
      'This order is already paid; this payment will be refunded.',
    );
  }
  if (p.amount !== order.razorpayAmount || p.amount !== order.totalPrice) {
    return refund(
      `paid ${p.amount} paise, order total ${order.totalPrice}`,
      'The amount paid does not match the order total; the payment will be refunded.',
    );
  }
  if (order.status === 'awaiting_payment' && order.payBy <= now) await expireOrder(tx, order.id, now);
  if (order.status === 'expired' || order.payBy <= now) {
    return refund(
      'order expired before the payment arrived',
      'This order expired before the payment arrived; the payment will be refunded. Please place the order again.',
    );
  }
  const [paid] = await tx
    .update(orders)
    .set({ status: 'paid', paidAt: now, paymentId: p.paymentId, updatedAt: now })
    .where(and(eq(orders.id, order.id), eq(orders.status, 'awaiting_payment')))
    .returning({ id: orders.id });
  if (!paid) return refund('order changed while paying', 'This order can no longer be paid.');
  await recordPayment(tx, p, order.id, 'applied');
  return { result: 'paid', orderId: order.id };
}

export async function recordFailedPayment(tx: Tx, p: IncomingPayment, reason: string): Promise<void> {
  const [order] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.razorpayOrderId, p.razorpayOrderId));
  await tx
    .insert(payments)
    .values({
      id: p.paymentId,
      orderId: order?.id ?? null,
      razorpayOrderId: p.razorpayOrderId,
      amount: p.amount,
      outcome: 'failed',
      reason,
    })
    .onConflictDoNothing();
}

/** Records a webhook delivery; false when it was seen before (so it must change nothing). */
export async function firstDelivery(tx: Tx, eventId: string, event: string): Promise<boolean> {
  const inserted = await tx
    .insert(paymentEvents)
    .values({ id: eventId, event })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  return inserted.length > 0;
}
