import { addDays, daysBetween, istDate } from './delivery.js';

/**
 * The festivals and days a gifting store in India sells for, each with its window: the days
 * before it when shoppers order for it, ending on the day itself (ADR 079). Days are IST calendar
 * dates, 'YYYY-MM-DD'. The order is the calendar's, and it settles a tie: two occasions on the
 * same day show the one listed first.
 */
export const OCCASION_IDS = [
  'new-year',
  'valentines-day',
  'holi',
  'mothers-day',
  'fathers-day',
  'friendship-day',
  'rakhi',
  'onam',
  'teachers-day',
  'karwa-chauth',
  'diwali',
  'bhai-dooj',
  'christmas',
] as const;
export type OccasionId = (typeof OCCASION_IDS)[number];

export interface Occasion {
  id: OccasionId;
  /** What the store calls it: 'Rakhi', "Valentine's Day". */
  name: string;
  /** The occasion's own day, the last of its window. */
  day: string;
  /** The window's first day. */
  from: string;
}

/**
 * The first and last years the lunar table below covers. Past the last, a lunar festival has no
 * day: the store shows nothing for it rather than a guess, until the table is extended.
 */
export const LUNAR_TABLE_YEARS = { first: 2026, last: 2030 } as const;

/**
 * Festivals that follow the Hindu lunisolar calendar (Onam the Malayalam solar month and the
 * moon's nakshatra), as 'MM-DD' for 2026 to 2030. Checked against the published panchang dates
 * and recomputed from the sun's and moon's positions with each festival's rule (ADR 079).
 */
const LUNAR_DAYS: Record<'holi' | 'rakhi' | 'onam' | 'karwa-chauth' | 'diwali' | 'bhai-dooj', readonly string[]> = {
  // Rangwali Holi, the day after Holika Dahan (Phalguna Purnima).
  holi: ['03-04', '03-22', '03-11', '03-01', '03-20'],
  // Raksha Bandhan, Shravana Purnima.
  rakhi: ['08-28', '08-17', '08-05', '08-23', '08-13'],
  // Thiruvonam, the Thiruvonam nakshatra in the month of Chingam.
  onam: ['08-26', '09-12', '09-01', '08-22', '09-09'],
  // Karwa Chauth, Kartika Krishna Chaturthi at moonrise.
  'karwa-chauth': ['10-29', '10-18', '10-07', '10-26', '10-15'],
  // Diwali's Lakshmi Puja, the Amavasya at dusk.
  diwali: ['11-08', '10-29', '10-17', '11-05', '10-26'],
  // Bhai Dooj, Kartika Shukla Dwitiya.
  'bhai-dooj': ['11-11', '10-31', '10-19', '11-07', '10-28'],
};

const pad = (n: number) => String(n).padStart(2, '0');
const isoDay = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;

/** The same date every year. */
const fixedDay = (month: number, day: number) => (year: number) => isoDay(year, month, day);

/** The nth Sunday of a month, as Mother's, Father's and Friendship Day fall. */
const nthSunday = (month: number, n: number) => (year: number) => {
  const weekday = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
  return isoDay(year, month, 1 + ((7 - weekday) % 7) + 7 * (n - 1));
};

/** The table's day for a year it covers, else none. */
const lunarDay = (id: keyof typeof LUNAR_DAYS) => (year: number) => {
  const monthDay = LUNAR_DAYS[id][year - LUNAR_TABLE_YEARS.first];
  return monthDay === undefined ? undefined : `${year}-${monthDay}`;
};

interface OccasionRule {
  name: string;
  dayIn: (year: number) => string | undefined;
  /** Days before the day that the window opens: more for what is sent far or planned ahead. */
  leadDays: number;
}

const RULES: Record<OccasionId, OccasionRule> = {
  // From the day after Christmas, so the season runs on without a gap.
  'new-year': { name: 'New Year', dayIn: fixedDay(1, 1), leadDays: 6 },
  // Valentine's week runs from Rose Day (7 February); the window opens a few days before it.
  'valentines-day': { name: "Valentine's Day", dayIn: fixedDay(2, 14), leadDays: 10 },
  holi: { name: 'Holi', dayIn: lunarDay('holi'), leadDays: 7 },
  'mothers-day': { name: "Mother's Day", dayIn: nthSunday(5, 2), leadDays: 7 },
  'fathers-day': { name: "Father's Day", dayIn: nthSunday(6, 3), leadDays: 7 },
  'friendship-day': { name: 'Friendship Day', dayIn: nthSunday(8, 1), leadDays: 5 },
  // Rakhis travel to brothers across India and abroad: the longest lead.
  rakhi: { name: 'Rakhi', dayIn: lunarDay('rakhi'), leadDays: 14 },
  // Onam's ten days, from Atham to Thiruvonam.
  onam: { name: 'Onam', dayIn: lunarDay('onam'), leadDays: 9 },
  'teachers-day': { name: "Teachers' Day", dayIn: fixedDay(9, 5), leadDays: 4 },
  'karwa-chauth': { name: 'Karwa Chauth', dayIn: lunarDay('karwa-chauth'), leadDays: 5 },
  // Hampers and corporate gifts are ordered well before Dhanteras.
  diwali: { name: 'Diwali', dayIn: lunarDay('diwali'), leadDays: 14 },
  // Two or three days after Diwali: the days between are its own window.
  'bhai-dooj': { name: 'Bhai Dooj', dayIn: lunarDay('bhai-dooj'), leadDays: 3 },
  christmas: { name: 'Christmas', dayIn: fixedDay(12, 25), leadDays: 14 },
};

/** Every occasion falling in `year`, in calendar order; a lunar one past the table is left out. */
export function occasionsIn(year: number): Occasion[] {
  return OCCASION_IDS.flatMap((id) => {
    const { name, dayIn, leadDays } = RULES[id];
    const day = dayIn(year);
    return day === undefined ? [] : [{ id, name, day, from: addDays(day, -leadDays) }];
  });
}

/**
 * The occasion whose window holds `today` (an IST date), or null outside every window. Where
 * windows overlap, the one whose day comes soonest: Karwa Chauth before Diwali, Bhai Dooj once
 * Diwali has passed. A window can open in the year before its day (New Year's).
 */
export function occasionOnDay(today: string): Occasion | null {
  const year = Number(today.slice(0, 4));
  let best: Occasion | null = null;
  for (const occasion of [...occasionsIn(year), ...occasionsIn(year + 1)]) {
    if (today < occasion.from || today > occasion.day) continue;
    if (!best || daysBetween(today, occasion.day) < daysBetween(today, best.day)) best = occasion;
  }
  return best;
}

/** The occasion for an instant, by its date in India whatever the machine's zone. */
export function occasionOn(now: Date): Occasion | null {
  return occasionOnDay(istDate(now));
}
