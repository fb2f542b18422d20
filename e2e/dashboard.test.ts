import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { adminCookie, api, DEMO_ADMIN, payOrder, placeOrder, productInStock, registerByApi } from './support/api.js';
import { seriousViolations } from './support/axe.js';
import { dismissToasts, openPage, shoot, useBrowser } from './support/page.js';
import { signIn } from './support/shopper.js';

const browser = useBrowser();

interface Summary {
  period: string;
  revenue: { current: number };
  orders: { current: number };
}

/** Today's revenue and orders as the API has them now. */
async function today(cookie: string): Promise<Summary> {
  const body = await api<{ summaries: Summary[] }>('/api/admin/dashboard?period=today', { cookie });
  return body.summaries.find((s) => s.period === 'today')!;
}

/** '₹1,23,456.50' → 123456.5 */
const rupees = (text: string) => Number(text.replace(/[₹,]/g, ''));

/** A figure of a card: the card is the list item under its heading, the figure the value after its label. */
const figure = (page: Page, card: string, label: 'Revenue' | 'Orders') =>
  page
    .getByRole('list', { name: 'Revenue and orders' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: card, exact: true }) })
    .locator('dt', { hasText: label })
    .locator('xpath=following-sibling::dd[1]');

describe('an admin reads the dashboard', () => {
  for (const width of [1280, 375]) {
    it(`lands on /admin after signing in, finds a paid order in today's revenue, switches period and opens a chart's table (${width})`, async () => {
      const admin = await adminCookie();
      const before = await today(admin);
      // Other files pay orders on the same store meanwhile: today's figures can only have grown by more.
      const buyer = await registerByApi('Lakshmi Iyer', 'marigold-garland-7');
      const placed = await placeOrder<{ _id: string; razorpayOrder: { id: string } }>(buyer.cookie, {
        productId: (await productInStock())._id,
        recipient: { firstName: 'Lakshmi', lastName: 'Iyer', address: '', address2: '12 Temple Road' },
      });
      const paid = await payOrder<{ totalPrice: number; isPaid: boolean }>(buyer.cookie, placed);
      expect(paid.isPaid).toBe(true);

      const { context, page, problems } = await openPage(browser(), width);
      // A signed-out admin opening the dashboard signs in first and comes back to it.
      await page.goto(`${inject('baseUrl')}/admin`);
      await page.waitForURL((u) => u.pathname === '/login');
      await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
      await page.waitForURL((u) => u.pathname === '/admin');
      await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();

      const revenue = figure(page, 'Today', 'Revenue');
      await expect
        .poll(async () => rupees(await revenue.innerText()))
        .toBeGreaterThanOrEqual(before.revenue.current + paid.totalPrice);
      expect(await revenue.innerText()).toMatch(/^₹[\d,]+(\.\d{2})?$/);
      expect(Number(await figure(page, 'Today', 'Orders').innerText())).toBeGreaterThanOrEqual(
        before.orders.current + 1,
      );
      const todayCard = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Today' }) });
      expect(await todayCard.innerText()).toMatch(/vs ₹[\d,.]+ yesterday by this time/);

      const picker = page.getByRole('navigation', { name: 'Period' });
      expect(await picker.getByRole('link', { name: 'Last 7 days' }).getAttribute('aria-current')).toBe('true');
      await picker.getByRole('link', { name: 'Last 30 days' }).click();
      await page.waitForURL((u) => u.searchParams.get('period') === '30d');
      const chart = page.getByRole('region', { name: 'Revenue per day' });
      await chart.getByText('What paid orders came to on each IST day in the last 30 days.').waitFor();
      // Recharts arrives after the figures; its bars are drawn once it has.
      await chart.locator('.recharts-bar-rectangle').first().waitFor();

      await chart.getByText('Show as table').click();
      const rows = chart.getByRole('region', { name: 'Revenue per day, as a table' }).getByRole('row');
      await expect.poll(() => rows.count()).toBe(31);
      const todaysRevenue = await rows.last().getByRole('cell').last().innerText();
      expect(todaysRevenue).toMatch(/^₹[\d,]+(\.\d{2})?$/);
      expect(rupees(todaysRevenue)).toBeGreaterThanOrEqual(paid.totalPrice);

      await page.reload();
      await page.getByRole('region', { name: 'Revenue per day' }).locator('.recharts-bar-rectangle').first().waitFor();
      expect(await picker.getByRole('link', { name: 'Last 30 days' }).getAttribute('aria-current')).toBe('true');
      if (width === 1280) expect(await seriousViolations(page)).toEqual([]);
      await dismissToasts(page);
      await shoot(page, `dashboard-${width}`);
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});
