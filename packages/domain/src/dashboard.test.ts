import { describe, expect, it } from 'vitest';
import { istDays, percentChange, periodWindows, type DashboardPeriod } from './dashboard.js';

/** An instant written as IST wall-clock time, e.g. ist('2026-11-24T10:00') is 2026-11-24T04:30:00Z. */
const ist = (wallClock: string) => new Date(`${wallClock}+05:30`);

describe('periodWindows', () => {
  it.each<[DashboardPeriod, string, string, string, string, string, string]>([
    // period, now (IST), current from, previous from, previous to, first day, previous first day
    [
      'today',
      '2026-11-24T11:00',
      '2026-11-24T00:00',
      '2026-11-23T00:00',
      '2026-11-23T11:00',
      '2026-11-24',
      '2026-11-23',
    ],
    ['7d', '2026-11-24T11:00', '2026-11-18T00:00', '2026-11-11T00:00', '2026-11-17T11:00', '2026-11-18', '2026-11-11'],
    ['30d', '2026-11-24T11:00', '2026-10-26T00:00', '2026-09-26T00:00', '2026-10-25T11:00', '2026-10-26', '2026-09-26'],
    // Across a month and a year's end.
    ['7d', '2027-01-02T09:30', '2026-12-27T00:00', '2026-12-20T00:00', '2026-12-26T09:30', '2026-12-27', '2026-12-20'],
  ])(
    '%s at %s IST starts at %s and is compared with %s to %s',
    (period, now, from, prevFrom, prevTo, first, prevFirst) => {
      const w = periodWindows(period, ist(now));
      expect(w.current.from).toEqual(ist(from));
      expect(w.current.to).toEqual(ist(now));
      expect(w.previous.from).toEqual(ist(prevFrom));
      expect(w.previous.to).toEqual(ist(prevTo));
      expect(w.current.days[0]).toBe(first);
      expect(w.previous.days[0]).toBe(prevFirst);
    },
  );

  it('covers as many IST days as the period, ending today, and the days just before it', () => {
    const w = periodWindows('7d', ist('2026-11-24T11:00'));
    expect(w.current.days).toEqual([
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
    ]);
    expect(w.previous.days).toHaveLength(7);
    expect(w.previous.days.at(-1)).toBe('2026-11-17');
    expect(periodWindows('30d', ist('2026-11-24T11:00')).current.days).toHaveLength(30);
  });

  it('takes the IST day, not the UTC one, at the edges of midnight IST', () => {
    // 00:01 IST on the 24th is still the 23rd in UTC; 23:59 IST on the 23rd is 18:29 UTC.
    const justAfter = periodWindows('today', ist('2026-11-24T00:01'));
    expect(justAfter.current.days).toEqual(['2026-11-24']);
    expect(justAfter.current.from).toEqual(new Date('2026-11-23T18:30:00Z'));
    expect(justAfter.previous).toEqual({
      from: ist('2026-11-23T00:00'),
      to: ist('2026-11-23T00:01'),
      days: ['2026-11-23'],
    });
    const justBefore = periodWindows('today', ist('2026-11-23T23:59'));
    expect(justBefore.current.days).toEqual(['2026-11-23']);
    expect(justBefore.current.from).toEqual(ist('2026-11-23T00:00'));
  });

  it('is the same whatever the machine runs in: IST is a fixed offset', () => {
    const now = new Date('2026-06-30T20:00:00Z');
    expect(periodWindows('today', now).current.days).toEqual(['2026-07-01']);
  });
});

describe('istDays', () => {
  it('counts calendar days, through a leap day', () => {
    expect(istDays('2028-02-27', 4)).toEqual(['2028-02-27', '2028-02-28', '2028-02-29', '2028-03-01']);
    expect(istDays('2026-11-24', 0)).toEqual([]);
  });
});

describe('percentChange', () => {
  it.each<[number, number, number | null]>([
    [150, 100, 50],
    [50, 100, -50],
    [100, 100, 0],
    [0, 100, -100],
    [1, 3, -66.7],
    [2, 3, -33.3],
    [100_001, 100_000, 0],
    [100_060, 100_000, 0.1],
    [300, 100, 200],
    [0, 0, null],
    [500, 0, null],
  ])('%d against %d is %s %', (current, previous, change) => {
    expect(percentChange(current, previous)).toBe(change);
  });

  it('never answers minus zero', () => {
    expect(Object.is(percentChange(99_999, 100_000), 0)).toBe(true);
  });
});
