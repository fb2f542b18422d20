import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import type { PartnerOrder, PartnerOrderList } from '@store/contracts';
import { addDays, istDate } from '@store/domain';
import { renderRoutes, sentBodies, stubApi, type Answers } from '../../test/account-test-utils.js';
import { PartnerPage } from './partner-page.js';

const LIST = 'GET /api/partner/orders';
const TODAY = istDate(new Date());
const TOMORROW = addDays(TODAY, 1);
const IDS = [
  '0a1b2c3d-4e5f-4061-8293-a4b5c6d7e8f9',
  '1b2c3d4e-5f60-4172-93a4-b5c6d7e8f90a',
  '2c3d4e5f-6071-4283-a4b5-c6d7e8f90a1b',
] as const;

/** An order offered to the partner for today's 5–7 PM slot: a cake with its options, and a card. */
function offer(over: Partial<PartnerOrder> = {}): PartnerOrder {
  return {
    _id: IDS[0],
    orderNumber: 'PW-000321',
    state: 'offered',
    offerExpiresAt: new Date(Date.now() + 9 * 60_000 + 30_000).toISOString(),
    delivery: { date: TODAY, slot: 'Fixed time, 5 PM – 7 PM', slotStart: '17:00', slotEnd: '19:00' },
    items: [
      {
        name: 'Belgian Chocolate Truffle Cake',
        variant: 'Half Kg',
        qty: 1,
        options: ['Eggless', 'Message on cake: “Happy birthday, Amma”'],
      },
    ],
    recipient: {
      name: 'Lakshmi Varma',
      phone: '+919847012345',
      address: 'Flat 3C, Periyar Residency',
      address2: '14 Shanmugham Road, Marine Drive',
      landmark: "Opposite St. Teresa's College",
      city: 'Ernakulam',
      postalCode: '682011',
    },
    giftMessage: { message: 'Happy birthday, Amma!\nWith all our love', senderName: 'Anu and Vivek' },
    acceptedAt: null,
    outForDeliveryAt: null,
    deliveredAt: null,
    photo: null,
    receivedBy: null,
    ...over,
  };
}

const accepted = (over: Partial<PartnerOrder> = {}) =>
  offer({ state: 'accepted', offerExpiresAt: null, acceptedAt: new Date().toISOString(), ...over });
const out = (over: Partial<PartnerOrder> = {}) =>
  accepted({ state: 'out_for_delivery', outForDeliveryAt: new Date().toISOString(), ...over });

const list = (...orders: PartnerOrder[]): PartnerOrderList => ({ partner: { name: 'Kochi Cake House' }, orders });

function open(answers: Answers, path = '/partner') {
  const fetchMock = stubApi(answers);
  return { ...renderRoutes(path, <Route path="/partner" element={<PartnerPage />} />), fetchMock };
}

const card = (orderNumber: string) => screen.findByRole('article', { name: orderNumber });
const calls = (fetchMock: ReturnType<typeof stubApi>, key: string) =>
  fetchMock.mock.calls.filter(([url, init]) => `${init?.method ?? 'GET'} ${url}` === key).length;

