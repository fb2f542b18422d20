import { describe, expect, it } from 'vitest';
import { MAX_KEPT_VALUES, ResponseCache, stableKey } from './response-cache.js';

/** The cache as the catalogue uses it: an answer's JSON text. */
const json = (
  cache: ResponseCache,
  key: string,
  compute: () => Promise<{ n: number }>,
  shows?: (value: { n: number }) => readonly string[],
) =>
  cache.text(key, async () => {
    const value = await compute();
    const body = JSON.stringify(value);
    return shows ? { body, products: shows(value) } : body;
  });

/** An answer still being computed until `release()`, showing `shows` if given. */
function computing(cache: ResponseCache, key: string, n: number, shows?: readonly string[]) {
  let release!: () => void;
  const answer = json(cache, key, () => new Promise((r) => (release = () => r({ n }))), shows && (() => shows));
  return { answer, release: () => release() };
}

/** The answer for `key`, computed at once as { n } if the cache has none. */
const computed = (cache: ResponseCache, key: string, n: number, shows?: readonly string[]) =>
  json(cache, key, async () => ({ n }), shows && (() => shows));

function liveCache(maxEntries = 10, ttlMs = 60_000, maxChars = 1_000_000) {
  const cache = new ResponseCache({ maxEntries, ttlMs, maxChars });
  cache.setLive(true);
  return cache;
}

