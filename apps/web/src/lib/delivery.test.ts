import { describe, expect, it } from 'vitest';
import { dayName, formatDelivery, formatDeliveryDate, relativeDay, slotName, todayIst } from './delivery.js';

describe('delivery dates and slots as shoppers read them', () => {
  it.each([
    ['2026-12-24', 'Thu, 24 Dec'],
    ['2027-01-01', 'Fri, 1 Jan'],
    ['2028-02-29', 'Tue, 29 Feb'],
  ])('%s is %s', (date, text) => {
    expect(formatDeliveryDate(date)).toBe(text);
  });

  it.each([
    ['2026-11-24', '2026-11-24', 'Today'],
    ['2026-11-25', '2026-11-24', 'Tomorrow'],
    ['2027-01-01', '2026-12-31', 'Tomorrow'],
    ['2026-11-26', '2026-11-24', 'Thu, 26 Nov'],
    ['2026-11-23', '2026-11-24', 'Mon, 23 Nov'],
  ])('%s seen on %s is %s', (date, today, text) => {
    expect(dayName(date, today)).toBe(text);
    expect(relativeDay(date, today)).toBe(text === 'Today' || text === 'Tomorrow' ? text : null);
  });

  it("takes today in India, whatever the browser's zone", () => {
    // 23:59 UTC is already 05:29 the next morning in India; 18:29 UTC is still 23:59 the same day.
    expect(todayIst(new Date('2026-12-23T23:59:00Z'))).toBe('2026-12-24');
    expect(todayIst(new Date('2026-12-23T18:29:00Z'))).toBe('2026-12-23');
    expect(todayIst(new Date('2026-12-23T18:30:00Z'))).toBe('2026-12-24');
  });

  it.each([
    [{ type: 'standard', label: 'Any time, 9 AM – 9 PM' }, 'Any time, 9 AM – 9 PM'],
    [{ type: 'fixed', label: '9 AM – 11 AM' }, 'Fixed time, 9 AM – 11 AM'],
    [{ type: 'midnight', label: 'Midnight, 11 PM – 12 AM' }, 'Midnight, 11 PM – 12 AM'],
    [{ type: 'early-morning', label: 'Early morning, 7 AM – 9 AM' }, 'Early morning, 7 AM – 9 AM'],
  ])('names the slot %o as %s', (slot, text) => {
    expect(slotName(slot)).toBe(text);
    expect(formatDelivery({ date: '2026-12-24', ...slot })).toBe(`Thu, 24 Dec · ${text}`);
  });
});
