import { describe, expect, it } from 'vitest';
import { inDayOrder, runSheetItem, runSheetPhone } from './run-sheet.js';

describe('a run sheet', () => {
  it.each([
    [{ name: 'Red Roses', variantName: '12 stems', qty: 2, options: [] }, '2 × Red Roses (12 stems)'],
    [
      {
        name: 'Chocolate Truffle Cake',
        variantName: null,
        qty: 1,
        options: [
          { name: 'Eggless', value: null },
          { name: 'Message on cake', value: 'Happy birthday, Amma' },
        ],
      },
      '1 × Chocolate Truffle Cake: Eggless; Message on cake: “Happy birthday, Amma”',
    ],
  ])('says each line with its quantity and options, no prices', (item, line) => {
    expect(runSheetItem(item)).toBe(line);
  });

  it('gives a mobile as ten digits to dial in India, anything else as stored', () => {
    expect(runSheetPhone('+919895011111')).toBe('98950 11111');
    expect(runSheetPhone('04842 123456')).toBe('04842 123456');
  });

  it('runs its slots by start time, early morning first and midnight last, ties as listed', () => {
    const slots = [
      { id: 'standard', start: '09:00' },
      { id: 'fixed-0900', start: '09:00' },
      { id: 'midnight', start: '23:00' },
      { id: 'early-morning', start: '07:00' },
    ];
    expect(inDayOrder(slots).map((s) => s.id)).toEqual(['early-morning', 'standard', 'fixed-0900', 'midnight']);
  });
});
