import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './format.js';

describe('dates and times on screen', () => {
  // Run in any zone (CI's is UTC): the answers are India Standard Time's.
  it.each([
    ['2026-11-22T09:15:00.000Z', '22 Nov 2026', '22 Nov 2026, 2:45 pm'],
    // Past 18:30 UTC it is the next day in India.
    ['2026-11-22T18:45:00.000Z', '23 Nov 2026', '23 Nov 2026, 12:15 am'],
    ['2027-03-31T18:29:00.000Z', '31 Mar 2027', '31 Mar 2027, 11:59 pm'],
  ])('%s is %s, %s IST', (iso, date, dateTime) => {
    expect(formatDate(iso)).toBe(date);
    expect(formatDateTime(iso)).toBe(dateTime);
  });
});
