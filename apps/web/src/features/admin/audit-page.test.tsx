import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import type { AdminUserPage, AuditEntry, AuditPage } from '@store/contracts';
import { AUDIT_REDACTED } from '@store/domain';
import { renderRoutes, stubApi, uuid, Where, type Answers } from './admin-test-utils.js';
import { AuditPage as AuditScreen } from './audit-page.js';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const priya = { _id: uuid(7), email: 'priya@phoolwala.in' };

function entry(n: number, over: Partial<AuditEntry> = {}): AuditEntry {
  return {
    _id: String(n),
    // 10:30 UTC is 16:00 in India.
    at: '2026-02-14T10:30:00.000Z',
    actor: priya,
    action: 'product.update',
    entity: { type: 'product', id: uuid(n), label: `Red Roses ${n}` },
    before: { price: 1499 },
    after: { price: 1649 },
    note: null,
    ...over,
  };
}

const pageOf = (rows: AuditEntry[], over: Partial<AuditPage> = {}): AuditPage => ({
  rows,
  page: 1,
  pageSize: 50,
  pages: 1,
  total: rows.length,
  totalCapped: false,
  ...over,
});

const admins: AdminUserPage = {
  rows: [
    {
      ...priya,
      name: 'Priya',
      isAdmin: true,
      isPartner: false,
      pincode: '',
      phone: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      googleLinked: false,
      version: 1,
    },
  ],
  page: 1,
  pageSize: 200,
  pages: 1,
  total: 1,
};

/** Answers every page of the trail with `page`; the trail's URLs asked for are in `asked`. */
function stubTrail(page: AuditPage) {
  const answers = new Proxy({} as Answers, {
    get: (_, key: string) =>
      key.startsWith('GET /api/admin/audit')
        ? [200, page]
        : key.startsWith('GET /api/users/admin?role=admin')
          ? [200, admins]
          : undefined,
  });
  const fetchMock = stubApi(answers);
  const asked = () => fetchMock.mock.calls.map(([url]) => String(url)).filter((u) => u.startsWith('/api/admin/audit'));
  return { asked };
}

