import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { launchBrowser } from './browser.js';
import { repoRoot } from './server.js';

/** Where every file's screenshots land, to be looked at by whoever changes the pages. */
export const screenshots = path.join(repoRoot, 'test-results', 'screenshots');

/**
 * One browser for the file's tests: launched (and the screenshots folder made) before them, closed
 * after them. Call at the top of a file; the returned function gives the browser inside a test.
 */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
    await mkdir(screenshots, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('the browser is launched in beforeAll: use it inside a test or a hook');
    return browser;
  };
}

export interface ProblemOptions {
  /** Also count every HTTP answer of 400 or more (the default); off where a test only watches the page. */
  httpErrors?: boolean;
  /** URLs whose refusals are the answer under test (a wrong password's 401, say), not faults. */
  expected?: (url: string) => boolean;
}

/** Every error the page logs or throws, and (unless told not to) every failed answer it receives. */
export function collectProblems(page: Page, { httpErrors = true, expected = () => false }: ProblemOptions = {}) {
  const problems: string[] = [];
  page.on('console', (m) => m.type() === 'error' && !expected(m.location().url) && problems.push(m.text()));
  page.on('pageerror', (e) => problems.push(e.message));
  if (httpErrors) {
    page.on('response', (r) => r.status() >= 400 && !expected(r.url()) && problems.push(`${r.status()} ${r.url()}`));
  }
  return problems;
}

/** `expected` for collectProblems: the URLs whose path is one of these, or passes this test. */
export const pathIn =
  (paths: string[] | ((path: string) => boolean)) =>
  (url: string): boolean => {
    if (!url) return false;
    const { pathname } = new URL(url);
    return typeof paths === 'function' ? paths(pathname) : paths.includes(pathname);
  };

export interface OpenOptions extends ProblemOptions {
  /** The viewport's height; 900 unless told. */
  height?: number;
  timezoneId?: BrowserContextOptions['timezoneId'];
}

/** A fresh shopper (own cookies and storage) at a width, and the problems its pages meet. */
export async function openPage(
  browser: Browser,
  width: number,
  { height = 900, timezoneId, ...watch }: OpenOptions = {},
): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport: { width, height }, ...(timezoneId ? { timezoneId } : {}) });
  const page = await context.newPage();
  return { context, page, problems: collectProblems(page, watch) };
}

/** The natural widths of images once decoded (lazy ones loaded now): 0 for a picture that did not load. */
export function decodedWidths(images: Locator): Promise<number[]> {
  return images.evaluateAll((imgs) =>
    Promise.all(
      imgs.map(async (img) => {
        const el = img as HTMLImageElement;
        el.loading = 'eager';
        // A layout that settles late (menus arriving after the first paint) can make the browser
        // pick another srcset candidate mid-decode, which rejects; the new one is then decoded.
        for (let attempt = 0; attempt < 5; attempt += 1) {
          if (
            await el.decode().then(
              () => true,
              () => false,
            )
          )
            break;
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
        return el.naturalWidth;
      }),
    ),
  );
}

/**
 * Closes the toasts, so they hide nothing in a screenshot; one that closes by itself meanwhile is
 * fine. A toast stacked behind another (or still sliding in on a busy machine) cannot be clicked
 * yet, so the closing is tried again until none is left: each lives 5 s at most.
 */
export async function dismissToasts(page: Page) {
  const close = page.getByRole('button', { name: 'Close toast' });
  await expect
    .poll(
      async () => {
        for (const button of await close.all()) await button.click({ timeout: 500 }).catch(() => undefined);
        return close.count();
      },
      { timeout: 7_000 },
    )
    .toBe(0);
}

/** A screenshot into the screenshots folder, animations stopped; the whole page unless told. */
export async function shoot(page: Page, name: string, { fullPage = true } = {}) {
  await page.screenshot({ path: path.join(screenshots, `${name}.png`), fullPage, animations: 'disabled' });
}

/** What a phone does when the shopper switches apps: the page becomes hidden (and stays loaded). */
export async function hide(page: Page) {
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
}
