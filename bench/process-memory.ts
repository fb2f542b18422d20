import { readdir, readFile } from 'node:fs/promises';

/** Resident memory in MB of one server process. */
export interface ProcessMemory {
  pid: number;
  /** 'server' for the process the benchmark started (the primary when it forks workers), 'worker' for its children. */
  role: 'server' | 'worker';
  rssMb: number;
}

async function statusField(pid: number, field: string): Promise<string | undefined> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    return status.match(new RegExp(`^${field}:\\s*(.+)$`, 'm'))?.[1];
  } catch {
    return undefined; // gone, or not Linux
  }
}

/** The server process and its children (the cluster's workers), with their resident memory; [] off Linux. */
export async function serverMemory(pid: number): Promise<ProcessMemory[]> {
  const entries = await readdir('/proc').catch(() => [] as string[]);
  const children: number[] = [];
  await Promise.all(
    entries
      .filter((e) => /^\d+$/.test(e))
      .map(async (e) => {
        if ((await statusField(Number(e), 'PPid')) === String(pid)) children.push(Number(e));
      }),
  );
  const rssOf = async (p: number) => {
    const kb = (await statusField(p, 'VmRSS'))?.match(/(\d+)/)?.[1];
    return kb ? Math.round(Number(kb) / 1024) : undefined;
  };
  const all = await Promise.all([
    rssOf(pid).then((rssMb) => ({ pid, role: 'server' as const, rssMb })),
    ...children
      .sort((a, b) => a - b)
      .map((p) => rssOf(p).then((rssMb) => ({ pid: p, role: 'worker' as const, rssMb }))),
  ]);
  return all.filter((m): m is ProcessMemory => m.rssMb !== undefined);
}

/** Samples the server's memory every `everyMs` until stopped, keeping each process's highest figure. */
export function sampleServerMemory(pid: number, everyMs = 500) {
  const peak = new Map<number, ProcessMemory>();
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      for (const m of await serverMemory(pid)) {
        if ((peak.get(m.pid)?.rssMb ?? 0) < m.rssMb) peak.set(m.pid, m);
      }
      await new Promise((r) => setTimeout(r, everyMs));
    }
  })();
  return {
    async stop(): Promise<ProcessMemory[]> {
      stopped = true;
      await loop;
      return [...peak.values()].sort((a, b) => a.pid - b.pid);
    },
  };
}
