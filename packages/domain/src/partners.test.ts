import { describe, expect, it } from 'vitest';
import {
  isLate,
  LATE_COUPON_VALUE,
  lateAfter,
  lateCompensation,
  nextPartner,
  offerExpiry,
  orderNeeds,
  slotEnd,
  type PartnerCandidate,
} from './partners.js';

const ist = (local: string) => new Date(`${local}+05:30`);

describe('what an order needs of a partner', () => {
  it.each([
    ['a fresh cake', [{ category: 'Cakes', subCategory: ['Black Forest'], fulfilment: 'local' }], ['cakes']],
    ['roses', [{ category: 'Flowers', subCategory: ['Roses'], fulfilment: 'local' }], ['flowers']],
    [
      'a flowers-and-cake combo',
      [{ category: 'Combos', subCategory: ['Flowers and Cakes'], fulfilment: 'local' }],
      ['cakes', 'flowers'],
    ],
    ['a plum cake in a tin', [{ category: 'Cakes', subCategory: ['Plum cakes'], fulfilment: 'courier' }], ['courier']],
    [
      'truffles and a cake',
      [
        { category: 'Chocolates', subCategory: [], fulfilment: 'courier' },
        { category: 'Cakes', subCategory: [], fulfilment: 'local' },
      ],
      ['cakes', 'courier'],
    ],
  ] as const)('%s', (_, lines, needs) => {
    expect(orderNeeds(lines)).toEqual(needs);
  });
});

describe('the partner an order is offered to', () => {
  const partner = (over: Partial<PartnerCandidate>): PartnerCandidate => ({
    id: 'p',
    name: 'P',
    areaIds: [1],
    makes: ['cakes', 'flowers'],
    capacityPerSlot: 5,
    load: 0,
    ...over,
  });
  const need = { areaId: 1, makes: ['cakes'] as const, tried: [] as string[] };

  it.each([
    ['the least loaded of those that can', [partner({ id: 'a', load: 3 }), partner({ id: 'b', load: 1 })], need, 'b'],
    [
      'by name when equally loaded',
      [partner({ id: 'z', name: 'Zest Bakers' }), partner({ id: 'a', name: 'Anjali Cakes' })],
      need,
      'a',
    ],
    ['not one serving another area', [partner({ id: 'a', areaIds: [2] }), partner({ id: 'b', load: 4 })], need, 'b'],
    [
      'not one that does not make every line',
      [partner({ id: 'a', makes: ['flowers'] }), partner({ id: 'b', load: 4 })],
      need,
      'b',
    ],
    ['not one whose slot is full', [partner({ id: 'a', load: 5 }), partner({ id: 'b', load: 4 })], need, 'b'],
    ['not one tried before', [partner({ id: 'a' }), partner({ id: 'b', load: 2 })], { ...need, tried: ['a'] }, 'b'],
    ['nobody when none is left', [partner({ id: 'a', load: 5 }), partner({ id: 'b', areaIds: [3] })], need, null],
    ['nobody with no partners at all', [], need, null],
  ] as const)('%s', (_, candidates, asked, chosen) => {
    expect(nextPartner(candidates, asked)?.id ?? null).toBe(chosen);
  });
});

describe('how long a partner has to accept', () => {
  it.each([
    ['an order for today: 10 minutes', '2026-12-02', '2026-12-02T09:00', '2026-12-02T09:10'],
    ['an order for tomorrow: 30 minutes', '2026-12-03', '2026-12-02T09:00', '2026-12-02T09:30'],
    // 23:55 IST on the 2nd is already the 2nd in IST; the 3rd is tomorrow.
    ['late at night for the next day', '2026-12-03', '2026-12-02T23:55', '2026-12-03T00:25'],
    ['an overdue order is as urgent as today’s', '2026-12-01', '2026-12-02T09:00', '2026-12-02T09:10'],
  ])('%s', (_, date, now, until) => {
    expect(offerExpiry(date, ist(now))).toEqual(ist(until));
  });
});

describe('a missed slot', () => {
  const fixed = { start: '17:00', end: '19:00' };
  const midnight = { start: '23:00', end: '23:59' };
  const overnight = { start: '22:00', end: '01:00' };

  it.each([
    ['a fixed slot ends at its end', '2026-12-02', fixed, '2026-12-02T19:00'],
    ['a midnight slot ends at midnight', '2026-12-02', midnight, '2026-12-03T00:00'],
    ['a window past midnight ends the next day', '2026-12-02', overnight, '2026-12-03T01:00'],
  ])('%s', (_, date, slot, end) => {
    expect(slotEnd(date, slot)).toEqual(ist(end));
  });

  it.each([
    ['delivered in the slot', fixed, '2026-12-02T18:10', false],
    ['delivered within the 30 minutes of grace', fixed, '2026-12-02T19:30', false],
    ['delivered a minute after the grace', fixed, '2026-12-02T19:31', true],
    ['a midnight order at 00:20 the next day', midnight, '2026-12-03T00:20', false],
    ['a midnight order at 00:45 the next day', midnight, '2026-12-03T00:45', true],
    ['a day early is not late', fixed, '2026-12-01T19:31', false],
  ] as const)('%s', (_, slot, at, late) => {
    expect(isLate('2026-12-02', slot, ist(at))).toBe(late);
  });

  it('is late from the end of the grace', () => {
    expect(lateAfter('2026-12-02', fixed)).toEqual(ist('2026-12-02T19:30'));
  });

  it.each([
    ['the slot fee back when one was paid', 14_900, { kind: 'refund', amount: 14_900 }],
    ['₹100 off the next order when the slot was free', 0, { kind: 'coupon', amount: LATE_COUPON_VALUE }],
  ] as const)('makes good with %s', (_, fee, compensation) => {
    expect(lateCompensation(fee)).toEqual(compensation);
  });
});
