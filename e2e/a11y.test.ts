import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { AxeResults } from 'axe-core';
import { launchBrowser } from './support/browser.js';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: axePath });
  const results = await page.evaluate(() => (window as unknown as { axe: { run(): Promise<AxeResults> } }).axe.run());
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function firstProductId(): Promise<string> {
  const res = await fetch(`${inject('baseUrl')}/api/products?pageLimit=1`);
  return ((await res.json()) as { products: { _id: string }[] }).products[0]!._id;
}

describe('accessibility (axe: no serious or critical violations)', () => {
  const pages: [string, () => Promise<string>, string][] = [
    ['Home', async () => '/', 'main'],
    ['Product listing', async () => '/products?category=Cakes', 'main article'],
    ['Product detail', async () => `/product/${await firstProductId()}`, 'main h1'],
    ['Cart', async () => '/cart', 'main h1'],
    ['Terms', async () => '/terms-and-conditions', 'main h1'],
  ];

  for (const width of [1280, 375]) {
    it.each(pages)(`%s at ${width}px`, async (_name, path, ready) => {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      await page.goto(`${inject('baseUrl')}${await path()}`);
      await page.locator(ready).first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page)).toEqual([]);
      await page.close();
    });
  }
});
