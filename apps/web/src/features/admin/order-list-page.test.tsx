import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import type { AdminOrderPage, AdminOrderRow } from '@store/contracts';
import { renderRoutes, stubApi, uuid, Where, type Answers } from './admin-test-utils.js';
import { OrderListPage } from './order-list-page.js';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function order(n: number, over: Partial<AdminOrderRow> = {}): AdminOrderRow {
  return {
    _id: uuid(n),
    number: 1000 + n,
    orderNumber: `PW-00${1000 + n}`,
    user: { _id: uuid(90), name: 'Asha Menon', email: 'asha@example.com' },
    phone: '+919847012345',
    vendors: [],
    createdAt: '2026-11-20T10:00:00.000Z',
    totalPrice: 1250,
    status: 'awaiting_payment',
    isPaid: false,
    paidAt: null,
    isDelivered: false,
    deliveredAt: null,
    deliveryDate: null,
    deliverySlot: null,
    partner: null,
    ...over,
  };
}

const pageOf = (rows: AdminOrderRow[], over: Partial<AdminOrderPage> = {}): AdminOrderPage => ({
  rows,
  page: 1,
  pageSize: 50,
  pages: 1,
  total: rows.length,
  ...over,
});

/** Answers every page of the list with `page`, and no refunds; the URLs asked for are in the mock's calls. */
function stubOrders(page: AdminOrderPage) {
  const answers = new Proxy({} as Answers, {
    get: (_, key: string) =>
      key.startsWith('GET /api/orders/admin')
        ? [200, page]
        : key === 'GET /api/payments/refunds'
          ? [200, []]
          : undefined,
  });
  const fetchMock = stubApi(answers);
  const asked = () => fetchMock.mock.calls.map(([url]) => String(url)).filter((u) => u.startsWith('/api/orders/'));
  return { asked };
}

const where = () => screen.getByRole('status', { name: 'where' }).textContent;
const renderAt = (path: string) =>
  renderRoutes(
    path,
    <Route
      path="/admin/orderlist"
      element={
        <>
          <OrderListPage />
          <Where />
        </>
      }
    />,
  );

describe('the admin order list', () => {
  it("shows the spec's columns with the status and booked delivery, the distinct vendors or 'NA', dates or red crosses, and a Details link", async () => {
    stubOrders(
      pageOf([
        order(1, {
          vendors: ['Kochi Bloom House', 'Malabar Bakers'],
          status: 'delivered',
          isPaid: true,
          paidAt: '2026-11-21T10:00:00.000Z',
          isDelivered: true,
          deliveredAt: '2026-11-22T10:00:00.000Z',
          deliveryDate: '2026-11-22',
          deliverySlot: 'Midnight, 11 PM – 12 AM',
          partner: 'Lotus Florist',
        }),
        order(2),
      ]),
    );
    renderAt('/admin/orderlist');
    expect(screen.queryByRole('heading', { level: 1, name: 'Orders' })).not.toBeNull();
    const table = await screen.findByRole('region', { name: 'Orders' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'ID',
      'USER',
      'STATUS',
      'DELIVERY',
      'PARTNER',
      'VENDOR',
      'DATE',
      'TOTAL',
      'PAID',
      'DELIVERED',
      'Details',
    ]);
    const [, paid, unpaid] = within(table).getAllByRole('row');
    const cells = (row: HTMLElement | undefined) =>
      within(row!)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    // The ID column is the number people quote; Details still links by the order's id.
    expect(cells(paid)).toEqual([
      'PW-001001',
      'Asha Menon',
      'Delivered',
      'Sun, 22 NovMidnight, 11 PM – 12 AM',
      'Lotus Florist',
      'Kochi Bloom House, Malabar Bakers',
      '20 Nov 2026',
      '₹1,250',
      '21 Nov 2026',
      '22 Nov 2026',
      'Details of order PW-001001',
    ]);
    expect(cells(unpaid)[0]).toBe('PW-001002');
    expect(cells(unpaid).slice(2)).toEqual([
      'Awaiting payment',
      '—No delivery date',
      'Your team',
      'NA',
      '20 Nov 2026',
      '₹1,250',
      'Not paid',
      'Not delivered',
      'Details of order PW-001002',
    ]);
    expect(within(unpaid!).getByRole('link').getAttribute('href')).toBe(`/order/${uuid(2)}`);
    expect(screen.queryByRole('heading', { name: 'Refunds' })).toBeNull();
    // One page: no pager.
    expect(screen.queryByRole('navigation', { name: 'Pages of orders' })).toBeNull();
  });

  it('shows a card per order on a phone (768px or less): number, customer, total, status and delivery first', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(max-width: 768px)',
      addEventListener() {},
      removeEventListener() {},
    }));
    stubOrders(
      pageOf([
        order(1, {
          status: 'packed',
          isPaid: true,
          paidAt: '2026-11-21T10:00:00.000Z',
          deliveryDate: '2026-12-03',
          deliverySlot: 'Fixed time, 5 PM – 7 PM',
          vendors: ['Malabar Bakers'],
        }),
        order(2),
      ]),
    );
    renderAt('/admin/orderlist');
    const cards = within(await screen.findByRole('list', { name: 'Orders' })).getAllByRole('listitem');
    expect(screen.queryByRole('table')).toBeNull();
    expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual(['Order PW-001001', 'Order PW-001002']);
    expect(cards[0]!.textContent).toBe(
      'PW-001001Asha Menon₹1,250PackedDeliveryThu, 3 DecFixed time, 5 PM – 7 PMPartnerYour teamPlaced20 Nov 2026Paid21 Nov 2026VendorMalabar BakersDetails of order PW-001001',
    );
    expect(within(cards[1]!).getByText('Not paid')).not.toBeNull();
    expect(within(cards[1]!).getByRole('link', { name: 'Details of order PW-001002' }).getAttribute('href')).toBe(
      `/order/${uuid(2)}`,
    );
  });

  it('sorts the cards on a phone from a select, as the table’s headings do, and keeps it in the URL', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(max-width: 768px)',
      addEventListener() {},
      removeEventListener() {},
    }));
    const { asked } = stubOrders(pageOf([order(1), order(2)], { pages: 2, total: 40 }));
    const { user } = renderAt('/admin/orderlist?status=paid&page=2');
    await screen.findByRole('list', { name: 'Orders' });
    const chosen = () => {
      const sortBy = screen.getByLabelText('Sort by') as HTMLSelectElement;
      return sortBy.options[sortBy.selectedIndex]!.textContent;
    };
    expect(chosen()).toBe('Newest first');
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Delivery, soonest first');
    expect(where()).toBe('/admin/orderlist?status=paid&sort=deliveryDate&order=asc');
    await waitFor(() => expect(asked().at(-1)).toBe(`/api/orders/admin?${where()!.split('?')[1]}`));
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Total, lowest first');
    expect(where()).toBe('/admin/orderlist?status=paid&sort=total&order=asc');
    expect(chosen()).toBe('Total, lowest first');
  });

  it('offers no sort select beside the table, whose headings sort it', async () => {
    stubOrders(pageOf([order(1)]));
    renderAt('/admin/orderlist');
    await screen.findByRole('table');
    expect(screen.queryByLabelText('Sort by')).toBeNull();
  });
});

