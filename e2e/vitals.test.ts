import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import type { VitalsSummary } from '@store/contracts';
import { DEMO_ADMIN as ADMIN } from './support/api.js';
import { hide, screenshots, useBrowser } from './support/page.js';

const browser = useBrowser();

const url = (route: string) => `${inject('baseUrl')}${route}`;

describe('field web vitals', () => {
  it('a product page hidden after loading reports its vitals, and the admin page shows them', async () => {
    const shopper = await browser().newContext({ viewport: { width: 412, height: 915 } });
    const page = await shopper.newPage();
    await page.goto(url('/products'));
    await page
      .getByRole('link')
      .filter({ has: page.getByRole('img') })
      .first()
      .click();
    await page.waitForURL((u) => u.pathname.startsWith('/product/'));
    // The demo store samples every page view; web-vitals arrives after the page's load event.
    const reporting = page.waitForResponse((r) => new URL(r.url()).pathname.includes('/assets/web-vitals-'));
    await page.goto(page.url());
    await page.getByRole('heading', { level: 1 }).waitFor();
    await reporting;
    // A tap ends LCP's observation (web-vitals heeds only trusted events, which a script's
    // visibilitychange is not); it reports when the browser is next idle.
    await page.getByRole('heading', { level: 1 }).click();
    await page.evaluate(() => new Promise((done) => requestIdleCallback(() => done(null))));
    const beacon = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/vitals');
    await hide(page);
    const sent = JSON.parse((await beacon).postData() ?? '{}');
    expect(sent.pageType).toBe('product');
    expect(sent.pageViewId).toMatch(/^[0-9a-f]{32}$/);
    expect(sent.samples.map((s: { name: string }) => s.name)).toEqual(expect.arrayContaining(['LCP', 'CLS', 'TTFB']));
    expect(JSON.stringify(sent)).not.toContain('/product/');
    await shopper.close();

    const admin = await browser().newContext({ viewport: { width: 1280, height: 800 } });
    const adminPage = await admin.newPage();
    await adminPage.goto(url('/login?redirect=%2Fadmin%2Fvitals'));
    await adminPage.getByLabel('Email Address').fill(ADMIN.email);
    await adminPage.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await adminPage.getByRole('button', { name: 'Sign In', exact: true }).click();
    await adminPage.waitForURL((u) => u.pathname === '/admin/vitals');
    // The beacon may land a moment after the page was hidden.
    await expect
      .poll(async () => {
        const res = await adminPage.request.get(url('/api/vitals/summary?days=7'));
        const summary = (await res.json()) as VitalsSummary;
        return summary.rows.some((r) => r.pageType === 'product' && r.metric === 'LCP');
      })
      .toBe(true);
    await adminPage.reload();
    const table = adminPage.getByRole('region', { name: 'Web vitals by page type' });
    const product = table.getByRole('row').filter({ has: adminPage.getByRole('rowheader', { name: 'Product' }) });
    await expect
      .poll(() => product.getByRole('cell').first().textContent())
      .toMatch(/^\d+\.\d\d s(Good|Needs work|Poor)\d+ samples?$/);
    await adminPage.screenshot({ path: path.join(screenshots, 'admin-vitals-1280.png'), fullPage: true });
    await adminPage.setViewportSize({ width: 375, height: 812 });
    await adminPage.screenshot({ path: path.join(screenshots, 'admin-vitals-375.png'), fullPage: true });
    await admin.close();
  });
});
