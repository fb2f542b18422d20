import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { Route } from 'react-router';
import { toast } from 'sonner';
import type { Coupon } from '@store/contracts';
import { setUserInfo } from '../../stores/user-store.js';
import { admin, conflictRowsOf, renderRoutes, sentBodies, stubApi, uuid, type Answers } from './admin-test-utils.js';
import { CouponCreatePage, CouponEditPage } from './coupon-edit-page.js';
import { discountText, usesText, validText } from './coupon-form.js';
import { CouponListPage } from './coupon-list-page.js';

function coupon(n: number, overrides: Partial<Coupon> = {}): Coupon {
  return {
    _id: uuid(n),
    code: `CODE${n}`,
    kind: 'percent',
    value: 10,
    maxDiscount: 150,
    minOrderValue: 0,
    validFrom: null,
    validTo: null,
    totalUses: null,
    usesPerCustomer: null,
    firstOrderOnly: false,
    categories: [],
    active: true,
    uses: 0,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    version: 1,
    ...overrides,
  };
}

// The list is routed only when a test opens it, so a form's way back shows up as <Where />.
const routes = (list: boolean) => (
  <>
    {list ? <Route path="/admin/coupons" element={<CouponListPage />} /> : null}
    <Route path="/admin/coupon/new" element={<CouponCreatePage />} />
    <Route path="/admin/coupon/:id/edit" element={<CouponEditPage />} />
  </>
);

function open(path: string, answers: Answers) {
  const fetchMock = stubApi(answers);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  return { ...renderRoutes(path, routes(path === '/admin/coupons'), client), fetchMock, invalidate };
}

const input = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const where = () => screen.getByRole('status', { name: 'where' }).textContent;

beforeEach(() => {
  vi.spyOn(toast, 'success');
  vi.spyOn(toast, 'error');
  act(() => setUserInfo(admin));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  act(() => setUserInfo(null));
});

describe('the coupon texts', () => {
  it.each([
    [{ kind: 'percent', value: 10, maxDiscount: 150 }, '10 % up to ₹150'],
    [{ kind: 'percent', value: 25, maxDiscount: null }, '25 %'],
    [{ kind: 'flat', value: 100, maxDiscount: null }, '₹100 off'],
    [{ kind: 'flat', value: 1250.5, maxDiscount: null }, '₹1,250.50 off'],
  ] as const)('%o is %s', (c, text) => {
    expect(discountText(c)).toBe(text);
  });

  it('says uses of a limit, or the count alone', () => {
    expect(usesText({ uses: 3, totalUses: 100 })).toBe('3 of 100');
    expect(usesText({ uses: 3, totalUses: null })).toBe('3');
  });

  it('shows IST days as they are, whatever the time zone', () => {
    expect(validText({ validFrom: null, validTo: null })).toBe('always');
    expect(validText({ validFrom: '2026-11-01', validTo: '2026-11-15' })).toBe('1 Nov 2026 – 15 Nov 2026');
    expect(validText({ validFrom: '2026-11-01', validTo: null })).toBe('from 1 Nov 2026');
    expect(validText({ validFrom: null, validTo: '2026-12-31' })).toBe('until 31 Dec 2026');
  });
});

