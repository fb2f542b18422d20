/**
 * The background buyer's own thread (started by buyer.ts): places one checkout every
 * `intervalMs` on a fixed schedule, whether or not earlier ones have finished, so a slow server
 * sees the same order rate as a fast one. It runs apart from autocannon's thread so that the
 * load generator's work does not add to the measured order latencies.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { setTimeout as sleep } from 'node:timers/promises';
import { checkout } from './shopper.js';
import { productFor, type BuyerPlan, type BuyerMessage, type PlacedOrder } from './buyer.js';

const plan = workerData as BuyerPlan;
const port = parentPort!;

async function buy(k: number): Promise<PlacedOrder> {
  const shopper = k % plan.cookies.length;
  try {
    const result = await checkout(plan.baseUrl, plan.cookies[shopper]!, productFor(plan, k), plan.firstOrder + k);
    return { shopper, ...result };
  } catch (err) {
    // A timeout or a dropped connection: a failed order (status 0), not a crashed benchmark.
    return { shopper, place: { status: 0, ms: 0 }, error: (err as Error).message };
  }
}

async function run(): Promise<void> {
  const started = performance.now();
  const pending: Promise<PlacedOrder>[] = [];
  for (let k = 0; k < plan.orders; k++) {
    const wait = started + k * plan.intervalMs - performance.now();
    if (wait > 0) await sleep(wait);
    pending.push(buy(k));
  }
  const orders = await Promise.all(pending);
  port.postMessage({ type: 'done', orders, seconds: (performance.now() - started) / 1000 } satisfies BuyerMessage);
}

port.once('message', () => {
  run().catch((err: unknown) => {
    port.postMessage({ type: 'failed', message: String(err) } satisfies BuyerMessage);
  });
});
port.postMessage({ type: 'ready' } satisfies BuyerMessage);
