import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Serious and critical accessibility problems axe finds on the page as it is now. Axe is loaded
 * through DevTools evaluation: the store's Content-Security-Policy forbids inline scripts, as it
 * should, so it cannot be added to the page as a script tag.
 */
export async function seriousViolations(page: Page, exclude: string[] = []): Promise<string[]> {
  // Colours are judged once they settle (up to 2 s, then as they are): a toast fading in is, for a
  // moment, text of too little contrast. A toast just added is transparent and not yet fading in
  // (its fade starts once it is marked mounted, a frame later), so it counts as unsettled too, and
  // two frames pass first for any transition a change has just set off to start.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page
    .waitForFunction(
      () =>
        document.querySelectorAll('[data-sonner-toast]:not([data-mounted="true"])').length === 0 &&
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
      undefined,
      { timeout: 2_000 },
    )
    .catch(() => undefined);
  await page.evaluate(axeSource);
  return page.evaluate(async (excluded) => {
    type Violation = { id: string; impact: string; help: string; nodes: { target: string[] }[] };
    type Axe = { run(context: unknown): Promise<{ violations: Violation[] }> };
    const { axe } = window as unknown as { axe: Axe };
    const { violations } = await axe.run(excluded.length ? { exclude: excluded.map((s) => [s]) } : document);
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }, exclude);
}
