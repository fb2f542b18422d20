import { describe, expect, it } from 'vitest';
import { CATEGORY_SUBCATEGORIES, OCCASIONS, RECIPIENTS } from '@store/domain';
import { productsHref, TOP_MENU } from './menu-data.js';

const labels = (group: string, section: string) =>
  TOP_MENU.find((g) => g.title === group)!
    .sections.find((s) => s.title === section)!
    .items.map((i) => i.label);

describe('top menu', () => {
  it('has the three groups and sections of the spec', () => {
    expect(TOP_MENU.map((g) => [g.title, g.sections.map((s) => s.title)])).toEqual([
      ['Onam Gifts', ['Onam Special', 'Category', 'Recipient']],
      ['Flowers', ['Collection', 'By Type']],
      ['Cakes', ['By Types', 'By Flavours']],
    ]);
  });

  it('lists the spec items', () => {
    expect(labels('Onam Gifts', 'Recipient')).toEqual([...RECIPIENTS]);
    expect(labels('Onam Gifts', 'Category')).toEqual(['Flowers', 'Cakes', 'Combos']);
    expect(labels('Onam Gifts', 'Onam Special')).toEqual(
      expect.arrayContaining(['Birthday', 'Love and Romance', 'Weddings and Engagements']),
    );
    expect(labels('Flowers', 'By Type')).toEqual([
      'Rose',
      'Lilies',
      'Orchids',
      'Mixed Flower',
      'Carnation',
      'Gerbera',
      'Hydrangea Bouquets',
    ]);
    expect(labels('Cakes', 'By Flavours')).toEqual([
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

  it('filters only by values the catalogue knows', () => {
    const items = TOP_MENU.flatMap((g) => [...g.sections.flatMap((s) => s.items), g.promo.link]);
    for (const { label, query } of items) {
      if (query.category) expect(Object.keys(CATEGORY_SUBCATEGORIES), label).toContain(query.category);
      if (query.subcategory) {
        const subs: readonly string[] = CATEGORY_SUBCATEGORIES[query.category as keyof typeof CATEGORY_SUBCATEGORIES];
        expect(subs, label).toContain(query.subcategory);
      }
      if (query.recipient) expect(RECIPIENTS, label).toContain(query.recipient);
      if (query.occasion) expect(OCCASIONS, label).toContain(query.occasion);
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