describe('response cache', () => {
  it('computes once and then answers from memory', async () => {
    const cache = liveCache();
    let calls = 0;
    const compute = async () => ({ n: ++calls });
    expect(await json(cache, 'k', compute)).toBe('{"n":1}');
    expect(await json(cache, 'k', compute)).toBe('{"n":1}');
    expect(calls).toBe(1);
  });

  it('stores nothing until it is live, and forgets everything when it stops being live', async () => {
    const cache = new ResponseCache({ maxEntries: 10, ttlMs: 60_000, maxChars: 1_000_000 });
    let calls = 0;
    const compute = async () => ({ n: ++calls });
    await json(cache, 'k', compute);
    await json(cache, 'k', compute);
    expect(calls).toBe(2);
    cache.setLive(true);
    await json(cache, 'k', compute);
    cache.setLive(false);
    expect(await json(cache, 'k', compute)).toBe('{"n":4}');
  });

  it('shares one computation between concurrent misses', async () => {
    const cache = liveCache();
    let calls = 0;
    const compute = () => new Promise<{ n: number }>((r) => setTimeout(() => r({ n: ++calls }), 10));
    const answers = await Promise.all(Array.from({ length: 5 }, () => json(cache, 'k', compute)));
    expect(answers).toEqual(Array(5).fill('{"n":1}'));
    expect(calls).toBe(1);
  });

  it('never stores an answer computed before an invalidation', async () => {
    const cache = liveCache();
    let release!: () => void;
    const slow = json(cache, 'k', () => new Promise((r) => (release = () => r({ n: 1 }))));
    cache.invalidate();
    release();
    expect(await slow).toBe('{"n":1}');
    expect(await json(cache, 'k', async () => ({ n: 2 }))).toBe('{"n":2}');
  });

  it('gives the least recently used place to a key asked for more often, and expires old answers', async () => {
    const cache = liveCache(2, 50);
    await json(cache, 'a', async () => ({ n: 1 }));
    await json(cache, 'b', async () => ({ n: 2 }));
    await json(cache, 'a', async () => ({ n: 99 }));
    // Asked for once, as often as b, the next to go: not kept.
    expect(await json(cache, 'c', async () => ({ n: 3 }))).toBe('{"n":3}');
    expect(await json(cache, 'c', async () => ({ n: 30 }))).toBe('{"n":30}');
    // Asked for twice now: it takes b's place.
    expect(await json(cache, 'c', async () => ({ n: 300 }))).toBe('{"n":30}');
    expect(cache.size).toBe(2);
    expect(await json(cache, 'a', async () => ({ n: 99 }))).toBe('{"n":1}');
    expect(await json(cache, 'b', async () => ({ n: 20 }))).toBe('{"n":20}');
    await new Promise((r) => setTimeout(r, 60));
    expect(await json(cache, 'a', async () => ({ n: 100 }))).toBe('{"n":100}');
  });

  it('keeps the answers asked for again and again while thousands of one-off keys pass by', async () => {
    const cache = liveCache(50);
    let hotComputed = 0;
    const hot = async () => ({ n: ++hotComputed });
    const once = async () => ({ n: 0 });
    const computedPerRound: number[] = [];
    // Each round asks for the 50 hot answers once and for 100 answers nobody asks for again.
    for (let round = 0, next = 0; round < 20; round++) {
      const before = hotComputed;
      for (let i = 0; i < 50; i++) {
        await json(cache, `hot:${i}`, hot);
        for (let j = 0; j < 2; j++) await json(cache, `once:${next++}`, once);
      }
      computedPerRound.push(hotComputed - before);
    }
    // Least recently used alone would compute all 50 again every round: 500 in the last ten.
    expect(computedPerRound[0]).toBe(50);
    expect(computedPerRound.slice(10).reduce((a, b) => a + b)).toBeLessThanOrEqual(25);
  });

  it('holds no more text than its budget, and never one answer that would take most of it', async () => {
    const cache = liveCache(100, 60_000, 800);
    const text = (chars: number) => async () => 'x'.repeat(chars);
    for (let i = 0; i < 8; i++) await cache.text(`page:${i}`, text(100));
    expect(cache.size).toBe(8);
    expect(cache.heldChars).toBe(800);
    // Asked for twice, more often than the least recently used: it takes as many places as it needs.
    await cache.text('search', text(100));
    await cache.text('search', text(100));
    expect(cache.heldChars).toBeLessThanOrEqual(800);
    expect(cache.size).toBe(8);
    let computed = 0;
    await cache.text('search', async () => `${++computed}`);
    expect(computed).toBe(0);
    // Over an eighth of the budget: computed every time, however often it is asked for.
    const big = async () => {
      computed += 1;
      return 'y'.repeat(101);
    };
    for (let i = 0; i < 3; i++) await cache.text('big', big);
    expect(computed).toBe(3);
    expect(cache.heldChars).toBeLessThanOrEqual(800);
    cache.invalidate();
    expect(cache.heldChars).toBe(0);
  });

  it('drops only the answers that show a product whose stock moved, and those that said nothing', async () => {
    const cache = liveCache();
    const shows =
      (...ids: string[]) =>
      () =>
        ids;
    await json(cache, 'page:a', async () => ({ n: 1 }), shows('a', 'b'));
    await json(cache, 'page:c', async () => ({ n: 2 }), shows('c'));
    await json(cache, 'list', async () => ({ n: 3 }), shows('b', 'c'));
    await json(cache, 'unsaid', async () => ({ n: 4 }));
    cache.invalidateProducts(['b']);
    expect(cache.size).toBe(1);
    expect(await json(cache, 'page:c', async () => ({ n: 20 }), shows('c'))).toBe('{"n":2}');
    expect(await json(cache, 'page:a', async () => ({ n: 10 }), shows('a', 'b'))).toBe('{"n":10}');
    expect(await json(cache, 'list', async () => ({ n: 30 }), shows('b', 'c'))).toBe('{"n":30}');
    expect(await json(cache, 'unsaid', async () => ({ n: 40 }))).toBe('{"n":40}');
  });

  it('keeps an answer computed across sales of products it does not show, never across one it shows', async () => {
    const cache = liveCache();
    const other = computing(cache, 'shows-x', 1, ['x']);
    const sold = computing(cache, 'shows-y', 2, ['x', 'y']);
    const unsaid = computing(cache, 'unsaid', 3);
    cache.invalidateProducts(['y']);
    cache.invalidateProducts(['z']);
    for (const c of [other, sold, unsaid]) c.release();
    expect([await other.answer, await sold.answer, await unsaid.answer]).toEqual(['{"n":1}', '{"n":2}', '{"n":3}']);
    expect(await computed(cache, 'shows-x', 10, ['x'])).toBe('{"n":1}');
    expect(await computed(cache, 'shows-y', 20, ['x', 'y'])).toBe('{"n":20}');
    expect(await computed(cache, 'unsaid', 30)).toBe('{"n":30}');
  });

  it('keeps nothing computed across more sales than it remembers, or across any other change', async () => {
    const cache = liveCache();
    const slow = computing(cache, 'k', 1, ['x']);
    for (let i = 0; i < 300; i++) cache.invalidateProducts([`other-${i}`]);
    slow.release();
    await slow.answer;
    expect(await computed(cache, 'k', 2, ['x'])).toBe('{"n":2}');

    const across = computing(cache, 'j', 3, ['x']);
    cache.invalidateProducts(['y']);
    cache.invalidate();
    across.release();
    await across.answer;
    expect(await computed(cache, 'j', 4, ['x'])).toBe('{"n":4}');
  });

  it('forgets what an evicted answer showed', async () => {
    const cache = liveCache(1);
    await json(
      cache,
      'a',
      async () => ({ n: 1 }),
      () => ['p'],
    );
    // Asked for twice, more often than a: it takes a's place.
    for (let i = 0; i < 2; i++) {
      await json(
        cache,
        'b',
        async () => ({ n: 2 }),
        () => ['q'],
      );
    }
    cache.invalidateProducts(['p']);
    expect(cache.size).toBe(1);
    expect(
      await json(
        cache,
        'b',
        async () => ({ n: 20 }),
        () => ['q'],
      ),
    ).toBe('{"n":2}');
  });

  it('does not cache failures', async () => {
    const cache = liveCache();
    await expect(json(cache, 'k', async () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await json(cache, 'k', async () => ({ n: 1 }))).toBe('{"n":1}');
  });

  it('keeps a value through sales and drops it on any other change; none while it is off', async () => {
    const cache = liveCache();
    let calls = 0;
    const compute = () => new Promise<number>((resolve) => setTimeout(() => resolve(++calls), 5));
    // Concurrent callers share one computation; a sale while it runs does not drop it.
    const first = cache.keep('anchors', compute);
    cache.invalidateProducts(['p1']);
    expect(await Promise.all([first, cache.keep('anchors', compute)])).toEqual([1, 1]);
    cache.invalidateProducts(['p2']);
    expect(await cache.keep('anchors', compute)).toBe(1);
    cache.invalidate();
    expect(await cache.keep('anchors', compute)).toBe(2);
    await expect(cache.keep('failing', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.keep('failing', async () => 7)).toBe(7);
    cache.setLive(false);
    expect(cache.keep('anchors', compute)).toBeUndefined();
    expect(calls).toBe(2);
  });

  it('keeps no more than MAX_KEPT_VALUES values: past them each is made for its one use', async () => {
    const cache = liveCache();
    for (let i = 0; i < MAX_KEPT_VALUES; i++) await cache.keep(`word ${i}`, async () => i);
    let calls = 0;
    const compute = async () => ++calls;
    expect(await cache.keep('one word too many', compute)).toBe(1);
    expect(await cache.keep('one word too many', compute)).toBe(2);
    // Those kept before stay kept.
    expect(await cache.keep('word 7', async () => -1)).toBe(7);
    cache.invalidate();
    expect(await cache.keep('one word too many', compute)).toBe(3);
    expect(await cache.keep('one word too many', compute)).toBe(3);
  });

  it('keys do not depend on the order of fields', () => {
    expect(stableKey('p', { b: 1, a: [2, 1] })).toBe(stableKey('p', { a: [2, 1], b: 1 }));
    expect(stableKey('p', { a: [1, 2] })).not.toBe(stableKey('p', { a: [2, 1] }));
  });
});