const where = () => screen.getByRole('status', { name: 'where' }).textContent;
const renderAt = (path: string) =>
  renderRoutes(
    path,
    <Route
      path="/admin/audit"
      element={
        <>
          <AuditScreen />
          <Where />
        </>
      }
    />,
  );

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('the audit screen', () => {
  it('shows when in IST, who, the action, the entity linked to its page, and each field before → after', async () => {
    stubTrail(
      pageOf([
        entry(1),
        entry(2, {
          action: 'user.update',
          entity: { type: 'user', id: uuid(20), label: 'meera@example.in' },
          before: { name: 'Meera', password: AUDIT_REDACTED },
          after: { name: 'Meera Pillai', password: AUDIT_REDACTED },
        }),
        entry(3, {
          action: 'coupon.create',
          entity: { type: 'coupon', id: uuid(30), label: 'DIWALI20' },
          before: null,
          after: { code: 'DIWALI20', active: true, categories: ['Cakes', 'Flowers'] },
        }),
        entry(4, {
          action: 'product.delete',
          entity: { type: 'product', id: uuid(40), label: 'Lilies' },
          before: { name: 'Lilies', variants: [{ _id: uuid(41), name: 'Large', price: 899 }] },
          after: null,
        }),
        entry(5, {
          action: 'order.cancel',
          entity: { type: 'order', id: uuid(50), label: 'PW-000123' },
          before: { stage: 'paid' },
          after: { stage: 'cancelled' },
          note: 'The customer called',
        }),
        entry(6, { before: {}, after: {} }),
        entry(7, { before: { gstRate: 5, hsnCode: '1905' }, after: { gstRate: 0, hsnCode: '0603' } }),
      ]),
    );
    renderAt('/admin/audit');
    expect(screen.queryByRole('heading', { level: 1, name: 'Audit' })).not.toBeNull();
    const table = await screen.findByRole('region', { name: 'Audit trail' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['WHEN (IST)', 'WHO', 'ACTION', 'ENTITY', 'CHANGES']);
    const [, product, user, coupon, deleted, cancelled, unchanged, taxed] = within(table).getAllByRole('row');
    expect(cellsOf(product!)).toEqual([
      '14 Feb 2026, 4:00 pm',
      'priya@phoolwala.in',
      'Changed product',
      'ProductRed Roses 1',
      'Price: 1499 →to 1649',
    ]);
    expect(within(product!).getByRole('link', { name: 'Red Roses 1' }).getAttribute('href')).toBe(
      `/admin/product/${uuid(1)}/edit`,
    );
    expect(cellsOf(user!)[4]).toBe('Name: Meera →to Meera PillaiPassword: changed (values not kept)');
    expect(within(user!).getByRole('link', { name: 'meera@example.in' }).getAttribute('href')).toBe(
      `/admin/user/${uuid(20)}/edit`,
    );
    expect(cellsOf(coupon!).slice(2)).toEqual([
      'Created coupon',
      'CouponDIWALI20',
      'Code: DIWALI20Active: yesCategories: Cakes, Flowers',
    ]);
    // A deleted entity has no page to link to.
    expect(within(deleted!).queryByRole('link')).toBeNull();
    expect(cellsOf(deleted!)[4]).toBe('Name: LiliesVariants: name Large, price 899');
    expect(cellsOf(cancelled!)[2]).toBe('Cancelled order');
    expect(within(cancelled!).getByText('Note: The customer called')).not.toBeNull();
    expect(cellsOf(unchanged!)[4]).toBe('No fields changed');
    expect(cellsOf(taxed!)[4]).toBe('GST rate: 5 →to 0HSN code: 1905 →to 0603');
  });

  it('asks the server for what the URL says and shows it in the labelled filters', async () => {
    const { asked } = stubTrail(pageOf([entry(1)], { page: 2, pages: 3, total: 120 }));
    renderAt(
      `/admin/audit?actor=${priya._id}&entityType=product&entityId=${uuid(1)}&from=2026-02-01&to=2026-02-14&page=2`,
    );
    await screen.findByRole('region', { name: 'Audit trail' });
    const search = `actor=${priya._id}&entityType=product&entityId=${uuid(1)}&from=2026-02-01&to=2026-02-14`;
    expect(asked()).toEqual([`/api/admin/audit?${search}&page=2`]);
    await waitFor(() => expect((screen.getByLabelText('Admin') as HTMLSelectElement).value).toBe(priya._id));
    expect((screen.getByLabelText('Entity') as HTMLSelectElement).value).toBe('product');
    expect((screen.getByLabelText('Entity ID') as HTMLInputElement).value).toBe(uuid(1));
    expect((screen.getByLabelText('From (IST)') as HTMLInputElement).value).toBe('2026-02-01');
    expect((screen.getByLabelText('To (IST)') as HTMLInputElement).value).toBe('2026-02-14');
    const pager = screen.getByRole('navigation', { name: 'Pages of changes' });
    expect(pager.textContent).toContain('Page 2 of 3 (120 changes)');
    expect(within(pager).getByRole('link', { name: 'Next' }).getAttribute('href')).toBe(
      `/admin/audit?${search}&page=3`,
    );
    expect(screen.getByRole('link', { name: 'Clear filters' }).getAttribute('href')).toBe('/admin/audit');
  });

  it('puts each filter in the URL, back on page 1; a row narrows to its admin or to its entity', async () => {
    const { asked } = stubTrail(pageOf([entry(1)], { pages: 2, total: 60 }));
    const { user } = renderAt('/admin/audit?page=2');
    await screen.findByRole('region', { name: 'Audit trail' });
    await user.selectOptions(screen.getByLabelText('Entity'), 'Coupon');
    expect(where()).toBe('/admin/audit?entityType=coupon');
    await user.type(screen.getByLabelText('From (IST)'), '2026-02-01');
    expect(where()).toBe('/admin/audit?entityType=coupon&from=2026-02-01');
    await user.type(screen.getByLabelText('Entity ID'), 'WELCOME{Enter}');
    expect(where()).toBe('/admin/audit?entityType=coupon&entityId=WELCOME&from=2026-02-01');
    await user.click(screen.getByRole('button', { name: 'History of Red Roses 1' }));
    expect(where()).toBe(`/admin/audit?entityType=product&entityId=${uuid(1)}&from=2026-02-01`);
    await user.click(screen.getByRole('button', { name: 'Only changes by priya@phoolwala.in' }));
    expect(where()).toBe(`/admin/audit?actor=${priya._id}&entityType=product&entityId=${uuid(1)}&from=2026-02-01`);
    await waitFor(() => expect(asked().at(-1)).toBe(`/api/admin/audit?${where()!.split('?')[1]}`));
  });

  it('says when the server stopped counting, and still offers the next page', async () => {
    stubTrail(pageOf([entry(1)], { pages: 200, total: 10_000, totalCapped: true }));
    renderAt('/admin/audit');
    const pager = await screen.findByRole('navigation', { name: 'Pages of changes' });
    expect(pager.textContent).toContain('Page 1 of 200+ (10000+ changes)');
    expect(within(pager).getByRole('link', { name: 'Next' }).getAttribute('href')).toBe('/admin/audit?page=2');
  });

  it('ignores values the server would refuse, and says when nothing matches', async () => {
    const { asked } = stubTrail(pageOf([], { pages: 0 }));
    renderAt('/admin/audit?actor=someone&entityType=invoice&from=yesterday&page=x');
    expect(await screen.findByText('No admin has changed anything yet.')).not.toBeNull();
    expect(asked()).toEqual(['/api/admin/audit']);
  });

  it('names a former admin in the filter by the email the trail kept', async () => {
    const former = { _id: uuid(99), email: 'gone@phoolwala.in' };
    stubTrail(pageOf([entry(1, { actor: former })]));
    renderAt(`/admin/audit?actor=${former._id}`);
    await screen.findByRole('region', { name: 'Audit trail' });
    const select = screen.getByLabelText('Admin') as HTMLSelectElement;
    await waitFor(() => expect(select.selectedOptions[0]?.textContent).toBe('gone@phoolwala.in'));
  });
});
