import { describe, expect, it } from 'vitest';
import {
  deliveryStepOpensAt,
  deliveryStepProblem,
  nextDeliveryStep,
  orderStage,
  type BookedDelivery,
  type DeliveryStep,
  type OrderProgress,
} from './order-status.js';

const at = new Date('2026-11-24T10:00:00Z');
const order = (over: Partial<OrderProgress>): OrderProgress => ({
  status: 'paid',
  packedAt: null,
  outForDeliveryAt: null,
  deliveredAt: null,
  ...over,
});

/** An instant written as IST wall-clock time. */
const ist = (local: string) => new Date(`${local}+05:30`);

const midnight: BookedDelivery = {
  date: '2026-12-03',
  type: 'midnight',
  label: 'Midnight, 11 PM – 12 AM',
  start: '23:00',
};
const standard: BookedDelivery = {
  date: '2026-12-03',
  type: 'standard',
  label: 'Any time, 9 AM – 9 PM',
  start: '09:00',
};
const fixed: BookedDelivery = { date: '2026-12-03', type: 'fixed', label: '5 PM – 7 PM', start: '17:00' };
const earlyMorning: BookedDelivery = {
  date: '2026-12-03',
  type: 'early-morning',
  label: 'Early morning, 7 AM – 9 AM',
  start: '07:00',
};

const packed = order({ packedAt: at });
const outForDelivery = order({ packedAt: at, outForDeliveryAt: at });

describe('an order’s stage', () => {
  it('is its payment status until paid, then its furthest delivery step', () => {
    expect(orderStage(order({ status: 'awaiting_payment' }))).toBe('awaiting_payment');
    expect(orderStage(order({ status: 'expired' }))).toBe('expired');
    expect(orderStage(order({ status: 'cancelled', packedAt: at }))).toBe('cancelled');
    expect(orderStage(order({}))).toBe('paid');
    expect(orderStage(order({ packedAt: at }))).toBe('packed');
    expect(orderStage(order({ packedAt: at, outForDeliveryAt: at }))).toBe('out_for_delivery');
    expect(orderStage(order({ deliveredAt: at }))).toBe('delivered');
  });

  it('has one next step while paid and not yet delivered', () => {
    expect(nextDeliveryStep('paid')).toBe('packed');
    expect(nextDeliveryStep('packed')).toBe('out_for_delivery');
    expect(nextDeliveryStep('out_for_delivery')).toBe('delivered');
    for (const stage of ['delivered', 'awaiting_payment', 'expired', 'cancelled'] as const) {
      expect(nextDeliveryStep(stage)).toBeNull();
    }
  });
});

describe('a delivery step, in order', () => {
  const whenever = ist('2026-12-03T12:00');
  it.each<[string, OrderProgress, DeliveryStep, string | null]>([
    ['paid → packed', order({}), 'packed', null],
    ['packed → out for delivery', packed, 'out_for_delivery', null],
    ['out for delivery → delivered', outForDelivery, 'delivered', null],
    [
      'paid → out for delivery skips packing',
      order({}),
      'out_for_delivery',
      'This order is paid; mark it as packed first',
    ],
    ['paid → delivered skips packing', order({}), 'delivered', 'This order is paid; mark it as packed first'],
    ['packed → delivered skips going out', packed, 'delivered', 'This order is packed; send it out for delivery first'],
    ['packed again', packed, 'packed', 'This order is already packed'],
    [
      'back from out for delivery',
      outForDelivery,
      'packed',
      'This order is already out for delivery; it cannot go back to packed',
    ],
    ['delivered again', order({ deliveredAt: at }), 'delivered', 'This order is already delivered'],
    ['unpaid', order({ status: 'awaiting_payment' }), 'packed', 'Only a paid order can be moved towards delivery'],
    ['expired', order({ status: 'expired' }), 'delivered', 'Only a paid order can be moved towards delivery'],
    ['cancelled', order({ status: 'cancelled' }), 'packed', 'This order was cancelled; it will not be delivered'],
  ])('%s', (_, progress, step, problem) => {
    expect(deliveryStepProblem(orderStage(progress), step, whenever, standard)).toBe(problem);
  });
});

