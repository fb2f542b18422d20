import path from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { decodedWidths, screenshots, useBrowser } from './support/page.js';

const browser = useBrowser();
let page: Page;
afterEach(async () => {
  await page?.close();
});

async function open(url = '/', viewport = { width: 1280, height: 900 }): Promise<Page> {
  page = await browser().newPage({ viewport });
  await page.goto(`${inject('baseUrl')}${url}`);
  return page;
}

const hero = () => page.getByRole('region', { name: 'Offers' });

/** The slide aligned with the hero's left edge, or -1 while the carousel is moving. */
function slideAtStart(): Promise<number> {
  return hero().evaluate((section) => {
    const left = section.getBoundingClientRect().left;
    const slides = Array.from(section.querySelectorAll('[aria-roledescription="slide"]'));
    return slides.findIndex((slide) => Math.abs(slide.getBoundingClientRect().left - left) < 1);
  });
}

const expectSlide = (index: number) => expect.poll(slideAtStart, { timeout: 5_000 }).toBe(index);

/**
 * The carousel's code arrives after the first render (ADR 041), so its buttons do nothing before
 * then; once it has, it positions the slides' row.
 */
async function carouselReady(): Promise<void> {
  await hero().getByRole('group').first().waitFor();
  const row = hero().locator('[aria-roledescription="slide"]').first().locator('..');
  await expect.poll(() => row.evaluate((el) => (el as HTMLElement).style.transform), { timeout: 10_000 }).not.toBe('');
}

describe('the home page', () => {
  it('moves the hero with the next button and the arrow keys', async () => {
    await open();
    await carouselReady();
    await expectSlide(0);
    await hero().getByRole('button', { name: 'Next' }).click();
    await expectSlide(1);
    await page.keyboard.press('ArrowRight');
    await expectSlide(2);
    await page.keyboard.press('ArrowLeft');
    await expectSlide(1);
  });

  it('advances the hero on its own and holds it while the pointer rests on it', async () => {
    page = await browser().newPage({ viewport: { width: 1280, height: 900 } });
    // A fake clock makes five-second autoplay testable without waiting for it.
    await page.clock.install();
    await page.goto(`${inject('baseUrl')}/`);
    // Autoplay runs only once the carousel's code has arrived.
    await carouselReady();
    await page.mouse.move(5, 880);
    await expectSlide(0);
    await page.clock.runFor(5_500);
    await expectSlide(1);

    const box = (await hero().boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + 60);
    await page.clock.runFor(12_000);
    await expectSlide(1);
  });

  it('loads the first hero picture eagerly and the banners at their intrinsic sizes', async () => {
    await open();
    const first = hero().getByRole('group').first().locator('img');
    await expect(first.getAttribute('fetchpriority')).resolves.toBe('high');
    await expect(first.getAttribute('loading')).resolves.toBe('eager');
    const widths = await decodedWidths(hero().locator('img'));
    expect(widths).toEqual([1600, 1600, 1600, 1600]);
    const heroHeight = (await hero().getByRole('group').first().boundingBox())!.height;
    expect(heroHeight).toBe(480);
  });

  it('opens the listing for an occasion tile', async () => {
    await open();
    const occasions = page.getByRole('region', { name: 'Shop for every Occasions' });
    await occasions.getByRole('link', { name: 'Love and Romance' }).click();
    await page.waitForURL(/\/products\/?\?occasion=Love(%20|\+)and(%20|\+)Romance$/);
  });

  it('opens the listing for men from the For Him tile', async () => {
    await open();
    await page.getByRole('link', { name: /For Him/ }).click();
    await page.waitForURL(/\/products\?recipient=For(\+|%20)Him$/);
  });

  it('shows ten products per page in Our Exclusive Collection, following the page in the route', async () => {
    const api = await fetch(`${inject('baseUrl')}/api/products?pageNumber=2&pageLimit=10`);
    const expected = ((await api.json()) as { products: { name: string }[] }).products.map((p) => p.name);
    await open('/page/2');
    const grid = page.getByRole('list', { name: 'Our Exclusive Collection' });
    await grid.waitFor();
    const names = await grid.getByRole('heading', { level: 3 }).allInnerTexts();
    expect(names).toEqual(expected);
    expect(names).not.toContain('Sample Product');

    await page.goto(`${inject('baseUrl')}/`);
    await expect.poll(() => grid.getByRole('listitem').count()).toBe(10);
    await page.getByRole('link', { name: 'Show all products' }).click();
    await page.waitForURL(/\/products$/);
  });

  it.each([
    { name: 'desktop', width: 1280, height: 900 },
    { name: 'mobile', width: 375, height: 812 },
  ])('lays out every section without sideways scrolling ($name)', async ({ name, width, height }) => {
    await open('/', { width, height });
    await page.getByRole('list', { name: 'Our Exclusive Collection' }).waitFor();
    for (const heading of ['Shop for every Occasions', 'Our UNIQUE Collections', 'Subscribe and Save']) {
      await page.getByRole('heading', { name: heading, level: 2 }).waitFor();
    }
    await page.getByRole('region', { name: 'Our UNIQUE Collections' }).getByRole('article').first().waitFor();
    // The menus and the carousel arrive after the first paint (ADR 041): measure once they have.
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth), { timeout: 10_000 })
      .toBeLessThanOrEqual(width);
    const tiles = page.getByRole('region', { name: 'Shop for every Occasions' }).locator('img');
    await expect
      .poll(() => decodedWidths(tiles), { timeout: 10_000 })
      .toSatisfy((w: number[]) => w.every((x) => x === 400));
    const video = page.getByRole('region', { name: 'Subscribe and Save' }).locator('video');
    await video.scrollIntoViewIfNeeded();
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused && v.readyState >= 2), { timeout: 10_000 })
      .toBe(true);
    await decodedWidths(page.locator('main img'));
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(screenshots, `home-${name}.png`), fullPage: true });
  });
});
