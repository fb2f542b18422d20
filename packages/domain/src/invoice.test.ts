import { describe, expect, it } from 'vitest';
import { amountInWords, creditNoteNumber, financialYear, invoiceNumber } from './invoice.js';

describe('financial year', () => {
  it.each([
    { at: '2026-04-01T00:00:00Z', fy: '2026-27' },
    { at: '2026-03-31T18:29:59.999Z', fy: '2025-26' },
    { at: '2026-03-31T18:30:00Z', fy: '2026-27' },
    { at: '2027-03-31T18:29:59.999Z', fy: '2026-27' },
    { at: '2027-03-31T18:30:00Z', fy: '2027-28' },
    { at: '2026-12-31T20:00:00Z', fy: '2026-27' },
    { at: '2027-01-15T12:00:00Z', fy: '2026-27' },
    { at: '2026-09-22T00:00:00Z', fy: '2026-27' },
    { at: '1999-06-01T00:00:00Z', fy: '1999-00' },
    { at: '2099-06-01T00:00:00Z', fy: '2099-00' },
  ])('$at is in $fy', ({ at, fy }) => {
    expect(financialYear(new Date(at))).toBe(fy);
  });
});

describe('invoice number', () => {
  it.each([
    { fy: '2026-27', sequence: 1, number: 'INV/26-27/000001' },
    { fy: '2026-27', sequence: 42, number: 'INV/26-27/000042' },
    { fy: '2027-28', sequence: 999_999, number: 'INV/27-28/999999' },
    { fy: '2027-28', sequence: 1_000_000, number: 'INV27-28/1000000' },
    { fy: '2099-00', sequence: 9_999_999, number: 'INV99-00/9999999' },
  ])('$fy #$sequence is $number', ({ fy, sequence, number }) => {
    expect(invoiceNumber(fy, sequence)).toBe(number);
    // CGST Rules, rule 46(b): at most sixteen characters.
    expect(number.length).toBeLessThanOrEqual(16);
  });

  it.each([0, -1, 1.5, Number.NaN, 10_000_000])('refuses sequence %s', (sequence) => {
    expect(() => invoiceNumber('2026-27', sequence)).toThrow(RangeError);
  });
});

describe('credit note number', () => {
  it.each([
    { fy: '2026-27', sequence: 1, number: 'CN/26-27/000001' },
    { fy: '2027-28', sequence: 999_999, number: 'CN/27-28/999999' },
    { fy: '2099-00', sequence: 9_999_999, number: 'CN99-00/9999999' },
  ])('$fy #$sequence is $number', ({ fy, sequence, number }) => {
    expect(creditNoteNumber(fy, sequence)).toBe(number);
    // Rule 53(1A)(c) asks of a credit note what rule 46(b) asks of an invoice: at most sixteen characters.
    expect(number.length).toBeLessThanOrEqual(16);
  });

  it.each([0, 10_000_000])('refuses sequence %s', (sequence) => {
    expect(() => creditNoteNumber('2026-27', sequence)).toThrow(RangeError);
  });
});

describe('amount in words', () => {
  it.each([
    { paise: 0, words: 'Rupees Zero Only' },
    { paise: 1, words: 'Rupees Zero and One Paisa Only' },
    { paise: 2, words: 'Rupees Zero and Two Paise Only' },
    { paise: 99, words: 'Rupees Zero and Ninety-Nine Paise Only' },
    { paise: 100, words: 'Rupees One Only' },
    { paise: 101, words: 'Rupees One and One Paisa Only' },
    { paise: 1_100, words: 'Rupees Eleven Only' },
    { paise: 2_000, words: 'Rupees Twenty Only' },
    { paise: 2_100, words: 'Rupees Twenty-One Only' },
    { paise: 9_900, words: 'Rupees Ninety-Nine Only' },
    { paise: 10_000, words: 'Rupees One Hundred Only' },
    { paise: 10_100, words: 'Rupees One Hundred One Only' },
    { paise: 11_000, words: 'Rupees One Hundred Ten Only' },
    { paise: 100_000, words: 'Rupees One Thousand Only' },
    { paise: 129_900, words: 'Rupees One Thousand Two Hundred Ninety-Nine Only' },
    { paise: 129_950, words: 'Rupees One Thousand Two Hundred Ninety-Nine and Fifty Paise Only' },
    { paise: 9_999_900, words: 'Rupees Ninety-Nine Thousand Nine Hundred Ninety-Nine Only' },
    { paise: 10_000_000, words: 'Rupees One Lakh Only' },
    { paise: 10_100_100, words: 'Rupees One Lakh One Thousand One Only' },
    {
      paise: 12_345_678,
      words: 'Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Seventy-Eight Paise Only',
    },
    { paise: 100_000_000, words: 'Rupees Ten Lakh Only' },
    { paise: 1_000_000_000, words: 'Rupees One Crore Only' },
    {
      paise: 12_345_678_900,
      words: 'Rupees Twelve Crore Thirty-Four Lakh Fifty-Six Thousand Seven Hundred Eighty-Nine Only',
    },
    {
      paise: 123_456_789_012,
      words:
        'Rupees One Hundred Twenty-Three Crore Forty-Five Lakh Sixty-Seven Thousand Eight Hundred Ninety and Twelve Paise Only',
    },
    { paise: 100_000_000_000, words: 'Rupees One Hundred Crore Only' },
    { paise: 100_000_000_000_000, words: 'Rupees One Lakh Crore Only' },
  ])('$paise paise: $words', ({ paise, words }) => {
    expect(amountInWords(paise)).toBe(words);
  });

  it.each([-1, 0.5, Number.NaN, Number.POSITIVE_INFINITY])('refuses %s paise', (paise) => {
    expect(() => amountInWords(paise)).toThrow(RangeError);
  });
});
