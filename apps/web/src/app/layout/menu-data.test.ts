import { describe, expect, it } from 'vitest';
import { CATEGORY_SUBCATEGORIES, OCCASIONS, RECIPIENTS, occasionOnDay, occasionsIn } from '@store/domain';
import { productsHref, topMenu, type MenuGroup } from './menu-data.js';

const onDay = (day: string) => topMenu(occasionOnDay(day));
const ONAM_DAY = '2026-08-26';
const CHRISTMAS_EVE = '2026-12-24';
/** Between Bhai Dooj and Christmas's window: no occasion in season. */
const NO_OCCASION = '2026-12-01';

const labels = (menu: MenuGroup[], group: string, section: string) =>
  menu
    .find((g) => g.title === group)!
    .sections.find((s) => s.title === section)!
    .items.map((i) => i.label);

/** Every menu the calendar can show: each occasion's, and the one outside every window. */
const everyMenu = [null, ...occasionsIn(2026)].map((occasion) => topMenu(occasion));

describe('top menu', () => {
  it("has the spec's three groups and sections in Onam's window", () => {
    expect(onDay(ONAM_DAY).map((g) => [g.title, g.sections.map((s) => s.title)])).toEqual([
      ['Onam Gifts', ['Onam Special', 'Category', 'Recipient']],
      ['Flowers', ['Collection', 'By Type']],
      ['Cakes', ['By Types', 'By Flavours']],
    ]);
  });

  it('lists the spec items', () => {
    const menu = onDay(ONAM_DAY);
    expect(labels(menu, 'Onam Gifts', 'Recipient')).toEqual([...RECIPIENTS]);
    expect(labels(menu, 'Onam Gifts', 'Category')).toEqual(['Flowers', 'Cakes', 'Combos']);
    expect(labels(menu, 'Onam Gifts', 'Onam Special')).toEqual(
      expect.arrayContaining(['Birthday', 'Love and Romance', 'Weddings and Engagements']),
    );
    expect(labels(menu, 'Flowers', 'By Type')).toEqual([
      'Rose',
      'Lilies',
      'Orchids',
      'Mixed Flower',
      'Carnation',
      'Gerbera',
      'Hydrangea Bouquets',
    ]);
    expect(labels(menu, 'Cakes', 'By Flavours')).toEqual([
      'Chocolate',
      'Butterscotch',
      'Black Forest',
      'Fruit',
      'Pineapple',
      'Red Velvet',
      'Coffee',
      'Strawberry',
      'KitKat',
      'Vanilla',
      'Ferrero Rocher',
      'Plum',
    ]);
  });

  it("leads with Christmas in Christmas's window, its plum cakes first", () => {
    const [first] = onDay(CHRISTMAS_EVE);
    expect([first!.title, first!.sections.map((s) => s.title)]).toEqual([
      'Christmas Gifts',
      ['Christmas Special', 'Category', 'Recipient'],
    ]);
    expect(first!.sections[0]!.items[0]).toEqual({
      label: 'Plum Cakes',
      query: { category: 'Cakes', subcategory: 'Plum cakes' },
    });
  });

  it('leads with gifts for any day outside every window, naming no festival', () => {
    const menu = onDay(NO_OCCASION);
    expect(menu.map((g) => [g.title, g.sections.map((s) => s.title)])[0]).toEqual([
      'Gifts',
      ['Occasions', 'Category', 'Recipient'],
    ]);
    const words = JSON.stringify(menu);
    for (const { name } of occasionsIn(2026)) expect(words).not.toContain(name);
  });

  it("gives every occasion its group, its 'Special' section ending with the spec's occasions", () => {
    for (const occasion of occasionsIn(2026)) {
      const [first] = topMenu(occasion);
      expect(first!.title).toBe(`${occasion.name} Gifts`);
      const special = first!.sections[0]!;
      expect(special.title).toBe(`${occasion.name} Special`);
      expect(special.items.slice(-3).map((i) => i.label)).toEqual([
        'Birthday',
        'Love and Romance',
        'Weddings and Engagements',
      ]);
      // A section of more than six items breaks into columns the panel has no room for.
      expect(special.items.length, occasion.id).toBeLessThanOrEqual(6);
    }
  });

  it('filters only by values the catalogue knows', () => {
    for (const menu of everyMenu) {
      const items = menu.flatMap((g) => [...g.sections.flatMap((s) => s.items), g.promo.link]);
      for (const { label, query } of items) {
        if (query.category) expect(Object.keys(CATEGORY_SUBCATEGORIES), label).toContain(query.category);
        if (query.subcategory) {
          const subs: readonly string[] = CATEGORY_SUBCATEGORIES[query.category as keyof typeof CATEGORY_SUBCATEGORIES];
          expect(subs, label).toContain(query.subcategory);
        }
        if (query.recipient) expect(RECIPIENTS, label).toContain(query.recipient);
        if (query.occasion) expect(OCCASIONS, label).toContain(query.occasion);
      }
    }
  });

  it('builds listing links with the spec parameter names', () => {
    expect(productsHref({ recipient: 'For Her' })).toBe('/products?recipient=For+Her');
    expect(productsHref({ category: 'Cakes', subcategory: 'Plum cakes' })).toBe(
      '/products?category=Cakes&subcategory=Plum+cakes',
    );
    expect(productsHref({})).toBe('/products');
  });
});
