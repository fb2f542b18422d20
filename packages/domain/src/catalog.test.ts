import { describe, expect, it } from 'vitest';
import { CATEGORY_SUBCATEGORIES, COLOR_PALETTES, isCategory, subcategoriesOf } from './catalog.js';

describe('catalogue constants', () => {
  it('has the spec subcategory counts', () => {
    expect(CATEGORY_SUBCATEGORIES.Flowers).toHaveLength(9);
    expect(CATEGORY_SUBCATEGORIES.Cakes).toHaveLength(15);
    expect(CATEGORY_SUBCATEGORIES.Chocolates).toHaveLength(4);
    expect(CATEGORY_SUBCATEGORIES.Combos).toHaveLength(3);
  });

  it('gives every palette 5 to 6 colours with valid hex values', () => {
    expect(Object.keys(COLOR_PALETTES)).toHaveLength(14);
    for (const swatches of Object.values(COLOR_PALETTES)) {
      expect(swatches.length).toBeGreaterThanOrEqual(5);
      expect(swatches.length).toBeLessThanOrEqual(6);
      for (const s of swatches) expect(s.hex).toMatch(/^#[0-9A-F]{6}$/i);
    }
    expect(COLOR_PALETTES.Flowers!.map((s) => s.name)).toEqual(['Red', 'Pink', 'White', 'Yellow', 'Purple', 'Orange']);
  });

  it.each([
    ['Flowers', true],
    ['Cakes', true],
    ['flowers', false],
    ['toString', false],
    ['', false],
  ])('isCategory(%j) is %s', (value, expected) => {
    expect(isCategory(value)).toBe(expected);
    expect(subcategoriesOf(value).length > 0).toBe(expected);
  });
});
