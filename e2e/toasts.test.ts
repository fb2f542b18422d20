import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { screenshots, useBrowser } from './support/page.js';

const browser = useBrowser();

const shownToasts = (page: Page) => page.locator('[data-sonner-toast][data-visible="true"]');

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Where the toasts are on screen. */
const boxesOf = (toasts: Locator): Promise<Box[]> =>
  toasts.evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    }),
  );

/** Where the toasts are once they have stopped moving: the same in two readings a moment apart. */
async function settledBoxes(toasts: Locator): Promise<Box[]> {
  let last = '';
  let boxes: Box[] = [];
  await expect
    .poll(
      async () => {
        boxes = await boxesOf(toasts);
        const same = JSON.stringify(boxes) === last;
        last = JSON.stringify(boxes);
        return same;
      },
      { interval: 100 },
    )
    .toBe(true);
  return boxes;
}

/** Three toasts at once: Register with passwords that differ, three times. */
async function threeToasts(page: Page) {
  await page.goto(`${inject('baseUrl')}/register`);
  await page.getByLabel('Name').fill('Priya Nair');
  await page.getByLabel('Email Address').fill('priya.toasts@example.com');
  await page.getByLabel('Password', { exact: true }).fill('a-long-password-1');
  await page.getByLabel('Confirm Password').fill('a-long-password-2');
  const register = page.getByRole('button', { name: 'Register', exact: true });
  for (let i = 0; i < 3; i++) await register.click();
  await expect.poll(() => page.locator('[data-sonner-toast]').count()).toBe(3);
}

describe('toasts', () => {
  it('shows at most two, and moves beside the open cart panel at 1280 px', async () => {
    const page = await browser().newPage({ viewport: { width: 1280, height: 900 } });
    await threeToasts(page);
    expect(await shownToasts(page).count()).toBe(2);
    // Toasts over the header would stand between the shopper and the cart (and hovering one keeps it).
    const cartButton = page.getByRole('button', { name: 'Cart, empty' });
    const cartBox = (await cartButton.boundingBox())!;
    // Those stacked behind the first peek out below it: they count too, once they have slid in.
    for (const box of await settledBoxes(page.locator('[data-sonner-toast]')))
      expect(overlaps(box, cartBox)).toBe(false);

    await cartButton.click();
    const panel = page.getByRole('dialog', { name: 'Cart (0)' });
    await panel.waitFor();
    await expect.poll(() => page.locator('[data-sonner-toaster]').getAttribute('data-x-position')).toBe('left');
    const panelBox = (await panel.boundingBox())!;
    // The toasts glide to their new corner: wait until they are there.
    await expect
      .poll(async () => {
        const boxes = await boxesOf(shownToasts(page));
        return boxes.length > 0 && boxes.length <= 2 && !boxes.some((box) => overlaps(box, panelBox));
      })
      .toBe(true);
    await page.screenshot({ path: path.join(screenshots, 'toasts-cart-panel-1280.png') });
    await page.close();
  });

  it('waits while the cart panel fills a 375 px phone, and shows them once it closes', async () => {
    const page = await browser().newPage({ viewport: { width: 375, height: 812 } });
    await threeToasts(page);
    expect(await shownToasts(page).count()).toBe(2);

    await page.getByRole('button', { name: 'Cart, empty' }).click();
    const panel = page.getByRole('dialog', { name: 'Cart (0)' });
    await panel.waitFor();
    await expect.poll(() => page.locator('[data-sonner-toast]').count()).toBe(0);
    await page.screenshot({ path: path.join(screenshots, 'toasts-cart-panel-375.png') });
    // The close button is not covered: it closes the panel.
    await panel.getByRole('button', { name: 'Close' }).click();
    await panel.waitFor({ state: 'hidden' });
    await expect.poll(() => shownToasts(page).count()).toBe(2);
    await page.getByText('Passwords do not match').first().waitFor();
    await page.close();
  });
});
