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

  it('writes what Intl writes for en-IN rupees, from paise to crores, negative ones too', () => {
    const whole = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });
    const exact = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 });
    const intl = (paise: number) => (paise % 100 === 0 ? whole : exact).format(paise / 100);
    const amounts = [0, 1, 99, 100, 101, 99_999, 100_000, 12_345_678, 1_000_000_000, 98_765_432_101];
    let seed = 7;
    for (let i = 0; i < 2_000; i++) {
      seed = (seed * 48_271) % 2_147_483_647;
      amounts.push(seed % 10 ** (1 + (i % 12)));
    }
    for (const paise of [...amounts, ...amounts.filter((a) => a > 0).map((a) => -a)]) {
      expect([paise, formatInr(paise)]).toEqual([paise, intl(paise)]);
    }
  });
});
