import type { Paise } from './money.js';

/**
 * Gift delivery happens on a day in a time slot, both in India Standard Time whatever the
 * server's or the browser's zone. IST has no daylight saving, so it is UTC + 5:30 all year and a
 * fixed offset is exact; nothing here reads the machine's local time.
 */
const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;
/** India Standard Time, the zone of every date and time the store shows, for `Intl.DateTimeFormat`. */
export const STORE_TIME_ZONE = 'Asia/Kolkata';
const DAY_MS = 24 * 60 * 60 * 1000;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** How far ahead a delivery can be booked. */
export const MAX_DAYS_AHEAD = 60;

export const SLOT_TYPES = ['standard', 'fixed', 'midnight', 'early-morning'] as const;
export type SlotType = (typeof SLOT_TYPES)[number];

export const SLOT_TYPE_LABELS: Record<SlotType, string> = {
  standard: 'Standard',
  fixed: 'Fixed time',
  midnight: 'Midnight',
  'early-morning': 'Early morning',
};

/** The defaults a new service area starts with; admins change fee and capacity per area. */
export const DEFAULT_SLOT_FEES: Record<SlotType, Paise> = {
  standard: 0,
  fixed: 20_000,
  midnight: 25_000,
  'early-morning': 25_000,
};
export const DEFAULT_SLOT_CAPACITY = 20;

export interface DeliverySlot {
  id: string;
  type: SlotType;
  label: string;
  /** 'HH:MM' in IST on the delivery date. */
  start: string;
  end: string;
}

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** '17:00' → '5 PM', '09:30' → '9:30 AM', '00:00' → '12 AM': the clock Indian gifting sites print. */
export function twelveHour(time: string): string {
  const minutes = minutesOf(time) % (24 * 60);
  const hour = Math.floor(minutes / 60);
  const minute = minutes % 60;
  const clock = `${hour % 12 === 0 ? 12 : hour % 12}${minute === 0 ? '' : `:${String(minute).padStart(2, '0')}`}`;
  return `${clock} ${hour < 12 ? 'AM' : 'PM'}`;
}

/**
 * What a slot type's label says before its window; a fixed slot's label is its window alone, as
 * it is listed under its type (`slotName` names the type where the window stands alone).
 */
const LABEL_PREFIXES: Record<SlotType, string> = {
  standard: 'Any time, ',
  fixed: '',
  midnight: 'Midnight, ',
  'early-morning': 'Early morning, ',
};

/**
 * A slot's label in 12-hour time: 'Any time, 9 AM – 9 PM', '5 PM – 7 PM', 'Midnight, 11 PM – 12 AM'.
 * A window stored as ending at 23:59 ends at midnight, and a shopper reads it so.
 */
export function slotLabel(slot: { type: SlotType; start: string; end: string }): string {
  const end = slot.end === '23:59' ? '24:00' : slot.end;
  return `${LABEL_PREFIXES[slot.type]}${twelveHour(slot.start)} – ${twelveHour(end)}`;
}

const slotOf = (id: string, type: SlotType, start: string, end: string): DeliverySlot => ({
  id,
  type,
  label: slotLabel({ type, start, end }),
  start,
  end,
});

const fixedSlots: DeliverySlot[] = [9, 11, 13, 15, 17, 19].map((hour) => {
  const start = hhmm(hour * 60);
  return slotOf(`fixed-${start.replace(':', '')}`, 'fixed', start, hhmm((hour + 2) * 60));
});

/** Every slot a day can have, in the order a shopper reads them. */
export const DELIVERY_SLOTS: readonly DeliverySlot[] = [
  slotOf('standard', 'standard', '09:00', '21:00'),
  ...fixedSlots,
  slotOf('midnight', 'midnight', '23:00', '23:59'),
  slotOf('early-morning', 'early-morning', '07:00', '09:00'),
];

/** A slot as a shopper reads it: 'Midnight, 11 PM – 12 AM', 'Fixed time, 9 AM – 11 AM'. */
export function slotName(slot: { type: SlotType | string; label: string }): string {
  return slot.type === 'fixed' ? `Fixed time, ${slot.label}` : slot.label;
}

