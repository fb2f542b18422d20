import { describe, expect, it } from 'vitest';
import { formatAddress, formatDate, formatDateTime } from './format.js';

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

describe('an address on one line', () => {
  const kochi = {
    address: 'Flat 4B, Lotus Apartments',
    address2: '12 MG Road',
    landmark: "Opposite St. Teresa's College",
    city: 'Ernakulam',
    state: 'Kerala',
    postalCode: '682011',
  };

  it.each([
    [kochi, "Flat 4B, Lotus Apartments, 12 MG Road, Landmark: Opposite St. Teresa's College, Ernakulam, Kerala 682011"],
    [{ ...kochi, address: ' ', landmark: '' }, '12 MG Road, Ernakulam, Kerala 682011'],
    // A cart kept before the landmark was asked for has none.
    [{ ...kochi, landmark: undefined }, 'Flat 4B, Lotus Apartments, 12 MG Road, Ernakulam, Kerala 682011'],
  ])('%j reads %j', (address, line) => {
    expect(formatAddress(address)).toBe(line);
  });
});
