import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { occasionOn } from '@store/domain';
import { openPage, screenshots, useBrowser } from './support/page.js';

const browser = useBrowser();

/** A fresh shopper (no cookies, empty storage) and the errors their pages log. */
const open = (width: number, height = 900) => openPage(browser(), width, { height, httpErrors: false });

const url = (route: string) => `${inject('baseUrl')}${route}`;

describe('global layout', () => {
  it('searches from the header: the trimmed keyword opens its listing, an empty one goes home', async () => {
    const { context, page } = await open(1280);
    await page.goto(url('/terms-and-conditions'));
    const box = page.getByRole('search').getByPlaceholder('Search our store..');
    await box.fill('  red roses ');
    await box.press('Enter');
    await page.waitForURL((u) => u.pathname === '/products/red%20roses');
    await page.getByText('FREE SHIPPING ON ORDERS OVER ₹1000').waitFor();
    // The box on the results page shows the search that produced it.
    await expect
      .poll(() => page.getByRole('search').getByPlaceholder('Search our store..').inputValue())
      .toBe('red roses');

    await page.getByRole('search').getByPlaceholder('Search our store..').fill('   ');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await context.close();
  });

  it('toggles the sidebar with the keyboard and remembers it in the sidebar:state cookie after a reload', async () => {
    const { context, page, problems } = await open(1280);
    await page.goto(url('/terms-and-conditions'));
    const toggle = page.getByRole('button', { name: 'Toggle sidebar' });
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await sidebar.getByRole('link', { name: 'Flowers' }).waitFor();
    expect((await sidebar.boundingBox())?.width).toBe(256);

    await page.keyboard.press('Control+b');
    await page.waitForFunction(() => document.cookie.includes('sidebar:state=false'));
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    const cookie = (await context.cookies()).find((c) => c.name === 'sidebar:state');
    expect(cookie?.value).toBe('false');
    // Seven days, give or take the seconds the test took.
    expect(Math.abs(cookie!.expires - (Date.now() / 1000 + 7 * 24 * 3600))).toBeLessThan(120);

    await page.reload();
    await page.getByText('FREE SHIPPING ON ORDERS OVER ₹1000').waitFor();
    expect(await page.getByRole('button', { name: 'Toggle sidebar' }).getAttribute('aria-expanded')).toBe('false');
    await page.waitForFunction(
      () => document.querySelector('aside[aria-label="Sidebar"]')?.getBoundingClientRect().width === 48,
    );
    await page.screenshot({ path: path.join(screenshots, 'layout-sidebar-collapsed-1280.png') });

    await page.keyboard.press('Meta+b');
    await page.waitForFunction(() => document.cookie.includes('sidebar:state=true'));
    expect(await page.getByRole('button', { name: 'Toggle sidebar' }).getAttribute('aria-expanded')).toBe('true');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('opens a top menu group and goes to the listing filtered as the item says', async () => {
    const { context, page } = await open(1280);
    await page.goto(url('/terms-and-conditions'));
    const menu = page.getByRole('navigation', { name: 'Gift ideas' });
    await menu.getByRole('button', { name: 'Cakes' }).hover();
    await menu.getByRole('link', { name: 'Plum', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/products' && u.search === '?category=Cakes&subcategory=Plum+cakes');

    // Keyboard only: focus a trigger, open it with Enter, Tab into its panel. The first group is
    // the occasion in season on the server's day, or plain gifts outside every window.
    const season = occasionOn(new Date());
    await menu.getByRole('button', { name: season ? `${season.name} Gifts` : 'Gifts', exact: true }).focus();
    await page.keyboard.press('Enter');
    await menu.getByRole('link', { name: 'For Her' }).waitFor();
    await page.screenshot({ path: path.join(screenshots, 'layout-top-menu-1280.png') });
    await menu.getByRole('link', { name: 'For Her' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.search === '?recipient=For+Her');
    await context.close();
  });

  it('uses the mobile layout at 375px: no rail or top menu, a menu button opening the sidebar sheet', async () => {
    const { context, page, problems } = await open(375, 812);
    await page.goto(url('/terms-and-conditions'));
    await page.getByRole('heading', { level: 1, name: 'Terms and Conditions' }).waitFor();
    expect(await page.getByRole('complementary', { name: 'Sidebar' }).isVisible()).toBe(false);
    expect(await page.getByRole('navigation', { name: 'Gift ideas' }).isVisible()).toBe(false);
    expect(await page.getByRole('search').isVisible()).toBe(true);
    await page.screenshot({ path: path.join(screenshots, 'layout-terms-375.png') });

    await page.getByRole('button', { name: 'Open menu' }).click();
    const sheet = page.getByRole('dialog', { name: 'Shop by category' });
    await sheet.getByRole('link', { name: 'Flowers' }).waitFor();
    expect((await sheet.boundingBox())?.width).toBe(288);
    expect(await sheet.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/login');
    await page.screenshot({ path: path.join(screenshots, 'layout-sheet-375.png') });
    expect(problems).toEqual([]);

    // The listing belongs to another screen: only the URL and the closed sheet matter here.
    await sheet.getByRole('link', { name: 'Flowers' }).click();
    await page.waitForURL((u) => u.pathname === '/products' && u.search === '?category=Flowers');
    await sheet.waitFor({ state: 'detached' });
    await context.close();
  });
});

describe('the demo banner', () => {
  it.each([375, 1280])(
    'says payments are simulated above the header of every page of the demo store, covering nothing (%ipx)',
    async (width) => {
      const { context, page, problems } = await open(width, 812);
      for (const route of ['/', '/cart', '/terms-and-conditions']) {
        await page.goto(url(route));
        const note = page.getByRole('status').filter({ hasText: 'Demo store: payments are simulated' });
        await note.waitFor();
        // Parts of the header arrive after the first paint (ADR 041): the layout is judged once settled.
        const layout = async () => {
          const box = (await note.boundingBox())!;
          const header = (await page.getByRole('banner').boundingBox())!;
          return {
            atTop: box.y === 0,
            slim: box.height <= 40,
            headerBelow: header.y >= box.y + box.height,
            noSidewaysScroll: await page.evaluate((w) => document.documentElement.scrollWidth <= w, width),
          };
        };
        await expect
          .poll(layout, { timeout: 10_000 })
          .toEqual({ atTop: true, slim: true, headerBelow: true, noSidewaysScroll: true });
      }
      await page.screenshot({ path: path.join(screenshots, `layout-demo-banner-${width}.png`) });
      expect(problems).toEqual([]);
      await context.close();
    },
  );
});

describe('static pages', () => {
  it.each([
    { name: 'desktop', width: 1280 },
    { name: 'mobile', width: 375 },
  ])('shows the terms with the grievance hours ($name)', async ({ name, width }) => {
    const { context, page, problems } = await open(width);
    await page.goto(url('/terms-and-conditions'));
    await page.getByRole('heading', { level: 1, name: 'Terms and Conditions' }).waitFor();
    expect(await page.title()).toBe('Terms and Conditions | Phoolwala Gifts');
    await page.getByText('Monday to Friday, 9:00 to 18:00').waitFor();
    await page.locator('address').getByRole('link', { name: 'grievance@phoolwala.in' }).waitFor();
    expect(await page.getByRole('contentinfo').innerText()).toContain(
      `© ${new Date().getFullYear()} Phoolwala Gifts. All rights reserved.`,
    );
    await page.screenshot({ path: path.join(screenshots, `layout-terms-full-${name}.png`), fullPage: true });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows the not-found page for an unknown route', async () => {
    const { context, page, problems } = await open(1280);
    await page.goto(url('/no-such-page/at-all'));
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    expect(await page.title()).toBe('Page not found | Phoolwala Gifts');
    const main = page.getByRole('main');
    expect(await main.getByRole('link', { name: 'All Products' }).getAttribute('href')).toBe('/products');
    await page.screenshot({ path: path.join(screenshots, 'layout-not-found-1280.png') });
    expect(problems).toEqual([]);
    await main.getByRole('link', { name: 'Back to Home' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await context.close();
  });
});
