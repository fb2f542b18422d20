import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { collectProblems, decodedWidths, screenshots, useBrowser } from './support/page.js';

const browser = useBrowser();

describe('the store as a user starts it', () => {
  it.each([
    { name: 'desktop', width: 1280, height: 900 },
    { name: 'mobile', width: 375, height: 812 },
  ])('shows the home page with real products and pictures ($name)', async ({ name, width, height }) => {
    const page = await browser().newPage({ viewport: { width, height } });
    const problems = collectProblems(page, { httpErrors: false });

    await page.goto(inject('baseUrl'));
    const grid = page.getByRole('list', { name: 'Our Exclusive Collection' });
    await grid.waitFor();
    await expect(page.title()).resolves.toBe('Phoolwala Gifts | Flowers, Cakes and Gifts Delivered Across India');
    const cards = grid.getByRole('listitem');
    expect(await cards.count()).toBe(10);
    expect(await grid.getByRole('heading', { level: 3 }).allInnerTexts()).not.toContain('Sample Product');
    const widths = await decodedWidths(grid.locator('img'));
    expect(widths).toHaveLength(10);
    expect(widths.every((w) => w > 0)).toBe(true);
    await page.screenshot({ path: path.join(screenshots, `smoke-home-${name}.png`), fullPage: true });
    expect(problems).toEqual([]);
    await page.close();
  });

  it('sends the page for client-side routes and JSON for unknown API paths', async () => {
    const base = inject('baseUrl');
    const route = await fetch(`${base}/products/roses`);
    expect(route.status).toBe(200);
    expect(await route.text()).toContain('<div id="root">');
    const api = await fetch(`${base}/api/unknown`);
    expect(api.status).toBe(404);
    expect((await api.json()).code).toBe('NOT_FOUND');
    const asset = (await (await fetch(base)).text()).match(/\/assets\/[^"]+\.js/)![0];
    const js = await fetch(`${base}${asset}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(js.headers.get('cache-control')).toContain('immutable');
    expect(js.headers.get('content-encoding')).toBe('gzip');
  });
});
