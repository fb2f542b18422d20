import { describe, expect, it } from 'vitest';
import { formatInr, paiseToRupees, rupeesToPaise } from './money.js';

describe('money', () => {
  it.each([
    [0, 0],
    [1, 100],
    [499.99, 49_999],
    [0.1 + 0.2, 30],
    [1234.565, 123_457],
  ])('%d rupees is %i paise', (rupees, paise) => {
    expect(rupeesToPaise(rupees)).toBe(paise);
  });

  it.each([
    [49_999, 499.99],
    [100_000, 1000],
    [5, 0.05],
  ])('%i paise is %d rupees', (paise, rupees) => {
    expect(paiseToRupees(paise)).toBe(rupees);
  });

  it.each([
    [129_900, '₹1,299'],
    [129_950, '₹1,299.50'],
    [5, '₹0.05'],
    [10_000_000, '₹1,00,000'],
  ])('formats %i paise as %s', (paise, text) => {
    expect(formatInr(paise)).toBe(text);
  });
});
