import { istDate } from './delivery.js';
import type { Paise } from './money.js';

/** The Indian financial year (1 April–31 March) of an instant, by the IST calendar: '2026-27'. */
export function financialYear(at: Date): string {
  const [year, month] = istDate(at).split('-').map(Number) as [number, number];
  const start = month >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/**
 * 'INV/26-27/000001'. GST wants a series unique within a financial year, so the year is part of
 * the number and the sequence restarts each April. Rule 46(b) allows at most 16 characters, which
 * 'INV/2026-27/000001' would pass: the year is written short, and from the millionth invoice of a
 * year the first slash gives way to a seventh digit.
 */
export function invoiceNumber(financialYear: string, sequence: number): string {
  return documentNumber('INV', financialYear, sequence);
}

/**
 * 'CN/26-27/000001': a credit note (CGST Act s.34, rule 53(1A)) has a consecutive series of its own
 * within the financial year, apart from the invoices it credits, in the same shape.
 */
export function creditNoteNumber(financialYear: string, sequence: number): string {
  return documentNumber('CN', financialYear, sequence);
}

function documentNumber(prefix: 'INV' | 'CN', financialYear: string, sequence: number): string {
  if (!Number.isSafeInteger(sequence) || sequence < 1 || sequence > 9_999_999) {
    throw new RangeError(`A document sequence is a whole number from 1 to 9999999, not ${sequence}`);
  }
  const year = financialYear.slice(2);
  return sequence <= 999_999
    ? `${prefix}/${year}/${String(sequence).padStart(6, '0')}`
    : `${prefix}${year}/${sequence}`;
}

const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

/** 1..99. */
function belowHundred(n: number): string {
  if (n < 20) return ONES[n]!;
  const unit = n % 10;
  return unit === 0 ? TENS[Math.floor(n / 10)]! : `${TENS[Math.floor(n / 10)]}-${ONES[unit]}`;
}

/**
 * 1 and up, grouped the Indian way: hundreds, then thousands and lakhs in twos. Arab and kharab are
 * not used on invoices, so crores keep counting ('One Hundred Crore', 'One Lakh Crore').
 */
function indianWords(n: number): string {
  const crores = Math.floor(n / 10_000_000);
  const groups: [number, string][] = [
    [Math.floor(n / 100_000) % 100, 'Lakh'],
    [Math.floor(n / 1000) % 100, 'Thousand'],
    [Math.floor(n / 100) % 10, 'Hundred'],
  ];
  const words = crores > 0 ? [`${indianWords(crores)} Crore`] : [];
  for (const [count, unit] of groups) if (count > 0) words.push(`${belowHundred(count)} ${unit}`);
  if (n % 100 > 0) words.push(belowHundred(n % 100));
  return words.join(' ');
}

/** As a tax invoice spells its total: 'Rupees One Thousand Two Hundred Ninety-Nine and Fifty Paise Only'. */
export function amountInWords(paise: Paise): string {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new RangeError(`amount must be whole paise, not ${paise}`);
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  const rupeeWords = rupees === 0 ? 'Zero' : indianWords(rupees);
  const paiseWords = rest === 0 ? '' : ` and ${belowHundred(rest)} ${rest === 1 ? 'Paisa' : 'Paise'}`;
  return `Rupees ${rupeeWords}${paiseWords} Only`;
}
