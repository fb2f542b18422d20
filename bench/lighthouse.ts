/**
 * Lighthouse (mobile preset) on Home, a listing and a product page served by the production
 * build, in Debian's Chromium. Prints performance and accessibility scores and writes them to
 * bench/results/. Budgets: performance ≥ 90, accessibility ≥ 95; exits non-zero below them.
 * Run after `npm run build`: `npm run bench:lighthouse`.
 */
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startServer } from './server-process.js';

const PERFORMANCE_BUDGET = 90;
const ACCESSIBILITY_BUDGET = 95;
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const resultsDir = fileURLToPath(new URL('results', import.meta.url));

await mkdir(resultsDir, { recursive: true });
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const server = await startServer({
  repoRoot,
  dataDir: await mkdtemp(path.join(os.tmpdir(), 'store-lighthouse-')),
  logFile: path.join(resultsDir, `${stamp}-lighthouse-server.log`),
  seedDemo: true,
});
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});

let failed = false;
const results: { page: string; url: string; performance: number; accessibility: number }[] = [];
try {
  const listing = (await (await fetch(`${server.baseUrl}/api/products?pageLimit=1`)).json()) as {
    products: { _id: string }[];
  };
  const pages = [
    { page: 'Home', url: `${server.baseUrl}/` },
    { page: 'Listing', url: `${server.baseUrl}/products?category=Cakes` },
    { page: 'Product', url: `${server.baseUrl}/product/${listing.products[0]!._id}` },
  ];
  for (const { page, url } of pages) {
    const run = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    if (!run) throw new Error(`Lighthouse returned nothing for ${url}`);
    const score = (id: string) => Math.round((run.lhr.categories[id]?.score ?? 0) * 100);
    const row = { page, url, performance: score('performance'), accessibility: score('accessibility') };
    results.push(row);
    console.log(`${page.padEnd(8)} performance ${row.performance}  accessibility ${row.accessibility}  ${url}`);
    for (const audit of Object.values(run.lhr.audits)) {
      if (audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative') {
        console.log(`           - ${audit.id}: ${audit.displayValue ?? ''} ${audit.title}`);
      }
    }
    if (row.performance < PERFORMANCE_BUDGET || row.accessibility < ACCESSIBILITY_BUDGET) failed = true;
  }
  await writeFile(path.join(resultsDir, `${stamp}-lighthouse.json`), JSON.stringify(results, null, 2));
} finally {
  chrome.kill();
  await server.stop();
}
if (failed) {
  console.error(`Below budget (performance ${PERFORMANCE_BUDGET}, accessibility ${ACCESSIBILITY_BUDGET}).`);
  process.exit(1);
}