beforeEach(() => {
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the partner screen (/partner)', () => {
  it("lists today's orders by slot in time order with what to make, where, a number to call and the card; tomorrow's on its tab", async () => {
    const { user } = open({
      [LIST]: [
        200,
        list(
          offer(),
          accepted({
            _id: IDS[1],
            orderNumber: 'PW-000300',
            delivery: { date: TODAY, slot: 'Early morning, 7 AM – 9 AM', slotStart: '07:00', slotEnd: '09:00' },
            items: [{ name: 'Classic Dozen Red Roses', variant: null, qty: 2, options: [] }],
            giftMessage: null,
          }),
          offer({ _id: IDS[2], orderNumber: 'PW-000400', delivery: { ...offer().delivery, date: TOMORROW } }),
        ),
      ],
    });
    // 'Your orders' until the partner's name has loaded; then the page's one heading is the name.
    await waitFor(() =>
      expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Kochi Cake House']),
    );
    const panel = screen.getByRole('tabpanel');
    expect(screen.getByRole('tab', { name: /^Today · 2/ }).getAttribute('aria-selected')).toBe('true');
    expect(
      within(panel)
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual(['Early morning, 7 AM – 9 AM1 order', 'Fixed time, 5 PM – 7 PM1 order']);
    expect(within(panel).getAllByRole('article')).toHaveLength(2);

    const cake = await card('PW-000321');
    expect(within(cake).getAllByText('New offer')).toHaveLength(1);
    expect(within(cake).getByRole('timer').textContent).toBe('10 min');
    const make = within(cake).getByRole('region', { name: 'What to make' });
    expect(make.textContent).toContain('1 × Belgian Chocolate Truffle Cake · Half Kg');
    expect(
      within(make)
        .getAllByRole('listitem')
        .slice(1)
        .map((li) => li.textContent),
    ).toEqual(['Eggless', 'Message on cake: “Happy birthday, Amma”']);
    const to = within(cake).getByRole('region', { name: 'Deliver to' });
    expect(to.querySelector('address')?.textContent).toBe(
      "Lakshmi VarmaFlat 3C, Periyar Residency14 Shanmugham Road, Marine DriveLandmark: Opposite St. Teresa's CollegeErnakulam 682011",
    );
    expect(
      within(to)
        .getByRole('link', { name: /^Call Lakshmi/ })
        .getAttribute('href'),
    ).toBe('tel:+919847012345');
    const message = within(cake).getByRole('figure', { name: 'Message card for PW-000321' });
    expect(message.textContent).toBe('Happy birthday, Amma!\nWith all our love— Anu and Vivek');
    expect(within(cake).getByRole('button', { name: 'Accept' })).toHaveProperty('disabled', false);
    expect(within(cake).getByRole('button', { name: 'Decline' })).toHaveProperty('disabled', false);
    expect(within(await card('PW-000300')).getByRole('button', { name: 'Out for delivery' })).toHaveProperty(
      'disabled',
      false,
    );
    expect(screen.queryByRole('article', { name: 'PW-000400' })).toBeNull();

    await user.click(screen.getByRole('tab', { name: /^Tomorrow · 1/ }));
    expect((await card('PW-000400')).textContent).toContain('PW-000400');
    expect(screen.queryByRole('article', { name: 'PW-000321' })).toBeNull();
  });

  it('prints the message card alone: the card is marked for print until the print dialog closes', async () => {
    const print = vi.fn(() => {
      expect(document.querySelector('[data-printing]')?.getAttribute('aria-label')).toBe('Message card for PW-000321');
    });
    vi.stubGlobal('print', print);
    const { user } = open({ [LIST]: [200, list(offer())] });
    await user.click(within(await card('PW-000321')).getByRole('button', { name: 'Print card' }));
    expect(print).toHaveBeenCalledTimes(1);
    act(() => void window.dispatchEvent(new Event('afterprint')));
    expect(document.querySelector('[data-printing]')).toBeNull();
  });

  it('accepts an offer: the card turns Accepted and offers Out for delivery', async () => {
    const { user, fetchMock } = open({
      [LIST]: [200, list(offer())],
      [`POST /api/partner/orders/${IDS[0]}/accept`]: [200, accepted()],
    });
    await user.click(within(await card('PW-000321')).getByRole('button', { name: 'Accept' }));
    const cake = await card('PW-000321');
    await waitFor(() => expect(within(cake).getAllByText('Accepted', { selector: 'span' })).toHaveLength(1));
    expect(within(cake).getByRole('button', { name: 'Out for delivery' })).toHaveProperty('disabled', false);
    expect(within(cake).queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(calls(fetchMock, `POST /api/partner/orders/${IDS[0]}/accept`)).toBe(1);
  });

  it("says on the card why an offer could not be accepted, in the server's words", async () => {
    const lapsed = 'This offer has lapsed or was declined: the order has gone to another partner';
    const { user } = open({
      [LIST]: [200, list(offer())],
      [`POST /api/partner/orders/${IDS[0]}/accept`]: [409, { message: lapsed, code: 'CONFLICT' }],
    });
    const cake = await card('PW-000321');
    await user.click(within(cake).getByRole('button', { name: 'Accept' }));
    expect((await within(cake).findByRole('alert')).textContent).toBe(lapsed);
  });

  it('declines only with a reason, which goes to the server; the order leaves the list', async () => {
    let declined = false;
    const { user, fetchMock } = open({
      [LIST]: () => [200, declined ? list() : list(offer())],
      [`POST /api/partner/orders/${IDS[0]}/decline`]: () => {
        declined = true;
        return [200, { message: 'Declined: the order goes to another partner' }];
      },
    });
    await user.click(within(await card('PW-000321')).getByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Decline order PW-000321?' });
    await user.click(within(dialog).getByRole('button', { name: 'Decline order' }));
    const reason = within(dialog).getByLabelText("Why can't you take it?");
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getAllByText('Please tell us why you cannot take it')).toHaveLength(1);
    expect(document.activeElement).toBe(reason);
    expect(calls(fetchMock, `POST /api/partner/orders/${IDS[0]}/decline`)).toBe(0);

    await user.type(reason, 'Our oven is full in this slot');
    await user.click(within(dialog).getByRole('button', { name: 'Decline order' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(sentBodies(fetchMock, `POST /api/partner/orders/${IDS[0]}/decline`)).toEqual([
      { reason: 'Our oven is full in this slot' },
    ]);
    expect(await screen.findAllByText(/^No orders for today yet/)).toHaveLength(1);
  });

  it("says on the card when an order cannot go out yet (before its delivery date), in the server's words", async () => {
    const early = 'This order is for Thu, 24 Dec; it cannot go out for delivery before then';
    const { user } = open({
      [LIST]: [200, list(accepted())],
      [`POST /api/partner/orders/${IDS[0]}/out-for-delivery`]: [409, { message: early, code: 'CONFLICT' }],
    });
    const cake = await card('PW-000321');
    await user.click(within(cake).getByRole('button', { name: 'Out for delivery' }));
    expect((await within(cake).findByRole('alert')).textContent).toBe(early);
  });

  it('delivers only with a photo and the name of who took it: the photo is uploaded first, then shown on the card', async () => {
    // jsdom has no object URLs; the preview only needs one to show.
    vi.stubGlobal(
      'URL',
      class extends URL {
        static createObjectURL = () => 'blob:preview';
        static revokeObjectURL = () => undefined;
      },
    );
    const photo = '/uploads/products/5e1d6a0b-8f4c-4d2a-9b3e-1c2d3e4f5a6b.webp';
    const { user, fetchMock } = open({
      [LIST]: [200, list(out())],
      'POST /api/upload': [201, { message: 'Image uploaded', image: photo }],
      [`POST /api/partner/orders/${IDS[0]}/delivered`]: [
        200,
        out({ state: 'delivered', deliveredAt: new Date().toISOString(), photo, receivedBy: 'Meera (neighbour)' }),
      ],
    });
    const cake = await card('PW-000321');
    await user.click(within(cake).getByRole('button', { name: 'Delivered' }));
    const form = within(cake).getByRole('form', { name: 'Delivered: PW-000321' });
    const input = within(form).getByLabelText('Photo of the gift at the door');
    expect(input.getAttribute('accept')).toBe('image/*');
    expect(input.getAttribute('capture')).toBe('environment');

    await user.click(within(form).getByRole('button', { name: 'Mark delivered' }));
    expect(within(form).getAllByText('Take a photo of the gift at the door')).toHaveLength(1);
    expect(within(form).getAllByText('Write the name of the person who took it')).toHaveLength(1);
    expect(document.activeElement).toBe(input);
    expect(calls(fetchMock, 'POST /api/upload')).toBe(0);

    await user.upload(input, new File(['png'], 'door.png', { type: 'image/png' }));
    expect(within(form).getByRole('img', { name: 'Preview: the gift at the door' }).getAttribute('src')).toBe(
      'blob:preview',
    );
    await user.type(within(form).getByLabelText('Received by'), 'Meera (neighbour)');
    await user.click(within(form).getByRole('button', { name: 'Mark delivered' }));

    const shown = await within(cake).findByRole('img', { name: 'The gift delivered to Lakshmi Varma' });
    expect(shown.getAttribute('src')).toBe(photo);
    expect(within(cake).getAllByText('Received by Meera (neighbour)')).toHaveLength(1);
    const upload = fetchMock.mock.calls.find(([url]) => url === '/api/upload')!;
    expect(((upload[1]!.body as FormData).get('image') as File).name).toBe('door.png');
    expect(sentBodies(fetchMock, `POST /api/partner/orders/${IDS[0]}/delivered`)).toEqual([
      { photo, receivedBy: 'Meera (neighbour)' },
    ]);
  });

  it('asks for the list again every 30 seconds, so a new offer shows up without a reload', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let lists = 0;
    open({ [LIST]: () => [200, (lists += 1) === 1 ? list() : list(offer())] });
    expect(await screen.findAllByText(/^No orders for today yet/)).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect((await card('PW-000321')).textContent).toContain('PW-000321');
    expect(lists).toBe(2);
  });
});
