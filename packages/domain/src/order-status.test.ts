import { describe, expect, it } from 'vitest';
import { deliveryStepProblem, orderStage, type OrderProgress } from './order-status.js';

const at = new Date('2026-11-24T10:00:00Z');
const order = (over: Partial<OrderProgress>): OrderProgress => ({
  status: 'paid',
  packedAt: null,
  outForDeliveryAt: null,
  deliveredAt: null,
  ...over,
});

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

  it('moves forward only, skipping steps if need be, and only once paid', () => {
    expect(deliveryStepProblem(order({}), 'packed')).toBeNull();
    expect(deliveryStepProblem(order({}), 'delivered')).toBeNull();
    expect(deliveryStepProblem(order({ packedAt: at }), 'out_for_delivery')).toBeNull();
    expect(deliveryStepProblem(order({ packedAt: at }), 'packed')).toBe('This order is already packed');
    expect(deliveryStepProblem(order({ outForDeliveryAt: at }), 'packed')).toBe(
      'This order is already out for delivery; it cannot go back to packed',
    );
    expect(deliveryStepProblem(order({ deliveredAt: at }), 'delivered')).toBe('This order is already delivered');
    expect(deliveryStepProblem(order({ status: 'awaiting_payment' }), 'packed')).toBe(
      'Only a paid order can be moved towards delivery',
    );
    expect(deliveryStepProblem(order({ status: 'expired' }), 'delivered')).toBe(
      'Only a paid order can be moved towards delivery',
    );
    expect(deliveryStepProblem(order({ status: 'cancelled' }), 'packed')).toBe(
      'This order was cancelled; it will not be delivered',
    );
  });
});
