import type { Db, Tx } from '../../db/client.js';
import { orderPayments, type Shop } from '../orders/orders.service.js';
import type { MailSite } from '../outbox/outbox.service.js';
import { findPayment, insertEvent, insertIfNew, refundsDue, upsertPayment } from './payments.repository.js';
import type { PaymentOutcome } from './payments.table.js';
import { checkoutSignature, signatureMatches } from './signatures.js';

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
  await upsertPayment(tx, {
    id: p.paymentId,
    orderId,
    razorpayOrderId: p.razorpayOrderId,
    amount: p.amount,
    outcome,
    reason,
  });
}

/**
 * Applies a verified, captured payment to its order, once. Whatever the order of arrival (the
 * browser's verify, a webhook, a redelivery), the order ends paid by exactly one payment; money
 * that cannot pay it (expired, already paid by another payment, a different amount) is kept on
 * record as due for refund, never silently dropped and never marking the order paid.
 */
export async function applyPayment(tx: Tx, p: IncomingPayment, shop: Shop, now = new Date()): Promise<ApplyResult> {
  const order = await orderPayments.lockForPayment(tx, p.razorpayOrderId);
  const known = await findPayment(tx, p.paymentId);
  if (known?.outcome === 'applied' && known.orderId !== order?.id) {
    return { result: 'rejected', reason: 'This payment already paid another order' };
  }
  if (!order) {
    await recordPayment(tx, p, null, 'refund_due', 'no order for this Razorpay order');
    return { result: 'refund_due', orderId: null, reason: 'This payment is not for an order of this store' };
  }
  // The payment that paid the order, heard of again; also once the order was cancelled and it is refunded.
  if (order.paymentId === p.paymentId) return { result: 'already_paid', orderId: order.id };
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
  if (order.status === 'cancelled') {
    return refund('order cancelled', 'This order was cancelled; this payment will be refunded.');
  }
  if (p.amount !== order.razorpayAmount || p.amount !== order.totalPrice) {
    return refund(
      `paid ${p.amount} paise, order total ${order.totalPrice}`,
      'The amount paid does not match the order total; the payment will be refunded.',
    );
  }
  if (order.status === 'awaiting_payment' && order.payBy <= now)
    await orderPayments.expire(tx, order.id, now, shop.holds);
  if (order.status === 'expired' || order.payBy <= now) {
    return refund(
      'order expired before the payment arrived',
      'This order expired before the payment arrived; the payment will be refunded. Please place the order again.',
    );
  }
  if (!(await orderPayments.markPaid(tx, order.id, p.paymentId, now, shop)))
    return refund('order changed while paying', 'This order can no longer be paid.');
  await recordPayment(tx, p, order.id, 'applied');
  return { result: 'paid', orderId: order.id };
}

/** A failed attempt, recorded once however often the gateway reports it; the shopper hears of it once. */
export async function recordFailedPayment(
  tx: Tx,
  p: IncomingPayment,
  reason: string,
  site: MailSite,
  now = new Date(),
): Promise<void> {
  const order = await orderPayments.find(tx, p.razorpayOrderId);
  const recorded = await insertIfNew(tx, {
    id: p.paymentId,
    orderId: order?.id ?? null,
    razorpayOrderId: p.razorpayOrderId,
    amount: p.amount,
    outcome: 'failed',
    reason,
  });
  if (recorded && order) await orderPayments.paymentFailed(tx, order.id, reason, now, site);
}

/** Records a webhook delivery; false when it was seen before (so it must change nothing). */
export async function firstDelivery(tx: Tx, eventId: string, event: string): Promise<boolean> {
  return insertEvent(tx, eventId, event);
}

/** What the gateway was asked to collect for one of its orders, and whether a payment paid it (cancelled or not). */
export async function gatewayOrderState(db: Db, razorpayOrderId: string) {
  const order = await orderPayments.find(db, razorpayOrderId);
  return order && { amount: order.razorpayAmount, paid: order.paymentId !== null };
}

/** Whether Razorpay Checkout's signature proves this payment was made for this gateway order. */
export function checkoutSignatureValid(
  keySecret: string,
  razorpayOrderId: string,
  paymentId: string,
  signature: string,
): boolean {
  return signatureMatches(checkoutSignature(keySecret, razorpayOrderId, paymentId), signature);
}

/** Money received that could not pay its order and waits for an admin's Refund: how many payments, how many paise. */
export async function refundsWaiting(db: Db): Promise<{ count: number; amount: number }> {
  const [row] = await refundsDue(db);
  return row ?? { count: 0, amount: 0 };
}
