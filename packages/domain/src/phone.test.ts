import { describe, expect, it } from 'vitest';
import { displayPhone, normalizeIndianMobile } from './phone.js';

describe('Indian mobile numbers', () => {
  it.each(['9876543210', '+91 98765 43210', '+919876543210', '91-98765-43210', '09876543210'])(
    '%j is +919876543210',
    (input) => {
      expect(normalizeIndianMobile(input)).toBe('+919876543210');
    },
  );

  it.each(['', '12345', '5876543210', '98765432101', '+1 9876543210', 'nine eight seven'])('%j is refused', (input) => {
    expect(normalizeIndianMobile(input)).toBeNull();
  });

  it('shows +91 in front of a number without it', () => {
    expect(displayPhone('9876543210')).toBe('+91 9876543210');
    expect(displayPhone('+919876543210')).toBe('+919876543210');
  });
});
