import { describe, expect, it } from 'vitest';
import {
  clearedFiltersHref,
  filtersToQuery,
  listingHref,
  parseFilters,
  withCategory,
  type ListingFilters,
} from './filters-url.js';

const parse = (query: string, keyword?: string) => parseFilters(new URLSearchParams(query), keyword);

describe('parseFilters', () => {
  it('gives no filters for an empty query and no keyword', () => {
    expect(parse('')).toEqual({});
  });

  it.each<[string, ListingFilters]>([
    ['category=Cakes', { category: 'Cakes' }],
    ['subcategory=Roses', { subcategory: 'Roses' }],
    ['category=Flowers&subcategory=Rose+Bouquet', { category: 'Flowers', subcategory: 'Rose Bouquet' }],
    ['color=Red', { color: ['Red'] }],
    ['minRating=4', { minRating: 4 }],
    ['minPrice=500', { minPrice: 500 }],
    ['maxPrice=2500', { maxPrice: 2500 }],
    ['maxPrice=499', { maxPrice: 499 }],
    ['sortBy=price', { sortBy: 'price' }],
    ['sortBy=rating', { sortBy: 'rating' }],
    ['sortBy=name', { sortBy: 'name' }],
    ['sortBy=createdAt', { sortBy: 'createdAt' }],
    ['order=asc', { order: 'asc' }],
    ['order=desc', { order: 'desc' }],
    ['recipient=For+Her', { recipient: ['For Her'] }],
    ['occasion=Love+and+Romance', { occasion: ['Love and Romance'] }],
    ['sameDayDelivery=true', { sameDayDelivery: true }],
  ])('reads %s', (query, expected) => {
    expect(parse(query)).toEqual(expected);
  });

  it('reads every parameter at once, with the keyword from the route', () => {
    expect(
      parse(
        'category=Flowers&subcategory=Roses&color=Red&color=Pink&minRating=3&minPrice=500&maxPrice=3000' +
          '&sortBy=rating&order=desc&recipient=For+Her&recipient=For+Mother&occasion=Birthday&sameDayDelivery=true',
        'red roses',
      ),
    ).toEqual({
      keyword: 'red roses',
      category: 'Flowers',
      subcategory: 'Roses',
      color: ['Red', 'Pink'],
      minRating: 3,
      minPrice: 500,
      maxPrice: 3000,
      sortBy: 'rating',
      order: 'desc',
      recipient: ['For Her', 'For Mother'],
      occasion: ['Birthday'],
      sameDayDelivery: true,
    });
  });

  it('keeps repeated values in order, trimmed and without duplicates or blanks', () => {
    expect(parse('color=Red&color=+Pink+&color=Red&color=&occasion=Birthday&occasion=Apologies')).toEqual({
      color: ['Red', 'Pink'],
      occasion: ['Birthday', 'Apologies'],
    });
  });

  it('trims the keyword and ignores a blank one', () => {
    expect(parse('', '  lilies ')).toEqual({ keyword: 'lilies' });
    expect(parse('', '   ')).toEqual({});
  });

  it.each([
    'minRating=abc',
    'minRating=0',
    'minRating=6',
    'minRating=3.5',
    'minRating=-1',
    'minPrice=abc',
    'minPrice=-500',
    'minPrice=0',
    'minPrice=20000',
    'maxPrice=ten',
    'maxPrice=10000',
    'maxPrice=15000',
    'maxPrice=1e3',
    'sortBy=PRICE',
    'order=up',
    'sameDayDelivery=false',
    'sameDayDelivery=yes',
    'category=',
    'category=%20%20',
    `category=${'x'.repeat(81)}`,
    'unknown=1',
    'pageNumber=3',
  ])('ignores %s', (query) => {
    expect(parse(query)).toEqual({});
  });

  it('drops both prices when the minimum is above the maximum', () => {
    expect(parse('minPrice=3000&maxPrice=1000&category=Cakes')).toEqual({ category: 'Cakes' });
    expect(parse('minPrice=1000&maxPrice=1000')).toEqual({ minPrice: 1000, maxPrice: 1000 });
  });

  it('keeps the valid parameters beside invalid ones', () => {
    expect(parse('minRating=abc&category=Cakes&sortBy=bogus&order=asc')).toEqual({ category: 'Cakes', order: 'asc' });
  });
});

