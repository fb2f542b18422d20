import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, within } from '@testing-library/react';
import { Route } from 'react-router';
import type { OrderResponse } from '@store/contracts';
import { asha, renderRoutes, stubApi } from '../../test/account-test-utils.js';
import { order, orderDelivery, ORDER_ID, ORDER_NUMBER, paid } from '../../test/order-test-utils.js';
import { setUserInfo } from '../../stores/user-store.js';
import { formatDateTime } from '../../lib/format.js';
import { OrderPage } from './order-page.js';

const PHOTO = '/uploads/products/5e1d6a0b-8f4c-4d2a-9b3e-1c2d3e4f5a6b.webp';
const AT = {
  accepted: '2026-12-24T10:05:00.000Z',
  out: '2026-12-24T17:20:00.000Z',
  delivered: '2026-12-24T18:10:00.000Z',
};
const noPartner = order().fulfilment;

/** Asha's order for Christmas Eve's midnight slot, as a partner kitchen took, sent out and delivered it. */
function deliveredByPartner(over: Partial<OrderResponse['fulfilment']> = {}, timeline: OrderResponse['timeline'] = []) {
  return paid({
    delivery: orderDelivery(),
    isDelivered: true,
    deliveredAt: AT.delivered,
    stage: 'delivered',
    timeline: [
      ...paid().timeline,
      { status: 'accepted', at: AT.accepted },
      { status: 'out_for_delivery', at: AT.out },
      { status: 'delivered', at: AT.delivered },
      ...timeline,
    ],
    fulfilment: {
      ...noPartner,
      partner: { name: 'Kochi Cake House' },
      acceptedAt: AT.accepted,
      outForDeliveryAt: AT.out,
      deliveredAt: AT.delivered,
      photo: PHOTO,
      receivedBy: 'Meera (neighbour)',
      ...over,
    },
  });
}

function renderOrder(answer: OrderResponse) {
  stubApi({ [`GET /api/orders/${ORDER_ID}`]: [200, answer] });
  renderRoutes(`/order/${ORDER_ID}`, <Route path="/order/:id" element={<OrderPage />} />);
  return screen.findByRole('heading', { level: 1, name: `Order ${ORDER_NUMBER}` });
}

const steps = () =>
  within(screen.getByRole('list', { name: 'Order status' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);
const currentStep = () => screen.getByRole('list', { name: 'Order status' }).querySelector('[aria-current="step"]');

beforeEach(() => {
  localStorage.clear();
  act(() => setUserInfo({ ...asha, expirationTime: Date.now() + 1e6 }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  act(() => setUserInfo(null));
});

describe("the order page's proof of delivery (issue 36)", () => {
  it('shows the photo from the door, who received it and who made and delivered it; the stepper has Accepted', async () => {
    await renderOrder(deliveredByPartner());
    const photo = screen.getByRole('img', { name: 'Your gift at the door' });
    expect(photo.getAttribute('src')).toBe(PHOTO);
    expect(screen.getAllByText('Received by Meera (neighbour)')).toHaveLength(1);
    expect(screen.getAllByText('Made and delivered by Kochi Cake House')).toHaveLength(1);
    expect(steps()).toEqual([
      `Placed, done${formatDateTime(paid().timeline[0]!.at)}`,
      `Paid, done${formatDateTime(paid().timeline[1]!.at)}`,
      `Accepted, done${formatDateTime(AT.accepted)}`,
      `Out for delivery, done${formatDateTime(AT.out)}`,
      `Delivered${formatDateTime(AT.delivered)}`,
    ]);
    expect(screen.queryByText(/missed its slot/)).toBeNull();
  });

  it('marks Accepted as where a paid order is once a partner took it, and names the partner before any photo', async () => {
    await renderOrder(
      paid({
        delivery: orderDelivery(),
        timeline: [...paid().timeline, { status: 'accepted', at: AT.accepted }],
        fulfilment: { ...noPartner, partner: { name: 'Kochi Cake House' }, acceptedAt: AT.accepted },
      }),
    );
    expect(currentStep()?.textContent).toBe(`Accepted${formatDateTime(AT.accepted)}`);
    expect(steps().slice(3)).toEqual(['Out for delivery, not yet', 'Delivered, not yet']);
    expect(screen.getAllByText('Made and delivered by Kochi Cake House')).toHaveLength(1);
    expect(screen.queryByRole('img', { name: 'Your gift at the door' })).toBeNull();
  });

  it('says nothing of partners or proof on an order the store delivers itself', async () => {
    await renderOrder(paid());
    expect(screen.queryByText(/Made and delivered by/)).toBeNull();
    expect(screen.queryByText(/Received by/)).toBeNull();
    const labels = within(screen.getByRole('list', { name: 'Order status' }))
      .getAllByRole('listitem')
      .map((li) => li.querySelector('p')?.firstChild?.textContent);
    expect(labels).toEqual(['Placed', 'Paid', 'Packed', 'Out for delivery', 'Delivered']);
  });

  it('says sorry for a missed slot and that the slot fee was refunded; the stepper notes when it was marked late', async () => {
    await renderOrder(
      deliveredByPartner({ late: true, compensation: { kind: 'refund', amount: 250 } }, [
        { status: 'late', at: AT.delivered },
      ]),
    );
    const note = screen.getByText('Sorry — this gift missed its slot.').closest('[role="status"]')!;
    expect(note.textContent).toBe(
      'Sorry — this gift missed its slot.We have refunded the slot fee of ₹250 to the card, UPI app or bank account it was paid with.',
    );
    expect(currentStep()?.textContent).toBe(
      `Delivered${formatDateTime(AT.delivered)}Missed its delivery slot at ${formatDateTime(AT.delivered)}`,
    );
  });

  it('gives a code for ₹100 off the next order when no slot fee was paid', async () => {
    await renderOrder(
      deliveredByPartner({ late: true, compensation: { kind: 'coupon', amount: 100, couponCode: 'SORRY-7KQ2MX' } }),
    );
    const note = screen.getByText('Sorry — this gift missed its slot.').closest('[role="status"]')!;
    expect(note.textContent).toBe(
      'Sorry — this gift missed its slot.Here is ₹100 off your next order: code SORRY-7KQ2MX.',
    );
  });
});
