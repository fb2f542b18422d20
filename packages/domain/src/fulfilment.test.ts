import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SLOT_FEES,
  earliestDeliveryDate,
  productLeadDays,
  slotsForDate,
  type DeliveryArea,
} from './delivery.js';
import {
  canReach,
  defaultFulfilment,
  deliveryDayLabel,
  listOfNames,
  localNeeds,
  notDeliverableReason,
  reachesEverything,
  shortDate,
  travelsAs,
  type LocalMake,
  type Routed,
} from './fulfilment.js';

const cake: Routed = { category: 'Cakes', subCategory: ['Black Forest'], fulfilment: 'local' };
const plumCake: Routed = { category: 'Cakes', subCategory: ['Plum cakes'], fulfilment: 'courier' };
const roses: Routed = { category: 'Flowers', subCategory: ['Roses'], fulfilment: 'local' };
const cakeCombo: Routed = { category: 'Combos', subCategory: ['Flowers and Cakes'], fulfilment: 'local' };
const teddyCombo: Routed = { category: 'Combos', subCategory: ['Flowers and Teddy'], fulfilment: 'local' };
const truffles: Routed = { category: 'Chocolates', subCategory: ['Chocolate Boxes'], fulfilment: 'courier' };

const everySlot = (['standard', 'fixed', 'midnight', 'early-morning'] as const).map((type) => ({
  type,
  fee: DEFAULT_SLOT_FEES[type],
  capacity: 20,
}));
const kochi = { name: 'Kochi', makes: ['cakes', 'flowers'] as LocalMake[], leadDays: 0, slotTypes: everySlot };
const florist = { name: 'Mysuru', makes: ['flowers'] as LocalMake[], leadDays: 0, slotTypes: everySlot };
const courierState = {
  name: 'Kerala',
  makes: [] as LocalMake[],
  leadDays: 2,
  slotTypes: [{ type: 'standard' as const, fee: 0, capacity: 500 }],
};
const courierElsewhere = { ...courierState, name: 'All India', leadDays: 4 };
const areas = { kochi, florist, courierState, courierElsewhere };

describe('the kind a product travels as', () => {
  it.each([
    [cake, 'local', ['cakes']],
    [{ ...plumCake, fulfilment: undefined }, 'courier', ['cakes']],
    [roses, 'local', ['flowers']],
    [cakeCombo, 'local', ['cakes', 'flowers']],
    [teddyCombo, 'local', ['flowers']],
    [truffles, 'courier', []],
    [{ category: 'Chocolates', subCategory: ['Chocolate Hampers'] }, 'courier', []],
  ])('%o defaults to %s and needs %o', (product, kind, needs) => {
    expect(defaultFulfilment(product)).toBe(kind);
    expect(localNeeds(product)).toEqual(needs);
  });
});

describe('what reaches an area, and how (kind × area)', () => {
  it.each([
    [cake, 'kochi', true, 'local'],
    [cake, 'florist', false, 'local'],
    [cake, 'courierState', false, 'courier'],
    [roses, 'florist', true, 'local'],
    [roses, 'courierElsewhere', false, 'courier'],
    [cakeCombo, 'kochi', true, 'local'],
    [cakeCombo, 'florist', false, 'local'],
    [teddyCombo, 'florist', true, 'local'],
    [truffles, 'kochi', true, 'local'],
    [truffles, 'florist', true, 'local'],
    [truffles, 'courierElsewhere', true, 'courier'],
    [plumCake, 'courierState', true, 'courier'],
    [{ ...truffles, fulfilment: 'local' as const }, 'florist', true, 'local'],
    [{ ...truffles, fulfilment: 'local' as const }, 'courierState', false, 'courier'],
  ] as const)('%o to %s: %s, as %s', (product, area, reaches, kind) => {
    expect(canReach(product, areas[area])).toBe(reaches);
    expect(travelsAs(areas[area])).toBe(kind);
  });

  it('an area with every maker takes every product', () => {
    expect(reachesEverything(kochi)).toBe(true);
    expect(reachesEverything(florist)).toBe(false);
    expect(reachesEverything(courierState)).toBe(false);
  });
});

