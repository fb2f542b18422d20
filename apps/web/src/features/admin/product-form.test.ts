import { describe, expect, it } from 'vitest';
import { defaultFulfilment } from '@store/domain';
import {
  addTags,
  formFromProduct,
  parseImageList,
  PRODUCT_FIELDS,
  productPayload,
  validateProductForm,
  withCategory,
  withSubCategories,
} from './product-form.js';
import { detail, summary, uuid } from './admin-test-utils.js';
import { conflictRows, reapply } from './stale-edit.js';

describe('tags', () => {
  it.each([
    { case: 'trims', tags: [], typed: ['  rose  '], expected: ['rose'] },
    { case: 'ignores empty ones', tags: ['a'], typed: ['', '   '], expected: ['a'] },
    { case: 'ignores duplicates in any case', tags: ['Rose'], typed: ['rose', ' ROSE '], expected: ['Rose'] },
    { case: 'adds several in order, once each', tags: [], typed: ['b', 'a', 'b'], expected: ['b', 'a'] },
  ])('$case', ({ tags, typed, expected }) => {
    expect(addTags(tags, typed)).toEqual(expected);
  });
});

it('reads a comma-separated list of pictures, dropping blanks', () => {
  expect(parseImageList(' /uploads/a.jpg,, /uploads/b.png , ')).toEqual(['/uploads/a.jpg', '/uploads/b.png']);
  expect(parseImageList('')).toEqual([]);
});

describe('the PUT payload', () => {
  const stored = detail(1, {
    discountPrice: 400,
    discountStartDate: '2026-12-01T06:30:00.000Z',
    discountEndDate: '2026-12-31T00:00:00.000Z',
    weight: 250,
    dimensions: { length: 30, width: null, height: 12.5 },
  });

  it('gives back what it was filled with and its version: untouched dates exactly, numbers as numbers', () => {
    const payload = productPayload(stored._id, formFromProduct(stored), { ...stored, version: 4 });
    expect(payload).toMatchObject({
      productId: uuid(1),
      version: 4,
      price: stored.price,
      discountPrice: 400,
      discountStartDate: '2026-12-01T06:30:00.000Z',
      discountEndDate: '2026-12-31T00:00:00.000Z',
      weight: 250,
      dimensions: { length: 30, width: null, height: 12.5 },
    });
  });

  it("sends an edited date as 'YYYY-MM-DD', an emptied one and an empty discount as none", () => {
    const form = {
      ...formFromProduct(stored),
      discountStartDate: '2026-12-05',
      discountEndDate: '',
      discountPrice: '',
    };
    expect(productPayload(stored._id, form, stored)).toMatchObject({
      discountStartDate: '2026-12-05',
      discountEndDate: null,
      discountPrice: 0,
    });
  });
});

it('finds the required fields missing and numbers that are not numbers', () => {
  const stored = detail(1, {
    variants: [{ _id: uuid(11), name: '1 Kg', price: 900, discountPrice: 0, countInStock: 4, image: '' }],
  });
  const form = formFromProduct(stored);
  const edited = {
    ...form,
    name: ' ',
    price: '',
    category: '',
    variants: [...form.variants, { key: 'new', name: '2 Kg', price: '1500', countInStock: 'many', image: '' }],
  };
  // An existing variant's stock is not the form's: only a new one's is asked for.
  expect(validateProductForm(edited)).toEqual({
    'product-name': 'Name is required',
    'product-price': 'Price is required',
    'product-category': 'Category is required',
    'variant-1-countInStock': 'Variant count in stock must be a number',
  });
});

