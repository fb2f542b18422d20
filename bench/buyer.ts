/**
 * A background buyer for the load benchmark's random-URL mix: signed-up shoppers checking out
 * through the real API (shopper.ts, as the checkout benchmark does) at a fixed rate while
 * autocannon reads the catalogue, then a check that every order answered 201 is in the database.
 */
import { Worker } from 'node:worker_threads';
import { percentile, signUp, stockOf } from './shopper.js';

/** Longest the buyer may run past its last scheduled order (each request times out at 30 s). */
const FINISH_TIMEOUT_MS = 120_000;

/** What the worker thread (buyer-worker.ts) is asked to do. */
export interface BuyerPlan {
  baseUrl: string;
  cookies: string[];
  productIds: string[];
  /** Orders to place, one every intervalMs. */
  orders: number;
  intervalMs: number;
  /**
   * The k-th order is the mix's (firstOrder + k)-th: deliveryFor spreads the mix's orders over dates
   * and slots, and productFor over products, so no slot fills and no product sells out.
   */
  firstOrder: number;
}

/** The product the k-th order buys: a large prime stride spreads the orders instead of emptying one. */
export const productFor = (plan: BuyerPlan, k: number) =>
  plan.productIds[((plan.firstOrder + k) * 7919) % plan.productIds.length]!;

/** Longest a stock change may take to show in the catalogue's answers (issue 13: within 1 s). */
const STOCK_VISIBLE_MS = 1_000;

export interface PlacedOrder {
  shopper: number;
  stockKey?: string;
  place: { status: number; ms: number };
  verify?: { status: number; ms: number };
  error?: string;
}

export type BuyerMessage =
  { type: 'ready' } | { type: 'done'; orders: PlacedOrder[]; seconds: number } | { type: 'failed'; message: string };

export interface OrdersReport {
  /** Orders scheduled: one every intervalMs for the measured run. */
  planned: number;
  intervalMs: number;
  shoppers: number;
  /** POST /api/orders answered 201. */
  placed: number;
  /** Not placed: any other answer, a timeout or a dropped connection. */
  placeFailed: number;
  /** Placed, but the payment's verification did not answer 200. */
  verifyFailed: number;
  /** POST /api/orders answers by status (0: no answer). */
  placeStatusCodes: Record<string, number>;
  /** Latency of POST /api/orders, 201 answers only. */
  placeMs: { p50: number; p90: number; p99: number; max: number };
  /** Every 201 answer's latency, ascending, to 0.1 ms: lets several runs' orders be taken together. */
  placedMs: number[];
  verifyMs: { p50: number; p99: number };
  /** Seconds from the first order to the last answer. */
  seconds: number;
  /**
   * Orders the shoppers gained during the run, counted in GET /api/orders/mine before and after;
   * equals `placed` when none was lost.
   */
  inDatabase: number;
  lost: number;
  /**
   * Products or sizes whose stock, as shoppers read it STOCK_VISIBLE_MS after the last order, is
   * not what it was before less the units ordered: 0 when stock is exact.
   */
  stockWrong: number;
  /** Distinct reasons orders failed (the API's messages, timeouts), at most 10. */
  errors: string[];
}

export interface BuyerRun {
  orders: PlacedOrder[];
  seconds: number;
}

export interface Buyer {
  /** Starts placing orders; resolves once every one has been answered. */
  run(): Promise<BuyerRun>;
  /** Summarises a run and checks that every order answered 201 is in the database. */
  report(run: BuyerRun): Promise<OrdersReport>;
  /** Ends the worker if it is still running (safe to call more than once). */
  close(): Promise<void>;
}

/** Registers `count` new shoppers; returns their session cookies. */
export function signUpShoppers(baseUrl: string, count: number): Promise<string[]> {
  return Promise.all(Array.from({ length: count }, () => signUp(baseUrl)));
}

/**
 * Starts the worker thread, which waits for run(). The worker loads
 * TypeScript through tsx's loader, registered in the thread itself: a worker does not inherit the
 * loader the benchmark was started with.
 */
