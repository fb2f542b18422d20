import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, within } from '@testing-library/react';
import { Route } from 'react-router';
import type { ScheduledOrder, ScheduleResponse } from '@store/contracts';
import type { SlotType } from '@store/domain';
import { setUserInfo } from '../../stores/user-store.js';
import { admin, renderRoutes, stubApi, uuid } from './admin-test-utils.js';
import { RunSheetPage } from './run-sheet-page.js';

const DATE = '2026-02-14';
const SCHEDULE = `GET /api/delivery/schedule?date=${DATE}`;

const meera: ScheduledOrder = {
  _id: uuid(7),
  orderNumber: 'PW-000123',
  recipient: { name: 'Meera Nair', phone: '+919847012345' },
  shippingAddress: {
    firstName: 'Meera',
    lastName: 'Nair',
    address: 'Flat 4B, Lotus Apartments',
    address2: '12 MG Road, Ravipuram',
    landmark: "Opposite St. Teresa's College",
    city: 'Ernakulam',
    state: 'Kerala',
    postalCode: '682016',
    phone: '+919847012345',
  },
  items: [
    { name: 'Red Roses', variantName: '12 stems', qty: 2, options: [] },
    {
      name: 'Chocolate Truffle Cake',
      variantName: null,
      qty: 1,
      options: [
        { name: 'Eggless', value: null },
        { name: 'Message on cake', value: 'Happy birthday, Amma' },
      ],
    },
  ],
  giftMessage: { message: "Happy Valentine's Day!\nLove always", senderName: 'Ravi' },
  isDelivered: false,
};
const anu: ScheduledOrder = {
  ...meera,
  _id: uuid(8),
  orderNumber: 'PW-000124',
  recipient: { name: 'Anu Thomas', phone: '+919895011111' },
  shippingAddress: { ...meera.shippingAddress, address: '', landmark: '' },
  items: [{ name: 'Pink Lilies', variantName: null, qty: 1, options: [] }],
  giftMessage: null,
};
const delivered: ScheduledOrder = { ...anu, _id: uuid(9), orderNumber: 'PW-000125', isDelivered: true };

const slot = (id: string, label: string, start: string, orders: ScheduledOrder[]) => ({
  id,
  type: (id === 'midnight' || id === 'early-morning' ? id : 'standard') as SlotType,
  label,
  start,
  end: '23:59',
  capacity: 20,
  taken: orders.length,
  orders,
});

const schedule: ScheduleResponse = {
  date: DATE,
  areas: [
    {
      id: 1,
      name: 'Kochi',
      pincodePrefix: '682',
      slots: [
        slot('standard', 'Any time, 9 AM – 9 PM', '09:00', [delivered]),
        slot('midnight', 'Midnight, 11 PM – 12 AM', '23:00', [meera]),
        slot('early-morning', 'Early morning, 7 AM – 9 AM', '07:00', [anu]),
      ],
    },
  ],
};

beforeEach(() => act(() => setUserInfo(admin)));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  act(() => setUserInfo(null));
});

function open(answer: ScheduleResponse) {
  stubApi({ [SCHEDULE]: [200, answer] });
  return renderRoutes(
    `/admin/deliveries/print?date=${DATE}`,
    <Route path="/admin/deliveries/print" element={<RunSheetPage />} />,
  );
}

describe('the run sheet to print', () => {
  it('lists each order still to deliver by slot in the order the day runs, with all a rider needs', async () => {
    open(schedule);
    expect(screen.queryByRole('heading', { level: 1, name: 'Run sheet' })).not.toBeNull();
    await screen.findByRole('heading', { level: 2, name: /Early morning/ });
    expect(screen.getByText('2 orders to deliver')).not.toBeNull();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Early morning, 7 AM – 9 AM · Kochi',
      'Midnight, 11 PM – 12 AM · Kochi',
    ]);
    expect(screen.queryByText(/PW-000125/)).toBeNull();

    const order = screen.getByRole('listitem', { name: 'Order PW-000123 for Meera Nair' });
    const fields = Object.fromEntries(
      within(order)
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(fields).toEqual({
      Order: 'PW-000123Midnight, 11 PM – 12 AM',
      'Deliver to': 'Meera Nair98470 12345',
      Address: "Flat 4B, Lotus Apartments12 MG Road, RavipuramErnakulam 682016Landmark: Opposite St. Teresa's College",
      Items: '2 × Red Roses (12 stems)1 × Chocolate Truffle Cake: Eggless; Message on cake: “Happy birthday, Amma”',
      Message: "Happy Valentine's Day!\nLove always— Ravi",
    });
    const plain = screen.getByRole('listitem', { name: 'Order PW-000124 for Anu Thomas' });
    expect(within(plain).queryByText('No message card')).not.toBeNull();
    expect(within(plain).queryByText(/Landmark/)).toBeNull();
  });

  it('prints, and offers the same sheet as CSV and the way back to the deliveries', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const { user } = open(schedule);
    await screen.findByRole('heading', { level: 2, name: /Midnight/ });
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: 'CSV' }).getAttribute('href')).toBe(
      `/api/delivery/run-sheet.csv?date=${DATE}`,
    );
    expect(screen.getByRole('link', { name: 'Go Back' }).getAttribute('href')).toBe(`/admin/deliveries?date=${DATE}`);
  });

  it('says when nothing is left to deliver, and has nothing to print', async () => {
    open({ ...schedule, areas: [{ ...schedule.areas[0]!, slots: [schedule.areas[0]!.slots[0]!] }] });
    expect(await screen.findByText('Nothing to deliver on this date.')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Print' })).toHaveProperty('disabled', true);
  });
});
