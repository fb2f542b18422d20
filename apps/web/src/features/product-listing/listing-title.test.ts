import { describe, expect, it } from 'vitest';
import { listingDescription, listingTitle } from './listing-title.js';

describe('listingTitle', () => {
  it.each([
    [{}, 'All products'],
    [{ keyword: 'roses', category: 'Flowers' }, 'Results for "roses"'],
    [{ category: 'Cakes' }, 'Cakes'],
    [{ category: 'Cakes', subcategory: 'Red Velvet' }, 'Cakes · Red Velvet'],
    [{ subcategory: 'Roses' }, 'Roses'],
    [{ occasion: ['Birthday'] }, 'Birthday gifts'],
    [{ recipient: ['For Her'] }, 'Gifts For Her'],
    [{ recipient: ['For Her', 'For Him'] }, 'All products'],
  ])('%o → %s', (filters, title) => {
    expect(listingTitle(filters)).toBe(title);
  });
});

describe('listingDescription', () => {
  it('names what is listed', () => {
    expect(listingDescription({ category: 'Cakes' })).toMatch(/^Cakes at Phoolwala Gifts\./);
    expect(listingDescription({ keyword: 'lilies' })).toMatch(/^Gifts matching "lilies" at Phoolwala Gifts\./);
  });
});