describe('a delivery step, in time (IST)', () => {
  it.each<[string, OrderProgress, DeliveryStep, BookedDelivery, Date, string | null]>([
    ['packing days ahead', order({}), 'packed', midnight, ist('2026-11-28T10:00'), null],
    [
      'a midnight order going out the day before',
      packed,
      'out_for_delivery',
      midnight,
      ist('2026-12-02T22:00'),
      'This order is booked for Thu, 3 Dec; it cannot go out for delivery before then',
    ],
    [
      'a midnight order going out on its morning',
      packed,
      'out_for_delivery',
      midnight,
      ist('2026-12-03T10:37'),
      'This order is booked for Midnight, 11 PM – 12 AM on Thu, 3 Dec; it cannot go out for delivery before 8 PM',
    ],
    ['a midnight order going out at 8 PM', packed, 'out_for_delivery', midnight, ist('2026-12-03T20:00'), null],
    [
      'a midnight order delivered at 10:37 in the morning',
      outForDelivery,
      'delivered',
      midnight,
      ist('2026-12-03T10:37'),
      'This order is booked for Midnight, 11 PM – 12 AM on Thu, 3 Dec; it cannot be marked delivered before 10:30 PM',
    ],
    ['a midnight order delivered at 10:30 PM', outForDelivery, 'delivered', midnight, ist('2026-12-03T22:30'), null],
    ['a midnight order delivered at 11:59 PM', outForDelivery, 'delivered', midnight, ist('2026-12-03T23:59'), null],
    [
      'a midnight order delivered late, the next day',
      outForDelivery,
      'delivered',
      midnight,
      ist('2026-12-04T00:20'),
      null,
    ],
    [
      'a standard order delivered the evening before',
      outForDelivery,
      'delivered',
      standard,
      ist('2026-12-02T23:59'),
      'This order is booked for Thu, 3 Dec; it cannot be marked delivered before then',
    ],
    ['a standard order going out at 6 AM', packed, 'out_for_delivery', standard, ist('2026-12-03T06:00'), null],
    [
      'a standard order delivered at 8 AM',
      outForDelivery,
      'delivered',
      standard,
      ist('2026-12-03T08:00'),
      'This order is booked for Any time, 9 AM – 9 PM on Thu, 3 Dec; it cannot be marked delivered before 8:30 AM',
    ],
    [
      'a 5 PM order going out at 1 PM',
      packed,
      'out_for_delivery',
      fixed,
      ist('2026-12-03T13:00'),
      'This order is booked for Fixed time, 5 PM – 7 PM on Thu, 3 Dec; it cannot go out for delivery before 2 PM',
    ],
    ['a 5 PM order delivered at 4:30 PM', outForDelivery, 'delivered', fixed, ist('2026-12-03T16:30'), null],
    // Three hours before 7 AM is 4 AM the same day: the lead never reaches into the day before.
    [
      'an early-morning order going out at 11:30 PM the night before',
      packed,
      'out_for_delivery',
      earlyMorning,
      ist('2026-12-02T23:30'),
      'This order is booked for Thu, 3 Dec; it cannot go out for delivery before then',
    ],
    [
      'an early-morning order going out at 4 AM',
      packed,
      'out_for_delivery',
      earlyMorning,
      ist('2026-12-03T04:00'),
      null,
    ],
  ])('%s', (_, progress, step, delivery, now, problem) => {
    expect(deliveryStepProblem(orderStage(progress), step, now, delivery)).toBe(problem);
  });

  it('keeps no time for an order booked before slots existed', () => {
    expect(deliveryStepProblem('out_for_delivery', 'delivered', ist('2020-01-01T00:00'), null)).toBeNull();
    expect(deliveryStepOpensAt('delivered', null)).toBeNull();
  });

  it('opens each step at its lead before the slot, never before the day, packing at once', () => {
    expect(deliveryStepOpensAt('packed', midnight)).toBeNull();
    expect(deliveryStepOpensAt('out_for_delivery', midnight)).toEqual(ist('2026-12-03T20:00'));
    expect(deliveryStepOpensAt('delivered', midnight)).toEqual(ist('2026-12-03T22:30'));
    expect(deliveryStepOpensAt('out_for_delivery', { ...earlyMorning, start: '01:00' })).toEqual(
      ist('2026-12-03T00:00'),
    );
  });

  it('reads the booked day in IST, whatever zone the instant was written in', () => {
    // 18:29 UTC on 2 Dec is 23:59 IST on 2 Dec; 18:30 UTC is midnight of the 3rd.
    expect(deliveryStepProblem('out_for_delivery', 'delivered', new Date('2026-12-02T18:29:00Z'), standard)).toBe(
      'This order is booked for Thu, 3 Dec; it cannot be marked delivered before then',
    );
    expect(deliveryStepProblem('out_for_delivery', 'delivered', new Date('2026-12-02T18:30:00Z'), standard)).toBe(
      'This order is booked for Any time, 9 AM – 9 PM on Thu, 3 Dec; it cannot be marked delivered before 8:30 AM',
    );
  });
});
