import { describe, expect, it } from 'vitest';
import { orderNumberLabel } from './order-number.js';

describe('order number label', () => {
  it.each([
    { n: 1, label: 'PW-000001' },
    { n: 123, label: 'PW-000123' },
    { n: 999_999, label: 'PW-999999' },
    { n: 1_000_000, label: 'PW-1000000' },
    { n: 2_147_483_647, label: 'PW-2147483647' },
  ])('#$n is $label', ({ n, label }) => {
    expect(orderNumberLabel(n)).toBe(label);
  });

  it.each([0, -1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1])('refuses %s', (n) => {
    expect(() => orderNumberLabel(n)).toThrow(RangeError);
  });
});
