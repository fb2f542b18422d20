import { istDate, istInstant, slotName, slotStartInstant, twelveHour } from './delivery.js';
import { shortDate } from './fulfilment.js';

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

/** The step after a stage, or null when none is (not paid, ended, or delivered). */
export function nextDeliveryStep(stage: OrderStage): DeliveryStep | null {
  if (stage === 'paid') return DELIVERY_STEPS[0];
  const at = (DELIVERY_STEPS as readonly string[]).indexOf(stage);
  return at < 0 ? null : (DELIVERY_STEPS[at + 1] ?? null);
}

/**
 * How long before its slot begins an order may leave: a rider's way across a city and the wait at
 * the kitchen. Every slot starts at 07:00 or later, so this never reaches into the day before.
 */
export const OUT_FOR_DELIVERY_LEAD_MINUTES = 180;
/** How early before its slot begins a delivery may be recorded: a rider a little early is let in. */
export const EARLY_DELIVERY_MINUTES = 30;

/** The delivery an order was booked for: its IST date and its slot as booked. */
export interface BookedDelivery {
  date: string;
  type: string;
  label: string;
  /** 'HH:MM' in IST on `date`. */
  start: string;
}

const STEP_LEAD_MINUTES: Record<DeliveryStep, number | null> = {
  packed: null,
  out_for_delivery: OUT_FOR_DELIVERY_LEAD_MINUTES,
  delivered: EARLY_DELIVERY_MINUTES,
};

/**
 * The first instant a step may be taken for a booked delivery: packing any time once paid; going
 * out and delivering from a lead before the slot begins, never before its day (IST). Null: any time.
 */
export function deliveryStepOpensAt(step: DeliveryStep, delivery: BookedDelivery | null): Date | null {
  const lead = STEP_LEAD_MINUTES[step];
  if (lead === null || delivery === null) return null;
  const dayStart = istInstant(delivery.date, 0);
  const beforeSlot = new Date(slotStartInstant(delivery.date, delivery.start).getTime() - lead * 60_000);
  return beforeSlot > dayStart ? beforeSlot : dayStart;
}

const STEP_PHRASES: Record<DeliveryStep, { doing: string; first: string }> = {
  packed: { doing: 'be marked packed', first: 'mark it as packed first' },
  out_for_delivery: { doing: 'go out for delivery', first: 'send it out for delivery first' },
  delivered: { doing: 'be marked delivered', first: 'mark it as out for delivery first' },
};

/** An instant's time of day in IST (UTC+05:30, no daylight saving) as a message says it: '8 PM'. */
const istClock = (instant: Date) => twelveHour(new Date(instant.getTime() + 330 * 60_000).toISOString().slice(11, 16));

/**
 * Whether an admin may take a delivery step now from an order's stage (`orderStage`), and if not
 * why, in words to show them (ADR 085). Steps go forward one at a time (packed, out for delivery,
 * delivered: none skipped, none taken back), only on a paid order, and not before the booked
 * delivery allows (`deliveryStepOpensAt`). Orders booked before slots existed (`delivery` null)
 * have no timing to keep.
 */
export function deliveryStepProblem(
  stage: OrderStage,
  step: DeliveryStep,
  now: Date,
  delivery: BookedDelivery | null,
): string | null {
  if (stage === 'awaiting_payment' || stage === 'expired') {
    return 'Only a paid order can be moved towards delivery';
  }
  if (stage === 'cancelled') return 'This order was cancelled; it will not be delivered';
  const at = DELIVERY_STEPS.indexOf(step);
  const reached = stage === 'paid' ? -1 : DELIVERY_STEPS.indexOf(stage);
  if (at === reached) return `This order is already ${ORDER_STAGE_LABELS[stage].toLowerCase()}`;
  if (at < reached) {
    return `This order is already ${ORDER_STAGE_LABELS[stage].toLowerCase()}; it cannot go back to ${ORDER_STAGE_LABELS[step].toLowerCase()}`;
  }
  const next = DELIVERY_STEPS[reached + 1]!;
  if (step !== next) return `This order is ${ORDER_STAGE_LABELS[stage].toLowerCase()}; ${STEP_PHRASES[next].first}`;
  const opens = deliveryStepOpensAt(step, delivery);
  if (!opens || !delivery || now >= opens) return null;
  const day = shortDate(delivery.date);
  if (istDate(now) < delivery.date) {
    return `This order is booked for ${day}; it cannot ${STEP_PHRASES[step].doing} before then`;
  }
  return `This order is booked for ${slotName(delivery)} on ${day}; it cannot ${STEP_PHRASES[step].doing} before ${istClock(opens)}`;
}
