import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_SLOT_FEES,
  DELIVERY_SLOTS,
  MAX_DAYS_AHEAD,
  SLOT_REASONS,
  addDays,
  daysBetween,
  deliveryDateProblem,
  earliestDeliveryDate,
  findSlot,
  formatTimeLeft,
  freeSlotsAfter,
  isCalendarDate,
  istDate,
  istInstant,
  messageLength,
  NEXT_FREE_DAYS,
  nextFreeOfType,
  nextFreeUntil,
  productLeadDays,
  sameDayDeadline,
  slotCutoff,
  slotLabel,
  slotName,
  slotsForDate,
  type DeliveryArea,
  type SlotOccupancy,
  type SlotReason,
} from './delivery.js';

/** An instant written as IST wall-clock time, e.g. ist('2026-11-24T10:00') is 2026-11-24T04:30:00Z. */
const ist = (wallClock: string) => new Date(`${wallClock}+05:30`);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** 10:00 IST on Tuesday 2026-11-24. */
const tenAm = new Date('2026-11-24T04:30:00Z');
const today = '2026-11-24';
const tomorrow = '2026-11-25';
const dayAfter = '2026-11-26';

/** A metro area: same-day delivery and every slot type, at the default fees. */
const kochi: DeliveryArea = {
  leadDays: 0,
  slotTypes: [
    { type: 'standard', fee: 0, capacity: 20 },
    { type: 'fixed', fee: 20_000, capacity: 20 },
    { type: 'midnight', fee: 25_000, capacity: 20 },
    { type: 'early-morning', fee: 25_000, capacity: 20 },
  ],
};
/** Everywhere else: standard delivery from the day after tomorrow. */
const restOfIndia: DeliveryArea = { leadDays: 2, slotTypes: [{ type: 'standard', fee: 0, capacity: 50 }] };
const standardOnly: DeliveryArea = { leadDays: 0, slotTypes: [{ type: 'standard', fee: 0, capacity: 20 }] };
const fixedOnly: DeliveryArea = { leadDays: 0, slotTypes: [{ type: 'fixed', fee: 15_000, capacity: 4 }] };
const earlyOnly: DeliveryArea = { leadDays: 0, slotTypes: [{ type: 'early-morning', fee: 25_000, capacity: 5 }] };
const daytimeOnly: DeliveryArea = { leadDays: 0, slotTypes: kochi.slotTypes.filter((t) => t.type !== 'midnight') };
const noCapacity: DeliveryArea = { leadDays: 0, slotTypes: [{ type: 'standard', fee: 0, capacity: 0 }] };
const nothing: DeliveryArea = { leadDays: 0, slotTypes: [] };

const reasonOf = (slots: ReturnType<typeof slotsForDate>, id: string) => {
  const slot = slots.find((s) => s.id === id);
  if (!slot) throw new Error(`no slot ${id}`);
  return slot.reason;
};

/**
 * Every rule below must hold whatever zone the machine is in: the file runs once per zone, and
 * checks first that the zone really changed, so a rule that read local time would fail somewhere.
 */
const zones = [
  { tz: 'UTC', offset: 0 },
  { tz: 'Asia/Kolkata', offset: -330 },
  { tz: 'America/Los_Angeles', offset: 480 },
  { tz: 'Pacific/Kiritimati', offset: -840 },
];

