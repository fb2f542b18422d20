import { describe, expect, it } from 'vitest';
import { staleStockProblem, stockChangeProblem, stockLevelProblem, type StockAdjustmentReason } from './stock.js';

describe('adjusting stock', () => {
  it.each<{ reason: StockAdjustmentReason; change: number; problem: string | null }>([
    { reason: 'received', change: 10, problem: null },
    { reason: 'received', change: -10, problem: 'Received stock comes in: the change must be above 0' },
    { reason: 'returned', change: 1, problem: null },
    { reason: 'returned', change: -1, problem: 'Returned stock comes in: the change must be above 0' },
    { reason: 'damaged', change: -2, problem: null },
    { reason: 'damaged', change: 2, problem: 'Damaged stock goes out: the change must be below 0' },
    { reason: 'correction', change: -7, problem: null },
    { reason: 'correction', change: 7, problem: null },
    { reason: 'correction', change: 0, problem: 'Change must be a whole number other than 0' },
    { reason: 'received', change: 1.5, problem: 'Change must be a whole number other than 0' },
    { reason: 'correction', change: -100_001, problem: 'Change must be at most 100000 either way' },
  ])('$reason by $change: $problem', ({ reason, change, problem }) => {
    expect(stockChangeProblem(reason, change)).toBe(problem);
  });

  it.each<{ left: number; change: number; problem: string | null }>([
    { left: 34, change: -34, problem: null },
    { left: 34, change: -35, problem: 'Only 34 in stock: cannot take away 35' },
    { left: 0, change: -1, problem: 'Nothing is in stock: cannot take away 1' },
    { left: 99_990, change: 10, problem: null },
    { left: 99_990, change: 11, problem: 'That would make 100001 in stock; at most 100000' },
  ])('$change on $left in stock: $problem', ({ left, change, problem }) => {
    expect(stockLevelProblem(left, change)).toBe(problem);
  });

  it.each<{ size: string | null; sent: number | undefined; now: number; problem: string | null }>([
    { size: null, sent: undefined, now: 34, problem: null },
    { size: null, sent: 34, now: 34, problem: null },
    {
      size: null,
      sent: 40,
      now: 34,
      problem: 'Stock changed since you opened it: 34 in stock now, not 40. Stock changes only by adjustment.',
    },
    {
      size: '1 Kg',
      sent: 5,
      now: 4,
      problem: 'Stock of 1 Kg changed since you opened it: 4 in stock now, not 5. Stock changes only by adjustment.',
    },
  ])('a save sending $sent when $now are in stock: $problem', ({ size, sent, now, problem }) => {
    expect(staleStockProblem(size, sent, now)).toBe(problem);
  });
});