describe('the coupon list', () => {
  it('shows a row per coupon with its discount, minimum, dates, uses, limits, categories and an Edit link', async () => {
    open('/admin/coupons', {
      'GET /api/coupons': [
        200,
        [
          coupon(1, {
            code: 'WELCOME10',
            minOrderValue: 499,
            totalUses: 100,
            uses: 3,
            usesPerCustomer: 1,
            firstOrderOnly: true,
            validFrom: '2026-11-01',
            validTo: '2026-11-30',
          }),
          coupon(2, {
            code: 'CAKE100',
            kind: 'flat',
            value: 100,
            maxDiscount: null,
            categories: ['Cakes', 'Combos'],
            active: false,
            uses: 7,
          }),
        ],
      ],
    });
    expect(screen.queryByRole('heading', { level: 1, name: 'Coupons' })).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Create Coupon' }).getAttribute('href')).toBe('/admin/coupon/new');
    const table = await screen.findByRole('region', { name: 'Coupons' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'CODE',
      'DISCOUNT',
      'MINIMUM ORDER',
      'VALID (IST)',
      'USES',
      'FIRST ORDER ONLY',
      'CATEGORIES',
      'ACTIVE',
      'Actions',
    ]);
    const cells = (code: string) =>
      within(within(table).getByRole('row', { name: new RegExp(`^${code}`) }))
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells('WELCOME10')).toEqual([
      'WELCOME10',
      '10 % up to ₹150',
      '₹499',
      '1 Nov 2026 – 30 Nov 2026',
      '3 of 100 1 per customer',
      'First order only',
      'All',
      'Active',
      '',
    ]);
    expect(cells('CAKE100')).toEqual([
      'CAKE100',
      '₹100 off',
      'None',
      'always',
      '7',
      'Any order',
      'Cakes, Combos',
      'Inactive',
      '',
    ]);
    expect(screen.getByRole('link', { name: 'Edit CAKE100' }).getAttribute('href')).toBe(
      `/admin/coupon/${uuid(2)}/edit`,
    );
    // The table scrolls in its own box, reachable by keyboard.
    expect(table.getAttribute('tabindex')).toBe('0');
  });

  it('says when there are none yet', async () => {
    open('/admin/coupons', { 'GET /api/coupons': [200, []] });
    await waitFor(() => expect(screen.queryByText('No coupons yet.')).not.toBeNull());
  });
});