describe.each(zones)('delivery rules with the machine in $tz', ({ tz, offset }) => {
  const originalTz = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = tz;
  });
  afterAll(() => {
    if (originalTz === undefined) delete process.env.TZ;
    else process.env.TZ = originalTz;
  });

  it(`the process really runs in ${tz}`, () => {
    expect(tenAm.getTimezoneOffset()).toBe(offset);
  });

  describe('slots', () => {
    it.each([
      { id: 'standard', type: 'standard', start: '09:00', end: '21:00', fee: 0, name: 'Any time, 9 AM – 9 PM' },
      { id: 'fixed-0900', type: 'fixed', start: '09:00', end: '11:00', fee: 20_000, name: 'Fixed time, 9 AM – 11 AM' },
      { id: 'fixed-1100', type: 'fixed', start: '11:00', end: '13:00', fee: 20_000, name: 'Fixed time, 11 AM – 1 PM' },
      { id: 'fixed-1300', type: 'fixed', start: '13:00', end: '15:00', fee: 20_000, name: 'Fixed time, 1 PM – 3 PM' },
      { id: 'fixed-1500', type: 'fixed', start: '15:00', end: '17:00', fee: 20_000, name: 'Fixed time, 3 PM – 5 PM' },
      { id: 'fixed-1700', type: 'fixed', start: '17:00', end: '19:00', fee: 20_000, name: 'Fixed time, 5 PM – 7 PM' },
      { id: 'fixed-1900', type: 'fixed', start: '19:00', end: '21:00', fee: 20_000, name: 'Fixed time, 7 PM – 9 PM' },
      { id: 'midnight', type: 'midnight', start: '23:00', end: '23:59', fee: 25_000, name: 'Midnight, 11 PM – 12 AM' },
      {
        id: 'early-morning',
        type: 'early-morning',
        start: '07:00',
        end: '09:00',
        fee: 25_000,
        name: 'Early morning, 7 AM – 9 AM',
      },
    ] as const)(
      '$id is $type, $start–$end, default fee $fee paise, read as $name',
      ({ id, type, start, end, fee, name }) => {
        const slot = findSlot(id);
        expect(slot).toMatchObject({ id, type, start, end });
        expect(DEFAULT_SLOT_FEES[type]).toBe(fee);
        expect(slotName(slot!)).toBe(name);
        // A fixed window is listed under its type, so its label is the window alone.
        expect(slot!.label).toBe(type === 'fixed' ? name.replace('Fixed time, ', '') : name);
      },
    );

    it('lists every slot once, in reading order', () => {
      expect(DELIVERY_SLOTS.map((s) => s.id)).toEqual([
        'standard',
        'fixed-0900',
        'fixed-1100',
        'fixed-1300',
        'fixed-1500',
        'fixed-1700',
        'fixed-1900',
        'midnight',
        'early-morning',
      ]);
    });

    it.each(['fixed-2100', 'fixed-0700', 'fixed-1000', ''])('%j is no slot', (id) => {
      expect(findSlot(id)).toBeUndefined();
    });

    it.each([
      { type: 'fixed', start: '09:30', end: '11:00', label: '9:30 AM – 11 AM' },
      { type: 'fixed', start: '11:45', end: '12:15', label: '11:45 AM – 12:15 PM' },
      { type: 'fixed', start: '12:00', end: '14:00', label: '12 PM – 2 PM' },
      { type: 'fixed', start: '00:00', end: '02:05', label: '12 AM – 2:05 AM' },
      { type: 'fixed', start: '22:30', end: '23:59', label: '10:30 PM – 12 AM' },
      { type: 'fixed', start: '21:00', end: '23:30', label: '9 PM – 11:30 PM' },
      { type: 'standard', start: '10:00', end: '20:00', label: 'Any time, 10 AM – 8 PM' },
      { type: 'midnight', start: '23:30', end: '23:59', label: 'Midnight, 11:30 PM – 12 AM' },
      { type: 'early-morning', start: '06:00', end: '08:30', label: 'Early morning, 6 AM – 8:30 AM' },
    ] as const)('a $type window $start–$end is labelled $label', ({ type, start, end, label }) => {
      expect(slotLabel({ type, start, end })).toBe(label);
    });
  });

  describe('IST calendar arithmetic', () => {
    it.each([
      { instant: '2026-11-24T04:30:00Z', date: '2026-11-24' },
      { instant: '2026-11-24T18:29:59.999Z', date: '2026-11-24' },
      { instant: '2026-11-24T18:30:00Z', date: '2026-11-25' },
      { instant: '2026-11-24T19:00:00Z', date: '2026-11-25' },
      { instant: '2026-11-23T18:30:00Z', date: '2026-11-24' },
      { instant: '2026-11-23T18:29:59.999Z', date: '2026-11-23' },
      { instant: '2026-11-30T18:30:00Z', date: '2026-12-01' },
      { instant: '2026-12-31T18:29:00Z', date: '2026-12-31' },
      { instant: '2026-12-31T18:30:00Z', date: '2027-01-01' },
      { instant: '2027-02-28T18:30:00Z', date: '2027-03-01' },
      { instant: '2028-02-28T18:30:00Z', date: '2028-02-29' },
      { instant: '2028-02-29T18:30:00Z', date: '2028-03-01' },
      { instant: '2026-03-08T10:00:00Z', date: '2026-03-08' },
      { instant: '2026-11-01T09:00:00Z', date: '2026-11-01' },
    ])('istDate($instant) is $date', ({ instant, date }) => {
      expect(istDate(new Date(instant))).toBe(date);
    });

    it.each([
      { date: '2026-11-24', minutes: 0, instant: '2026-11-23T18:30:00.000Z' },
      { date: '2026-11-24', minutes: 600, instant: '2026-11-24T04:30:00.000Z' },
      { date: '2026-11-24', minutes: 16 * 60, instant: '2026-11-24T10:30:00.000Z' },
      { date: '2026-11-24', minutes: 23 * 60 + 59, instant: '2026-11-24T18:29:00.000Z' },
      { date: '2026-11-24', minutes: 24 * 60, instant: '2026-11-24T18:30:00.000Z' },
      { date: '2026-11-24', minutes: -3 * 60, instant: '2026-11-23T15:30:00.000Z' },
      { date: '2027-01-01', minutes: -3 * 60, instant: '2026-12-31T15:30:00.000Z' },
      { date: '2027-01-01', minutes: 0, instant: '2026-12-31T18:30:00.000Z' },
      { date: '2028-02-29', minutes: 21 * 60, instant: '2028-02-29T15:30:00.000Z' },
      { date: '2028-03-01', minutes: -3 * 60, instant: '2028-02-29T15:30:00.000Z' },
      { date: '2026-03-08', minutes: 120, instant: '2026-03-07T20:30:00.000Z' },
    ])('istInstant($date, $minutes) is $instant', ({ date, minutes, instant }) => {
      expect(istInstant(date, minutes).toISOString()).toBe(instant);
    });

    it.each(['2026-11-24', '2026-12-31', '2027-01-01', '2028-02-29', '2026-03-08', '2026-11-01'])(
      'midnight IST of %s is on that date, a millisecond before is on the day before',
      (date) => {
        const midnight = istInstant(date, 0);
        expect(istDate(midnight)).toBe(date);
        expect(istDate(new Date(midnight.getTime() - 1))).toBe(addDays(date, -1));
        expect(istDate(istInstant(date, 24 * 60 - 1))).toBe(date);
      },
    );

    it.each([
      { date: '2026-11-24', days: 0, result: '2026-11-24' },
      { date: '2026-11-24', days: 1, result: '2026-11-25' },
      { date: '2026-11-30', days: 1, result: '2026-12-01' },
      { date: '2026-12-31', days: 1, result: '2027-01-01' },
      { date: '2027-01-01', days: -1, result: '2026-12-31' },
      { date: '2027-02-28', days: 1, result: '2027-03-01' },
      { date: '2028-02-28', days: 1, result: '2028-02-29' },
      { date: '2028-02-28', days: 2, result: '2028-03-01' },
      { date: '2028-03-01', days: -1, result: '2028-02-29' },
      { date: '2026-03-01', days: -1, result: '2026-02-28' },
      { date: '2026-03-07', days: 2, result: '2026-03-09' },
      { date: '2026-10-31', days: 2, result: '2026-11-02' },
      { date: '2026-11-24', days: MAX_DAYS_AHEAD, result: '2027-01-23' },
    ])('addDays($date, $days) is $result', ({ date, days, result }) => {
      expect(addDays(date, days)).toBe(result);
      expect(daysBetween(date, result)).toBe(days);
      expect(daysBetween(result, date)).toBe(0 - days);
    });

    it.each([
      { from: '2026-01-01', to: '2027-01-01', days: 365 },
      { from: '2028-01-01', to: '2029-01-01', days: 366 },
      { from: '2027-02-01', to: '2027-03-01', days: 28 },
      { from: '2028-02-01', to: '2028-03-01', days: 29 },
      { from: '2026-03-08', to: '2026-03-09', days: 1 },
      { from: '2026-11-01', to: '2026-11-02', days: 1 },
    ])('daysBetween($from, $to) is $days', ({ from, to, days }) => {
      expect(daysBetween(from, to)).toBe(days);
    });

    it.each([
      ['2026-11-24', true],
      ['2028-02-29', true],
      ['2000-02-29', true],
      ['2027-02-29', false],
      ['2100-02-29', false],
      ['2026-02-30', false],
      ['2026-04-31', false],
      ['2026-13-01', false],
      ['2026-00-10', false],
      ['2026-11-00', false],
      ['2026-1-5', false],
      ['2026-11-24T00:00', false],
      [' 2026-11-24', false],
      ['24-11-2026', false],
      ['', false],
    ])('isCalendarDate(%j) is %s', (value, ok) => {
      expect(isCalendarDate(value)).toBe(ok);
    });
  });

  describe('delivery date', () => {
    const badFormat = 'date must be a date written YYYY-MM-DD';
    const past = 'This date has passed. Please choose today or a later date.';
    const tooFar = 'Deliveries can be booked at most 60 days ahead.';

    it.each([
      { case: 'impossible day', date: '2026-02-30', now: tenAm, problem: badFormat },
      { case: 'impossible month', date: '2026-13-01', now: tenAm, problem: badFormat },
      { case: 'unpadded', date: '2026-1-5', now: tenAm, problem: badFormat },
      { case: 'not a leap year', date: '2027-02-29', now: tenAm, problem: badFormat },
      { case: 'empty', date: '', now: tenAm, problem: badFormat },
      { case: 'yesterday', date: '2026-11-23', now: tenAm, problem: past },
      { case: 'today', date: today, now: tenAm, problem: null },
      { case: 'tomorrow', date: tomorrow, now: tenAm, problem: null },
      { case: '60 days ahead', date: '2027-01-23', now: tenAm, problem: null },
      { case: '61 days ahead', date: '2027-01-24', now: tenAm, problem: tooFar },
      {
        case: 'UTC date at 19:00 UTC, already tomorrow in IST',
        date: '2026-11-24',
        now: new Date('2026-11-24T19:00:00Z'),
        problem: past,
      },
      { case: 'IST date at 19:00 UTC', date: '2026-11-25', now: new Date('2026-11-24T19:00:00Z'), problem: null },
      {
        case: 'UTC date a minute before the IST date flips',
        date: '2026-11-24',
        now: new Date('2026-11-24T18:29:00Z'),
        problem: null,
      },
      {
        case: '60 days ahead counted from the IST date',
        date: '2027-01-24',
        now: new Date('2026-11-24T19:00:00Z'),
        problem: null,
      },
      {
        case: 'last day of the year, late evening IST',
        date: '2026-12-31',
        now: ist('2026-12-31T23:30'),
        problem: null,
      },
      { case: 'leap day ahead', date: '2028-02-29', now: ist('2028-01-15T12:00'), problem: null },
    ])('$case: $date', ({ date, now, problem }) => {
      expect(deliveryDateProblem(date, now)).toBe(problem);
    });
  });

  describe('cut-offs', () => {
    it.each([
      { id: 'standard', date: today, cutoff: '2026-11-24T16:00' },
      { id: 'fixed-0900', date: today, cutoff: '2026-11-24T05:00' },
      { id: 'fixed-1100', date: today, cutoff: '2026-11-24T07:00' },
      { id: 'fixed-1300', date: today, cutoff: '2026-11-24T09:00' },
      { id: 'fixed-1500', date: today, cutoff: '2026-11-24T11:00' },
      { id: 'fixed-1700', date: today, cutoff: '2026-11-24T13:00' },
      { id: 'fixed-1900', date: today, cutoff: '2026-11-24T15:00' },
      { id: 'midnight', date: today, cutoff: '2026-11-24T21:00' },
      { id: 'early-morning', date: tomorrow, cutoff: '2026-11-24T21:00' },
      { id: 'early-morning', date: '2027-01-01', cutoff: '2026-12-31T21:00' },
      { id: 'early-morning', date: '2028-03-01', cutoff: '2028-02-29T21:00' },
      { id: 'early-morning', date: '2027-03-01', cutoff: '2027-02-28T21:00' },
    ])('$id on $date closes at $cutoff IST', ({ id, date, cutoff }) => {
      const slot = findSlot(id);
      if (!slot) throw new Error(`no slot ${id}`);
      const closes = ist(cutoff);
      expect(slotCutoff(slot, date).toISOString()).toBe(closes.toISOString());

      const reasonAt = (now: Date) => reasonOf(slotsForDate(kochi, date, now), id);
      expect(reasonAt(new Date(closes.getTime() - MINUTE))).toBeNull();
      expect(reasonAt(new Date(closes.getTime() - 1))).toBeNull();
      expect(reasonAt(closes)).toBe(SLOT_REASONS.tooLate);
      expect(reasonAt(new Date(closes.getTime() + MINUTE))).toBe(SLOT_REASONS.tooLate);
    });
  });

  describe('slots of a date', () => {
    it('shows every slot of today at 10:00 IST in Kochi, each with why it cannot be booked', () => {
      const slots = slotsForDate(kochi, today, tenAm);
      expect(slots.map((s) => [s.id, s.reason])).toEqual([
        ['standard', null],
        ['fixed-0900', SLOT_REASONS.tooLate],
        ['fixed-1100', SLOT_REASONS.tooLate],
        ['fixed-1300', SLOT_REASONS.tooLate],
        ['fixed-1500', null],
        ['fixed-1700', null],
        ['fixed-1900', null],
        ['midnight', null],
        ['early-morning', SLOT_REASONS.tooLate],
      ]);
      for (const slot of slots) expect(slot.available).toBe(slot.reason === null);
      expect(slots.find((s) => s.id === 'fixed-1500')).toEqual({
        id: 'fixed-1500',
        type: 'fixed',
        label: '3 PM – 5 PM',
        start: '15:00',
        end: '17:00',
        fee: 20_000,
        capacity: 20,
        taken: 0,
        available: true,
        reason: null,
      });
    });

    it("takes fees and capacity from the area, and shows a slot it doesn't offer as free with no places", () => {
      const slots = slotsForDate(fixedOnly, tomorrow, tenAm);
      expect(slots.filter((s) => s.type === 'fixed').map((s) => [s.fee, s.capacity, s.reason])).toEqual(
        Array.from({ length: 6 }, () => [15_000, 4, null]),
      );
      expect(slots.find((s) => s.id === 'midnight')).toMatchObject({
        fee: 0,
        capacity: 0,
        available: false,
        reason: SLOT_REASONS.notOffered,
      });
    });

    const full = (id: string, n = 20): SlotOccupancy => ({ taken: { [id]: n } });
    const at5pm = ist('2026-11-24T17:00');
    const cases: {
      case: string;
      area: DeliveryArea;
      date: string;
      now: Date;
      productLead?: number;
      occupancy?: SlotOccupancy;
      id: string;
      reason: SlotReason | null;
      capacity?: number;
    }[] = [
      { case: 'offered and open', area: kochi, date: today, now: tenAm, id: 'standard', reason: null },
      {
        case: 'not offered, even when also too late, not for the products and full',
        area: standardOnly,
        date: today,
        now: ist('2026-11-24T22:00'),
        productLead: 1,
        occupancy: full('midnight'),
        id: 'midnight',
        reason: SLOT_REASONS.notOffered,
      },
      {
        case: 'not offered, even on a date before the area lead',
        area: restOfIndia,
        date: today,
        now: tenAm,
        id: 'fixed-1700',
        reason: SLOT_REASONS.notOffered,
      },
      {
        case: 'rest of India today',
        area: restOfIndia,
        date: today,
        now: tenAm,
        id: 'standard',
        reason: SLOT_REASONS.tooLate,
      },
      {
        case: 'rest of India tomorrow, area lead before product lead',
        area: restOfIndia,
        date: tomorrow,
        now: tenAm,
        productLead: 1,
        id: 'standard',
        reason: SLOT_REASONS.tooLate,
      },
      {
        case: 'rest of India day after tomorrow',
        area: restOfIndia,
        date: dayAfter,
        now: tenAm,
        id: 'standard',
        reason: null,
      },
      {
        case: 'rest of India day after tomorrow at 23:59 IST',
        area: restOfIndia,
        date: dayAfter,
        now: ist('2026-11-24T23:59'),
        id: 'standard',
        reason: null,
      },
      {
        case: 'rest of India day after tomorrow at 00:30 IST (19:00 UTC) is only tomorrow',
        area: restOfIndia,
        date: dayAfter,
        now: new Date('2026-11-24T19:00:00Z'),
        id: 'standard',
        reason: SLOT_REASONS.tooLate,
      },
      {
        case: 'a past date',
        area: kochi,
        date: '2026-11-23',
        now: tenAm,
        id: 'midnight',
        reason: SLOT_REASONS.tooLate,
      },
      {
        case: 'non-same-day products today, cut-off not passed',
        area: kochi,
        date: today,
        now: tenAm,
        productLead: 1,
        id: 'standard',
        reason: SLOT_REASONS.notForProducts,
      },
      {
        case: 'non-same-day products today, product lead before cut-off',
        area: kochi,
        date: today,
        now: at5pm,
        productLead: 1,
        id: 'standard',
        reason: SLOT_REASONS.notForProducts,
      },
      {
        case: 'non-same-day products tomorrow',
        area: kochi,
        date: tomorrow,
        now: tenAm,
        productLead: 1,
        id: 'fixed-0900',
        reason: null,
      },
      {
        case: 'past cut-off and full: too late',
        area: kochi,
        date: today,
        now: at5pm,
        occupancy: full('standard'),
        id: 'standard',
        reason: SLOT_REASONS.tooLate,
      },
      {
        case: 'taken reaches the area capacity',
        area: kochi,
        date: today,
        now: tenAm,
        occupancy: full('standard'),
        id: 'standard',
        reason: SLOT_REASONS.full,
        capacity: 20,
      },
      {
        case: 'one place left',
        area: kochi,
        date: today,
        now: tenAm,
        occupancy: full('standard', 19),
        id: 'standard',
        reason: null,
        capacity: 20,
      },
      {
        case: 'taken above capacity',
        area: kochi,
        date: today,
        now: tenAm,
        occupancy: full('standard', 25),
        id: 'standard',
        reason: SLOT_REASONS.full,
      },
      {
        case: 'another slot full',
        area: kochi,
        date: today,
        now: tenAm,
        occupancy: full('fixed-1500'),
        id: 'fixed-1700',
        reason: null,
      },
      {
        case: 'capacity raised for the date',
        area: kochi,
        date: today,
        now: tenAm,
        occupancy: { taken: { standard: 20 }, capacity: { standard: 25 } },
        id: 'standard',
        reason: null,
        capacity: 25,
      },
      {
        case: 'capacity lowered for the date',
        area: kochi,
        date: today,
        now: tenAm,
        occupancy: { taken: { standard: 5 }, capacity: { standard: 5 } },
        id: 'standard',
        reason: SLOT_REASONS.full,
        capacity: 5,
      },
      {
        case: 'slot closed for the date',
        area: kochi,
        date: today,
        now: tenAm,
        occupancy: { capacity: { midnight: 0 } },
        id: 'midnight',
        reason: SLOT_REASONS.full,
        capacity: 0,
      },
      {
        case: 'capacity override for another slot',
        area: kochi,
        date: today,
        now: tenAm,
        occupancy: { taken: { midnight: 20 }, capacity: { standard: 50 } },
        id: 'midnight',
        reason: SLOT_REASONS.full,
        capacity: 20,
      },
    ];
    it.each(cases)('$case', ({ area, date, now, productLead, occupancy, id, reason, capacity }) => {
      const slot = slotsForDate(area, date, now, productLead, occupancy).find((s) => s.id === id);
      expect(slot?.reason).toBe(reason);
      expect(slot?.available).toBe(reason === null);
      if (capacity !== undefined) expect(slot?.capacity).toBe(capacity);
    });
  });

  describe('products', () => {
    it.each([
      { case: 'nothing chosen yet', products: [], lead: 0 },
      { case: 'all same-day', products: [{ sameDayDelivery: true }, { sameDayDelivery: true }], lead: 0 },
      { case: 'one not same-day', products: [{ sameDayDelivery: true }, { sameDayDelivery: false }], lead: 1 },
      { case: 'none same-day', products: [{ sameDayDelivery: false }], lead: 1 },
    ])('$case: lead $lead', ({ products, lead }) => {
      expect(productLeadDays(products)).toBe(lead);
    });
  });

  describe('earliest delivery date', () => {
    it.each([
      { case: 'Kochi at 10:00 IST', area: kochi, now: tenAm, lead: 0, date: today },
      {
        case: 'Kochi at 20:59 IST (midnight still open)',
        area: kochi,
        now: ist('2026-11-24T20:59'),
        lead: 0,
        date: today,
      },
      { case: 'Kochi at 21:00 IST', area: kochi, now: ist('2026-11-24T21:00'), lead: 0, date: tomorrow },
      { case: 'Kochi at 22:00 IST', area: kochi, now: ist('2026-11-24T22:00'), lead: 0, date: tomorrow },
      { case: 'Kochi, non-same-day product', area: kochi, now: tenAm, lead: 1, date: tomorrow },
      {
        case: 'Kochi at 22:00 IST, non-same-day product',
        area: kochi,
        now: ist('2026-11-24T22:00'),
        lead: 1,
        date: tomorrow,
      },
      { case: 'rest of India', area: restOfIndia, now: tenAm, lead: 0, date: dayAfter },
      { case: 'rest of India at 23:59 IST', area: restOfIndia, now: ist('2026-11-24T23:59'), lead: 0, date: dayAfter },
      {
        case: 'rest of India at 00:30 IST (19:00 UTC the day before)',
        area: restOfIndia,
        now: new Date('2026-11-24T19:00:00Z'),
        lead: 0,
        date: '2026-11-27',
      },
      { case: 'rest of India, non-same-day product', area: restOfIndia, now: tenAm, lead: 1, date: dayAfter },
      { case: 'standard only at 15:59 IST', area: standardOnly, now: ist('2026-11-24T15:59'), lead: 0, date: today },
      { case: 'standard only at 16:00 IST', area: standardOnly, now: ist('2026-11-24T16:00'), lead: 0, date: tomorrow },
      { case: 'early morning only at 10:00 IST', area: earlyOnly, now: tenAm, lead: 0, date: tomorrow },
      {
        case: 'early morning only at 20:59 IST',
        area: earlyOnly,
        now: ist('2026-11-24T20:59'),
        lead: 0,
        date: tomorrow,
      },
      {
        case: 'early morning only at 21:00 IST',
        area: earlyOnly,
        now: ist('2026-11-24T21:00'),
        lead: 0,
        date: dayAfter,
      },
      { case: 'full slots count as open', area: noCapacity, now: tenAm, lead: 0, date: today },
      { case: 'end of month', area: kochi, now: ist('2026-11-30T22:00'), lead: 0, date: '2026-12-01' },
      { case: 'end of year', area: kochi, now: ist('2026-12-31T22:00'), lead: 0, date: '2027-01-01' },
      { case: 'end of February', area: kochi, now: ist('2027-02-28T22:00'), lead: 0, date: '2027-03-01' },
      { case: 'end of February, leap year', area: kochi, now: ist('2028-02-28T22:00'), lead: 0, date: '2028-02-29' },
      { case: 'leap day', area: kochi, now: ist('2028-02-29T22:00'), lead: 0, date: '2028-03-01' },
      {
        case: 'rest of India at year end',
        area: restOfIndia,
        now: ist('2026-12-31T10:00'),
        lead: 0,
        date: '2027-01-02',
      },
      {
        case: 'rest of India across a leap day',
        area: restOfIndia,
        now: ist('2028-02-28T10:00'),
        lead: 0,
        date: '2028-03-01',
      },
      { case: 'an area that offers nothing', area: nothing, now: tenAm, lead: 0, date: null },
    ])('$case: $date', ({ area, now, lead, date }) => {
      expect(earliestDeliveryDate(area, now, lead)).toBe(date);
    });
  });

  describe('same-day deadline', () => {
    it.each([
      { case: 'Kochi at 10:00 IST: midnight', area: kochi, now: tenAm, lead: 0, deadline: '2026-11-24T21:00' },
      { case: 'Kochi at 20:59 IST', area: kochi, now: ist('2026-11-24T20:59'), lead: 0, deadline: '2026-11-24T21:00' },
      { case: 'Kochi at 21:00 IST', area: kochi, now: ist('2026-11-24T21:00'), lead: 0, deadline: null },
      { case: 'Kochi at 22:00 IST', area: kochi, now: ist('2026-11-24T22:00'), lead: 0, deadline: null },
      {
        case: 'Kochi at 00:30 IST (19:00 UTC the day before)',
        area: kochi,
        now: new Date('2026-11-24T19:00:00Z'),
        lead: 0,
        deadline: '2026-11-25T21:00',
      },
      { case: 'Kochi, non-same-day products', area: kochi, now: tenAm, lead: 1, deadline: null },
      { case: 'standard only at 10:00 IST', area: standardOnly, now: tenAm, lead: 0, deadline: '2026-11-24T16:00' },
      { case: 'standard only at 16:00 IST', area: standardOnly, now: ist('2026-11-24T16:00'), lead: 0, deadline: null },
      {
        case: 'fixed only at 10:00 IST: the 19:00 window',
        area: fixedOnly,
        now: tenAm,
        lead: 0,
        deadline: '2026-11-24T15:00',
      },
      {
        case: 'no midnight at 14:00 IST: standard',
        area: daytimeOnly,
        now: ist('2026-11-24T14:00'),
        lead: 0,
        deadline: '2026-11-24T16:00',
      },
      { case: 'no midnight at 16:30 IST', area: daytimeOnly, now: ist('2026-11-24T16:30'), lead: 0, deadline: null },
      { case: 'early morning only', area: earlyOnly, now: tenAm, lead: 0, deadline: null },
      { case: 'rest of India', area: restOfIndia, now: tenAm, lead: 0, deadline: null },
      { case: 'an area that offers nothing', area: nothing, now: tenAm, lead: 0, deadline: null },
    ])('$case', ({ area, now, lead, deadline }) => {
      expect(sameDayDeadline(area, now, lead)?.toISOString() ?? null).toBe(deadline && ist(deadline).toISOString());
    });
  });

  describe('the next free slot after a full one', () => {
    /** Places taken by date and slot id; every slot of Kochi has 20. */
    const takenOn =
      (byDate: Record<string, Record<string, number>>) =>
      (date: string): SlotOccupancy => ({ taken: byDate[date] ?? {} });
    const fullDays = (dates: string[], id: string) => Object.fromEntries(dates.map((d) => [d, { [id]: 20 }]));
    const week = Array.from({ length: NEXT_FREE_DAYS + 1 }, (_, n) => addDays(today, n));

    it.each<{
      case: string;
      area?: DeliveryArea;
      id: string;
      date?: string;
      now?: Date;
      productLead?: number;
      taken?: Record<string, Record<string, number>>;
      occupancy?: (date: string) => SlotOccupancy;
      next: [date: string, slotId: string] | null;
    }>([
      {
        case: 'a later window that day',
        id: 'fixed-1700',
        taken: fullDays([today], 'fixed-1700'),
        next: [today, 'fixed-1900'],
      },
      {
        case: 'the first window of the next day, when the later ones are full too',
        id: 'fixed-1700',
        taken: { [today]: { 'fixed-1700': 20, 'fixed-1900': 20 } },
        next: [tomorrow, 'fixed-0900'],
      },
      {
        case: 'standard: the next day, not a fixed window that day',
        id: 'standard',
        taken: fullDays([today], 'standard'),
        next: [tomorrow, 'standard'],
      },
      {
        case: 'midnight, full for two days',
        id: 'midnight',
        taken: fullDays([today, tomorrow], 'midnight'),
        next: [dayAfter, 'midnight'],
      },
      {
        case: 'early morning tomorrow, looked at before its cut-off tonight',
        id: 'early-morning',
        date: tomorrow,
        now: ist('2026-11-24T20:00'),
        taken: fullDays([tomorrow], 'early-morning'),
        next: [dayAfter, 'early-morning'],
      },
      {
        case: 'a window closed for a date by its capacity',
        id: 'midnight',
        occupancy: (date: string): SlotOccupancy => (date === today ? { capacity: { midnight: 0 } } : {}),
        next: [tomorrow, 'midnight'],
      },
      {
        case: 'a capacity raised on a later date',
        id: 'midnight',
        occupancy: (date: string): SlotOccupancy =>
          date === dayAfter ? { taken: { midnight: 20 }, capacity: { midnight: 21 } } : { taken: { midnight: 20 } },
        next: [dayAfter, 'midnight'],
      },
      {
        case: 'the last day of the week after',
        id: 'standard',
        taken: fullDays(week.slice(0, -1), 'standard'),
        next: [week.at(-1)!, 'standard'],
      },
      { case: 'none within the week after', id: 'standard', taken: fullDays(week, 'standard'), next: null },
      {
        case: 'products without same-day delivery, full tomorrow',
        id: 'fixed-1900',
        date: tomorrow,
        productLead: 1,
        taken: { [tomorrow]: { 'fixed-1900': 20 } },
        next: [dayAfter, 'fixed-0900'],
      },
      {
        case: 'an area whose lead moves the first date on',
        area: { ...restOfIndia, slotTypes: [{ type: 'standard', fee: 0, capacity: 1 }] },
        id: 'standard',
        date: dayAfter,
        taken: fullDays([dayAfter], 'standard'),
        next: ['2026-11-27', 'standard'],
      },
      {
        case: "the area's own capacity",
        area: fixedOnly,
        id: 'fixed-1900',
        taken: { [today]: { 'fixed-1900': 4 } },
        next: [tomorrow, 'fixed-0900'],
      },
    ])('$case', ({ area = kochi, id, date = today, now = tenAm, productLead = 0, taken = {}, occupancy, next }) => {
      const slot = findSlot(id)!;
      const occupancyOn = occupancy ?? takenOn(taken);
      expect(slotsForDate(area, date, now, productLead, occupancyOn(date)).find((s) => s.id === id)?.reason).toBe(
        SLOT_REASONS.full,
      );
      const free = nextFreeOfType(area, { date, slot }, nextFreeUntil(date, now), now, productLead, occupancyOn);
      expect(free && [free.date, free.slot.id]).toEqual(next);
      if (free) expect(free.slot).toMatchObject({ type: slot.type, available: true, reason: null });
    });

    it('never looks past the last bookable day', () => {
      const date = addDays(today, MAX_DAYS_AHEAD - 2);
      expect(nextFreeUntil(today, tenAm)).toBe(addDays(today, NEXT_FREE_DAYS));
      expect(nextFreeUntil(date, tenAm)).toBe(addDays(today, MAX_DAYS_AHEAD));
      const occupancyOn = takenOn(fullDays([date, addDays(date, 1), addDays(date, 2)], 'midnight'));
      const slot = findSlot('midnight')!;
      expect(nextFreeOfType(kochi, { date, slot }, nextFreeUntil(date, tenAm), tenAm, 0, occupancyOn)).toBeNull();
      // A day later the same search reaches the day that was 61 days ahead.
      const dayLater = new Date(tenAm.getTime() + 24 * HOUR);
      expect(
        nextFreeOfType(kochi, { date, slot }, nextFreeUntil(date, dayLater), dayLater, 0, occupancyOn),
      ).toMatchObject({ date: addDays(date, 3), slot: { id: 'midnight' } });
    });

    it('lists every free slot after one, the later ones that day first (past their cut-offs left out), then each day', () => {
      const twoPm = ist('2026-11-24T14:00');
      const after = { date: today, slot: findSlot('standard')! };
      const occupancyOn = takenOn(fullDays([tomorrow], 'fixed-1300'));
      const free = [...freeSlotsAfter(kochi, after, tomorrow, twoPm, 0, occupancyOn)];
      expect(free.map((f) => `${f.date} ${f.slot.id}`)).toEqual([
        `${today} fixed-1900`,
        `${today} midnight`,
        `${tomorrow} standard`,
        `${tomorrow} fixed-0900`,
        `${tomorrow} fixed-1100`,
        `${tomorrow} fixed-1500`,
        `${tomorrow} fixed-1700`,
        `${tomorrow} fixed-1900`,
        `${tomorrow} midnight`,
        `${tomorrow} early-morning`,
      ]);
    });
  });

  describe('time left', () => {
    it.each([
      { ms: 2 * HOUR + 13 * MINUTE, text: '2 h 13 min' },
      { ms: 2 * HOUR + 12 * MINUTE + 1, text: '2 h 13 min' },
      { ms: 45 * MINUTE, text: '45 min' },
      { ms: 44 * MINUTE + 30_000, text: '45 min' },
      { ms: 10_000, text: '1 min' },
      { ms: 1, text: '1 min' },
      { ms: 59 * MINUTE + 1, text: '1 h' },
      { ms: 3 * HOUR, text: '3 h' },
      { ms: 3 * HOUR - 1, text: '3 h' },
      { ms: 3 * HOUR + 1, text: '3 h 1 min' },
      { ms: 11 * HOUR, text: '11 h' },
    ])('$ms ms is $text', ({ ms, text }) => {
      expect(formatTimeLeft(ms)).toBe(text);
    });
  });

  describe('gift message length', () => {
    it.each([
      { case: 'empty', text: '', length: 0, utf16: 0 },
      { case: 'English', text: 'Happy birthday!', length: 15, utf16: 15 },
      { case: 'Malayalam', text: 'ജന്മദിനാശംസകൾ', length: 8, utf16: 13 },
      { case: 'Hindi', text: 'नमस्ते', length: 3, utf16: 6 },
      { case: 'emoji with skin tone', text: '👍🏽', length: 1, utf16: 4 },
      { case: 'family emoji', text: '👨‍👩‍👧‍👦', length: 1, utf16: 11 },
      { case: 'flag', text: '🇮🇳', length: 1, utf16: 4 },
      { case: 'text and emoji', text: 'Happy birthday 🎂', length: 16, utf16: 17 },
    ])('$case counts $length', ({ text, length, utf16 }) => {
      expect(text.length).toBe(utf16);
      expect(messageLength(text)).toBe(length);
    });
  });
});
