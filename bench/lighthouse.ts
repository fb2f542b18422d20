/**
 * Lighthouse (mobile preset, simulated throttling) on Home, a listing, a product page and the cart
 * as a new visitor sees them, then on shipping and place-order as a signed-in shopper with a cake
 * in the cart sees them, served by the production build, in Debian's Chromium. Each page runs
 * LIGHTHOUSE_RUNS times (default 3); CI runs each once, and up to three times a page whose first
 * run is over budget. A page is judged by its best time and its worst layout shift (ADR 092).
 * Prints performance, accessibility, total blocking time, LCP and CLS, and writes every run to
 * bench/results/. Budgets (issues 17 and 33):
 * performance ≥ 95, accessibility 100, TBT ≤ 200 ms, LCP ≤ 2.0 s, CLS ≤ 0.05; exits non-zero
 * outside them, naming the page and the figure.
 * The phone simulated is held the same whatever the host's speed that hour: each run's CPU slowdown
 * is scaled from Lighthouse's 4x by the host's benchmark index (ADR 078).
 * Run after `npm run build`: `npm run bench:lighthouse -w bench`.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import lighthouse, { type Flags } from 'lighthouse';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM, resultsDir, startDemoStore } from './demo-store.js';

const PERFORMANCE_BUDGET = 95;
const ACCESSIBILITY_BUDGET = 100;
const TBT_BUDGET_MS = 200;
const LCP_BUDGET_MS = 2_000;
const CLS_BUDGET = 0.05;
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
/**
 * Lighthouse's mobile preset slows the host's CPU four times, which simulates a different phone on
 * a busy host than on a quiet one: CI's blocking time moved 2-5x between hours with the same build.
 * The budgets were set at 4x on a host whose benchmark index read about this (quiet runs read
 * 2,656-3,037); a host reading half of it is slowed half as much.
 */
const REFERENCE_BENCHMARK_INDEX = 2_800;
const PRESET_SLOWDOWN = 4;
/** Lighthouse and Playwright share one browser, Lighthouse through this debugging port. */
const DEBUGGING_PORT = Number(process.env.LIGHTHOUSE_PORT ?? 9334);
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const server = await startDemoStore('lighthouse', stamp);
// A persistent context is the browser's default one, which the tabs Lighthouse opens share: the
// shopper signed in and the cart filled below are theirs too.
const browser = await chromium.launchPersistentContext(await mkdtemp(path.join(os.tmpdir(), 'lighthouse-profile-')), {
  ...CHROMIUM,
  headless: true,
  args: [`--remote-debugging-port=${DEBUGGING_PORT}`, ...CHROMIUM.args],
});

interface Run {
  page: string;
  url: string;
  performance: number;
  accessibility: number;
  tbtMs: number;
  lcpMs: number;
  cls: number;
  benchmarkIndex: number;
  cpuSlowdown: number;
}

