import { describe, expect, it } from 'vitest';
import { LUNAR_TABLE_YEARS, OCCASION_IDS, occasionOn, occasionOnDay, occasionsIn } from './occasion-calendar.js';

/** An instant written as IST wall-clock time: ist('2026-12-11T00:00') is 2026-12-10T18:30:00Z. */
const ist = (wallClock: string) => new Date(`${wallClock}+05:30`);
const windows = (year: number) => occasionsIn(year).map(({ id, from, day }) => [id, from, day]);

describe('the occasion calendar', () => {
  it('has every occasion of 2026 with its day and window, fixed ones computed, lunar ones from the table', () => {
    expect(windows(2026)).toEqual([
      ['new-year', '2025-12-26', '2026-01-01'],
      ['valentines-day', '2026-02-04', '2026-02-14'],
      ['holi', '2026-02-25', '2026-03-04'],
      ['mothers-day', '2026-05-03', '2026-05-10'],
      ['fathers-day', '2026-06-14', '2026-06-21'],
      ['friendship-day', '2026-07-28', '2026-08-02'],
      ['rakhi', '2026-08-14', '2026-08-28'],
      ['onam', '2026-08-17', '2026-08-26'],
      ['teachers-day', '2026-09-01', '2026-09-05'],
      ['karwa-chauth', '2026-10-24', '2026-10-29'],
      ['diwali', '2026-10-25', '2026-11-08'],
      ['bhai-dooj', '2026-11-08', '2026-11-11'],
      ['christmas', '2026-12-11', '2026-12-25'],
    ]);
  });

  it('has every occasion of 2027', () => {
    expect(windows(2027)).toEqual([
      ['new-year', '2026-12-26', '2027-01-01'],
      ['valentines-day', '2027-02-04', '2027-02-14'],
      ['holi', '2027-03-15', '2027-03-22'],
      ['mothers-day', '2027-05-02', '2027-05-09'],
      ['fathers-day', '2027-06-13', '2027-06-20'],
      ['friendship-day', '2027-07-27', '2027-08-01'],
      ['rakhi', '2027-08-03', '2027-08-17'],
      ['onam', '2027-09-03', '2027-09-12'],
      ['teachers-day', '2027-09-01', '2027-09-05'],
      ['karwa-chauth', '2027-10-13', '2027-10-18'],
      ['diwali', '2027-10-15', '2027-10-29'],
      ['bhai-dooj', '2027-10-28', '2027-10-31'],
      ['christmas', '2027-12-11', '2027-12-25'],
    ]);
  });

  it.each([
    // year, Holi, Rakhi, Onam, Karwa Chauth, Diwali, Bhai Dooj (the published panchang dates)
    [2028, '2028-03-11', '2028-08-05', '2028-09-01', '2028-10-07', '2028-10-17', '2028-10-19'],
    [2029, '2029-03-01', '2029-08-23', '2029-08-22', '2029-10-26', '2029-11-05', '2029-11-07'],
    [2030, '2030-03-20', '2030-08-13', '2030-09-09', '2030-10-15', '2030-10-26', '2030-10-28'],
  ])('has the lunar festivals of %i', (year, ...days) => {
    const day = (id: string) => occasionsIn(year).find((o) => o.id === id)?.day;
    expect(['holi', 'rakhi', 'onam', 'karwa-chauth', 'diwali', 'bhai-dooj'].map(day)).toEqual(days);
  });

  it.each([
    // year, Mother's Day (2nd Sunday of May), Father's Day (3rd of June), Friendship Day (1st of August)
    [2028, '2028-05-14', '2028-06-18', '2028-08-06'],
    [2029, '2029-05-13', '2029-06-17', '2029-08-05'],
    [2030, '2030-05-12', '2030-06-16', '2030-08-04'],
    [2031, '2031-05-11', '2031-06-15', '2031-08-03'],
  ])('finds the Sundays of %i', (year, ...days) => {
    const day = (id: string) => occasionsIn(year).find((o) => o.id === id)?.day;
    expect(['mothers-day', 'fathers-day', 'friendship-day'].map(day)).toEqual(days);
  });

  it('names no lunar festival outside the table rather than guess its day', () => {
    expect(LUNAR_TABLE_YEARS).toEqual({ first: 2026, last: 2030 });
    const fixedOnly = [
      'new-year',
      'valentines-day',
      'mothers-day',
      'fathers-day',
      'friendship-day',
      'teachers-day',
      'christmas',
    ];
    expect(occasionsIn(2031).map((o) => o.id)).toEqual(fixedOnly);
    expect(occasionsIn(2025).map((o) => o.id)).toEqual(fixedOnly);
  });

  it('keeps the occasions in calendar order, each named, each window ending on its day', () => {
    for (const o of occasionsIn(2026)) {
      expect(o.from < o.day, o.id).toBe(true);
      expect(o.name, o.id).not.toBe('');
    }
    expect(occasionsIn(2026).map((o) => o.id)).toEqual([...OCCASION_IDS]);
  });
});

