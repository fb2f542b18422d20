import { describe, expect, it } from 'vitest';
import { FrequencySketch } from './frequency-sketch.js';

describe('frequency sketch', () => {
  it('counts how often each of the keys it is sized for was asked, up to 15', () => {
    const sketch = new FrequencySketch(1_000);
    for (let i = 0; i < 1_000; i++) for (let n = 0; n < i % 7; n++) sketch.increment(`/api/products/${i}`);
    for (let n = 0; n < 40; n++) sketch.increment('/api/products?pageNumber=1');
    const wrong = Array.from({ length: 1_000 }, (_, i) => i).filter(
      (i) => sketch.frequency(`/api/products/${i}`) !== i % 7,
    );
    // Never below the true count; above it for a few keys at most.
    for (const i of wrong) expect(sketch.frequency(`/api/products/${i}`)).toBeGreaterThan(i % 7);
    expect(wrong.length).toBeLessThan(20);
    expect(sketch.frequency('/api/products?pageNumber=1')).toBe(15);
    expect(sketch.frequency('/api/products/never-asked')).toBeLessThanOrEqual(1);
  });

  it('halves every count once ten times as many asks as keys have been counted', () => {
    const sketch = new FrequencySketch(100);
    for (let n = 0; n < 12; n++) sketch.increment('popular an hour ago');
    expect(sketch.frequency('popular an hour ago')).toBe(12);
    // 988 more asks make 1,000 (10 x 100 keys): every count is halved.
    for (let i = 0; i < 988; i++) sketch.increment(`one-off ${i}`);
    expect(sketch.frequency('popular an hour ago')).toBe(6);
  });
});
