import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { adminCookie, api, apiFetch, DEMO_ADMIN as ADMIN, registerByApi } from './support/api.js';
import { seriousViolations } from './support/axe.js';
import { dismissToasts, openPage, shoot, useBrowser } from './support/page.js';
import { signInTo } from './support/shopper.js';

const browser = useBrowser();
const PASSWORD = 'lotus-pond-evening-7';

interface StoredProduct {
  _id: string;
  name: string;
  price: number;
  description: string;
  countInStock: number;
  version: number;
}

describe('two admins on one product', () => {
  it('the later save sees what the earlier one changed, re-applies its own edit on top and saves (1280)', async () => {
    const cookie = await adminCookie();
    const name = `Conflict Jasmine ${randomUUID().slice(0, 8)}`;
    const draft = await api<StoredProduct>('/api/products', { method: 'POST', cookie, body: { countInStock: 5 } });
    // Off sale, so it never reaches the shop's pages that other files read meanwhile.
    await api(`/api/products/${draft._id}`, {
      method: 'PUT',
      cookie,
      body: { version: draft.version, name, price: 650, category: 'Flowers', subCategory: ['Roses'], available: false },
    });
    // A second admin, in a browser of their own.
    const second = await registerByApi('Nila Varghese', PASSWORD, { emailPrefix: 'conflict-admin' });
    await api(`/api/users/${second.id}`, { method: 'PUT', cookie, body: { version: 1, isAdmin: true } });

    const edit = `/admin/product/${draft._id}/edit`;
    const first = await openPage(browser(), 1280);
    // The second admin's save is refused once, with 409: that is the answer under test.
    const later = await openPage(browser(), 1280, { expected: (u) => u.endsWith(`/api/products/${draft._id}`) });
    await signInTo(first.page, ADMIN.email, ADMIN.password, edit);
    await signInTo(later.page, second.email, PASSWORD, edit);
    for (const { page } of [first, later]) {
      await expect.poll(() => page.getByLabel('Name', { exact: true }).inputValue()).toBe(name);
    }

    // The first admin reprices and saves.
    await first.page.getByLabel('Price', { exact: true }).fill('725');
    await first.page.getByRole('button', { name: 'Update', exact: true }).click();
    await first.page.getByText('Product updated').waitFor();

    // The second, on the form as it was opened, writes a description and saves: refused, nothing written.
    await later.page.getByLabel('Description').fill('Hand-tied with jasmine from Madurai.');
    await later.page.getByRole('button', { name: 'Update', exact: true }).click();
    const review = later.page.getByRole('region', { name: 'This product changed since you opened it' });
    await review.waitFor();
    const rows = await review
      .getByRole('row')
      .evaluateAll((trs) => trs.slice(1).map((tr) => Array.from(tr.querySelectorAll('th, td'), (c) => c.textContent)));
    expect(rows).toEqual([
      ['Description', '—', '—', 'Hand-tied with jasmine from Madurai.'],
      ['Price', '650', '725', 'not changed'],
    ]);
    expect(await later.page.getByRole('button', { name: 'Update', exact: true }).isDisabled()).toBe(true);
    const stored = await api<StoredProduct>(`/api/products/${draft._id}/admin`, { cookie });
    expect(stored).toMatchObject({ price: 725, description: '', version: 3 });
    await dismissToasts(later.page);
    await shoot(later.page, 'admin-product-conflict-1280');
    expect(await seriousViolations(later.page)).toEqual([]);

    // Re-applied on top of the first admin's price, and saved with the version it is at now.
    await review.getByRole('button', { name: 'Re-apply my changes' }).click();
    await expect.poll(() => later.page.getByLabel('Price', { exact: true }).inputValue()).toBe('725');
    expect(await later.page.getByLabel('Description').inputValue()).toBe('Hand-tied with jasmine from Madurai.');
    await later.page.getByRole('button', { name: 'Update', exact: true }).click();
    await later.page.getByText('Product updated').waitFor();
    await later.page.waitForURL((u) => u.pathname === '/admin/productlist');

    expect(await api<StoredProduct>(`/api/products/${draft._id}/admin`, { cookie })).toMatchObject({
      price: 725,
      description: 'Hand-tied with jasmine from Madurai.',
      countInStock: 5,
      version: 4,
    });
    expect(first.problems).toEqual([]);
    expect(later.problems).toEqual([]);
    await first.context.close();
    await later.context.close();
    expect((await apiFetch(`/api/products/${draft._id}`, { method: 'DELETE', cookie })).status).toBe(200);
  });
});
