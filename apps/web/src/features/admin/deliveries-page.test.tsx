import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { toast } from 'sonner';
import type { ScheduledOrder, ScheduleResponse, ServiceArea } from '@store/contracts';
import { addDays, istDate } from '@store/domain';
import { setUserInfo } from '../../stores/user-store.js';
import {
  admin,
  conflictRowsOf,
  renderRoutes,
  sentBodies,
  stubApi,
  uuid,
  Where,
  type Answers,
} from './admin-test-utils.js';
import { DeliveriesPage } from './deliveries-page.js';

const DATE = '2026-02-14';
const SCHEDULE = `GET /api/delivery/schedule?date=${DATE}`;
const AREAS = 'GET /api/delivery/areas';

const routes = (
  <Route
    path="/admin/deliveries"
    element={
      <>
        <DeliveriesPage />
        <Where />
      </>
    }
  />
);

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

function schedule(over: { capacity?: number; orders?: ScheduledOrder[] } = {}): ScheduleResponse {
  return {
    date: DATE,
    areas: [
      {
        id: 1,
        name: 'Kochi',
        pincodePrefix: '682',
        slots: [
          {
            id: 'standard',
            type: 'standard',
            label: 'Any time, 9 AM – 9 PM',
            start: '09:00',
            end: '21:00',
            capacity: 20,
            taken: 3,
            orders: [],
          },
          {
            id: 'midnight',
            type: 'midnight',
            label: 'Midnight, 11 PM – 12 AM',
            start: '23:00',
            end: '23:59',
            capacity: over.capacity ?? 20,
            taken: 18,
            orders: over.orders ?? [meera],
          },
        ],
      },
    ],
  };
}

function kochi(
  over: Partial<Record<'fee' | 'capacity', number>> & Partial<Pick<ServiceArea, 'makes' | 'leadDays' | 'version'>> = {},
): ServiceArea {
  return {
    id: 1,
    name: 'Kochi',
    pincodePrefix: '682',
    deliveryAvailable: true,
    leadDays: over.leadDays ?? 0,
    makes: over.makes ?? ['cakes', 'flowers'],
    version: over.version ?? 1,
    slotTypes: [
      { type: 'standard', offered: true, fee: 0, capacity: 20, version: 1 },
      { type: 'fixed', offered: true, fee: 200, capacity: 10, version: 1 },
      { type: 'midnight', offered: false, fee: over.fee ?? 250, capacity: over.capacity ?? 20, version: 0 },
      { type: 'early-morning', offered: false, fee: 250, capacity: 20, version: 0 },
    ],
  };
}

const calls = (fetchMock: ReturnType<typeof stubApi>, key: string) =>
  fetchMock.mock.calls.filter(([url, init]) => `${init?.method ?? 'GET'} ${url}` === key).length;

const slot = (label: RegExp) => screen.findByRole('article', { name: label });

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

function open(answers: Answers, path = `/admin/deliveries?date=${DATE}`) {
  const fetchMock = stubApi({ [AREAS]: [200, [kochi()]], ...answers });
  return { fetchMock, ...renderRoutes(path, routes) };
}