export function findSlot(id: string): DeliverySlot | undefined {
  return DELIVERY_SLOTS.find((s) => s.id === id);
}

export const SLOT_REASONS = {
  tooLate: 'Too late for this slot',
  full: 'This slot is full',
  notOffered: 'Not offered for this PIN code',
  notForProducts: 'Not available for these products',
} as const;
export type SlotReason = (typeof SLOT_REASONS)[keyof typeof SLOT_REASONS];

/** Whether `value` is a real calendar date written `YYYY-MM-DD`. */
export function isCalendarDate(value: string): boolean {
  const m = DATE_PATTERN.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === value;
}

/** The IST calendar date of an instant. */
export function istDate(instant: Date): string {
  return new Date(instant.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant a slot booked on `date` begins: its 'HH:MM' start in IST that day. */
export function slotStartInstant(date: string, start: string): Date {
  return istInstant(date, minutesOf(start));
}

/** The instant at `minutes` past midnight IST of `date` (minutes may be negative or past a day). */
export function istInstant(date: string, minutes: number): Date {
  return new Date(Date.parse(`${date}T00:00:00Z`) - IST_OFFSET_MS + minutes * 60_000);
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/**
 * When a slot on a date stops taking orders: same-day standard at 16:00, a fixed window four
 * hours before it starts, midnight at 21:00 that day, early morning at 21:00 the day before.
 */
export function slotCutoff(slot: DeliverySlot, date: string): Date {
  switch (slot.type) {
    case 'standard':
      return istInstant(date, 16 * 60);
    case 'fixed':
      return istInstant(date, minutesOf(slot.start) - 4 * 60);
    case 'midnight':
      return istInstant(date, 21 * 60);
    case 'early-morning':
      return istInstant(date, -3 * 60);
  }
}

/** A date a shopper may ask about: a real date, not past (in IST), at most 60 days ahead. */
export function deliveryDateProblem(date: string, now: Date): string | null {
  if (!isCalendarDate(date)) return 'date must be a date written YYYY-MM-DD';
  const ahead = daysBetween(istDate(now), date);
  if (ahead < 0) return 'This date has passed. Please choose today or a later date.';
  if (ahead > MAX_DAYS_AHEAD) return `Deliveries can be booked at most ${MAX_DAYS_AHEAD} days ahead.`;
  return null;
}

/** What a service area offers: per slot type, its fee and its places per slot per date. */
export interface AreaSlotType {
  type: SlotType;
  fee: Paise;
  capacity: number;
}

export interface DeliveryArea {
  /** 0: today is possible; 2: from the day after tomorrow. */
  leadDays: number;
  slotTypes: readonly AreaSlotType[];
}

export interface SlotOccupancy {
  /** Places already taken, by slot id (missing: none). */
  taken?: Readonly<Record<string, number>>;
  /** An admin's capacity for this date, by slot id, in place of the area's (missing: the area's). */
  capacity?: Readonly<Record<string, number>>;
}

export interface SlotAvailability extends DeliverySlot {
  fee: Paise;
  capacity: number;
  taken: number;
  available: boolean;
  reason: SlotReason | null;
}

/**
 * Products without same-day delivery move the earliest date of the whole order to tomorrow.
 * An empty list (a look before anything is chosen) restricts nothing.
 */
export function productLeadDays(products: readonly { sameDayDelivery: boolean }[]): number {
  return products.some((p) => !p.sameDayDelivery) ? 1 : 0;
}

/**
 * Every slot of a date as the shopper sees it, with the first reason it cannot be booked: not
 * offered here, then too late for the area's lead time, then not for these products, then past
 * its cut-off, then full.
 */
export function slotsForDate(
  area: DeliveryArea,
  date: string,
  now: Date,
  productLead = 0,
  occupancy: SlotOccupancy = {},
): SlotAvailability[] {
  const ahead = daysBetween(istDate(now), date);
  return DELIVERY_SLOTS.map((slot) => {
    const offered = area.slotTypes.find((t) => t.type === slot.type);
    const capacity = occupancy.capacity?.[slot.id] ?? offered?.capacity ?? 0;
    const taken = occupancy.taken?.[slot.id] ?? 0;
    let reason: SlotReason | null = null;
    if (!offered) reason = SLOT_REASONS.notOffered;
    else if (ahead < area.leadDays) reason = SLOT_REASONS.tooLate;
    else if (ahead < productLead) reason = SLOT_REASONS.notForProducts;
    else if (now.getTime() >= slotCutoff(slot, date).getTime()) reason = SLOT_REASONS.tooLate;
    else if (taken >= capacity) reason = SLOT_REASONS.full;
    return { ...slot, fee: offered?.fee ?? 0, capacity, taken, available: reason === null, reason };
  });
}

/** How many days past a full slot's date the slots of that date look for a free one of its kind. */
export const NEXT_FREE_DAYS = 7;

/** The last date to look at for a free slot after a full one on `date`: a week on, never past the bookable days. */
export function nextFreeUntil(date: string, now: Date): string {
  const week = addDays(date, NEXT_FREE_DAYS);
  const last = addDays(istDate(now), MAX_DAYS_AHEAD);
  return week < last ? week : last;
}

/** A slot that can be booked, on its date. */
export interface FreeSlot {
  date: string;
  slot: SlotAvailability;
}

/**
 * The slots that can still be booked after one slot on one date, up to `lastDate`: the later
 * ones that day (by start), then each following day's in reading order. Every rule of
 * `slotsForDate` holds, so a slot past its cut-off or closed to the products is never offered.
 */
export function* freeSlotsAfter(
  area: DeliveryArea,
  after: { date: string; slot: DeliverySlot },
  lastDate: string,
  now: Date,
  productLead: number,
  occupancyOn: (date: string) => SlotOccupancy,
): Generator<FreeSlot> {
  for (let date = after.date; date <= lastDate; date = addDays(date, 1)) {
    for (const slot of slotsForDate(area, date, now, productLead, occupancyOn(date))) {
      if (slot.available && (date !== after.date || slot.start > after.slot.start)) yield { date, slot };
    }
  }
}

/** The first free slot of the same type after a full one, up to `lastDate`; null when there is none. */
export function nextFreeOfType(
  area: DeliveryArea,
  full: { date: string; slot: DeliverySlot },
  lastDate: string,
  now: Date,
  productLead: number,
  occupancyOn: (date: string) => SlotOccupancy,
): FreeSlot | null {
  for (const free of freeSlotsAfter(area, full, lastDate, now, productLead, occupancyOn)) {
    if (free.slot.type === full.slot.type) return free;
  }
  return null;
}

const openOn = (area: DeliveryArea, date: string, now: Date, productLead: number) =>
  slotsForDate(area, date, now, productLead).some((s) => s.reason === null || s.reason === SLOT_REASONS.full);

/**
 * The first date with a slot still open for these products (capacity aside: a full slot is a
 * fact of one date, not of the calendar), or null when the area offers nothing at all.
 */
export function earliestDeliveryDate(area: DeliveryArea, now: Date, productLead = 0): string | null {
  const today = istDate(now);
  for (let ahead = 0; ahead <= MAX_DAYS_AHEAD; ahead++) {
    const date = addDays(today, ahead);
    if (openOn(area, date, now, productLead)) return date;
  }
  return null;
}

/**
 * Until when an order can still be delivered today: the latest cut-off of today's slots that
 * are still open for these products, or null when today is no longer possible.
 */
export function sameDayDeadline(area: DeliveryArea, now: Date, productLead = 0): Date | null {
  const today = istDate(now);
  let latest: Date | null = null;
  for (const slot of slotsForDate(area, today, now, productLead)) {
    if (slot.reason !== null) continue;
    const cutoff = slotCutoff(slot, today);
    if (!latest || cutoff > latest) latest = cutoff;
  }
  return latest;
}

/** '2 h 13 min', '45 min', '1 min' (rounded up to the minute: never promises less than there is). */
export function formatTimeLeft(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/**
 * A gift message's length as a reader counts it: user-perceived characters, so a Malayalam or
 * Hindi letter with its vowel sign counts once, as does an emoji with its modifiers.
 */
export function messageLength(text: string): number {
  return [...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(text)].length;
}

export const GIFT_MESSAGE_MAX = 250;
export const SENDER_NAME_MAX = 60;
