import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { adminCookie, api, apiFetch, DEMO_ADMIN as ADMIN, storeUrl } from './support/api.js';
import { seriousViolations } from './support/axe.js';
import { dismissToasts, openPage, shoot, useBrowser } from './support/page.js';
import { signInTo } from './support/shopper.js';

const browser = useBrowser();

const ADMINS = ['Chitra Iyer', 'Anoop Varghese', 'Bindu Thomas'];
const CUSTOMERS = ['Devi Nair', 'Eshan Rao', 'Farah Khan'];

/**
 * Six accounts whose emails share a word no other account has (`users-<8 random>-…`), three of them
 * made admins, registered in this order (so newest first is the reverse); the shared word.
 */
async function accounts(): Promise<string> {
  const tag = `users-${randomUUID().slice(0, 8)}`;
  const cookie = await adminCookie();
  for (const name of [...ADMINS, ...CUSTOMERS]) {
    const email = `${tag}-${name.split(' ')[0]!.toLowerCase()}@example.com`;
    const res = await apiFetch('/api/users', { method: 'POST', body: { name, email, password: 'temple-bells-58' } });
    expect(res.status, `registering ${email}`).toBe(201);
    const { _id } = (await res.json()) as { _id: string };
    if (ADMINS.includes(name)) {
      await api(`/api/users/${_id}`, { method: 'PUT', cookie, body: { version: 1, isAdmin: true } });
    }
  }
  return tag;
}

/** The names in the users table, top to bottom. */
const names = (page: Page) =>
  page
    .getByRole('region', { name: 'Users' })
    .getByRole('row')
    .evaluateAll((rows) => rows.slice(1).map((r) => r.querySelectorAll('td')[1]?.textContent ?? ''));

const params = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

describe("the admin's users list", () => {
  for (const width of [1280, 375]) {
    it(`searches by part of an email, shows admins only, sorts and pages, the state in the URL (${width})`, async () => {
      const tag = await accounts();
      const { context, page, problems } = await openPage(browser(), width);
      // Two rows a page (a size the URL may ask for), so that six accounts make pages.
      await signInTo(page, ADMIN.email, ADMIN.password, '/admin/userlist');
      await page.goto(storeUrl('/admin/userlist?pageSize=2'));
      const pager = page.getByRole('navigation', { name: 'Pages of users' });

      const search = page.getByLabel('Search users');
      await search.fill(tag);
      await search.press('Enter');
      await page.waitForURL((u) => u.searchParams.get('q') === tag);
      await expect.poll(() => pager.textContent()).toContain('Page 1 of 3 (6 users)');
      // Newest first: the last two registered.
      expect(await names(page)).toEqual(['Farah Khan', 'Eshan Rao']);

      await page.getByLabel('Role').selectOption('admin');
      await page.waitForURL((u) => u.searchParams.get('role') === 'admin');
      await expect.poll(() => pager.textContent()).toContain('Page 1 of 2 (3 users)');
      expect(await names(page)).toEqual(['Bindu Thomas', 'Anoop Varghese']);
      const table = page.getByRole('region', { name: 'Users' });
      expect(await table.getByText('Admin', { exact: true }).count()).toBe(2);

      await table.getByRole('button', { name: 'NAME' }).click();
      await page.waitForURL((u) => u.searchParams.get('sort') === 'name');
      expect(params(page)).toEqual({ q: tag, role: 'admin', sort: 'name', order: 'asc', pageSize: '2' });
      await expect.poll(() => names(page)).toEqual(['Anoop Varghese', 'Bindu Thomas']);
      await dismissToasts(page);
      await shoot(page, `admin-users-admins-by-name-${width}`);

      await pager.getByRole('link', { name: 'Next' }).click();
      await page.waitForURL((u) => u.searchParams.get('page') === '2');
      await expect.poll(() => names(page)).toEqual(['Chitra Iyer']);
      await expect.poll(() => pager.textContent()).toContain('Page 2 of 2 (3 users)');

      // A reload keeps all of it: the rows, the search in its box and the role chosen.
      await page.reload();
      await expect.poll(() => names(page)).toEqual(['Chitra Iyer']);
      expect(await search.inputValue()).toBe(tag);
      expect(await page.getByLabel('Role').inputValue()).toBe('admin');
      expect(await table.getByRole('columnheader', { name: 'NAME' }).getAttribute('aria-sort')).toBe('ascending');

      await pager.getByRole('link', { name: 'Previous' }).click();
      await page.waitForURL((u) => !u.searchParams.has('page'));
      await expect.poll(() => names(page)).toEqual(['Anoop Varghese', 'Bindu Thomas']);
      await page.goBack();
      await page.waitForURL((u) => u.searchParams.get('page') === '2');
      await expect.poll(() => names(page)).toEqual(['Chitra Iyer']);

      await page.getByLabel('Role').selectOption('customer');
      await page.waitForURL((u) => u.searchParams.get('role') === 'customer' && !u.searchParams.has('page'));
      await expect.poll(() => names(page)).toEqual(['Devi Nair', 'Eshan Rao']);
      expect(await table.getByText('Not an admin', { exact: true }).count()).toBe(2);

      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(await seriousViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});
