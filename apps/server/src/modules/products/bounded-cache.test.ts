import { describe, expect, it } from 'vitest';
import { BoundedCache } from './bounded-cache.js';

describe('bounded cache', () => {
  it('holds at most its bound of products, letting the least recently used go first', () => {
    const cache = new BoundedCache<string[]>(
      () => 8,
      (ids) => ids.length,
    );
    cache.set('roses', ['a', 'b', 'c']);
    cache.set('cake', ['d', 'e']);
    expect(cache.get('roses')).toEqual(['a', 'b', 'c']);
    // 4 + 3 + 2 over 8: cake, used least recently, goes.
    cache.set('lily', ['f', 'g']);
    expect(cache.get('cake')).toBeUndefined();
    expect(cache.get('roses')).toEqual(['a', 'b', 'c']);
    expect(cache.get('lily')).toEqual(['f', 'g']);
  });

  it('keeps a bounded number of values that hold nothing', () => {
    const cache = new BoundedCache<string[]>(
      () => 100,
      (ids) => ids.length,
    );
    for (let i = 0; i < 10_000; i++) cache.set(`nomatch${i}`, []);
    const kept = Array.from({ length: 10_000 }, (_, i) => cache.get(`nomatch${i}`)).filter(Boolean);
    expect(kept).toHaveLength(100);
    expect(cache.get('nomatch9999')).toEqual([]);
  });
});
