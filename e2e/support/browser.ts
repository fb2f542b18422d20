import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';

/** The system Chromium (Debian's package); a test never downloads a browser of its own. */
export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
    Boolean,
  ) as string[];
  const found = candidates.find((p) => existsSync(p));
  if (!found)
    throw new Error(
      `No Chromium found (tried ${candidates.join(', ')}); install Debian's chromium or set CHROMIUM_PATH`,
    );
  return found;
}

/**
 * Makes every `goto` and `reload` of the page wait until the app has taken the page over. A page
 * the server rendered shows at once (ADR 049), before its scripts run: until then a button does
 * nothing. The app marks the page when it has it (apps/web/src/app/providers.tsx); a page without
 * the app (a PDF, an API answer) has nothing to wait for.
 */
function waitForTheApp(page: Page): void {
  const interactive = () =>
    page.waitForFunction(() => !document.getElementById('root') || 'interactive' in document.documentElement.dataset);
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = (async (...args: Parameters<Page['goto']>) => {
    const response = await goto(...args);
    await interactive();
    return response;
  }) as Page['goto'];
  page.reload = (async (...args: Parameters<Page['reload']>) => {
    const response = await reload(...args);
    await interactive();
    return response;
  }) as Page['reload'];
}

/** Chromium for a test file; every page it opens with JavaScript on waits for the app (waitForTheApp). */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
  // Browser.newPage opens its page in a context of its own through newContext, so this covers both.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = (async (options?: Parameters<Browser['newContext']>[0]) => {
    const context = await newContext(options);
    if (options?.javaScriptEnabled !== false) context.on('page', waitForTheApp);
    return context;
  }) as Browser['newContext'];
  return browser;
}