export async function prepareBuyer(plan: BuyerPlan): Promise<Buyer> {
  const workerPlan = plan;
  // The shoppers may have ordered before (earlier runs): only orders added during this one count.
  const before = await countOrders(plan.baseUrl, plan.cookies);
  const orderedProducts = Array.from({ length: plan.orders }, (_, k) => productFor(plan, k));
  const stockBefore = await stockOf(plan.baseUrl, orderedProducts);
  const tsx = import.meta.resolve('tsx/esm/api');
  const entry = new URL('./buyer-worker.ts', import.meta.url).href;
  const worker = new Worker(
    `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`,
    { eval: true, workerData: workerPlan },
  );
  const messages: BuyerMessage[] = [];
  const waiters: (() => void)[] = [];
  let failure: Error | undefined;
  const wake = () => waiters.splice(0).forEach((w) => w());
  worker.on('message', (m: BuyerMessage) => {
    messages.push(m);
    wake();
  });
  worker.on('error', (err) => {
    failure = err;
    wake();
  });
  worker.on('exit', (code) => {
    failure ??= new Error(`the buyer thread exited (code ${code})`);
    wake();
  });
  /** The next message from the worker, or a rejection when it fails or takes longer than timeoutMs. */
  const next = async (timeoutMs: number): Promise<BuyerMessage> => {
    const deadline = Date.now() + timeoutMs;
    while (messages.length === 0) {
      if (failure) throw failure;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`the buyer thread did not answer within ${timeoutMs / 1000} s`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return messages.shift()!;
  };
  const close = async () => {
    await worker.terminate();
  };
  try {
    const ready = await next(60_000);
    if (ready.type !== 'ready') throw new Error(`the buyer thread said ${JSON.stringify(ready)} instead of ready`);
  } catch (err) {
    await close();
    throw err;
  }

  return {
    close,
    async run() {
      worker.postMessage('start');
      const done = await next(plan.orders * plan.intervalMs + FINISH_TIMEOUT_MS);
      if (done.type !== 'done')
        throw new Error(`the buyer failed: ${done.type === 'failed' ? done.message : done.type}`);
      await close();
      return { orders: done.orders, seconds: done.seconds };
    },
    report: (run) => report(workerPlan, run.orders, run.seconds, before, stockBefore, orderedProducts),
  };
}

async function report(
  plan: BuyerPlan,
  orders: PlacedOrder[],
  seconds: number,
  before: number,
  stockBefore: Map<string, number>,
  orderedProducts: string[],
): Promise<OrdersReport> {
  const placed = orders.filter((o) => o.place.status === 201);
  const placeMs = placed.map((o) => o.place.ms).sort((a, b) => a - b);
  const verifyMs = placed.flatMap((o) => (o.verify?.status === 200 ? [o.verify.ms] : [])).sort((a, b) => a - b);
  const placeStatusCodes: Record<string, number> = {};
  for (const o of orders) placeStatusCodes[o.place.status] = (placeStatusCodes[o.place.status] ?? 0) + 1;
  const inDatabase = (await countOrders(plan.baseUrl, plan.cookies)) - before;
  const expected = new Map(stockBefore);
  for (const o of placed) if (o.stockKey) expected.set(o.stockKey, expected.get(o.stockKey)! - 1);
  await new Promise((r) => setTimeout(r, STOCK_VISIBLE_MS));
  const stockAfter = await stockOf(plan.baseUrl, orderedProducts);
  const stockWrong = [...expected].filter(([key, n]) => stockAfter.get(key) !== n).length;
  return {
    planned: plan.orders,
    intervalMs: plan.intervalMs,
    shoppers: plan.cookies.length,
    placed: placed.length,
    placeFailed: orders.length - placed.length,
    verifyFailed: placed.length - verifyMs.length,
    placeStatusCodes,
    placeMs: {
      p50: percentile(placeMs, 50),
      p90: percentile(placeMs, 90),
      p99: percentile(placeMs, 99),
      max: percentile(placeMs, 100),
    },
    placedMs: placeMs.map((ms) => Math.round(ms * 10) / 10),
    verifyMs: { p50: percentile(verifyMs, 50), p99: percentile(verifyMs, 99) },
    seconds: Math.round(seconds * 10) / 10,
    inDatabase,
    lost: placed.length - inDatabase,
    stockWrong,
    errors: [...new Set(orders.flatMap((o) => (o.error ? [o.error] : [])))].slice(0, 10),
  };
}

/** How many orders the shoppers have, as each of them sees it in GET /api/orders/mine. */
async function countOrders(baseUrl: string, cookies: string[]): Promise<number> {
  let total = 0;
  for (const cookie of cookies) {
    const res = await fetch(`${baseUrl}/api/orders/mine`, { headers: { cookie }, signal: AbortSignal.timeout(30_000) });
    const body = (await res.json()) as unknown;
    if (res.status !== 200 || !Array.isArray(body)) {
      throw new Error(`GET /api/orders/mine answered ${res.status}: ${JSON.stringify(body).slice(0, 200)}`);
    }
    total += body.length;
  }
  return total;
}
