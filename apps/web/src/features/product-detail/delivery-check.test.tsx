import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { NOW, TODAY } from '../../test/delivery-test-utils.js';
import { DeliveryCheck } from './delivery-check.js';
import type { EarliestDelivery, PincodeCheckApi } from './use-pincode-check.js';

const kochi = {
  pincode: '682001',
  district: 'Ernakulam',
  state: 'Kerala',
  postOffices: ['Kochi'],
  deliveryAvailable: true,
  sameDayDelivery: true,
};

/** A PIN code confirmed deliverable, with what the slots said. */
const checked = (earliest: EarliestDelivery | null, refreshEarliest = vi.fn()): PincodeCheckApi => ({
  value: '682001',
  setValue: vi.fn(),
  check: vi.fn(),
  state: { status: 'success', detail: kochi },
  deliveryAvailable: true,
  forPincode: null,
  earliest,
  refreshEarliest,
});

const inMs = (ms: number) => new Date(NOW.getTime() + ms).toISOString();
/** Lets time pass half a minute at a time, each tick rendered before the next (as in a browser). */
function pass(ms: number) {
  for (let left = ms; left > 0; left -= 30_000) act(() => vi.advanceTimersByTime(Math.min(30_000, left)));
}
const countdown = () => screen.queryByText(/^Order within/)?.textContent ?? null;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the same-day countdown', () => {
  it('counts down every half minute, and asks again once the deadline has passed', () => {
    const refresh = vi.fn();
    const deadline = inMs((2 * 60 + 13) * 60_000);
    render(<DeliveryCheck check={checked({ date: TODAY, sameDayDeadline: deadline }, refresh)} />);
    expect(screen.getByRole('status').textContent).toContain('Earliest delivery: Today');
    expect(countdown()).toBe('Order within 2 h 13 min for delivery today');

    // 2 h 12 min 30 s left: never promises less than there is.
    act(() => vi.advanceTimersByTime(30_000));
    expect(countdown()).toBe('Order within 2 h 13 min for delivery today');
    act(() => vi.advanceTimersByTime(30_000));
    expect(countdown()).toBe('Order within 2 h 12 min for delivery today');
    pass((2 * 60 + 11) * 60_000);
    expect(countdown()).toBe('Order within 1 min for delivery today');
    expect(refresh).not.toHaveBeenCalled();

    pass(60_000);
    expect(countdown()).toBeNull();
    expect(refresh).toHaveBeenCalledTimes(1);
    // Nothing keeps ticking once it has gone.
    pass(5 * 60_000);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stops its timer when the page goes', () => {
    const { unmount } = render(<DeliveryCheck check={checked({ date: TODAY, sameDayDeadline: inMs(45 * 60_000) })} />);
    expect(countdown()).toBe('Order within 45 min for delivery today');
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('starts again from a new deadline', () => {
    const { rerender } = render(<DeliveryCheck check={checked({ date: TODAY, sameDayDeadline: inMs(10 * 60_000) })} />);
    expect(countdown()).toBe('Order within 10 min for delivery today');
    rerender(<DeliveryCheck check={checked({ date: TODAY, sameDayDeadline: inMs(3 * 60 * 60_000) })} />);
    expect(countdown()).toBe('Order within 3 h for delivery today');
  });

  it('is not shown when today is out, nor before the slots are known', () => {
    const { rerender } = render(<DeliveryCheck check={checked({ date: '2026-11-25', sameDayDeadline: null })} />);
    expect(screen.getByRole('status').textContent).toContain('Earliest delivery: Tomorrow');
    expect(countdown()).toBeNull();
    rerender(<DeliveryCheck check={checked(null)} />);
    expect(screen.getByRole('status').textContent).not.toContain('Earliest delivery');
    expect(countdown()).toBeNull();
  });
});
