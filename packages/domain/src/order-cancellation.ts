import { DELIVERY_STEPS, type OrderStage } from './order-status.js';

/** What an admin must say when cancelling, which the shopper reads in the email and on the order. */
export const CANCEL_REASON_MIN = 3;
export const CANCEL_REASON_MAX = 500;

/**
 * A paid order may be cancelled until it leaves with the courier: paid, or packed (the florist
 * unpacks it). From out for delivery on, the gift is on its way or there, and a cancellation
 * would refund something the recipient has.
 */
export const CANCELLABLE_STAGES: readonly OrderStage[] = [
  'paid',
  ...DELIVERY_STEPS.slice(0, DELIVERY_STEPS.indexOf('out_for_delivery')),
];

const REFUSALS: Partial<Record<OrderStage, string>> = {
  awaiting_payment: 'Only a paid order can be cancelled; an unpaid order expires by itself',
  expired: 'This order expired unpaid; there is nothing to cancel',
  cancelled: 'This order was already cancelled',
  out_for_delivery: 'This order is already out for delivery; it can no longer be cancelled',
  delivered: 'This order was already delivered; it can no longer be cancelled',
};

/** Why an order at this stage cannot be cancelled, in words for the admin; null when it can. */
export function cancellationProblem(stage: OrderStage): string | null {
  if (CANCELLABLE_STAGES.includes(stage)) return null;
  return REFUSALS[stage] ?? 'This order cannot be cancelled';
}
