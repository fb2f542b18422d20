import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import type { Dashboard } from '@store/contracts';
import type { DashboardPeriod } from '@store/domain';
import { renderRoutes, stubApi, uuid, type Answers } from './admin-test-utils.js';
import { DashboardPage } from './dashboard-page.js';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const at = (period: DashboardPeriod) => `GET /api/admin/dashboard?period=${period}`;

const summary = (period: DashboardPeriod, revenue: [number, number], orders: [number, number]) => {
  const change = (c: number, p: number) => (p === 0 ? null : Math.round(((c - p) / p) * 1000) / 10);
  return {
    period,
    from: '2030-03-14T18:30:00.000Z',
    to: '2030-03-15T05:30:00.000Z',
    previousFrom: '2030-03-13T18:30:00.000Z',
    previousTo: '2030-03-14T05:30:00.000Z',
    revenue: { current: revenue[0], previous: revenue[1], change: change(...revenue) },
    orders: { current: orders[0], previous: orders[1], change: change(...orders) },
  };
};

function dashboard(period: DashboardPeriod, overrides: Partial<Dashboard> = {}): Dashboard {
  return {
    period,
    days: ['2030-03-14', '2030-03-15'],
    summaries: [
      summary('today', [1600, 400], [2, 2]),
      summary('7d', [4300, 0], [5, 0]),
      summary('30d', [123456.5, 164608], [90, 120]),
    ],
    revenueByDay: [
      { date: '2030-03-14', revenue: 2400, orders: 2 },
      { date: '2030-03-15', revenue: 1600.5, orders: 2 },
    ],
    ordersByStatus: [
      { status: 'awaiting_payment', count: 1 },
      { status: 'paid', count: 3 },
      { status: 'packed', count: 1 },
      { status: 'out_for_delivery', count: 0 },
      { status: 'delivered', count: 4 },
      { status: 'expired', count: 2 },
    ],
    topProducts: [
      { productId: uuid(1), name: 'Red Roses', units: 3, revenue: 1000 },
      { productId: null, name: 'Products deleted since', units: 4, revenue: 500 },
    ],
    lowStock: {
      threshold: 5,
      total: 12,
      items: [
        { productId: uuid(2), variantId: uuid(3), name: 'Truffle Cake', variantName: 'Half Kg', countInStock: 0 },
        { productId: uuid(1), variantId: null, name: 'Red Roses', variantName: null, countInStock: 3 },
      ],
    },
    refunds: { count: 2, amount: 1500.5 },
    deliveries: {
      days: ['2030-03-15', '2030-03-16', '2030-03-17', '2030-03-18', '2030-03-19', '2030-03-20', '2030-03-21'],
      slots: [
        { slotId: 'standard', label: 'Any time, 9 AM – 9 PM', counts: [1, 0, 0, 0, 0, 0, 0] },
        { slotId: 'midnight', label: 'Midnight, 11 PM – 12 AM', counts: [0, 2, 0, 0, 0, 0, 1] },
      ],
    },
    fulfilment: {
      unassigned: [
        { _id: uuid(9), orderNumber: 'PW-000042', deliveryDate: '2030-03-15', slot: 'Midnight, 11 PM – 12 AM' },
      ],
      byPartner: [
        { partner: 'Lotus Florist', delivered: 8, late: 1 },
        { partner: null, delivered: 2, late: 0 },
      ],
      bySlotType: [
        { type: 'standard', delivered: 6, late: 0 },
        { type: 'fixed', delivered: 0, late: 0 },
        { type: 'midnight', delivered: 4, late: 1 },
        { type: 'early-morning', delivered: 0, late: 0 },
      ],
    },
    ...overrides,
  };
}

function open(path: string, answers: Answers) {
  const fetchMock = stubApi(answers);
  return { ...renderRoutes(path, <Route path="/admin" element={<DashboardPage />} />), fetchMock };
}

const card = (heading: string) => screen.getByRole('heading', { level: 2, name: heading }).closest('li')!;