describe('filtersToQuery', () => {
  it('writes nothing for no filters and leaves the keyword to the route', () => {
    expect(filtersToQuery({}).toString()).toBe('');
    expect(filtersToQuery({ keyword: 'roses' }).toString()).toBe('');
  });

  it('writes every parameter under its spec name, repeating the lists', () => {
    const query = filtersToQuery({
      keyword: 'roses',
      category: 'Flowers',
      subcategory: 'Roses',
      color: ['Red', 'Pink'],
      minRating: 4,
      minPrice: 500,
      maxPrice: 2000,
      sortBy: 'price',
      order: 'asc',
      recipient: ['For Her', 'For Wife'],
      occasion: ['Birthday', 'Love and Romance'],
      sameDayDelivery: true,
    });
    expect(query.toString()).toBe(
      'category=Flowers&subcategory=Roses&color=Red&color=Pink&minRating=4&minPrice=500&maxPrice=2000' +
        '&sortBy=price&order=asc&recipient=For+Her&recipient=For+Wife&occasion=Birthday&occasion=Love+and+Romance' +
        '&sameDayDelivery=true',
    );
  });

  it('omits defaults: prices at the slider ends, no same-day delivery, empty lists and blanks', () => {
    expect(
      filtersToQuery({
        category: '',
        minPrice: 0,
        maxPrice: 10_000,
        sameDayDelivery: false,
        color: [],
        recipient: [],
        occasion: [],
      }).toString(),
    ).toBe('');
  });
});

describe('round trip', () => {
  it.each([
    '',
    'category=Cakes',
    'category=Flowers&subcategory=Roses&color=Red&color=White',
    'minRating=5&minPrice=1000&maxPrice=1500&sortBy=name&order=desc',
    'recipient=For+Him&recipient=For+Father&occasion=Sympathy+and+Support&sameDayDelivery=true',
    'subcategory=Chocolate',
  ])('query %s → filters → the same query', (query) => {
    expect(filtersToQuery(parse(query)).toString()).toBe(query);
  });

  it('filters → query → the same filters', () => {
    const filters: ListingFilters = {
      category: 'Combos',
      subcategory: 'Flowers and Teddy',
      color: ['Red'],
      minRating: 2,
      minPrice: 2500,
      maxPrice: 9500,
      sortBy: 'rating',
      order: 'desc',
      recipient: ['For Friend'],
      occasion: ['Congratulations'],
      sameDayDelivery: true,
    };
    expect(parseFilters(filtersToQuery(filters))).toEqual(filters);
  });

  it('normalises a messy query into a clean one', () => {
    expect(filtersToQuery(parse('order=desc&minRating=abc&category=Cakes&maxPrice=10000&foo=bar')).toString()).toBe(
      'category=Cakes&order=desc',
    );
  });
});

describe('listingHref', () => {
  it('puts the keyword in the path, encoded, and the rest in the query', () => {
    expect(listingHref({ keyword: 'red roses & lilies', category: 'Flowers' })).toBe(
      '/products/red%20roses%20%26%20lilies?category=Flowers',
    );
  });

  it('goes to /products without a keyword, and never to a page number', () => {
    expect(listingHref({})).toBe('/products');
    expect(listingHref({ keyword: '  ', sameDayDelivery: true })).toBe('/products?sameDayDelivery=true');
  });
});

describe('withCategory', () => {
  const chosen: ListingFilters = {
    keyword: 'gift',
    category: 'Flowers',
    subcategory: 'Roses',
    color: ['Red'],
    minRating: 4,
    recipient: ['For Her'],
  };

  it('clearing the category clears the subcategory and colours, keeping the rest', () => {
    expect(withCategory(chosen, undefined)).toEqual({ keyword: 'gift', minRating: 4, recipient: ['For Her'] });
    expect(filtersToQuery(withCategory(chosen, '')).toString()).toBe('minRating=4&recipient=For+Her');
  });

  it('choosing another category also starts its subcategory and palette afresh', () => {
    expect(withCategory(chosen, 'Cakes')).toEqual({
      keyword: 'gift',
      category: 'Cakes',
      minRating: 4,
      recipient: ['For Her'],
    });
  });
});

describe('clearedFiltersHref', () => {
  it.each<[ListingFilters, string | null]>([
    [{ keyword: 'roses', category: 'Cakes', color: ['Red'] }, '/products/roses'],
    [{ category: 'Cakes', sortBy: 'price', order: 'desc' }, '/products?sortBy=price&order=desc'],
    [{ recipient: ['For Her'], sameDayDelivery: true }, '/products'],
    [{ maxPrice: 2000 }, '/products'],
    [{ keyword: 'unicorns' }, '/products'],
    [{ keyword: 'unicorns', sortBy: 'name' }, '/products?sortBy=name'],
    [{ sortBy: 'rating' }, null],
    [{}, null],
  ])('clears %j to %s', (filters, href) => {
    expect(clearedFiltersHref(filters)).toBe(href);
  });
});
