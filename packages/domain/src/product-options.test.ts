import { describe, expect, it } from 'vitest';
import { chooseOptions, optionLabel, optionsKey, optionsPrice, type ProductOption } from './product-options.js';

const EGGLESS: ProductOption = {
  id: 'egg',
  name: 'Eggless',
  kind: 'choice',
  price: 5_000,
  maxLength: 0,
  required: false,
};
const MESSAGE: ProductOption = {
  id: 'msg',
  name: 'Message on cake',
  kind: 'text',
  price: 0,
  maxLength: 30,
  required: false,
};
const NAME: ProductOption = {
  id: 'name',
  name: 'Name on cake',
  kind: 'text',
  price: 2_500,
  maxLength: 12,
  required: true,
};
const CAKE = [EGGLESS, MESSAGE];

describe('chooseOptions', () => {
  it.each([
    { case: 'nothing chosen', offered: CAKE, requests: [], options: [] },
    {
      case: 'a choice and a text, in the product order whatever the request order',
      offered: CAKE,
      requests: [{ id: 'msg', value: '  Happy birthday, Amma ' }, { id: 'egg' }],
      options: [
        { id: 'egg', name: 'Eggless', kind: 'choice', value: null, price: 5_000 },
        { id: 'msg', name: 'Message on cake', kind: 'text', value: 'Happy birthday, Amma', price: 0 },
      ],
    },
    { case: 'an empty text is no choice', offered: CAKE, requests: [{ id: 'msg', value: '   ' }], options: [] },
    {
      // 30 user-perceived characters in 138 UTF-16 code units: a family emoji is one, as is ആ or ശം.
      case: 'text counted in grapheme clusters',
      offered: CAKE,
      requests: [{ id: 'msg', value: '👨‍👩‍👧'.repeat(15) + 'ആശംസകൾ'.repeat(3) }],
      options: [
        { id: 'msg', name: 'Message on cake', kind: 'text', value: '👨‍👩‍👧'.repeat(15) + 'ആശംസകൾ'.repeat(3), price: 0 },
      ],
    },
    {
      case: 'a required text given',
      offered: [NAME],
      requests: [{ id: 'name', value: 'Priya' }],
      options: [{ id: 'name', name: 'Name on cake', kind: 'text', value: 'Priya', price: 2_500 }],
    },
  ])('$case', ({ offered, requests, options }) => {
    expect(chooseOptions(offered, requests, 'Truffle Cake')).toEqual({ options, problems: [] });
  });

  it.each([
    {
      case: 'an option the product does not offer',
      offered: CAKE,
      requests: [{ id: 'candles' }],
      problems: [{ index: 0, field: 'id', optionId: null, message: 'Truffle Cake has no such option' }],
    },
    {
      case: 'the same option twice',
      offered: CAKE,
      requests: [{ id: 'egg' }, { id: 'egg' }],
      problems: [{ index: 1, field: 'id', optionId: 'egg', message: 'Eggless is chosen twice' }],
    },
    {
      case: 'text on a choice',
      offered: CAKE,
      requests: [{ id: 'egg', value: 'yes' }],
      problems: [{ index: 0, field: 'value', optionId: 'egg', message: 'Eggless takes no text' }],
    },
    {
      case: 'a text option named without its text',
      offered: CAKE,
      requests: [{ id: 'msg' }],
      problems: [{ index: 0, field: 'value', optionId: 'msg', message: 'Write the text for Message on cake' }],
    },
    {
      case: 'one character too many',
      offered: CAKE,
      requests: [{ id: 'msg', value: 'x'.repeat(31) }],
      problems: [
        { index: 0, field: 'value', optionId: 'msg', message: 'Message on cake must be at most 30 characters' },
      ],
    },
    {
      case: 'a line break in a one-line message',
      offered: CAKE,
      requests: [{ id: 'msg', value: 'Happy\nbirthday' }],
      problems: [
        { index: 0, field: 'value', optionId: 'msg', message: 'Message on cake must be one line of plain text' },
      ],
    },
    {
      case: 'a required option left out',
      offered: [EGGLESS, NAME],
      requests: [{ id: 'egg' }],
      problems: [{ index: null, field: null, optionId: 'name', message: 'Name on cake is required for Truffle Cake' }],
    },
    {
      case: 'a required option left empty',
      offered: [NAME],
      requests: [{ id: 'name', value: ' ' }],
      problems: [{ index: null, field: null, optionId: 'name', message: 'Name on cake is required for Truffle Cake' }],
    },
  ])('refuses $case', ({ offered, requests, problems }) => {
    expect(chooseOptions(offered, requests, 'Truffle Cake').problems).toEqual(problems);
  });
});

describe('optionsKey', () => {
  it.each([
    {
      case: 'order does not matter',
      a: [{ id: 'egg' }, { id: 'msg', value: 'Hi' }],
      b: [{ id: 'msg', value: 'Hi' }, { id: 'egg' }],
      same: true,
    },
    {
      case: 'spaces around a text do not matter',
      a: [{ id: 'msg', value: ' Hi ' }],
      b: [{ id: 'msg', value: 'Hi' }],
      same: true,
    },
    { case: 'an empty text is no option', a: [{ id: 'msg', value: '' }], b: [], same: true },
    {
      case: 'another text is another line',
      a: [{ id: 'msg', value: 'Hi' }],
      b: [{ id: 'msg', value: 'Hello' }],
      same: false,
    },
    { case: 'eggless or not', a: [{ id: 'egg' }], b: [], same: false },
    {
      case: 'a text that looks like a separator',
      a: [{ id: 'msg', value: 'a|egg' }],
      b: [{ id: 'msg', value: 'a' }, { id: 'egg' }],
      same: false,
    },
  ])('$case', ({ a, b, same }) => {
    expect(optionsKey(a) === optionsKey(b)).toBe(same);
  });
});

describe('optionsPrice and optionLabel', () => {
  it('adds the options of one unit', () => {
    expect(optionsPrice([{ price: 5_000 }, { price: 0 }, { price: 2_550 }])).toBe(7_550);
    expect(optionsPrice([])).toBe(0);
  });

  it.each([
    [{ name: 'Eggless', value: null, price: 5_000 }, 'Eggless (+₹50)'],
    [{ name: 'Message on cake', value: 'Happy birthday', price: 0 }, 'Message on cake: “Happy birthday”'],
    [{ name: 'Name on cake', value: 'Priya', price: 2_550 }, 'Name on cake: “Priya” (+₹25.50)'],
  ])('%o reads %s', (option, label) => {
    expect(optionLabel(option)).toBe(label);
  });
});
