import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, screen, within } from '@testing-library/react';
import { Route } from 'react-router';
import { asha, renderRoutes, stubApi } from '../../test/account-test-utils.js';
import { ProfilePage } from './profile-page.js';
import { setUserInfo } from '../../stores/user-store.js';
import { formatDate } from '../../lib/format.js';
import { cancelled, order, orderDelivery, paid } from '../../test/order-test-utils.js';

function renderProfile(orders: unknown[]) {
  stubApi({ 'GET /api/users/profile': [200, asha], 'GET /api/orders/mine': [200, orders] });
  return renderRoutes('/profile', <Route path="/profile" element={<ProfilePage />} />);
}

beforeEach(() => {
  localStorage.clear();
  act(() => setUserInfo({ ...asha, expirationTime: Date.now() + 1e6 }));
});
afterEach(() => {
  cleanup();
  act(() => setUserInfo(null));
});

describe("the profile's My Orders", () => {
  it('lists the orders with ID, DATE, DELIVERY, TOTAL, STATUS, PAID, DELIVERED and a Details link', async () => {
    const delivered = paid({
      _id: 'aaaaaaaa-1111-4111-8111-111111111111',
      number: 41,
      orderNumber: 'PW-000041',
      totalPrice: 2499,
      createdAt: '2026-11-20T10:00:00.000Z',
      paidAt: '2026-11-20T10:05:00.000Z',
      isDelivered: true,
      deliveredAt: '2026-11-21T08:00:00.000Z',
      stage: 'delivered',
      delivery: orderDelivery({
        date: '2026-11-21',
        slotId: 'fixed-0900',
        type: 'fixed',
        label: '9 AM – 11 AM',
        start: '09:00',
        end: '11:00',
        fee: 200,
      }),
    });
    const unpaid = order({
      _id: 'bbbbbbbb-2222-4222-8222-222222222222',
      number: 1043,
      orderNumber: 'PW-001043',
      createdAt: '2026-11-22T10:00:00.000Z',
      delivery: orderDelivery(),
    });
    // Placed before delivery slots existed: no delivery.
    const expired = order({
      _id: 'cccccccc-3333-4333-8333-333333333333',
      number: 1042,
      orderNumber: 'PW-001042',
      status: 'expired',
      stage: 'expired',
      totalPrice: 499,
    });
    renderProfile([unpaid, expired, delivered]);

    expect(screen.queryByRole('heading', { level: 2, name: 'My Orders' })).not.toBeNull();
    const table = await screen.findByRole('table', { name: 'My Orders' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['ID', 'DATE', 'DELIVERY', 'TOTAL', 'STATUS', 'PAID', 'DELIVERED', 'Details']);
    const rows = within(table).getAllByRole('row').slice(1);
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    // Newest first, as the server sends them.
    // The ID column is the number the shopper quotes; the link still goes by the order's id.
    expect(cells(rows[0]!)).toEqual([
      'PW-001043',
      formatDate(unpaid.createdAt),
      'Thu, 24 Dec · Midnight, 11 PM – 12 AM',
      '₹1,398',
      'Awaiting payment',
      'No',
      'No',
      'Details of order PW-001043',
    ]);
    expect(
      within(rows[0]!)
        .getByRole('link', { name: /^Details/ })
        .getAttribute('href'),
    ).toBe('/order/bbbbbbbb-2222-4222-8222-222222222222');
    expect(cells(rows[1]!)[0]).toBe('PW-001042');
    expect(cells(rows[1]!).slice(2, 7)).toEqual(['—Not scheduled', '₹499', 'Expired', 'Expired', 'No']);
    expect(cells(rows[2]!).slice(0, 7)).toEqual([
      'PW-000041',
      formatDate(delivered.createdAt),
      'Sat, 21 Nov · Fixed time, 9 AM – 11 AM',
      '₹2,499',
      'Delivered',
      formatDate(delivered.paidAt!),
      formatDate(delivered.deliveredAt!),
    ]);
    expect(
      within(rows[2]!)
        .getByRole('link', { name: /^Details/ })
        .getAttribute('href'),
    ).toBe('/order/aaaaaaaa-1111-4111-8111-111111111111');
    // Should the table be wider than its column, it scrolls in its own region, reachable from the keyboard.
    expect(screen.getByRole('region', { name: 'Orders table' }).getAttribute('tabindex')).toBe('0');

    // Phones get the same values as cards (CSS shows one or the other).
    const cards = within(screen.getByRole('list', { name: 'My Orders' })).getAllByRole('listitem');
    expect(cards).toHaveLength(3);
    expect(cards[0]!.textContent).toBe(
      `ID PW-001043₹1,398STATUSAwaiting paymentDELIVERYThu, 24 Dec · Midnight, 11 PM – 12 AMDATE${formatDate(unpaid.createdAt)}PAIDNoDELIVEREDNoDetails of order PW-001043`,
    );
    expect(cards[1]!.textContent).toContain('STATUSExpired');
    expect(cards[1]!.textContent).toContain('PAIDExpired');
    expect(cards[2]!.textContent).toContain('STATUSDelivered');
    expect(cards[1]!.textContent).toContain('DELIVERY—Not scheduled');
    expect(
      within(cards[2]!)
        .getByRole('link', { name: /^Details/ })
        .getAttribute('href'),
    ).toBe('/order/aaaaaaaa-1111-4111-8111-111111111111');
  });

  it('says where each paid order is on its way', async () => {
    const packed = paid({ _id: 'dddddddd-4444-4444-8444-444444444444', stage: 'packed' });
    const onTheWay = paid({ _id: 'eeeeeeee-5555-4555-8555-555555555555', stage: 'out_for_delivery' });
    const justPaid = paid({ _id: 'ffffffff-6666-4666-8666-666666666666' });
    renderProfile([onTheWay, packed, justPaid]);

    const table = await screen.findByRole('table', { name: 'My Orders' });
    const status = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[4]!.textContent);
    expect(status).toEqual(['Out for delivery', 'Packed', 'Paid']);
    const cards = within(screen.getByRole('list', { name: 'My Orders' })).getAllByRole('listitem');
    expect(cards.map((card) => card.textContent)).toEqual([
      expect.stringContaining('STATUSOut for delivery'),
      expect.stringContaining('STATUSPacked'),
      expect.stringContaining('STATUSPaid'),
    ]);
  });

  it('says a cancelled order was cancelled and why, and whether its money is back', async () => {
    const refunded = cancelled({}, { _id: 'abababab-7777-4777-8777-777777777777' });
    const underWay = cancelled(
      { status: 'refund_due', refundId: null, refundedAt: null },
      { _id: 'cdcdcdcd-8888-4888-8888-888888888888' },
    );
    renderProfile([underWay, refunded]);
    const table = await screen.findByRole('table', { name: 'My Orders' });
    const rows = within(table).getAllByRole('row').slice(1);
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    const reason = 'The florist cannot source these roses this week';
    expect(cells(rows[0]!).slice(4, 7)).toEqual([`CancelledReason: ${reason}`, 'Refund under way', 'No']);
    expect(cells(rows[1]!).slice(4, 7)).toEqual([`CancelledReason: ${reason}`, 'Refunded', 'No']);
    const cards = within(screen.getByRole('list', { name: 'My Orders' })).getAllByRole('listitem');
    expect(cards[1]!.textContent).toContain(`STATUSCancelledReason: ${reason}`);
    expect(cards[1]!.textContent).toContain('PAIDRefunded');
  });

  it('says when there are no orders yet', async () => {
    renderProfile([]);
    expect(await screen.findByText('No orders yet')).not.toBeNull();
    expect(screen.queryByText('Your recent orders will appear here.')).not.toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('list', { name: 'My Orders' })).toBeNull();
  });
});
