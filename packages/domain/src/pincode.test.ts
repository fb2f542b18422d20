import { describe, expect, it } from 'vitest';
import { isPincodeFormat } from './pincode.js';

describe('pincode format', () => {
  it.each([
    ['682001', true],
    ['110001', true],
    ['012345', true],
    ['68200', false],
    ['6820011', false],
    ['68200a', false],
    [' 682001', false],
    ['', false],
  ])('%j → %s', (value, ok) => {
    expect(isPincodeFormat(value)).toBe(ok);
  });
});
