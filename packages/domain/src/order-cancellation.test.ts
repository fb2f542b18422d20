import { describe, expect, it } from 'vitest';
import { CANCELLABLE_STAGES, cancellationProblem } from './order-cancellation.js';
import { ORDER_STAGES, type OrderStage } from './order-status.js';

describe('cancelling an order', () => {
  it.each<{ stage: OrderStage; problem: string | null }>([
    { stage: 'paid', problem: null },
    { stage: 'packed', problem: null },
    { stage: 'out_for_delivery', problem: 'This order is already out for delivery; it can no longer be cancelled' },
    { stage: 'delivered', problem: 'This order was already delivered; it can no longer be cancelled' },
    {
      stage: 'awaiting_payment',
      problem: 'Only a paid order can be cancelled; an unpaid order expires by itself',
    },
    { stage: 'expired', problem: 'This order expired unpaid; there is nothing to cancel' },
    { stage: 'cancelled', problem: 'This order was already cancelled' },
  ])('at $stage: $problem', ({ stage, problem }) => {
    expect(cancellationProblem(stage)).toBe(problem);
  });

  it('is allowed only before the order leaves with the courier', () => {
    expect(CANCELLABLE_STAGES).toEqual(['paid', 'packed']);
    for (const stage of ORDER_STAGES) {
      expect(cancellationProblem(stage) === null).toBe(CANCELLABLE_STAGES.includes(stage));
    }
  });
});
