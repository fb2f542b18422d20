import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { OrderResponse } from '@store/contracts';
import { formatDateTime } from '../../lib/format.js';
import { OrderTimeline } from './order-timeline.js';

afterEach(cleanup);

type Timeline = OrderResponse['timeline'];

const PLACED = '2026-11-22T09:14:00.000Z';
const PAID = '2026-11-22T09:15:00.000Z';
const EXPIRED = '2026-11-22T09:44:00.000Z';
const REFUNDED = '2026-11-23T05:30:00.000Z';

function steps(stage: OrderResponse['stage'], timeline: Timeline) {
  render(<OrderTimeline order={{ stage, timeline }} />);
  return within(screen.getByRole('list', { name: 'Order status' }))
    .getAllByRole('listitem')
    .map((step) => step.textContent);
}

const note = `Refunded at ${formatDateTime(REFUNDED)}: a payment this order could not use`;

describe('a refund in the order status stepper', () => {
  it('is a note with its time under Expired when the money came after the order expired', () => {
    const shown = steps('expired', [
      { status: 'placed', at: PLACED },
      { status: 'expired', at: EXPIRED },
      { status: 'refunded', at: REFUNDED },
    ]);
    expect(shown).toEqual([`Placed, done${formatDateTime(PLACED)}`, `Expired${formatDateTime(EXPIRED)}${note}`]);
    const time = screen.getByText(formatDateTime(REFUNDED));
    expect([time.tagName, time.getAttribute('datetime')]).toEqual(['TIME', REFUNDED]);
  });

  it('is a note, not a step, under the step a paid order had reached when a second payment was refunded', () => {
    const shown = steps('out_for_delivery', [
      { status: 'placed', at: PLACED },
      { status: 'paid', at: PAID },
      { status: 'refunded', at: REFUNDED },
      { status: 'out_for_delivery', at: '2026-11-23T08:00:00.000Z' },
    ]);
    expect(shown).toHaveLength(5);
    expect(shown[1]).toBe(`Paid, done${formatDateTime(PAID)}${note}`);
    expect(shown.filter((s) => s?.includes('Refunded'))).toHaveLength(1);
  });

  it('shows nothing of refunds on an order that had none', () => {
    steps('paid', [
      { status: 'placed', at: PLACED },
      { status: 'paid', at: PAID },
    ]);
    expect(screen.queryByText(/Refunded/)).toBeNull();
  });
});
