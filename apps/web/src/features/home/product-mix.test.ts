import { describe, expect, it } from 'vitest';
import type { ProductSummary } from '@store/contracts';
import { mixByCategory } from './product-mix.js';

const product = (name: string, category: string) => ({ _id: name, name, category }) as ProductSummary;
const names = (list: ProductSummary[]) => list.map((p) => p.name);

describe('mixByCategory', () => {
  it('takes one product of each category in turn, in the order the categories first appear', () => {
    const list = [
      product('cake 1', 'Cakes'),
      product('cake 2', 'Cakes'),
      product('rose 1', 'Flowers'),
      product('cake 3', 'Cakes'),
      product('truffle 1', 'Chocolates'),
      product('rose 2', 'Flowers'),
    ];
    expect(names(mixByCategory(list))).toEqual(['cake 1', 'rose 1', 'truffle 1', 'cake 2', 'rose 2', 'cake 3']);
  });

  it('keeps every product exactly once', () => {
    const list = [product('a', 'Cakes'), product('b', 'Cakes'), product('c', 'Combos')];
    expect(mixByCategory(list)).toHaveLength(3);
    expect(new Set(names(mixByCategory(list)))).toEqual(new Set(['a', 'b', 'c']));
  });

  it('gives an empty list for no products', () => {
    expect(mixByCategory([])).toEqual([]);
  });
});
