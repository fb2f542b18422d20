import { describe, expect, it } from 'vitest';
import { cpuQuotaCores, machine, memoryLimitMb } from './machine.js';
import { heapLimitChosen, restartDelayMs, workerCount } from './workers.js';

describe('how many server workers run', () => {
  it.each([
    [{ databaseUrl: undefined, webConcurrency: undefined }, 1],
    // The embedded database belongs to one process, whatever is asked.
    [{ databaseUrl: undefined, webConcurrency: 4 }, 1],
    [{ databaseUrl: 'postgres://db/store', webConcurrency: undefined }, 2],
    [{ databaseUrl: 'postgres://db/store', webConcurrency: 1 }, 1],
    [{ databaseUrl: 'postgres://db/store', webConcurrency: 6 }, 6],
  ])('%o on a 2-core machine: %i', (config, expected) => {
    expect(workerCount(config, { cores: 2, memoryMb: 4_096 })).toBe(expected);
  });

  it('runs one per core, as many as the memory holds', () => {
    const postgres = { databaseUrl: 'postgres://db/store', webConcurrency: undefined };
    expect(workerCount(postgres, { cores: 8, memoryMb: 16_384 })).toBe(8);
    expect(workerCount(postgres, { cores: 4, memoryMb: 1_024 })).toBe(2);
    expect(workerCount(postgres, { cores: 2, memoryMb: 256 })).toBe(1);
    expect(workerCount({ ...postgres, webConcurrency: 3 }, { cores: 2, memoryMb: 256 })).toBe(3);
  });
});

describe('what the machine gives', () => {
  const files = (entries: Record<string, string>) => (file: string) => entries[file];

  it("takes a container's CPU quota, rounded up, and its memory limit", () => {
    expect(cpuQuotaCores(files({ '/sys/fs/cgroup/cpu.max': '150000 100000' }))).toBe(2);
    expect(cpuQuotaCores(files({ '/sys/fs/cgroup/cpu.max': 'max 100000' }))).toBeUndefined();
    expect(
      cpuQuotaCores(
        files({ '/sys/fs/cgroup/cpu/cpu.cfs_quota_us': '-1', '/sys/fs/cgroup/cpu/cpu.cfs_period_us': '100000' }),
      ),
    ).toBeUndefined();
    expect(memoryLimitMb(files({ '/sys/fs/cgroup/memory.max': String(512 * 2 ** 20) }))).toBe(512);
    expect(memoryLimitMb(files({ '/sys/fs/cgroup/memory.max': 'max' }))).toBeUndefined();
    expect(
      memoryLimitMb(files({ '/sys/fs/cgroup/memory/memory.limit_in_bytes': '9223372036854771712' })),
    ).toBeUndefined();
  });

  it('is the host when there is no container', () => {
    const m = machine(() => undefined);
    expect(m.cores).toBeGreaterThanOrEqual(1);
    expect(m.memoryMb).toBeGreaterThan(0);
  });
});

describe("a worker's heap limit", () => {
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
