import { describe, expect, it } from 'vitest';
import { workerCount } from './workers.js';

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
