import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { seriousViolations } from './support/axe.js';
import { launchBrowser } from './support/browser.js';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

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
