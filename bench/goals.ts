/**
 * Issue 37's goals, judged on one database's run: the random-URL mix's four goal endpoints as
 * ratios of the yardstick measured in the same run (baseline.ts), their p99 and the orders' p99
 * against bounds that grow with the yardstick's p99, each worker's peak resident memory and the
 * boot. A missed goal is reported, never a failure of the run: the exit code stays about failed
 * requests, failed or lost orders and stock.
 */
import type { BaselineReport } from './baseline.js';
import { ISSUE_RUNS, type MixReport } from './mix.js';
import type { ProcessMemory } from './process-memory.js';
import { printRows } from './report.js';

/** Each goal endpoint's req/s over the yardstick's, at least. */
export const GOAL_RATIOS: Readonly<Record<string, number>> = {
  'product page': 0.9,
  'random listing': 0.55,
  'filtered listing': 0.33,
  'keyword search': 0.22,
};
/** Every goal endpoint's p99: at most max(50 ms, 1.5 × the yardstick's p99). */
const P99_FLOOR_MS = 50;
const P99_TIMES_YARDSTICK = 1.5;
/** The orders placed meanwhile: p99 at most max(150 ms, 3 × the yardstick's p99). */
const ORDER_P99_FLOOR_MS = 150;
const ORDER_P99_TIMES_YARDSTICK = 3;
/** Each worker (the one process on the embedded database), at its peak under load, whatever the catalogue. */
const WORKER_RSS_MB = 300;
const BOOT_SECONDS = 3;

export interface EndpointGoals {
  endpoint: string;
  requestsPerSecond: number;
  /** requestsPerSecond over the yardstick's. */
  ratio: number;
  goalRatio: number;
  /** goalRatio times the yardstick's req/s: the req/s the goal asks for in this run. */
  goalRequestsPerSecond: number;
  throughputOk: boolean;
  /** Null when the run completed no request at all. */
  p99Ms: number | null;
  p99BoundMs: number;
  p99Ok: boolean;
}

export interface Goals {
  issue: 37;
  yardstick: { server: string; requestsPerSecond: number; p99Ms: number };
  endpoints: EndpointGoals[];
  /** The orders of the four goal runs together (the mix's issueOrders). */
  orders: { count: number; p99Ms: number; boundMs: number; ok: boolean };
  /**
   * The highest resident memory seen under load of any worker, or of the one process when the
   * server forks none (the embedded database); null where it could not be read (not Linux).
   */
  memory: { processes: 'workers' | 'one process'; peakRssMb: number | null; boundMb: number; ok: boolean };
  boot: { seconds: number; boundSeconds: number; ok: boolean };
  /** The goals missed, by name (as the printed block names them); empty when every goal was met. */
  missed: string[];
  /** How many goals were judged. */
  judged: number;
}

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