describe('the occasion on a day', () => {
  it.each([
    // the days the issue saw a stale Onam: between Bhai Dooj and Christmas's window, no festival
    ['2026-11-25', null],
    ['2026-12-01', null],
    ['2026-12-10', null],
    ['2026-12-11', 'christmas'],
    ['2026-12-25', 'christmas'],
    // the day after Christmas belongs to New Year, whose window crosses into its year
    ['2026-12-26', 'new-year'],
    ['2027-01-01', 'new-year'],
    ['2027-01-02', null],
    ['2027-02-03', null],
    ['2027-02-04', 'valentines-day'],
    ['2027-02-14', 'valentines-day'],
    ['2027-02-15', null],
    ['2026-03-04', 'holi'],
    ['2026-03-05', null],
    ['2026-05-10', 'mothers-day'],
    ['2026-05-11', null],
    ['2026-06-21', 'fathers-day'],
    ['2026-08-02', 'friendship-day'],
    // Rakhi's window opens before Onam's and holds on after it: the nearer day shows
    ['2026-08-16', 'rakhi'],
    ['2026-08-17', 'onam'],
    ['2026-08-26', 'onam'],
    ['2026-08-27', 'rakhi'],
    ['2026-08-28', 'rakhi'],
    ['2026-08-29', null],
    // Teachers' Day comes inside Onam's window in 2027, and gives way once it has passed
    ['2027-09-05', 'teachers-day'],
    ['2027-09-06', 'onam'],
    ['2027-09-12', 'onam'],
    ['2027-09-13', null],
    // Karwa Chauth, then Diwali, then Bhai Dooj: each until its own day
    ['2026-10-29', 'karwa-chauth'],
    ['2026-10-30', 'diwali'],
    ['2026-11-08', 'diwali'],
    ['2026-11-09', 'bhai-dooj'],
    ['2026-11-11', 'bhai-dooj'],
    ['2026-11-12', null],
    // Past the table a lunar festival is not shown, but the fixed days are
    ['2031-11-01', null],
    ['2031-08-20', null],
    ['2031-12-20', 'christmas'],
    ['2030-12-31', 'new-year'],
  ])('on %s is %s', (day, id) => {
    expect(occasionOnDay(day)?.id ?? null).toBe(id);
  });

  it('says which occasion, its name and its window', () => {
    expect(occasionOnDay('2026-12-20')).toEqual({
      id: 'christmas',
      name: 'Christmas',
      day: '2026-12-25',
      from: '2026-12-11',
    });
  });
});

describe('the occasion at an instant', () => {
  it.each([
    // midnight in India, not in UTC, opens and closes a window
    ['2026-12-10T23:59:59', null],
    ['2026-12-11T00:00:00', 'christmas'],
    ['2026-12-25T23:59:59', 'christmas'],
    ['2026-12-26T00:00:00', 'new-year'],
    ['2026-11-11T23:59:59', 'bhai-dooj'],
    ['2026-11-12T00:00:00', null],
  ])('at %s IST is %s', (wallClock, id) => {
    expect(occasionOn(ist(wallClock))?.id ?? null).toBe(id);
  });

  it('goes by the date in India when UTC is still on the day before', () => {
    // 20:00 UTC on 10 December is 01:30 on 11 December in India: Christmas's window is open.
    expect(occasionOn(new Date('2026-12-10T20:00:00Z'))?.id).toBe('christmas');
    // 23:00 UTC on 11 November, Bhai Dooj's day in UTC, is already 12 November in India.
    expect(occasionOn(new Date('2026-11-11T23:00:00Z'))).toBeNull();
  });
});
