import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { adminCookie, api, DEMO_ADMIN as ADMIN } from './support/api.js';
import { seriousViolations } from './support/axe.js';
import { openPage, shoot, useBrowser } from './support/page.js';
import { signInTo } from './support/shopper.js';

const browser = useBrowser();

describe('the audit trail', () => {
  it("finds an admin's price change on the Audit screen, filtered by the product (1280)", async () => {
    const cookie = await adminCookie();
    const name = `Audit Marigolds ${randomUUID().slice(0, 8)}`;
    const { _id: productId, version } = await api<{ _id: string; version: number }>('/api/products', {
      method: 'POST',
      cookie,
      body: { countInStock: 10 },
    });
    // Off sale, so it never reaches the shop's pages that other files read meanwhile.
    await api(`/api/products/${productId}`, {
      method: 'PUT',
      cookie,
      body: { version, name, price: 650, category: 'Flowers', subCategory: ['Roses'], available: false },
    });

    const { context, page, problems } = await openPage(browser(), 1280);
    const edit = `/admin/product/${productId}/edit`;
    await signInTo(page, ADMIN.email, ADMIN.password, edit);
    const price = page.getByLabel('Price', { exact: true });
    await expect.poll(() => price.inputValue()).toBe('650');
    await price.fill('725');
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await page.getByText('Product updated').waitFor();

    // From the account menu, where the other admin screens are.
    await page.getByRole('button', { name: /^Account menu for/ }).click();
    await page.getByRole('menuitem', { name: 'Audit' }).click();
    await page.waitForURL((u) => u.pathname === '/admin/audit');
    await page.getByRole('heading', { level: 1, name: 'Audit' }).waitFor();

    await page.getByLabel('Entity', { exact: true }).selectOption({ label: 'Product' });
    await page.waitForURL((u) => u.searchParams.get('entityType') === 'product');
    await page.getByLabel('Entity ID').fill(productId);
    await page.getByLabel('Entity ID').press('Enter');
    await page.waitForURL((u) => u.searchParams.get('entityId') === productId);

    const rows = page.getByRole('region', { name: 'Audit trail' }).getByRole('row');
    // The header, the price change, the first save and the draft: newest first.
    await expect.poll(() => rows.count()).toBe(4);
    const cells = rows.nth(1).getByRole('cell');
    expect(await cells.nth(1).innerText()).toBe(ADMIN.email);
    expect(await cells.nth(2).innerText()).toBe('Changed product');
    expect(await cells.nth(3).innerText()).toContain(name);
    // The arrow is for the eye; a screen reader hears 'to'.
    expect((await cells.nth(4).innerText()).replace(/\s+/g, ' ')).toBe('Price: 650 → to 725');
    expect(await rows.nth(3).getByRole('cell').nth(2).innerText()).toBe('Created product');
    await shoot(page, 'admin-audit-1280');
    expect(await seriousViolations(page)).toEqual([]);

    // The filters are the URL: a reload shows the same rows; the entity links to its edit page.
    await page.reload();
    await expect.poll(() => rows.count()).toBe(4);
    await rows.nth(1).getByRole('link', { name }).click();
    await page.waitForURL((u) => u.pathname === edit);

    expect(problems).toEqual([]);
    await context.close();
  });
});
