/**
 * A fresh clone's first start and the restart after it, on the embedded database: the built server
 * started as `npm start` starts it (the `serve` script's flags and environment, no NODE_ENV, no
 * Redis, the demo catalogue seeded) on an empty temporary DATA_DIR, until `GET /api/health` answers
 * 200. Reports the seconds to healthy, the CPU seconds the process spent until then, its peak
 * resident memory (`VmHWM` from /proc) and its resident memory 2 s after, for the first start and
 * for a restart on the same folder. Goal (issue 31): the first start's peak ≤ 400 MB; exits
 * non-zero when a run is over it. Linux only. Run after `npm run build`:
 * `npm run bench:first-start -w bench -- --runs 3`.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { startServer } from './server-process.js';

const PEAK_GOAL_MB = 400;
const IDLE_AFTER_MS = 2_000;
/** Linux's USER_HZ, the unit of /proc/<pid>/stat's CPU times, is 100 on every architecture Node runs on. */
const TICKS_PER_SECOND = 100;

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a whole number ≥ 1, not ${values.runs}`);
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const resultsDir = fileURLToPath(new URL('results', import.meta.url));

async function status(pid: number, field: string): Promise<number> {
  const text = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = text.match(new RegExp(`^${field}:\\s*(\\d+) kB$`, 'm'))?.[1];
  if (!kb) throw new Error(`no ${field} in /proc/${pid}/status`);
  return Math.round(Number(kb) / 1024);
}

async function cpuSeconds(pid: number): Promise<number> {
  // The command name, in parentheses, may hold spaces; the fields after it are fixed.
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const [utime, stime] = [Number(fields[11]), Number(fields[12])];
  return Math.round(((utime + stime) / TICKS_PER_SECOND) * 10) / 10;
}

interface Start {
  healthySeconds: number;
  cpuSeconds: number;
  peakMb: number;
  idleMb: number;
}

async function measure(dataDir: string, logFile: string): Promise<Start> {
  const server = await startServer({ repoRoot, dataDir, logFile, asNpmStart: true });
  try {
    const cpu = await cpuSeconds(server.pid);
    await sleep(IDLE_AFTER_MS);
    return {
      healthySeconds: server.bootSeconds,
      cpuSeconds: cpu,
      peakMb: await status(server.pid, 'VmHWM'),
      idleMb: await status(server.pid, 'VmRSS'),
    };
  } finally {
    await server.stop();
  }
}

await mkdir(resultsDir, { recursive: true });
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const results: { first: Start; restart: Start }[] = [];
for (let run = 1; run <= runs; run++) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'store-first-start-'));
  try {
    const log = (what: string) => path.join(resultsDir, `${stamp}-first-start-${run}-${what}.log`);
    const first = await measure(dataDir, log('first'));
    const restart = await measure(dataDir, log('restart'));
    results.push({ first, restart });
    console.log(`run ${run}: first start ${JSON.stringify(first)}; restart ${JSON.stringify(restart)}`);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

const range = (xs: number[], unit: string) => {
  const [lo, hi] = [Math.min(...xs), Math.max(...xs)];
  return lo === hi ? `${lo} ${unit}` : `${lo}–${hi} ${unit}`;
};
const COLUMNS: { title: string; of: (s: Start) => number; unit: string }[] = [
  { title: 'to healthy', of: (s) => s.healthySeconds, unit: 's' },
  { title: 'CPU until then', of: (s) => s.cpuSeconds, unit: 's' },
  { title: 'peak resident', of: (s) => s.peakMb, unit: 'MB' },
  { title: `${IDLE_AFTER_MS / 1000} s after`, of: (s) => s.idleMb, unit: 'MB' },
];
const row = (cells: string[]) => `| ${cells.map((c, i) => (i ? c.padStart(14) : c.padEnd(11))).join(' | ')} |`;
const line = (label: string, starts: Start[]) => row([label, ...COLUMNS.map((c) => range(starts.map(c.of), c.unit))]);
const loadAverage = os.loadavg().map((l) => l.toFixed(1));
console.log(`\n${runs} run(s), load average ${loadAverage.join(' ')} at the end, ${os.cpus().length} cores\n`);
console.log(row(['start', ...COLUMNS.map((c) => c.title)]));
console.log(row(['-'.repeat(11), ...COLUMNS.map(() => `${'-'.repeat(13)}:`)]));
console.log(
  line(
    'first start',
    results.map((r) => r.first),
  ),
);
console.log(
  line(
    'restart',
    results.map((r) => r.restart),
  ),
);
await writeFile(
  path.join(resultsDir, `${stamp}-first-start.json`),
  JSON.stringify({ stamp, loadAverage, cores: os.cpus().length, results }, null, 2),
);
const over = results.filter((r) => r.first.peakMb > PEAK_GOAL_MB);
if (over.length) {
  console.error(`\nfirst start's peak over ${PEAK_GOAL_MB} MB in ${over.length} of ${runs} run(s)`);
  process.exitCode = 1;
}