describe('the GST class', () => {
  it('goes as hsnCode and gstRate; left empty, it is left out for the category default', () => {
    const stored = detail(1, { category: 'Cakes', hsnCode: '1905', gstRate: 5 });
    expect(productPayload(stored._id, formFromProduct(stored), stored)).toMatchObject({ hsnCode: '1905', gstRate: 5 });
    const draft = detail(2, { category: '', hsnCode: '', gstRate: 0 });
    const payload = productPayload(draft._id, { ...formFromProduct(draft), category: 'Cakes' }, draft);
    expect(payload).not.toHaveProperty('hsnCode');
    expect(payload).not.toHaveProperty('gstRate');
  });

  it("takes a new category's default unless edited; the same category changes nothing", () => {
    const form = formFromProduct(
      detail(1, { category: 'Flowers', hsnCode: '0603', gstRate: 0, subCategory: ['Roses'] }),
    );
    const untouched = { tax: false, fulfilment: false };
    expect(withCategory(form, 'Combos', untouched)).toMatchObject({ hsnCode: '1905', gstRate: '5', subCategory: [] });
    expect(withCategory(form, 'Chocolates', untouched)).toMatchObject({ hsnCode: '1806', gstRate: '5' });
    expect(withCategory(form, 'Cakes', { tax: true, fulfilment: false })).toMatchObject({
      category: 'Cakes',
      hsnCode: '0603',
      gstRate: '0',
    });
    expect(withCategory(form, 'Flowers', untouched)).toBe(form);
  });

  it('checks the HSN code, and that it comes with a rate and a rate with it', () => {
    const form = formFromProduct(detail(1));
    expect(validateProductForm({ ...form, hsnCode: '123' })).toEqual({
      'product-hsn-code': 'HSN code must be 4, 6 or 8 digits',
    });
    expect(validateProductForm({ ...form, hsnCode: '0603', gstRate: '' })).toEqual({
      'product-gst-rate': 'GST rate is required with an HSN code',
    });
    expect(validateProductForm({ ...form, hsnCode: ' ', gstRate: '18' })).toEqual({
      'product-hsn-code': 'HSN code is required with a GST rate',
    });
    expect(validateProductForm({ ...form, hsnCode: '06031000', gstRate: '0' })).toEqual({});
    expect(validateProductForm({ ...form, hsnCode: '', gstRate: '' })).toEqual({});
  });
});

describe('how it travels', () => {
  const untouched = { tax: false, fulfilment: false };
  const chocolates = formFromProduct(detail(1, { category: 'Chocolates', subCategory: [], fulfilment: 'courier' }));

  it('is filled from the product and sent as fulfilment', () => {
    const stored = detail(1, { category: 'Cakes', fulfilment: 'courier' });
    expect(formFromProduct(stored).fulfilment).toBe('courier');
    expect(productPayload(stored._id, formFromProduct(stored), stored)).toMatchObject({ fulfilment: 'courier' });
  });

  it.each([
    { from: 'Chocolates', to: 'Cakes', expected: 'local' },
    { from: 'Chocolates', to: 'Flowers', expected: 'local' },
    { from: 'Chocolates', to: 'Combos', expected: 'local' },
    { from: 'Cakes', to: 'Chocolates', expected: 'courier' },
  ] as const)('moved from $from to $to, becomes $expected unless the admin chose', ({ from, to, expected }) => {
    const form = formFromProduct(
      detail(1, {
        category: from,
        subCategory: [],
        fulfilment: defaultFulfilment({ category: from, subCategory: [] }),
      }),
    );
    expect(withCategory(form, to, untouched).fulfilment).toBe(expected);
    expect(withCategory(form, to, { tax: false, fulfilment: true }).fulfilment).toBe(form.fulfilment);
  });

  it('follows the subcategories: plum cakes come in tins; a chosen kind is kept', () => {
    const cakes = withCategory(chocolates, 'Cakes', untouched);
    expect(withSubCategories(cakes, ['Plum cakes'], untouched)).toMatchObject({
      subCategory: ['Plum cakes'],
      fulfilment: 'courier',
    });
    expect(withSubCategories(cakes, ['Red Velvet'], untouched).fulfilment).toBe('local');
    const chosen = { ...cakes, fulfilment: 'local' as const };
    expect(withSubCategories(chosen, ['Plum cakes'], { tax: false, fulfilment: true }).fulfilment).toBe('local');
  });
});

describe('a save refused as stale', () => {
  it('names every field of the form, so re-applying never drops one', () => {
    expect(PRODUCT_FIELDS.map((f) => f.key).sort()).toEqual(Object.keys(formFromProduct(detail(1))).sort());
  });

  it("puts the admin's changes on what is there now; lists are compared by what is saved of them", () => {
    const stored = detail(1, {
      relatedProducts: [summary(2, { rating: 4 })],
      variants: [{ _id: uuid(11), name: '1 Kg', price: 900, discountPrice: 0, countInStock: 4, image: '' }],
    });
    // Someone renamed it; a review since changed the related product's rating, which the form does not hold.
    const current = { ...stored, name: 'Roses', relatedProducts: [summary(2, { rating: 5 })], version: 2 };
    const opened = formFromProduct(stored);
    const now = formFromProduct(current);
    const mine = { ...opened, price: '1200', variants: opened.variants.map((v) => ({ ...v, key: 'again' })) };
    expect(conflictRows(PRODUCT_FIELDS, opened, now, mine)).toEqual([
      { field: 'name', label: 'Name', opened: 'Gift 1', now: 'Roses', mine: 'Gift 1', edited: false },
      {
        field: 'price',
        label: 'Price',
        opened: String(stored.price),
        now: String(stored.price),
        mine: '1200',
        edited: true,
      },
    ]);
    expect(reapply(PRODUCT_FIELDS, opened, now, mine)).toEqual({ ...now, price: '1200' });
  });
});