describe('the coupon form', () => {
  it('creates a percent coupon: upper-case code, nulls for the empty limits, then back to the list', async () => {
    const { user, fetchMock, invalidate } = open('/admin/coupon/new', {
      'POST /api/coupons': [201, coupon(3, { code: 'DIWALI15' })],
    });
    expect(screen.queryByRole('heading', { level: 1, name: 'Create Coupon' })).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Go Back' }).getAttribute('href')).toBe('/admin/coupons');
    expect((screen.getByRole('radio', { name: 'Percent off' }) as HTMLInputElement).checked).toBe(true);
    expect(input('Active').checked).toBe(true);

    await user.type(input('Code'), 'diwali15');
    expect(input('Code').value).toBe('DIWALI15');
    await user.type(input('Value (%)'), '15');
    await user.type(input('Maximum discount (₹)'), '200');
    await user.type(input('Minimum order value (₹)'), '500');
    await user.type(input('Valid to (IST, inclusive)'), '2026-11-15');
    await user.click(input('First order only'));
    await user.click(screen.getByRole('button', { name: /^Categories/ }));
    const list = await screen.findByRole('group', { name: 'Categories' });
    await user.click(within(list).getByRole('checkbox', { name: 'Flowers' }));
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Create Coupon' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Coupon DIWALI15 created'));
    expect(sentBodies(fetchMock, 'POST /api/coupons')).toEqual([
      {
        code: 'DIWALI15',
        kind: 'percent',
        value: 15,
        maxDiscount: 200,
        minOrderValue: 500,
        validFrom: null,
        validTo: '2026-11-15',
        totalUses: null,
        usesPerCustomer: null,
        firstOrderOnly: true,
        categories: ['Flowers'],
        active: true,
      },
    ]);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['Coupon'] });
    await waitFor(() => expect(where()).toBe('/admin/coupons'));
  });

  it('creates a flat coupon: no maximum discount, rupees, limits as whole numbers, no minimum as 0', async () => {
    const { user, fetchMock } = open('/admin/coupon/new', {
      'POST /api/coupons': [201, coupon(4, { code: 'FLAT100', kind: 'flat', value: 100 })],
    });
    await user.type(input('Code'), 'FLAT100');
    await user.type(input('Maximum discount (₹)'), '300');
    await user.click(screen.getByRole('radio', { name: 'Flat amount off' }));
    expect(screen.queryByLabelText('Maximum discount (₹)')).toBeNull();
    await user.type(input('Value (₹)'), '100');
    await user.type(input('Total uses'), '50');
    await user.type(input('Uses per customer'), '2');
    await user.click(screen.getByRole('button', { name: 'Create Coupon' }));
    await waitFor(() => expect(where()).toBe('/admin/coupons'));
    expect(sentBodies(fetchMock, 'POST /api/coupons')).toEqual([
      expect.objectContaining({
        code: 'FLAT100',
        kind: 'flat',
        value: 100,
        maxDiscount: null,
        minOrderValue: 0,
        totalUses: 50,
        usesPerCustomer: 2,
        categories: [],
      }),
    ]);
  });

  it('says a taken code by the Code field (409) and stays on the form', async () => {
    const { user } = open('/admin/coupon/new', {
      'POST /api/coupons': [409, { message: 'A coupon with the code WELCOME10 already exists', code: 'CONFLICT' }],
    });
    await user.type(input('Code'), 'welcome10');
    await user.type(input('Value (%)'), '10');
    await user.click(screen.getByRole('button', { name: 'Create Coupon' }));
    await waitFor(() => expect(input('Code').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByRole('alert').textContent).toBe('A coupon with the code WELCOME10 already exists');
    expect(input('Code').getAttribute('aria-describedby')).toContain('coupon-code-error');
    expect(document.getElementById('coupon-code-error')?.textContent).toBe(
      'A coupon with the code WELCOME10 already exists',
    );
    expect(document.activeElement).toBe(input('Code'));
    expect(screen.queryByRole('heading', { level: 1, name: 'Create Coupon' })).not.toBeNull();
    expect((screen.getByRole('button', { name: 'Create Coupon' }) as HTMLButtonElement).disabled).toBe(false);
    // Only the server knows whether a code is taken: its message goes once the code is changed.
    await user.type(input('Code'), '0');
    expect(document.getElementById('coupon-code-error')).toBeNull();
    expect(input('Code').getAttribute('aria-invalid')).toBeNull();
  });

  it("shows the server's 400 by the fields it names", async () => {
    const message = 'A percent coupon takes a whole percentage from 1 to 100; Valid to must not be before valid from';
    const { user } = open('/admin/coupon/new', {
      'POST /api/coupons': [
        400,
        {
          message,
          code: 'VALIDATION',
          details: [
            { field: 'value', message: 'A percent coupon takes a whole percentage from 1 to 100' },
            { field: 'validTo', message: 'Valid to must not be before valid from' },
          ],
        },
      ],
    });
    await user.type(input('Code'), 'BIG');
    await user.type(input('Value (%)'), '150');
    await user.click(screen.getByRole('button', { name: 'Create Coupon' }));
    await waitFor(() => expect(input('Value (%)').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.queryByText('A percent coupon takes a whole percentage from 1 to 100')).not.toBeNull();
    expect(input('Valid to (IST, inclusive)').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(document.activeElement).toBe(input('Value (%)'));
  });

  it('will not send without a code and a value', async () => {
    const { user, fetchMock } = open('/admin/coupon/new', {});
    await user.click(screen.getByRole('button', { name: 'Create Coupon' }));
    expect(screen.queryByText('Code is required')).not.toBeNull();
    expect(screen.queryByText('Value is required')).not.toBeNull();
    expect(screen.getByRole('alert').textContent).toBe('Please correct the fields marked below.');
    expect(document.activeElement).toBe(input('Code'));
    expect(sentBodies(fetchMock, 'POST /api/coupons')).toEqual([]);
    await user.type(input('Code'), 'diwali');
    expect(screen.queryByText('Code is required')).toBeNull();
    expect(input('Code').getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText('Value is required')).not.toBeNull();
  });

  it('edits a coupon from the list: filled as stored, deactivated with PUT', async () => {
    const stored = coupon(5, {
      code: 'WELCOME10',
      minOrderValue: 499,
      validFrom: '2026-11-01',
      totalUses: 100,
      usesPerCustomer: 1,
      categories: ['Cakes'],
      uses: 3,
    });
    const { user, fetchMock } = open(`/admin/coupon/${uuid(5)}/edit`, {
      'GET /api/coupons': [200, [coupon(1), stored]],
      [`PUT /api/coupons/${uuid(5)}`]: [200, { ...stored, active: false }],
    });
    expect(screen.queryByRole('heading', { level: 1, name: 'Edit Coupon' })).not.toBeNull();
    await waitFor(() => expect(input('Code').value).toBe('WELCOME10'));
    expect(input('Value (%)').value).toBe('10');
    expect(input('Maximum discount (₹)').value).toBe('150');
    expect(input('Minimum order value (₹)').value).toBe('499');
    expect(input('Valid from (IST)').value).toBe('2026-11-01');
    expect(input('Valid to (IST, inclusive)').value).toBe('');
    expect(input('Total uses').value).toBe('100');
    expect(input('Uses per customer').value).toBe('1');
    expect(screen.getByRole('button', { name: /^Categories/ }).textContent).toContain('Cakes');

    await user.click(input('Active'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Coupon WELCOME10 saved'));
    expect(sentBodies(fetchMock, `PUT /api/coupons/${uuid(5)}`)).toEqual([
      {
        version: 1,
        code: 'WELCOME10',
        kind: 'percent',
        value: 10,
        maxDiscount: 150,
        minOrderValue: 499,
        validFrom: '2026-11-01',
        validTo: null,
        totalUses: 100,
        usesPerCustomer: 1,
        firstOrderOnly: false,
        categories: ['Cakes'],
        active: false,
      },
    ]);
    await waitFor(() => expect(where()).toBe('/admin/coupons'));
  });

  it('says by Total uses when orders already hold more uses than the new total (409)', async () => {
    const stored = coupon(5, { code: 'WELCOME10', totalUses: 100, uses: 7 });
    const message = '7 orders already hold this coupon; total uses cannot be below that';
    const { user } = open(`/admin/coupon/${uuid(5)}/edit`, {
      'GET /api/coupons': [200, [stored]],
      [`PUT /api/coupons/${uuid(5)}`]: [409, { message, code: 'CONFLICT', details: [{ field: 'totalUses', message }] }],
    });
    await waitFor(() => expect(input('Total uses').value).toBe('100'));
    await user.clear(input('Total uses'));
    await user.type(input('Total uses'), '5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(input('Total uses').getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById('coupon-totalUses-error')?.textContent).toBe(message);
    expect(input('Code').getAttribute('aria-invalid')).toBeNull();
    expect(document.activeElement).toBe(input('Total uses'));
  });

  it('shows what changed since the form opened and re-applies the admin’s changes on the coupon as it is now', async () => {
    const stored = coupon(5, { code: 'WELCOME10', totalUses: 100 });
    const now = { ...stored, value: 12, active: false, version: 2 };
    let puts = 0;
    const { user, fetchMock } = open(`/admin/coupon/${uuid(5)}/edit`, {
      'GET /api/coupons': [200, [stored]],
      [`PUT /api/coupons/${uuid(5)}`]: () =>
        (puts += 1) === 1
          ? [409, { message: 'This coupon changed since you opened it', code: 'CONFLICT', details: { current: now } }]
          : [200, now],
    });
    await waitFor(() => expect(input('Total uses').value).toBe('100'));
    await user.clear(input('Total uses'));
    await user.type(input('Total uses'), '200');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const review = await screen.findByRole('region', { name: 'This coupon changed since you opened it' });
    expect(conflictRowsOf(review)).toEqual([
      ['Value', '10', '12', 'not changed'],
      ['Total uses', '100', '100', '200'],
      ['Active', 'yes', 'no', 'not changed'],
    ]);
    await user.click(within(review).getByRole('button', { name: 'Re-apply my changes' }));
    expect(input('Value (%)').value).toBe('12');
    expect(input('Total uses').value).toBe('200');
    expect(input('Active').checked).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Coupon WELCOME10 saved'));
    expect(sentBodies(fetchMock, `PUT /api/coupons/${uuid(5)}`)[1]).toMatchObject({
      version: 2,
      value: 12,
      totalUses: 200,
      active: false,
    });
  });

  it('says when the coupon is not there', async () => {
    open(`/admin/coupon/${uuid(9)}/edit`, { 'GET /api/coupons': [200, [coupon(1)]] });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Coupon not found'));
  });
});