export function goalsOf(
  mix: MixReport,
  baseline: BaselineReport,
  server: { bootSeconds: number; peakMemory: ProcessMemory[] },
): Goals {
  const yardstick = baseline.result;
  const yardstickRps = yardstick.requestsPerSecond;
  const p99BoundMs = round(Math.max(P99_FLOOR_MS, P99_TIMES_YARDSTICK * yardstick.latencyMs.p99), 1);
  const missed: string[] = [];
  const endpoints = ISSUE_RUNS.map((name): EndpointGoals => {
    const run = mix.endpoints.find((r) => r.endpoint === name);
    const goalRatio = GOAL_RATIOS[name]!;
    const requestsPerSecond = run?.requestsPerSecond ?? 0;
    // A run that completed nothing has no p99 to speak of: it missed.
    const p99Ms = run && run.totalRequests > 0 ? run.latencyMs.p99 : null;
    const goals: EndpointGoals = {
      endpoint: name,
      requestsPerSecond: round(requestsPerSecond, 1),
      ratio: yardstickRps > 0 ? round(requestsPerSecond / yardstickRps, 3) : 0,
      goalRatio,
      goalRequestsPerSecond: Math.round(goalRatio * yardstickRps),
      throughputOk: yardstickRps > 0 && requestsPerSecond >= goalRatio * yardstickRps,
      p99Ms,
      p99BoundMs,
      p99Ok: p99Ms !== null && p99Ms <= p99BoundMs,
    };
    if (!goals.throughputOk) missed.push(`${name} req/s`);
    if (!goals.p99Ok) missed.push(`${name} p99`);
    return goals;
  });

  const ordersBoundMs = round(Math.max(ORDER_P99_FLOOR_MS, ORDER_P99_TIMES_YARDSTICK * yardstick.latencyMs.p99), 1);
  const orders = {
    count: mix.issueOrders.count,
    p99Ms: mix.issueOrders.p99,
    boundMs: ordersBoundMs,
    ok: mix.issueOrders.count > 0 && mix.issueOrders.p99 <= ordersBoundMs,
  };
  if (!orders.ok) missed.push('orders p99');

  const workers = server.peakMemory.filter((m) => m.role === 'worker');
  const judgedProcesses = workers.length > 0 ? workers : server.peakMemory.filter((m) => m.role === 'server');
  const peakRssMb = judgedProcesses.length > 0 ? Math.max(...judgedProcesses.map((m) => m.rssMb)) : null;
  const memory = {
    processes: workers.length > 0 ? ('workers' as const) : ('one process' as const),
    peakRssMb,
    boundMb: WORKER_RSS_MB,
    ok: peakRssMb !== null && peakRssMb <= WORKER_RSS_MB,
  };
  if (!memory.ok) missed.push('worker memory');

  const boot = { seconds: server.bootSeconds, boundSeconds: BOOT_SECONDS, ok: server.bootSeconds <= BOOT_SECONDS };
  if (!boot.ok) missed.push('boot');

  return {
    issue: 37,
    yardstick: { server: baseline.server, requestsPerSecond: round(yardstickRps, 1), p99Ms: yardstick.latencyMs.p99 },
    endpoints,
    orders,
    memory,
    boot,
    missed,
    judged: endpoints.length * 2 + 3,
  };
}

const count = (n: number) => Math.round(n).toLocaleString('en-US');
const verdict = (ok: boolean) => (ok ? 'ok' : 'MISSED');
const ms = (n: number | null) => (n === null ? 'none completed' : `${n} ms`);

/** The goals block: one line per goal, each `ok` or `MISSED`, and a last line that sums them up. */
export function printGoals(goals: Goals): void {
  const { yardstick } = goals;
  console.log(
    `\ngoals (issue ${goals.issue}), against the yardstick measured before the store started ` +
      `(${yardstick.server}, product by random id): ${count(yardstick.requestsPerSecond)} req/s, p99 ${yardstick.p99Ms} ms`,
  );
  const rows: string[][] = [];
  for (const e of goals.endpoints) {
    rows.push([
      `${e.endpoint} req/s`,
      `${count(e.requestsPerSecond)} = ${e.ratio.toFixed(2)}x`,
      `>= ${e.goalRatio.toFixed(2)}x = ${count(e.goalRequestsPerSecond)}`,
      verdict(e.throughputOk),
    ]);
  }
  for (const e of goals.endpoints) {
    rows.push([`${e.endpoint} p99`, ms(e.p99Ms), `<= ${e.p99BoundMs} ms`, verdict(e.p99Ok)]);
  }
  const { orders, memory, boot } = goals;
  rows.push([`orders p99 (${orders.count} placed)`, ms(orders.p99Ms), `<= ${orders.boundMs} ms`, verdict(orders.ok)]);
  rows.push([
    memory.processes === 'workers' ? 'peak RSS per worker' : 'peak RSS (one process)',
    memory.peakRssMb === null ? 'not measured' : `${memory.peakRssMb} MB`,
    `<= ${memory.boundMb} MB`,
    verdict(memory.ok),
  ]);
  rows.push(['boot to healthy', `${boot.seconds} s`, `<= ${boot.boundSeconds} s`, verdict(boot.ok)]);
  printRows(['goal', 'measured', 'bound', 'result'], rows);
  console.log(`goals: ${goalsSummary(goals)}`);
}

/** `all 11 met`, or how many were missed and which. */
export function goalsSummary(goals: Goals): string {
  return goals.missed.length === 0
    ? `all ${goals.judged} met`
    : `${goals.missed.length} of ${goals.judged} MISSED (${goals.missed.join(', ')})`;
}