describe("the owner's dashboard", () => {
  it('shows revenue and orders for today, 7 and 30 days with the change in words and the figure before', async () => {
    open('/admin', { [at('7d')]: [200, dashboard('7d')] });
    await screen.findByRole('list', { name: 'Revenue and orders' });
    expect(document.title).toBe('Dashboard | Phoolwala Gifts');

    const today = within(card('Today'));
    expect(today.queryByText('₹1,600')).not.toBeNull();
    expect(card('Today').textContent).toContain('▲ 300% up');
    expect(card('Today').textContent).toContain('vs ₹400 yesterday by this time');
    expect(card('Today').textContent).toContain('No change');

    // Nothing before: no percentage, but which way it went.
    expect(card('Last 7 days').textContent).toContain('▲ Up from none');
    expect(card('Last 7 days').textContent).toContain('vs ₹0 the 7 days before');
    // Lakhs grouped the Indian way; a fall says so in words.
    expect(card('Last 30 days').textContent).toContain('₹1,23,456.50');
    expect(card('Last 30 days').textContent).toContain('▼ 25% down');
    expect(card('Last 30 days').textContent).toContain('vs 120 the 30 days before');
    // The arrows are decoration: a screen reader reads the words.
    expect(screen.getAllByText('▲', { exact: false })[0]!.getAttribute('aria-hidden')).toBe('true');
  });

  it('keeps the period in the URL: 7 days unless asked, and another on a click', async () => {
    const { user, fetchMock } = open('/admin?period=never', {
      [at('7d')]: [200, dashboard('7d')],
      [at('30d')]: [200, dashboard('30d', { revenueByDay: [{ date: '2030-02-14', revenue: 99, orders: 1 }] })],
    });
    const picker = await screen.findByRole('navigation', { name: 'Period' });
    expect(within(picker).getByRole('link', { name: 'Last 7 days' }).getAttribute('aria-current')).toBe('true');
    await screen.findByText('Charts below');
    expect(card('Last 7 days').textContent).toContain('Charts below');

    await user.click(within(picker).getByRole('link', { name: 'Last 30 days' }));
    expect(within(picker).getByRole('link', { name: 'Last 30 days' }).getAttribute('aria-current')).toBe('true');
    await vi.waitFor(() => expect(card('Last 30 days').textContent).toContain('Charts below'));
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/api/admin/dashboard?period=7d',
      '/api/admin/dashboard?period=30d',
    ]);
    await waitFor(() =>
      expect(screen.queryByText('What paid orders came to on each IST day in the last 30 days.')).not.toBeNull(),
    );
  });

  it('has a table behind each chart with the same figures, in rupees and IST days', async () => {
    const { user } = open('/admin?period=today', { [at('today')]: [200, dashboard('today')] });
    const revenue = await screen.findByRole('region', { name: 'Revenue per day' });
    await user.click(within(revenue).getByText('Show as table'));
    const rows = within(within(revenue).getByRole('region', { name: 'Revenue per day, as a table' })).getAllByRole(
      'row',
    );
    expect(rows.map((r) => Array.from(r.children, (c) => c.textContent))).toEqual([
      ['DAY', 'ORDERS', 'REVENUE'],
      ['Thu, 14 Mar', '2', '₹2,400'],
      ['Fri, 15 Mar', '2', '₹1,600.50'],
    ]);

    const statuses = screen.getByRole('region', { name: 'Orders by status' });
    expect(within(statuses).queryByText('Orders placed today, by where each is now.')).not.toBeNull();
    await user.click(within(statuses).getByText('Show as table'));
    const delivered = within(statuses).getByRole('link', { name: 'Delivered' });
    expect(delivered.getAttribute('href')).toBe('/admin/orderlist?status=delivered');
    expect(delivered.closest('tr')!.textContent).toBe('Delivered4');
  });

  it('lists top products, low stock, money to refund and the deliveries ahead, each linked to where it is dealt with', async () => {
    open('/admin', { [at('7d')]: [200, dashboard('7d')] });
    const top = await screen.findByRole('region', { name: 'Top products' });
    expect(within(top).getByRole('link', { name: 'Red Roses' }).getAttribute('href')).toBe(
      `/admin/product/${uuid(1)}/edit`,
    );
    expect(within(top).getByText('Products deleted since').tagName).toBe('SPAN');

    const low = screen.getByRole('region', { name: 'Low stock' });
    expect(low.textContent).toContain('12 products and sizes have fewer than 5 in stock; the 2 lowest:');
    expect(within(low).getByRole('link', { name: 'Truffle Cake · Half Kg' }).getAttribute('href')).toBe(
      `/admin/product/${uuid(2)}/edit`,
    );
    expect(within(low).queryByText('Out of stock')).not.toBeNull();
    expect(within(low).queryByText('3 left')).not.toBeNull();

    const refunds = screen.getByRole('region', { name: 'Payments to refund' });
    expect(refunds.textContent).toContain('₹1,500.50');
    expect(refunds.textContent).toContain('2 payments arrived but could not pay their orders.');
    expect(within(refunds).getByRole('link', { name: 'Refund them on the orders screen' }).getAttribute('href')).toBe(
      '/admin/orderlist#refunds',
    );

    const grid = screen.getByRole('region', { name: 'Deliveries per slot, next 7 days' });
    const rows = within(grid).getAllByRole('row');
    expect(Array.from(rows[0]!.children, (c) => c.textContent).slice(0, 3)).toEqual([
      'SLOT',
      'Fri, 15 Mar',
      'Sat, 16 Mar',
    ]);
    expect(within(rows[0]!).getByRole('link', { name: 'Sat, 16 Mar' }).getAttribute('href')).toBe(
      '/admin/deliveries?date=2030-03-16',
    );
    expect(Array.from(rows[3]!.children, (c) => c.textContent)).toEqual([
      'All slots',
      '1',
      '2',
      '0',
      '0',
      '0',
      '0',
      '1',
    ]);
  });

  it('says so when there is nothing to show', async () => {
    open('/admin', {
      [at('7d')]: [
        200,
        dashboard('7d', {
          topProducts: [],
          lowStock: { threshold: 5, total: 0, items: [] },
          refunds: { count: 0, amount: 0 },
          deliveries: { days: [], slots: [] },
          fulfilment: { unassigned: [], byPartner: [], bySlotType: [] },
        }),
      ],
    });
    await waitFor(() => expect(screen.queryByText('Nothing sold in the last 7 days.')).not.toBeNull());
    expect(screen.queryByText('Everything on sale has 5 or more in stock.')).not.toBeNull();
    expect(screen.queryByText('None: every payment received paid its order.')).not.toBeNull();
    expect(screen.queryByText('No paid deliveries are booked for the next 7 days.')).not.toBeNull();
    expect(screen.queryByText('None: every paid order has a partner or is with your team.')).not.toBeNull();
    expect(screen.queryByText('No orders were delivered in this period.')).not.toBeNull();
  });

  it('lists the orders no partner would take and how often each partner and slot type was on time', async () => {
    open('/admin', { [at('7d')]: [200, dashboard('7d')] });
    const waiting = await screen.findByRole('region', { name: 'Orders without a partner' });
    expect(within(waiting).getByRole('link', { name: 'PW-000042' }).getAttribute('href')).toBe(`/order/${uuid(9)}`);
    expect(waiting.textContent).toContain('Fri, 15 Mar, Midnight, 11 PM – 12 AM');
    const onTime = screen.getByRole('region', { name: 'On-time delivery by partner and slot type' });
    const rows = within(onTime)
      .getAllByRole('row')
      .map((row) => Array.from(row.children, (c) => c.textContent));
    expect(rows).toEqual([
      ['DELIVERED BY', 'DELIVERED', 'LATE', 'ON TIME'],
      ['Lotus Florist', '8', '1', '88%'],
      ['Your team', '2', '0', '100%'],
      ['Standard', '6', '0', '100%'],
      ['Midnight', '4', '1', '75%'],
    ]);
  });

  it('offers another try when the dashboard does not load', async () => {
    let fail = true;
    const { user } = open('/admin', {
      [at('7d')]: () =>
        fail ? [500, { message: 'Something went wrong on our side. Please try again.' }] : [200, dashboard('7d')],
    });
    expect((await screen.findByRole('alert')).textContent).toContain("We couldn't load the dashboard.");
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Revenue and orders' })).not.toBeNull());
  });
});
