import { describe, expect, it } from 'vitest';
import { heapLimitChosen, restartDelayMs, workerCount, workerHeapMb, workerInitialHeapMb } from './workers.js';

describe('how many server workers run', () => {
  it.each([
    [{ databaseUrl: undefined, webConcurrency: undefined }, 1],
    // The embedded database belongs to one process, whatever is asked.
    [{ databaseUrl: undefined, webConcurrency: 4 }, 1],
    [{ databaseUrl: 'postgres://db/store', webConcurrency: undefined }, 2],
    [{ databaseUrl: 'postgres://db/store', webConcurrency: 1 }, 1],
    [{ databaseUrl: 'postgres://db/store', webConcurrency: 6 }, 6],
  ])('%o on a 2-core machine: %i', (config, expected) => {
    expect(workerCount(config, 2)).toBe(expected);
  });
});

describe("a worker's heap limit", () => {
  it('grows with the catalogue its read model holds', () => {
    expect(workerHeapMb(0)).toBe(128);
    expect(workerHeapMb(3_000)).toBe(128);
    expect(workerHeapMb(10_000)).toBe(208);
    expect(workerHeapMb(100_000)).toBe(1_262);
  });

  it('starts at half of itself, about what a worker holds once its read model is in', () => {
    expect(workerInitialHeapMb(workerHeapMb(10_000))).toBe(104);
    expect(workerInitialHeapMb(workerHeapMb(100_000))).toBe(631);
  });

  it('is left alone when whoever started the store chose one, in MAX_HEAP_MB or NODE_OPTIONS', () => {
    expect(heapLimitChosen({})).toBe(false);
    expect(heapLimitChosen({ MAX_HEAP_MB: '', NODE_OPTIONS: '--enable-source-maps' })).toBe(false);
    expect(heapLimitChosen({ MAX_HEAP_MB: '512' })).toBe(true);
    expect(heapLimitChosen({ NODE_OPTIONS: '--require ./x.js --max-old-space-size=300' })).toBe(true);
  });
});

describe('how long a dead worker waits to be replaced', () => {
  it.each([
    [1, 500],
    [2, 1_000],
    [3, 2_000],
    [6, 16_000],
    // However many times it died, a replacement is tried at least twice a minute.
    [7, 30_000],
    [50, 30_000],
  ])('after %i quick deaths in a row: %i ms', (deaths, ms) => {
    expect(restartDelayMs(deaths)).toBe(ms);
  });
});