/** IST wall-clock time on 2026-12-01 (a Tuesday) as an instant. */
const at = (hhmm: string, date = '2026-12-01') => new Date(`${date}T${hhmm}:00+05:30`);

describe('the earliest delivery (area × slot × cut-off × transit)', () => {
  it.each([
    // Local: the standard slot takes same-day orders until 16:00, midnight until 21:00.
    ['kochi', [cake], '10:00', '2026-12-01', 'Today'],
    ['kochi', [cake], '15:59', '2026-12-01', 'Today'],
    ['kochi', [cake], '16:30', '2026-12-01', 'Today'],
    ['kochi', [cake], '21:00', '2026-12-02', 'Tomorrow'],
    ['kochi', [truffles], '22:00', '2026-12-02', 'Tomorrow'],
    // A product without same-day delivery moves the order's earliest date to tomorrow.
    ['kochi', [cake, { ...truffles, sameDayDelivery: false }], '10:00', '2026-12-02', 'Tomorrow'],
    // Courier: standard delivery only, from the area's transit time on.
    ['courierState', [truffles], '10:00', '2026-12-03', 'Thu, 3 Dec'],
    ['courierState', [plumCake], '23:30', '2026-12-03', 'Thu, 3 Dec'],
    ['courierElsewhere', [truffles], '10:00', '2026-12-05', 'Sat, 5 Dec'],
  ] as const)('%s, %o at %s: %s (%s)', (area, products, time, date, label) => {
    const now = at(time);
    const lead = productLeadDays(
      products.map((p) => ({ sameDayDelivery: 'sameDayDelivery' in p ? p.sameDayDelivery : true })),
    );
    const earliest = earliestDeliveryDate(areas[area] as DeliveryArea, now, lead);
    expect(earliest).toBe(date);
    expect(deliveryDayLabel(earliest!, '2026-12-01')).toBe(label);
  });

  it('a courier area offers only its standard slot, from the transit date', () => {
    const slots = slotsForDate(courierState, '2026-12-03', at('10:00'));
    expect(slots.filter((s) => s.available).map((s) => s.id)).toEqual(['standard']);
    const early = slotsForDate(courierState, '2026-12-02', at('10:00'));
    expect(early.find((s) => s.id === 'standard')?.reason).toBe('Too late for this slot');
  });
});

describe('the sentences a shopper reads', () => {
  const localAreas = [kochi, { ...kochi, name: 'Delhi' }, { ...kochi, name: 'Mumbai' }, florist];

  it.each([
    [cake, 'Fresh cakes are baked and delivered in Kochi, Delhi and Mumbai.'],
    [roses, 'Fresh flowers are arranged and delivered in Kochi, Delhi, Mumbai and Mysuru.'],
    [cakeCombo, 'Fresh cakes and flowers are made and delivered in Kochi, Delhi and Mumbai.'],
  ])('%o: %s', (product, sentence) => {
    expect(notDeliverableReason(product, localAreas)).toBe(sentence);
  });

  it('says so when no area makes it', () => {
    expect(notDeliverableReason(cake, [florist])).toBe(
      'Fresh cakes are baked and delivered locally, and no area has them just now.',
    );
  });

  it.each([
    [[], ''],
    [['Kochi'], 'Kochi'],
    [['Kochi', 'Delhi'], 'Kochi and Delhi'],
  ])('lists %o as %s', (names, text) => {
    expect(listOfNames(names)).toBe(text);
  });

  it('writes dates as en-IN does, without Intl', () => {
    const intl = new Intl.DateTimeFormat('en-IN', {
      timeZone: 'UTC',
      weekday: 'short',
      day: 'numeric',
      month: 'short',
    });
    for (let day = 0; day < 800; day += 7) {
      const date = new Date(Date.UTC(2026, 0, 1) + day * 86_400_000).toISOString().slice(0, 10);
      expect(shortDate(date)).toBe(intl.format(new Date(`${date}T00:00:00Z`)));
    }
    expect(deliveryDayLabel('2027-01-01', '2026-12-31')).toBe('Tomorrow');
    expect(deliveryDayLabel('2026-12-31', '2026-12-31')).toBe('Today');
  });
});