/** Signs the demo shopper in and takes a product through shipping to place-order, as a shopper does. */
async function shopperAtPlaceOrder(page: Page, productId: string): Promise<void> {
  // The app marks the page once React has it (apps/web/src/app/providers.tsx).
  const interactive = () => page.waitForFunction(() => 'interactive' in document.documentElement.dataset);
  await page.goto(`${server.baseUrl}/login`);
  await interactive();
  await page.getByLabel('Email').fill('customer@example.com');
  await page.getByLabel('Password').fill('customer-demo-pass');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
  await page.goto(`${server.baseUrl}/product/${productId}`);
  await interactive();
  await page.getByLabel('Check delivery').fill('682011');
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  await page.getByRole('status').filter({ hasText: 'Available' }).waitFor();
  await page.getByRole('button', { name: 'Add To Cart' }).click();
  await page.getByRole('dialog').getByRole('heading', { name: 'Cart (1)' }).waitFor();
  await page.goto(`${server.baseUrl}/shipping`);
  await interactive();
  await page.getByRole('heading', { level: 1, name: 'Shipping Details' }).waitFor();
  await page.getByLabel('Pin Code').fill('682011');
  await page.getByText('Delivering to Ernakulam, Kerala').first().waitFor();
  await page.getByLabel('House or flat').fill('Flat 3C, Periyar Residency');
  await page.getByLabel('Street or area').fill('14 Shanmugham Road, Marine Drive');
  await page.getByLabel('Landmark').fill("Opposite St. Teresa's College");
  await page.getByLabel('First Name').fill('Lakshmi');
  await page.getByLabel('Last Name').fill('Varma');
  await page.getByLabel('Phone').fill('9847012345');
  await page.getByLabel('Your mobile number').fill('9895011111');
  await page.getByRole('button', { name: /^Tomorrow,/ }).click();
  await page.getByRole('radio', { name: 'Any time, 9 AM – 9 PM' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL((url) => url.pathname === '/placeorder');
  await page.getByRole('heading', { level: 1, name: 'Confirm Order' }).waitFor();
}

/** The host's benchmark index now, read as Lighthouse reads it, in a tab of the browser measured. */
async function benchmarkIndexNow(): Promise<number> {
  const tab = await browser.newPage();
  try {
    return await tab.evaluate(pageFunctions.computeBenchmarkIndex);
  } finally {
    await tab.close();
  }
}

async function measure(page: string, url: string, flags: Flags): Promise<Run> {
  const benchmarkIndex = await benchmarkIndexNow();
  const cpuSlowdown = Math.max(1, Math.round((PRESET_SLOWDOWN * benchmarkIndex * 10) / REFERENCE_BENCHMARK_INDEX) / 10);
  const run = await lighthouse(url, {
    port: DEBUGGING_PORT,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    throttling: { cpuSlowdownMultiplier: cpuSlowdown },
    ...flags,
  });
  if (!run) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (run.lhr.runtimeError)
    console.log(`           - ${page}: ${run.lhr.runtimeError.code} ${run.lhr.runtimeError.message}`);
  // A page that sent the shopper elsewhere (to sign in, or to the cart) was not the page measured.
  if (new URL(run.lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) {
    throw new Error(`${page}: ${url} ended at ${run.lhr.finalDisplayedUrl}`);
  }
  const score = (id: string) => Math.round((run.lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => run.lhr.audits[id]?.numericValue ?? Number.NaN;
  const result = {
    page,
    url,
    performance: score('performance'),
    accessibility: score('accessibility'),
    tbtMs: Math.round(numeric('total-blocking-time')),
    lcpMs: Math.round(numeric('largest-contentful-paint')),
    cls: Math.round(numeric('cumulative-layout-shift') * 1000) / 1000,
    benchmarkIndex: Math.round(benchmarkIndex),
    cpuSlowdown,
  };
  if (result.performance < PERFORMANCE_BUDGET || result.accessibility < ACCESSIBILITY_BUDGET) {
    for (const audit of Object.values(run.lhr.audits)) {
      if (audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative') {
        console.log(`           - ${audit.id}: ${audit.displayValue ?? ''} ${audit.title}`);
      }
    }
  }
  return result;
}

type Row = Pick<Run, 'performance' | 'accessibility' | 'tbtMs' | 'lcpMs' | 'cls'>;
/**
 * A busy host only ever adds time, and a page's own work is in every run: its best time is the
 * page's, and a regression raises it (ADR 092). A layout shift or an accessibility fault seen in any
 * run is one a shopper can meet, so those are judged by the worst.
 */
function judged(runs: Run[]): Row {
  // A run Lighthouse could not finish (its figures NaN) is not a measurement; with none finished,
  // the NaNs stay and the page is over budget.
  const finished = runs.filter((r) => [r.tbtMs, r.lcpMs, r.cls].every(Number.isFinite));
  const measured = finished.length > 0 ? finished : runs;
  return {
    performance: Math.max(...measured.map((r) => r.performance)),
    accessibility: Math.min(...measured.map((r) => r.accessibility)),
    tbtMs: Math.min(...measured.map((r) => r.tbtMs)),
    lcpMs: Math.min(...measured.map((r) => r.lcpMs)),
    cls: Math.max(...measured.map((r) => r.cls)),
  };
}
/**
 * What of a page's figures is outside the budgets, each with its figure. Written as "not within",
 * so that a figure Lighthouse could not give (NaN) is over budget.
 */
function overBudgetIn(row: Row): string[] {
  return [
    !(row.performance >= PERFORMANCE_BUDGET) && `performance ${row.performance} < ${PERFORMANCE_BUDGET}`,
    !(row.accessibility >= ACCESSIBILITY_BUDGET) && `accessibility ${row.accessibility} < ${ACCESSIBILITY_BUDGET}`,
    !(row.tbtMs <= TBT_BUDGET_MS) && `total blocking time ${row.tbtMs} ms > ${TBT_BUDGET_MS} ms`,
    !(row.lcpMs <= LCP_BUDGET_MS) && `LCP ${(row.lcpMs / 1000).toFixed(2)} s > ${LCP_BUDGET_MS / 1000} s`,
    !(row.cls <= CLS_BUDGET) && `CLS ${row.cls} > ${CLS_BUDGET}`,
  ].filter((line): line is string => typeof line === 'string');
}
const overBudget: string[] = [];
const results: Run[] = [];
try {
  const listing = (await (await fetch(`${server.baseUrl}/api/products?pageLimit=1`)).json()) as {
    products: { _id: string }[];
  };
  const productId = listing.products[0]!._id;
  const visitor: Flags = {};
  // Lighthouse clears the site's storage before each run unless told not to: the shopper's
  // session and cart must stay for these two.
  const shopper: Flags = { disableStorageReset: true };
  const pages = [
    { page: 'Home', url: `${server.baseUrl}/`, flags: visitor },
    { page: 'Listing', url: `${server.baseUrl}/products?category=Cakes`, flags: visitor },
    { page: 'Product', url: `${server.baseUrl}/product/${productId}`, flags: visitor },
    { page: 'Cart', url: `${server.baseUrl}/cart`, flags: visitor },
    { page: 'Shipping', url: `${server.baseUrl}/shipping`, flags: shopper },
    { page: 'Place order', url: `${server.baseUrl}/placeorder`, flags: shopper },
  ];
  for (const { page, url, flags } of pages) {
    if (flags === shopper && !results.some((r) => r.page === 'Shipping')) {
      const tab = await browser.newPage();
      await shopperAtPlaceOrder(tab, productId);
      await tab.close();
    }
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await measure(page, url, flags));
    // CI's single run can land on a busy moment (Cart gave 299 ms of blocking time twice in one
    // landing and 14-48 ms on a quiet host at the same slowdown): a page over budget gets up to three.
    while (runs.length < 3 && overBudgetIn(judged(runs)).length > 0) runs.push(await measure(page, url, flags));
    results.push(...runs);
    const row = judged(runs);
    console.log(
      `${page.padEnd(12)} performance ${row.performance} (${runs.map((r) => r.performance).join(', ')})  ` +
        `accessibility ${row.accessibility}  TBT ${row.tbtMs} ms  LCP ${(row.lcpMs / 1000).toFixed(2)} s  ` +
        `CLS ${row.cls}  CPU ${runs.map((r) => `${r.cpuSlowdown}x (BI ${r.benchmarkIndex})`).join(', ')}  ${url}`,
    );
    const over = overBudgetIn(row);
    if (over.length > 0) overBudget.push(`${page}: ${over.join(', ')}`);
  }
  await writeFile(path.join(resultsDir, `${stamp}-lighthouse.json`), JSON.stringify(results, null, 2));
} finally {
  await browser.close();
  await server.stop();
}
if (overBudget.length > 0) {
  for (const line of overBudget) console.error(`Over the Lighthouse budget: ${line}`);
  process.exit(1);
}