describe('the deliveries schedule', () => {
  it("shows each slot's places taken as a meter, and each order's recipient, phone, address, items and message", async () => {
    open({ [SCHEDULE]: [200, schedule()] });
    expect(screen.queryByRole('heading', { level: 1, name: 'Deliveries' })).not.toBeNull();
    expect(screen.queryByRole('heading', { level: 2, name: 'Saturday, 14 February 2026' })).not.toBeNull();
    expect((screen.getByLabelText('Delivery date') as HTMLInputElement).value).toBe(DATE);
    expect(await screen.findByRole('heading', { level: 3, name: /Kochi/ })).not.toBeNull();

    const midnight = await slot(/Midnight, 11 PM – 12 AM/);
    const meter = within(midnight).getByRole('meter');
    expect(meter.getAttribute('aria-valuetext')).toBe('taken 18 of 20');
    expect(meter.getAttribute('aria-valuenow')).toBe('18');
    expect(meter.getAttribute('aria-valuemax')).toBe('20');
    expect(within(midnight).queryByText('taken 18 of 20')).not.toBeNull();
    // A slot without orders is left out unless asked for.
    expect(screen.queryByRole('article', { name: /Any time/ })).toBeNull();

    const order = within(midnight).getByRole('listitem', { name: 'Order for Meera Nair' });
    expect(within(order).queryByText('Meera Nair')).not.toBeNull();
    expect(within(order).getByRole('link', { name: '+919847012345' }).getAttribute('href')).toBe('tel:+919847012345');
    expect(order.querySelector('address')?.textContent).toBe(
      "Flat 4B, Lotus Apartments12 MG Road, RavipuramLandmark: Opposite St. Teresa's CollegeErnakulam, Kerala682016",
    );
    expect(
      within(order)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Red Roses (12 stems) × 2',
      'Chocolate Truffle Cake × 1EgglessMessage on cake: “Happy birthday, Amma”',
      'Eggless',
      'Message on cake: “Happy birthday, Amma”',
    ]);
    // What the baker makes, under the cake it is for, without prices.
    expect(
      within(within(order).getByRole('list', { name: 'Options for Chocolate Truffle Cake' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Eggless', 'Message on cake: “Happy birthday, Amma”']);
    expect(order.querySelector('blockquote')?.textContent).toBe("Happy Valentine's Day!\nLove always");
    expect(within(order).queryByText('— Ravi')).not.toBeNull();
    expect(within(order).getByRole('link', { name: 'Order PW-000123' }).getAttribute('href')).toBe(`/order/${uuid(7)}`);
    expect(screen.getByRole('status', { name: '' }).textContent).toBe('1 order to deliver');
    expect(screen.queryByText('No deliveries on this date')).toBeNull();
  });

  it('shows every slot when asked, kept in the URL, with the empty ones saying so', async () => {
    const { user } = open({ [SCHEDULE]: [200, schedule()] });
    await slot(/Midnight/);
    await user.click(screen.getByLabelText('Show empty slots'));
    expect(screen.getByRole('status', { name: 'where' }).textContent).toBe(`/admin/deliveries?date=${DATE}&empty=1`);
    const anyTime = await slot(/Any time/);
    expect(within(anyTime).getByRole('meter').getAttribute('aria-valuetext')).toBe('taken 3 of 20');
    expect(within(anyTime).queryByText('No orders in this slot.')).not.toBeNull();
    await user.click(screen.getByLabelText('Show empty slots'));
    await waitFor(() => expect(screen.queryByRole('article', { name: /Any time/ })).toBeNull());
  });

  it("says 'No deliveries on this date' when the day has no orders, and its slots can still be prepared", async () => {
    const { user } = open({ [SCHEDULE]: [200, schedule({ orders: [] })] });
    expect((await screen.findByText(/^No deliveries on this date/)).textContent).toBe(
      'No deliveries on this dateShow empty slots to raise a slot’s capacity ahead of a busy day.',
    );
    expect(screen.queryByRole('article')).toBeNull();
    await user.click(screen.getByLabelText('Show empty slots'));
    // A busy day can be prepared before its orders arrive.
    expect(within(await slot(/Midnight/)).queryByLabelText(/Raise capacity/)).not.toBeNull();
  });

  it('counts only the orders still to deliver, and shows a delivered one as delivered', async () => {
    const ravi = {
      ...meera,
      _id: uuid(8),
      orderNumber: 'PW-000124',
      recipient: { ...meera.recipient, name: 'Ravi K' },
    };
    open({ [SCHEDULE]: [200, schedule({ orders: [meera, { ...ravi, isDelivered: true }] })] });
    const midnight = await slot(/Midnight/);
    expect(screen.getByRole('status', { name: '' }).textContent).toBe('1 order to deliver · 1 delivered');
    expect(within(midnight).queryByText('1 order to deliver · 1 delivered')).not.toBeNull();
    const delivered = within(midnight).getByRole('listitem', { name: 'Order for Ravi K' });
    expect(within(delivered).queryByText('Delivered')).not.toBeNull();
    expect(
      within(within(midnight).getByRole('listitem', { name: 'Order for Meera Nair' })).queryByText('Delivered'),
    ).toBeNull();
  });

  it("offers the day's run sheet as CSV and as a page to print", async () => {
    open({ [SCHEDULE]: [200, schedule()] });
    await slot(/Midnight/);
    const csv = screen.getByRole('link', { name: 'Run sheet (CSV)' });
    expect(csv.getAttribute('href')).toBe(`/api/delivery/run-sheet.csv?date=${DATE}`);
    expect(csv.hasAttribute('download')).toBe(true);
    expect(screen.getByRole('link', { name: 'Print run sheet' }).getAttribute('href')).toBe(
      `/admin/deliveries/print?date=${DATE}`,
    );
  });

  it('opens on today in IST, and moves a day back or forward through the URL', async () => {
    const today = istDate(new Date());
    const { fetchMock, user } = open(
      {
        [`GET /api/delivery/schedule?date=${today}`]: [200, { date: today, areas: [] }],
        [`GET /api/delivery/schedule?date=${addDays(today, -1)}`]: [200, { date: addDays(today, -1), areas: [] }],
      },
      '/admin/deliveries',
    );
    await waitFor(() => expect(calls(fetchMock, `GET /api/delivery/schedule?date=${today}`)).toBe(1));
    expect((screen.getByLabelText('Delivery date') as HTMLInputElement).value).toBe(today);
    expect(screen.queryByRole('button', { name: 'Today' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Previous day' }));
    expect(screen.getByRole('status', { name: 'where' }).textContent).toBe(
      `/admin/deliveries?date=${addDays(today, -1)}`,
    );
    await waitFor(() => expect(calls(fetchMock, `GET /api/delivery/schedule?date=${addDays(today, -1)}`)).toBe(1));
    expect((screen.getByLabelText('Delivery date') as HTMLInputElement).value).toBe(addDays(today, -1));

    await user.click(screen.getByRole('button', { name: 'Next day' }));
    expect(screen.getByRole('status', { name: 'where' }).textContent).toBe(`/admin/deliveries?date=${today}`);
  });

  it('raises one slot’s capacity on this date with PUT /api/delivery/capacity, then asks for the schedule again', async () => {
    let capacity = 20;
    const { fetchMock, user } = open({
      [SCHEDULE]: () => [200, schedule({ capacity })],
      'PUT /api/delivery/capacity': (init) => {
        capacity = (JSON.parse(String(init.body)) as { capacity: number }).capacity;
        return [200, { areaId: 1, date: DATE, slotId: 'midnight', capacity, taken: 18 }];
      },
    });
    const midnight = await slot(/Midnight/);
    const input = within(midnight).getByLabelText(
      'Raise capacity of Midnight, 11 PM – 12 AM, Kochi',
    ) as HTMLInputElement;
    expect(input.value).toBe('20');
    await user.clear(input);
    await user.type(input, '25');
    await user.click(within(midnight).getByRole('button', { name: /^Save/ }));

    await waitFor(() =>
      expect(within(midnight).getByRole('meter').getAttribute('aria-valuetext')).toBe('taken 18 of 25'),
    );
    expect(sentBodies(fetchMock, 'PUT /api/delivery/capacity')).toEqual([
      { areaId: 1, date: DATE, slotId: 'midnight', capacity: 25 },
    ]);
    expect(calls(fetchMock, SCHEDULE)).toBe(2);
    expect(toast.success).toHaveBeenCalledTimes(1);
  });

  it('shows a refused capacity under its input and asks nothing again', async () => {
    const { fetchMock, user } = open({
      [SCHEDULE]: [200, schedule()],
      'PUT /api/delivery/capacity': [
        400,
        {
          message: 'capacity must be at least 18, the places already taken',
          details: [{ field: 'capacity', message: 'capacity must be at least 18, the places already taken' }],
        },
      ],
    });
    const midnight = await slot(/Midnight/);
    const input = within(midnight).getByLabelText(/Raise capacity/);
    await user.clear(input);
    await user.type(input, '10');
    await user.click(within(midnight).getByRole('button', { name: /^Save/ }));
    const error = await within(midnight).findByText('capacity must be at least 18, the places already taken');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(error.id);
    expect(calls(fetchMock, SCHEDULE)).toBe(1);
  });

  it("opens an order's message card and prints it", async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const { user } = open({ [SCHEDULE]: [200, schedule()] });
    await user.click(await screen.findByRole('button', { name: 'Print card for Meera Nair' }));
    const dialog = await screen.findByRole('dialog', { name: 'Message card for Meera Nair' });
    const card = within(dialog).getByRole('figure', { name: 'Message card' });
    expect(card.hasAttribute('data-print-card')).toBe(true);
    expect(card.textContent).toBe("Happy Valentine's Day!\nLove always— Ravi");
    expect(dialog.querySelector('style')?.textContent).toContain('@media print');

    await user.click(within(dialog).getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('offers no card to print for an order without a message', async () => {
    open({ [SCHEDULE]: [200, schedule({ orders: [{ ...meera, giftMessage: null }] })] });
    const order = await screen.findByRole('listitem', { name: 'Order for Meera Nair' });
    expect(within(order).queryByText('No message card')).not.toBeNull();
    expect(within(order).queryByRole('button', { name: /Print card/ })).toBeNull();
  });
});

describe('slots and capacity', () => {
  it('saves a slot type of an area with { offered, fee, capacity } and reloads the areas', async () => {
    let area = kochi();
    const { fetchMock, user } = open({
      [SCHEDULE]: [200, schedule()],
      [AREAS]: () => [200, [area]],
      'PUT /api/delivery/areas/1/slot-types/midnight': () => {
        area = kochi({ fee: 300, capacity: 40 });
        area.slotTypes[2]!.offered = true;
        return [200, area];
      },
    });
    const row = await screen.findByRole('form', { name: 'Midnight, Kochi' });
    const offered = within(row).getByLabelText('Offered') as HTMLInputElement;
    expect(offered.checked).toBe(false);
    expect((within(row).getByLabelText('Fee (₹)') as HTMLInputElement).value).toBe('250');
    await user.click(offered);
    await user.clear(within(row).getByLabelText('Fee (₹)'));
    await user.type(within(row).getByLabelText('Fee (₹)'), '300');
    await user.clear(within(row).getByLabelText('Capacity per slot'));
    await user.type(within(row).getByLabelText('Capacity per slot'), '40');
    await user.click(within(row).getByRole('button', { name: /^Save/ }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Midnight, Kochi saved'));
    expect(sentBodies(fetchMock, 'PUT /api/delivery/areas/1/slot-types/midnight')).toEqual([
      { version: 0, offered: true, fee: 300, capacity: 40 },
    ]);
    await waitFor(() => expect(calls(fetchMock, AREAS)).toBe(2));
    const saved = await screen.findByRole('form', { name: 'Midnight, Kochi' });
    await waitFor(() => expect((within(saved).getByLabelText('Offered') as HTMLInputElement).checked).toBe(true));
    expect((within(saved).getByLabelText('Capacity per slot') as HTMLInputElement).value).toBe('40');
  });

  it('shows what changed in a slot type since it was loaded, and re-applies the admin’s change on top', async () => {
    const now = kochi({ capacity: 25 });
    now.slotTypes[2] = { ...now.slotTypes[2]!, offered: true, version: 1 };
    let puts = 0;
    const { fetchMock, user } = open({
      [SCHEDULE]: [200, schedule()],
      [AREAS]: [200, [kochi()]],
      'PUT /api/delivery/areas/1/slot-types/midnight': () =>
        (puts += 1) === 1
          ? [
              409,
              { message: 'This slot type changed since you opened it', code: 'CONFLICT', details: { current: now } },
            ]
          : [200, now],
    });
    const row = await screen.findByRole('form', { name: 'Midnight, Kochi' });
    await user.clear(within(row).getByLabelText('Fee (₹)'));
    await user.type(within(row).getByLabelText('Fee (₹)'), '275');
    await user.click(within(row).getByRole('button', { name: /^Save/ }));
    const review = await within(row).findByRole('region', {
      name: 'Midnight, Kochi: This slot type changed since you opened it',
    });
    expect(conflictRowsOf(review)).toEqual([
      ['Offered', 'no', 'yes', 'not changed'],
      ['Fee (₹)', '250', '250', '275'],
      ['Capacity per slot', '20', '25', 'not changed'],
    ]);
    await user.click(within(review).getByRole('button', { name: 'Re-apply my changes' }));
    expect((within(row).getByLabelText('Offered') as HTMLInputElement).checked).toBe(true);
    expect((within(row).getByLabelText('Capacity per slot') as HTMLInputElement).value).toBe('25');
    await user.click(within(row).getByRole('button', { name: /^Save/ }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Midnight, Kochi saved'));
    expect(sentBodies(fetchMock, 'PUT /api/delivery/areas/1/slot-types/midnight')[1]).toEqual({
      version: 1,
      offered: true,
      fee: 275,
      capacity: 25,
    });
  });

  it("shows the server's field error under its field", async () => {
    const { user } = open({
      [SCHEDULE]: [200, schedule()],
      'PUT /api/delivery/areas/1/slot-types/fixed': [
        400,
        { message: 'Invalid input', details: [{ field: 'fee', message: 'fee must have at most two decimals' }] },
      ],
    });
    const row = await screen.findByRole('form', { name: 'Fixed time, Kochi' });
    const fee = within(row).getByLabelText('Fee (₹)');
    await user.clear(fee);
    await user.type(fee, '199.999');
    await user.click(within(row).getByRole('button', { name: /^Save/ }));

    const error = await within(row).findByText('fee must have at most two decimals');
    expect(fee.getAttribute('aria-invalid')).toBe('true');
    expect(fee.getAttribute('aria-describedby')).toBe(error.id);
    expect(within(row).getByLabelText('Capacity per slot').getAttribute('aria-invalid')).toBeNull();
    expect(toast.success).not.toHaveBeenCalled();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('refuses a capacity that is not a whole number before asking the server', async () => {
    const { fetchMock, user } = open({ [SCHEDULE]: [200, schedule()] });
    const row = await screen.findByRole('form', { name: 'Standard, Kochi' });
    const capacity = within(row).getByLabelText('Capacity per slot');
    await user.clear(capacity);
    await user.type(capacity, '2.5');
    await user.click(within(row).getByRole('button', { name: /^Save/ }));
    expect(await within(row).findByText('capacity must be a whole number')).not.toBeNull();
    expect(calls(fetchMock, 'PUT /api/delivery/areas/1/slot-types/standard')).toBe(0);
  });
});

describe("an area's making and delivery days", () => {
  const AREA_PUT = 'PUT /api/delivery/areas/1';
  const FORM = 'Making and delivery days, Kochi';
  const checkbox = (form: HTMLElement, name: string) => within(form).getByLabelText(name) as HTMLInputElement;
  const days = (form: HTMLElement) => within(form).getByLabelText('Days to first delivery') as HTMLInputElement;

  it('says what each area makes and its days: the courier’s transit time where it makes nothing', async () => {
    const thrissur: ServiceArea = {
      ...kochi({ makes: [], leadDays: 2 }),
      id: 2,
      name: 'Thrissur',
      pincodePrefix: '680',
    };
    open({ [SCHEDULE]: [200, schedule()], [AREAS]: [200, [kochi(), thrissur]] });
    expect(await screen.findByText('PIN codes 682… · Cakes, Flowers · Same-day delivery')).not.toBeNull();
    expect(screen.queryByText('PIN codes 680… · Courier only · 2 days in transit')).not.toBeNull();

    const form = await screen.findByRole('form', { name: 'Making and delivery days, Thrissur' });
    expect(within(form).getByRole('group', { name: 'Made here' })).not.toBeNull();
    expect(checkbox(form, 'Cakes').checked).toBe(false);
    expect(checkbox(form, 'Flowers').checked).toBe(false);
    expect(days(form).value).toBe('2');
    expect(days(form).getAttribute('aria-describedby')).toBe(
      within(form).getByText('For a courier-only area, the courier’s transit time.').id,
    );
  });

  it('saves what it makes and its days with the version it was loaded at, then reloads the areas', async () => {
    let area = kochi();
    const { fetchMock, user } = open({
      [SCHEDULE]: [200, schedule()],
      [AREAS]: () => [200, [area]],
      [AREA_PUT]: (init) => {
        const body = JSON.parse(String(init.body)) as Pick<ServiceArea, 'makes' | 'leadDays'>;
        area = kochi({ makes: body.makes, leadDays: body.leadDays, version: 2 });
        return [200, area];
      },
    });
    const form = await screen.findByRole('form', { name: FORM });
    expect(checkbox(form, 'Cakes').checked).toBe(true);
    expect(checkbox(form, 'Flowers').checked).toBe(true);
    expect(days(form).value).toBe('0');
    await user.click(checkbox(form, 'Cakes'));
    await user.clear(days(form));
    await user.type(days(form), '1');
    await user.click(within(form).getByRole('button', { name: `Save ${FORM}` }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(`${FORM} saved`));
    expect(sentBodies(fetchMock, AREA_PUT)).toEqual([{ version: 1, makes: ['flowers'], leadDays: 1 }]);
    await waitFor(() => expect(calls(fetchMock, AREAS)).toBe(2));
    expect(await screen.findByText('PIN codes 682… · Flowers · From the next day')).not.toBeNull();

    // The next save goes with the version the last one answered.
    await user.click(checkbox(form, 'Flowers'));
    await user.click(within(form).getByRole('button', { name: `Save ${FORM}` }));
    await waitFor(() => expect(sentBodies(fetchMock, AREA_PUT)).toHaveLength(2));
    expect(sentBodies(fetchMock, AREA_PUT)[1]).toEqual({ version: 2, makes: [], leadDays: 1 });
    expect(await screen.findByText('PIN codes 682… · Courier only · 1 day in transit')).not.toBeNull();
  });

  it('shows what changed in the area since it was loaded, and re-applies the admin’s change on top', async () => {
    const now = kochi({ makes: ['cakes'], leadDays: 0, version: 2 });
    let puts = 0;
    const { fetchMock, user } = open({
      [SCHEDULE]: [200, schedule()],
      [AREA_PUT]: () =>
        (puts += 1) === 1
          ? [
              409,
              { message: 'This service area changed since you opened it', code: 'CONFLICT', details: { current: now } },
            ]
          : [200, { ...now, leadDays: 1, version: 3 }],
    });
    const form = await screen.findByRole('form', { name: FORM });
    await user.clear(days(form));
    await user.type(days(form), '1');
    await user.click(within(form).getByRole('button', { name: `Save ${FORM}` }));

    const review = await within(form).findByRole('region', {
      name: `${FORM}: This service area changed since you opened it`,
    });
    expect(document.activeElement).toBe(within(review).getByRole('heading'));
    expect(conflictRowsOf(review)).toEqual([
      ['Made here', 'Cakes, Flowers', 'Cakes', 'not changed'],
      ['Days to first delivery', '0', '0', '1'],
    ]);
    expect((within(form).getByRole('button', { name: `Save ${FORM}` }) as HTMLButtonElement).disabled).toBe(true);
    expect(toast.success).not.toHaveBeenCalled();

    await user.click(within(review).getByRole('button', { name: 'Re-apply my changes' }));
    expect(checkbox(form, 'Flowers').checked).toBe(false);
    expect(days(form).value).toBe('1');
    await user.click(within(form).getByRole('button', { name: `Save ${FORM}` }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(`${FORM} saved`));
    expect(sentBodies(fetchMock, AREA_PUT)).toEqual([
      { version: 1, makes: ['cakes', 'flowers'], leadDays: 1 },
      { version: 2, makes: ['cakes'], leadDays: 1 },
    ]);
  });

  it("shows the server's refusal under the days, and refuses days that are not a whole number before asking", async () => {
    const { fetchMock, user } = open({
      [SCHEDULE]: [200, schedule()],
      [AREA_PUT]: [
        400,
        { message: 'Invalid input', details: [{ field: 'leadDays', message: 'leadDays must be at most 30' }] },
      ],
    });
    const form = await screen.findByRole('form', { name: FORM });
    await user.clear(days(form));
    await user.type(days(form), '1.5');
    await user.click(within(form).getByRole('button', { name: `Save ${FORM}` }));
    expect(await within(form).findByText('leadDays must be a whole number of days')).not.toBeNull();
    expect(calls(fetchMock, AREA_PUT)).toBe(0);

    await user.clear(days(form));
    await user.type(days(form), '12');
    await user.click(within(form).getByRole('button', { name: `Save ${FORM}` }));
    const error = await within(form).findByText('leadDays must be at most 30');
    expect(days(form).getAttribute('aria-invalid')).toBe('true');
    expect(days(form).getAttribute('aria-describedby')).toContain(error.id);
    expect(document.activeElement).toBe(days(form));
    expect(toast.error).not.toHaveBeenCalled();
    expect(toast.success).not.toHaveBeenCalled();
  });
});
