import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import type { OrderResponse } from '@store/contracts';
import { renderRoutes, stubApi, uuid } from './admin-test-utils.js';
import { OrderListPage } from './order-list-page.js';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const item = (vendor: string[]) => ({
  _id: uuid(50),
  product: uuid(50),
  variant: null,
  name: 'Red Roses',
  qty: 1,
  price: 500,
  discountPrice: 0,
  image: '',
  optimizedImages: { thumbnail: '', detail: '' },
  vendor,
  hsnCode: '0603',
  gstRate: 0,
  couponDiscount: 0,
  taxPrice: 0,
});

function order(n: number, over: Partial<OrderResponse>): OrderResponse {
  return {
    _id: uuid(n),
    number: 1000 + n,
    orderNumber: `PW-00${1000 + n}`,
    user: { _id: uuid(90), name: 'Asha Menon', email: 'asha@example.com' },
    orderItems: [],
    shippingAddress: {
      firstName: 'Asha',
      lastName: 'Menon',
      address: '',
      address2: '12 MG Road',
      city: 'Kochi',
      state: 'Kerala',
      postalCode: '682011',
      phone: '+919847012345',
    },
    paymentMethod: 'Razorpay',
    itemsPrice: 1000,
    shippingPrice: 0,
    taxPrice: 0,
    totalPrice: 1250,
    status: 'awaiting_payment',
    payBy: '2026-11-20T10:30:00.000Z',
    isPaid: false,
    paidAt: null,
    isDelivered: false,
    deliveredAt: null,
    stage: 'awaiting_payment',
    timeline: [{ status: 'placed', at: '2026-11-20T10:00:00.000Z' }],
    createdAt: '2026-11-20T10:00:00.000Z',
    razorpayOrder: { id: 'order_x', amount: 125000 },
    delivery: null,
    giftMessage: null,
    couponCode: null,
    couponDiscount: 0,
    buyerGstin: null,
    invoice: null,
    ...over,
  };
}

describe('the admin order list', () => {
  it("shows the spec's columns, the distinct vendors or 'NA', dates or red crosses, and a Details link", async () => {
    stubApi({
      'GET /api/orders': [
        200,
        [
          order(1, {
            orderItems: [item(['Kochi Bloom House']), item(['Kochi Bloom House', 'Malabar Bakers'])],
            status: 'paid',
            isPaid: true,
            paidAt: '2026-11-21T10:00:00.000Z',
            isDelivered: true,
            deliveredAt: '2026-11-22T10:00:00.000Z',
          }),
          order(2, { orderItems: [item([])] }),
        ],
      ],
      'GET /api/payments/refunds': [200, []],
    });
    renderRoutes('/admin/orderlist', <Route path="/admin/orderlist" element={<OrderListPage />} />);
    expect(screen.queryByRole('heading', { level: 1, name: 'Orders' })).not.toBeNull();
    const table = await screen.findByRole('region', { name: 'Orders' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['ID', 'USER', 'VENDOR', 'DATE', 'TOTAL', 'PAID', 'DELIVERED', 'Details']);
    const [, paid, unpaid] = within(table).getAllByRole('row');
    const cells = (row: HTMLElement | undefined) =>
      within(row!)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    // The ID column is the number people quote; Details still links by the order's id.
    expect(cells(paid)).toEqual([
      'PW-001001',
      'Asha Menon',
      'Kochi Bloom House, Malabar Bakers',
      '20 Nov 2026',
      '₹1,250',
      '21 Nov 2026',
      '22 Nov 2026',
      'Details of order PW-001001',
    ]);
    expect(cells(unpaid)[0]).toBe('PW-001002');
    expect(cells(unpaid).slice(2)).toEqual([
      'NA',
      '20 Nov 2026',
      '₹1,250',
      'Not paid',
      'Not delivered',
      'Details of order PW-001002',
    ]);
    expect(within(unpaid!).getByRole('link').getAttribute('href')).toBe(`/order/${uuid(2)}`);
    expect(screen.queryByRole('heading', { name: 'Refunds' })).toBeNull();
  });
});