describe("the order list's state in the URL", () => {
  it('asks the server for what the URL says, shows it in the controls and exports the same filters', async () => {
    const { asked } = stubOrders(pageOf([order(1)], { page: 2, pages: 3, total: 101 }));
    renderAt('/admin/orderlist?q=asha&status=paid&paid=true&from=2026-12-01&to=2026-12-07&sort=total&order=asc&page=2');
    await screen.findByRole('region', { name: 'Orders' });
    const search = 'q=asha&status=paid&paid=true&from=2026-12-01&to=2026-12-07&sort=total&order=asc';
    expect(asked()).toEqual([`/api/orders/admin?${search}&page=2`]);
    expect((screen.getByLabelText('Search orders') as HTMLInputElement).value).toBe('asha');
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('paid');
    expect((screen.getByLabelText('Paid') as HTMLSelectElement).value).toBe('true');
    expect((screen.getByLabelText('Delivery from') as HTMLInputElement).value).toBe('2026-12-01');
    expect((screen.getByLabelText('Delivery to') as HTMLInputElement).value).toBe('2026-12-07');
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      `/api/orders/export.csv?${search}`,
    );
    expect(screen.getByRole('columnheader', { name: 'TOTAL' }).getAttribute('aria-sort')).toBe('ascending');
    const pager = screen.getByRole('navigation', { name: 'Pages of orders' });
    expect(pager.textContent).toContain('Page 2 of 3 (101 orders)');
    expect(within(pager).getByRole('link', { name: 'Next' }).getAttribute('href')).toBe(
      `/admin/orderlist?${search}&page=3`,
    );
    expect(within(pager).getByRole('link', { name: 'Previous' }).getAttribute('href')).toBe(
      `/admin/orderlist?${search}`,
    );
  });

  it('puts each search, filter and sort in the URL, back on page 1', async () => {
    const { asked } = stubOrders(pageOf([order(1)], { pages: 2, total: 60 }));
    const { user } = renderAt('/admin/orderlist?page=2');
    await screen.findByRole('region', { name: 'Orders' });
    await user.type(screen.getByLabelText('Search orders'), 'PW-001001{Enter}');
    expect(where()).toBe('/admin/orderlist?q=PW-001001');
    await user.selectOptions(screen.getByLabelText('Status'), 'Delivered');
    expect(where()).toBe('/admin/orderlist?q=PW-001001&status=delivered');
    await user.type(screen.getByLabelText('Delivery from'), '2026-12-01');
    expect(where()).toBe('/admin/orderlist?q=PW-001001&status=delivered&from=2026-12-01');
    await user.click(screen.getByRole('button', { name: 'TOTAL' }));
    expect(where()).toBe('/admin/orderlist?q=PW-001001&status=delivered&from=2026-12-01&sort=total&order=desc');
    await user.click(screen.getByRole('button', { name: 'TOTAL' }));
    expect(where()).toContain('sort=total&order=asc');
    await user.click(screen.getByRole('link', { name: 'Next' }));
    expect(where()).toBe('/admin/orderlist?q=PW-001001&status=delivered&from=2026-12-01&sort=total&order=asc&page=2');
    await waitFor(() => expect(asked().at(-1)).toBe(`/api/orders/admin?${where()!.split('?')[1]}`));
  });

  it('ignores values the server would refuse, and says when nothing matches', async () => {
    const { asked } = stubOrders(pageOf([], { pages: 0 }));
    renderAt('/admin/orderlist?status=lost&paid=maybe&from=yesterday&sort=colour&page=x');
    expect(await screen.findByText('No orders yet.')).not.toBeNull();
    expect(asked()).toEqual(['/api/orders/admin']);
  });

  it('says there are no orders yet when only a sort and page size are set, and none match a filter', async () => {
    stubOrders(pageOf([], { pages: 0 }));
    renderAt('/admin/orderlist?sort=total&order=asc&pageSize=100');
    expect(await screen.findByText('No orders yet.')).not.toBeNull();
    cleanup();
    renderAt('/admin/orderlist?status=delivered&sort=total');
    expect(await screen.findByText('No orders match these filters.')).not.toBeNull();
  });
});
