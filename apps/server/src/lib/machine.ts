import { readFileSync } from 'node:fs';
import { availableParallelism, totalmem } from 'node:os';

/** The first line of a file, or undefined when it cannot be read (no such cgroup, not Linux). */
function firstLine(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8').split('\n', 1)[0]!.trim();
  } catch {
    return undefined;
  }
}

/**
 * A container's CPU quota in cores, rounded up (cgroup v2's `cpu.max`, else v1's quota and period);
 * undefined when there is none. `os.availableParallelism()` sees the CPUs the process may run on,
 * not a quota: a container given 2 CPUs' worth of time on a 32-core host would start 32 workers.
 */
export function cpuQuotaCores(read: (file: string) => string | undefined = firstLine): number | undefined {
  const v2 = read('/sys/fs/cgroup/cpu.max')?.split(/\s+/);
  const [quota, period] = v2 ?? [
    read('/sys/fs/cgroup/cpu/cpu.cfs_quota_us'),
    read('/sys/fs/cgroup/cpu/cpu.cfs_period_us'),
  ];
  const q = Number(quota);
  const p = Number(period);
  if (!Number.isFinite(q) || !Number.isFinite(p) || q <= 0 || p <= 0) return undefined;
  return Math.max(1, Math.ceil(q / p));
}

/**
 * A container's memory limit in MB (cgroup v2's `memory.max`, else v1's `memory.limit_in_bytes`);
 * undefined when there is none (v1 reports "none" as a number near 2^63).
 */
export function memoryLimitMb(read: (file: string) => string | undefined = firstLine): number | undefined {
  const raw = read('/sys/fs/cgroup/memory.max') ?? read('/sys/fs/cgroup/memory/memory.limit_in_bytes');
  const bytes = Number(raw);
  if (!Number.isFinite(bytes) || bytes <= 0 || bytes >= 2 ** 60) return undefined;
  return Math.floor(bytes / 2 ** 20);
}

/** What the machine gives the store: cores it may use, and memory, whichever is less of host and container. */
export interface Machine {
  cores: number;
  memoryMb: number;
}

export function machine(read?: (file: string) => string | undefined): Machine {
  const quota = cpuQuotaCores(read);
  const limit = memoryLimitMb(read);
  const hostMb = Math.floor(totalmem() / 2 ** 20);
  return {
    cores: Math.min(availableParallelism(), quota ?? Infinity),
    memoryMb: Math.min(hostMb, limit ?? Infinity),
  };
}
