/**
 * Where an order is, as a shopper follows it: paid orders move forward through the delivery
 * steps, or are cancelled by an admin before they leave; unpaid ones either get paid or expire.
 * The stored order keeps payment (status) and delivery progress (a time per step) apart; this is
 * the one place that reads them together.
 */
export const ORDER_STAGES = [
  'awaiting_payment',
  'paid',
  'packed',
  'out_for_delivery',
  'delivered',
  'expired',
  'cancelled',
] as const;
export type OrderStage = (typeof ORDER_STAGES)[number];

/** The steps an admin moves a paid order through, in order. */
export const DELIVERY_STEPS = ['packed', 'out_for_delivery', 'delivered'] as const;
export type DeliveryStep = (typeof DELIVERY_STEPS)[number];

export const ORDER_STAGE_LABELS: Record<OrderStage, string> = {
  awaiting_payment: 'Awaiting payment',
  paid: 'Paid',
  packed: 'Packed',
  out_for_delivery: 'Out for delivery',
  delivered: 'Delivered',
  expired: 'Expired',
  cancelled: 'Cancelled',
};

/** The admin's button for each step; 'Mark As Delivered' is the spec's own. */
export const DELIVERY_STEP_ACTIONS: Record<DeliveryStep, string> = {
  packed: 'Mark As Packed',
  out_for_delivery: 'Out For Delivery',
  delivered: 'Mark As Delivered',
};

export interface OrderProgress {
  status: 'awaiting_payment' | 'paid' | 'expired' | 'cancelled';
  packedAt: unknown;
  outForDeliveryAt: unknown;
  deliveredAt: unknown;
}

const present = (value: unknown) => value !== null && value !== undefined;

export function orderStage(order: OrderProgress): OrderStage {
  if (order.status !== 'paid') return order.status;
  if (present(order.deliveredAt)) return 'delivered';
  if (present(order.outForDeliveryAt)) return 'out_for_delivery';
  if (present(order.packedAt)) return 'packed';
  return 'paid';
}

/** Steps go forward only, and only once paid; a step may be skipped (delivered straight from paid). */
export function deliveryStepProblem(order: OrderProgress, step: DeliveryStep): string | null {
  const stage = orderStage(order);
  if (stage === 'awaiting_payment' || stage === 'expired') {
    return 'Only a paid order can be moved towards delivery';
  }
  if (stage === 'cancelled') return 'This order was cancelled; it will not be delivered';
  const at = DELIVERY_STEPS.indexOf(step);
  const now = stage === 'paid' ? -1 : DELIVERY_STEPS.indexOf(stage);
  if (at === now) return `This order is already ${ORDER_STAGE_LABELS[stage].toLowerCase()}`;
  if (at < now) {
    return `This order is already ${ORDER_STAGE_LABELS[stage].toLowerCase()}; it cannot go back to ${ORDER_STAGE_LABELS[step].toLowerCase()}`;
  }
  return null;
}
