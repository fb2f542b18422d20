import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { Route } from 'react-router';
import { toast } from 'sonner';
import { asha, renderRoutes, sentBodies, stubApi, type Answers } from '../../test/account-test-utils.js';
import { setGuestCheckout } from '../../stores/guest-store.js';
import { setUserInfo } from '../../stores/user-store.js';
import { cartActions, useCart } from '../../stores/cart-store.js';
import { address, cake, midnight, order, orderDelivery, ORDER_ID, roses } from '../../test/order-test-utils.js';
import { NOW, slotsAnswer } from '../../test/delivery-test-utils.js';
import { SERVER_ERROR_MESSAGE } from '../../lib/api.js';
import { PlaceOrderPage } from './place-order-page.js';

let cart: ReturnType<typeof useCart>;
function CartSpy() {
  cart = useCart();
  return null;
}

function renderPlaceOrder(answers: Answers) {
  const fetchMock = stubApi(answers);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const rendered = renderRoutes(
    '/placeorder',
    <Route
      path="/placeorder"
      element={
        <>
          <PlaceOrderPage />
          <CartSpy />
        </>
      }
    />,
    client,
  );
  return { ...rendered, fetchMock };
}

const where = () => screen.queryByRole('status', { name: 'where' })?.textContent;
const confirmButton = () => screen.getByRole('button', { name: 'Confirm Order' }) as HTMLButtonElement;
const keysSent = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls
    .filter(([url, init]) => url === '/api/orders' && init?.method === 'POST')
    .map(([, init]) => (init?.headers as Record<string, string>)['Idempotency-Key']);

beforeEach(() => {
  // Only the clock is fixed (Tuesday 24 Nov 2026, 11:30 IST); timers stay real for the user events.
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  localStorage.clear();
  vi.spyOn(toast, 'error');
  vi.spyOn(toast, 'success');
  act(() => {
    setUserInfo({ ...asha, expirationTime: Date.now() + 1e6 });
    cartActions.reset();
    cartActions.add(roses());
    cartActions.add(cake());
    cartActions.saveShippingAddress(address);
    cartActions.saveDelivery(midnight());
    cartActions.savePaymentMethod('Razorpay');
    cartActions.saveContactPhone('9895011111');
  });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  act(() => {
    setUserInfo(null);
    setGuestCheckout(null);
  });
});

describe('a guest at /placeorder', () => {
  it("sends the guest's name, email and mobile, and goes on to the order's own link", async () => {
    act(() => {
      setUserInfo(null);
      setGuestCheckout({ name: 'Ravi Nair', email: 'ravi@example.in' });
    });
    const placed = order({ orderUrl: `/order/${ORDER_ID}?token=t0k3n` });
    const { user, fetchMock } = renderPlaceOrder({ 'POST /api/orders': [201, placed] });
    expect(screen.getByRole('region', { name: 'Payment Method' }).textContent).toContain('ravi@example.in');
    await user.click(confirmButton());
    await waitFor(() => expect(where()).toBe(`/order/${ORDER_ID}?token=t0k3n`));
    expect(sentBodies(fetchMock, 'POST /api/orders')[0]).toMatchObject({
      contact: { name: 'Ravi Nair', email: 'ravi@example.in', phone: '9895011111' },
    });
  });

  it('sends a guest who has not said who they are back to /shipping', () => {
    act(() => {
      setUserInfo(null);
      setGuestCheckout({ name: '', email: '' });
    });
    renderPlaceOrder({});
    expect(where()).toBe('/shipping');
  });
});

describe('the /placeorder page', () => {
  it('shows the address, the delivery, the method, the lines and the totals (the slot fee in shipping) in rupees', () => {
    // The cake at 5 % GST, the roses (stored before GST) at 0 %.
    act(() => {
      // The cake taxed at 5 % instead: added again, a line adds to its quantity, so it goes first.
      cartActions.remove('p2:v1');
      cartActions.add(cake({ gstRate: 5 }));
    });
    renderPlaceOrder({});
    expect(document.title).toBe('Confirm Order | Phoolwala Gifts');
    const shipping = screen.getByRole('region', { name: 'Shipping' });
    expect(shipping.textContent).toContain('Asha Menon');
    expect(shipping.textContent).toContain(
      "Flat 4B, Lotus Apartments, 12 MG Road, Ravipuram, Landmark: Opposite St. Teresa's College, Ernakulam, Kerala 682011",
    );
    expect(shipping.textContent).toContain('+91 9847012345');
    expect(shipping.textContent).toContain('DeliveryThu, 24 Dec · Midnight, 11 PM – 12 AM');
    // No message typed: no card.
    expect(screen.queryByRole('region', { name: 'Message card' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Payment Method' }).textContent).toContain('Razorpay');

    const items = screen.getByRole('list', { name: 'Order items' });
    const lines = within(items).getAllByRole('listitem');
    expect(lines[0]!.textContent).toContain('2 × ₹699 = ₹1,398');
    expect(within(lines[0]!).getByRole('link', { name: 'Classic Dozen Red Roses' }).getAttribute('href')).toBe(
      '/product/p1',
    );
    expect(lines[1]!.textContent).toContain('Half Kg');
    expect(lines[1]!.textContent).toContain('1 × ₹549 = ₹549');

    const summary = screen.getByRole('region', { name: 'Order Summary' });
    expect(summary.textContent).toContain('Items₹1,947');
    // Above ₹1000 the standard charge is free; the midnight slot's ₹250 is not.
    expect(summary.textContent).toContain('Shipping₹250 includes ₹250 for Midnight delivery');
    // GST is inside the prices, not added: ₹26.14 of the cake's ₹549, ₹11.90 of the delivery (taxed
    // at the highest rate of the goods).
    expect(summary.textContent).toContain('Total₹2,197 incl. GST ₹38.04');
    expect(summary.textContent).not.toContain('Coupon (');
    expect(
      screen.getByRole('navigation', { name: 'Checkout steps' }).querySelector('[aria-current="step"]')?.textContent,
    ).toBe('3Confirm Order');
  });

  it("shows a personalised cake's options, prices the line with them and sends them with the order", async () => {
    const options = [
      { _id: 'egg', name: 'Eggless', value: null, price: 50 },
      { _id: 'msg', name: 'Message on cake', value: 'Happy birthday, Amma', price: 0 },
    ];
    act(() => {
      cartActions.remove('p2:v1');
      cartActions.add(cake({ options }));
    });
    const { user, fetchMock } = renderPlaceOrder({ 'POST /api/orders': [201, order({ _id: ORDER_ID })] });
    const line = within(screen.getByRole('list', { name: 'Order items' })).getAllByRole('listitem')[1]!;
    expect(within(line).getByRole('list', { name: 'Options' }).textContent).toBe(
      'Eggless (+₹50)Message on cake: “Happy birthday, Amma”',
    );
    expect(line.textContent).toContain('1 × ₹599 = ₹599');
    expect(screen.getByRole('region', { name: 'Order Summary' }).textContent).toContain('Items₹1,997');
    await user.click(confirmButton());
    await waitFor(() => expect(sentBodies(fetchMock, 'POST /api/orders')).toHaveLength(1));
    const [body] = sentBodies(fetchMock, 'POST /api/orders') as [{ orderItems: unknown[] }];
    expect(body.orderItems[1]).toMatchObject({
      _id: 'p2',
      variant: { _id: 'v1' },
      options: [{ _id: 'egg' }, { _id: 'msg', value: 'Happy birthday, Amma' }],
    });
  });

  it('places the order once with an Idempotency-Key, empties the cart and opens the order', async () => {
    let answer!: (a: [number, unknown]) => void;
    const { user, fetchMock, client } = renderPlaceOrder({
      'POST /api/orders': () => new Promise((resolve) => (answer = resolve)),
    });
    client.setQueryData(['Product', 'p1'], { countInStock: 4 });
    client.setQueryData(['Order', 'mine'], []);
    await user.click(confirmButton());
    expect(confirmButton().disabled).toBe(true);
    await user.click(confirmButton());
    await act(async () => answer([201, order({ _id: ORDER_ID })]));

    await waitFor(() => expect(where()).toBe(`/order/${ORDER_ID}`));
    expect(sentBodies(fetchMock, 'POST /api/orders')).toEqual([
      {
        orderItems: [
          { _id: 'p1', qty: 2, name: 'Classic Dozen Red Roses', image: '/roses.jpg', price: 699, discountPrice: 0 },
          {
            _id: 'p2',
            qty: 1,
            variant: { _id: 'v1' },
            name: 'Belgian Chocolate Truffle Cake',
            image: '/cake.jpg',
            price: 549,
            discountPrice: 0,
          },
        ],
        shippingAddress: address,
        contact: { phone: '9895011111' },
        delivery: { date: '2026-12-24', slotId: 'midnight' },
        paymentMethod: 'Razorpay',
        itemsPrice: 1947,
        shippingPrice: 250,
        taxPrice: 0,
        totalPrice: 2197,
      },
    ]);
    const [key] = keysSent(fetchMock);
    expect(key).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
    expect(cart.cartItems).toEqual([]);
    // The slot and the card went with the order.
    expect(cart.delivery).toBeNull();
    expect(cart.giftMessage).toBeNull();
    // The address stays for the next order.
    expect(cart.shippingAddress).toEqual(address);
    // Orders and stock are asked again; the new order is already known.
    expect(client.getQueryState(['Order', 'mine'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['Product', 'p1'])?.isInvalidated).toBe(true);
    expect(client.getQueryData(['Order', ORDER_ID])).toMatchObject({ _id: ORDER_ID });
  });

  it('toasts a refusal, retries the same cart with the same key, and a changed cart with a new one', async () => {
    const answers: [number, unknown][] = [
      [409, { message: 'Only 1 left of Classic Dozen Red Roses' }],
      // A gateway's 503, not the store's own answer: it reads as the store's sentence.
      [503, { message: 'Service unavailable' }],
      [409, { message: 'Belgian Chocolate Truffle Cake is out of stock' }],
    ];
    const { user, fetchMock } = renderPlaceOrder({ 'POST /api/orders': () => answers.shift()! });
    await user.click(confirmButton());
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Only 1 left of Classic Dozen Red Roses'));
    expect(confirmButton().disabled).toBe(false);
    await user.click(confirmButton());
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(SERVER_ERROR_MESSAGE));
    act(() => cartActions.add(roses({ qty: 1 })));
    await user.click(confirmButton());
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Belgian Chocolate Truffle Cake is out of stock'));

    const keys = keysSent(fetchMock);
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
    expect(where()).toBeUndefined();
    expect(cart.cartItems).toHaveLength(2);
  });

  it('says under each line the order refused what the server said of it, and toasts it', async () => {
    const refusal = 'Belgian Chocolate Truffle Cake cannot be delivered to 682011';
    const { user } = renderPlaceOrder({
      'POST /api/orders': [
        400,
        { message: refusal, code: 'VALIDATION', details: [{ field: 'orderItems.1._id', message: refusal }] },
      ],
    });
    await user.click(confirmButton());
    const lines = within(screen.getByRole('list', { name: 'Order items' })).getAllByRole('listitem');
    expect(await within(lines[1]!).findByText(refusal)).not.toBeNull();
    expect(within(lines[0]!).queryByText(refusal)).toBeNull();
    expect(toast.error).toHaveBeenCalledWith(refusal);
    expect(where()).toBeUndefined();
  });

  it('cannot confirm an empty cart', () => {
    act(() => {
      cartActions.remove('p1');
      cartActions.remove('p2:v1');
    });
    renderPlaceOrder({});
    expect(confirmButton().disabled).toBe(true);
    expect(screen.getByText('Your cart is empty.')).not.toBeNull();
  });
});

describe('the delivery and the message card at /placeorder', () => {
  const posted = (fetchMock: ReturnType<typeof stubApi>) =>
    sentBodies(fetchMock, 'POST /api/orders') as { delivery: unknown; giftMessage?: unknown; shippingPrice: number }[];

  it('shows the message card and sends it with the delivery', async () => {
    act(() => cartActions.saveGiftMessage({ message: 'ജന്മദിനാശംസകൾ അമ്മേ!', senderName: 'Asha' }));
    const { user, fetchMock } = renderPlaceOrder({
      'POST /api/orders': [201, order({ delivery: orderDelivery(), giftMessage: { message: 'x', senderName: '' } })],
    });
    const card = screen.getByRole('region', { name: 'Message card' });
    expect(card.textContent).toContain('ജന്മദിനാശംസകൾ അമ്മേ!— Asha');
    expect(within(card).getByRole('link', { name: 'Edit message card' }).getAttribute('href')).toBe('/shipping');
    await user.click(confirmButton());
    await waitFor(() => expect(where()).toBe(`/order/${ORDER_ID}`));
    const [body] = posted(fetchMock);
    expect(body?.delivery).toEqual({ date: '2026-12-24', slotId: 'midnight' });
    expect(body?.giftMessage).toEqual({ message: 'ജന്മദിനാശംസകൾ അമ്മേ!', senderName: 'Asha' });
  });

  it('sends no message card when the message is blank', async () => {
    act(() => cartActions.saveGiftMessage({ message: '  \n ', senderName: 'Asha' }));
    const { user, fetchMock } = renderPlaceOrder({ 'POST /api/orders': [201, order()] });
    expect(screen.queryByRole('region', { name: 'Message card' })).toBeNull();
    await user.click(confirmButton());
    await waitFor(() => expect(where()).toBe(`/order/${ORDER_ID}`));
    expect(posted(fetchMock)[0]).not.toHaveProperty('giftMessage');
  });

  it('offers the next free slot when the chosen one is full, and places the order again with it', async () => {
    const answers: [number, unknown][] = [
      [
        409,
        {
          message: 'This delivery slot is full',
          code: 'CONFLICT',
          details: { nextSlot: { date: '2026-12-25', slotId: 'fixed-0900', label: '9 AM – 11 AM' } },
        },
      ],
      [201, order()],
    ];
    const { user, fetchMock, client } = renderPlaceOrder({
      'POST /api/orders': () => answers.shift()!,
      'GET /api/delivery/slots?pincode=682011&date=2026-12-25&productId=p1&productId=p2': [
        200,
        slotsAnswer({ date: '2026-12-25', earliestDate: '2026-11-24' }),
      ],
    });
    client.setQueryData(['Delivery', 'slots', '682011', null, ['p1', 'p2']], slotsAnswer());
    await user.click(confirmButton());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This delivery slot is full');
    expect(alert.textContent).toContain('Thu, 24 Dec · Midnight, 11 PM – 12 AM has no places left.');
    expect(alert.textContent).toContain('The next slot with a place is Fri, 25 Dec · Fixed time, 9 AM – 11 AM.');
    expect(within(alert).getByRole('link', { name: 'Choose another slot' }).getAttribute('href')).toBe('/shipping');
    expect(toast.error).toHaveBeenCalledWith('This delivery slot is full');
    // What the shopper saw of the slots is asked again.
    expect(client.getQueryState(['Delivery', 'slots', '682011', null, ['p1', 'p2']])?.isInvalidated).toBe(true);
    expect(where()).toBeUndefined();

    await user.click(screen.getByRole('button', { name: 'Deliver Fri, 25 Dec · Fixed time, 9 AM – 11 AM instead' }));
    await waitFor(() =>
      expect(cart.delivery).toEqual({
        date: '2026-12-25',
        slotId: 'fixed-0900',
        type: 'fixed',
        label: '9 AM – 11 AM',
        start: '09:00',
        end: '11:00',
        fee: 200,
      }),
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('region', { name: 'Shipping' }).textContent).toContain(
      'DeliveryFri, 25 Dec · Fixed time, 9 AM – 11 AM',
    );
    expect(screen.getByRole('region', { name: 'Order Summary' }).textContent).toContain(
      'Shipping₹200 includes ₹200 for Fixed time delivery',
    );

    await user.click(confirmButton());
    await waitFor(() => expect(where()).toBe(`/order/${ORDER_ID}`));
    const bodies = posted(fetchMock);
    expect(bodies.map((b) => [b.delivery, b.shippingPrice])).toEqual([
      [{ date: '2026-12-24', slotId: 'midnight' }, 250],
      [{ date: '2026-12-25', slotId: 'fixed-0900' }, 200],
    ]);
    // Another order, so another key.
    const keys = keysSent(fetchMock);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('says so when the offered slot has gone meanwhile, leaving the delivery as it was', async () => {
    const { user } = renderPlaceOrder({
      'POST /api/orders': [
        409,
        {
          message: 'This delivery slot is full',
          details: { nextSlot: { date: '2026-12-25', slotId: 'midnight', label: 'Midnight, 11 PM – 12 AM' } },
        },
      ],
      'GET /api/delivery/slots?pincode=682011&date=2026-12-25&productId=p1&productId=p2': [
        200,
        slotsAnswer({
          date: '2026-12-25',
          slots: { midnight: { available: false, reason: 'This slot is full', placesLeft: 0 } },
        }),
      ],
    });
    await user.click(confirmButton());
    await user.click(
      await screen.findByRole('button', { name: 'Deliver Fri, 25 Dec · Midnight, 11 PM – 12 AM instead' }),
    );
    await waitFor(() => expect(toast.error).toHaveBeenLastCalledWith('This slot is full'));
    expect(screen.queryByRole('button', { name: /^Deliver/ })).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain('Please choose another date or time.');
    expect(cart.delivery).toEqual(midnight());
  });

  it('sends the shopper back to choose again when the slot has closed', async () => {
    const { user } = renderPlaceOrder({
      'POST /api/orders': [409, { message: 'Too late for this slot', code: 'CONFLICT' }],
    });
    await user.click(confirmButton());
    await waitFor(() => expect(where()).toBe('/shipping'));
    expect(toast.error).toHaveBeenCalledWith('Too late for this slot. Please choose another delivery slot.');
    expect(cart.cartItems).toHaveLength(2);
  });

  it('sends a shopper without a slot, or with one on a day gone by, to /shipping', () => {
    act(() => cartActions.saveDelivery(midnight({ date: '2026-11-23' })));
    renderPlaceOrder({});
    expect(where()).toBe('/shipping');
    cleanup();
    act(() => cartActions.saveDelivery(null));
    renderPlaceOrder({});
    expect(where()).toBe('/shipping');
  });
});

const VALIDATE = 'POST /api/coupons/validate';
const flat100 = [200, { couponCode: 'FLAT100', couponDiscount: 100, message: 'FLAT100 applied: you save ₹100' }] as [
  number,
  unknown,
];
const ITEMS = [
  { _id: 'p1', qty: 2 },
  { _id: 'p2', qty: 1, variant: { _id: 'v1' } },
];

describe('the coupon at /placeorder', () => {
  const summary = () => screen.getByRole('region', { name: 'Order Summary' });
  const posted = (fetchMock: ReturnType<typeof stubApi>) =>
    sentBodies(fetchMock, 'POST /api/orders') as { couponCode?: string; buyerGstin?: string }[];

  it('applies a coupon: the discount, the new total and GST, and the order is placed with it', async () => {
    act(() => {
      // The cake taxed at 5 % instead: added again, a line adds to its quantity, so it goes first.
      cartActions.remove('p2:v1');
      cartActions.add(cake({ gstRate: 5 }));
    });
    const { user, fetchMock } = renderPlaceOrder({ [VALIDATE]: flat100, 'POST /api/orders': [201, order()] });
    await user.type(screen.getByLabelText('Coupon code'), 'flat100');
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    expect((await within(summary()).findByRole('status')).textContent).toBe('FLAT100 applied: you save ₹100');
    expect(sentBodies(fetchMock, VALIDATE)).toEqual([{ couponCode: 'FLAT100', orderItems: ITEMS }]);
    const text = summary().textContent;
    expect(text).toContain('Items₹1,947');
    expect(text).toContain('Coupon (FLAT100)−₹100');
    // 1,947 + 250 − 100; the GST is worked out on what is paid after the coupon.
    expect(text).toContain('Total₹2,097 incl. GST ₹36.70');

    await user.click(confirmButton());
    await waitFor(() => expect(where()).toBe(`/order/${ORDER_ID}`));
    expect(posted(fetchMock)[0]?.couponCode).toBe('FLAT100');
    // Used up by the order.
    expect(cart.couponCode).toBeNull();
  });

  it('carries a coupon applied in the cart, checking it against the cart as it is', async () => {
    act(() => cartActions.saveCouponCode('FLAT100'));
    const { user, fetchMock } = renderPlaceOrder({ [VALIDATE]: flat100, 'POST /api/orders': [201, order()] });
    await waitFor(() => expect(summary().textContent).toContain('Coupon (FLAT100)−₹100'));
    expect(summary().textContent).toContain('Total₹2,097');
    expect(screen.queryByLabelText('Coupon code')).toBeNull();
    await user.click(confirmButton());
    await waitFor(() => expect(where()).toBe(`/order/${ORDER_ID}`));
    expect(posted(fetchMock)[0]?.couponCode).toBe('FLAT100');
  });

  it("shows a refused coupon's message as an alert by the field, and places no order with it", async () => {
    const { user, fetchMock } = renderPlaceOrder({
      [VALIDATE]: [400, { message: 'This coupon is for your first order', code: 'VALIDATION' }],
      'POST /api/orders': [201, order()],
    });
    const input = screen.getByLabelText('Coupon code');
    await user.type(input, 'WELCOME10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('This coupon is for your first order');
    expect(input.getAttribute('aria-describedby')).toBe(alert.id);
    expect(summary().textContent).toContain('Total₹2,197');
    expect(summary().textContent).not.toContain('Coupon (');

    await user.click(confirmButton());
    await waitFor(() => expect(where()).toBe(`/order/${ORDER_ID}`));
    expect(posted(fetchMock)[0]).not.toHaveProperty('couponCode');
  });

  it('shows a coupon refused when the order is placed by the coupon field, not as a toast, and takes it off', async () => {
    act(() => cartActions.saveCouponCode('FLAT100'));
    const answers: [number, unknown][] = [
      [409, { message: 'This coupon has been used up', code: 'CONFLICT' }],
      [201, order()],
    ];
    const { user, fetchMock } = renderPlaceOrder({ [VALIDATE]: flat100, 'POST /api/orders': () => answers.shift()! });
    await waitFor(() => expect(summary().textContent).toContain('Coupon (FLAT100)−₹100'));
    await user.click(confirmButton());

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('This coupon has been used up');
    const input = screen.getByLabelText('Coupon code') as HTMLInputElement;
    expect(input.value).toBe('FLAT100');
    expect(input.getAttribute('aria-describedby')).toBe(alert.id);
    expect(toast.error).not.toHaveBeenCalled();
    expect(where()).toBeUndefined();
    expect(cart.couponCode).toBeNull();
    expect(summary().textContent).toContain('Total₹2,197');

    // Confirmed again, the order goes without it.
    await user.click(confirmButton());
    await waitFor(() => expect(where()).toBe(`/order/${ORDER_ID}`));
    expect(posted(fetchMock).map((b) => b.couponCode ?? null)).toEqual(['FLAT100', null]);
  });
});

describe("a business buyer's GSTIN at /placeorder", () => {
  const GSTIN = '32AABCP1234C1Z9';
  const disclosure = () => screen.getByRole('button', { name: 'Add GSTIN for a business purchase' });
  const posted = (fetchMock: ReturnType<typeof stubApi>) =>
    sentBodies(fetchMock, 'POST /api/orders') as { buyerGstin?: string; buyerName?: string; buyerAddress?: string }[];
  const nameField = () => screen.getByLabelText('Registered business name');
  const addressField = () => screen.getByLabelText('Billing address');

  /** Opens the box and fills the business as registered. */
  async function fillBusiness(user: ReturnType<typeof renderPlaceOrder>['user'], gstin = GSTIN.toLowerCase()) {
    await user.click(disclosure());
    await user.type(screen.getByLabelText('GSTIN (optional)'), gstin);
    await user.type(nameField(), ' Periyar Florists LLP ');
    await user.type(addressField(), '14 Shanmugham Road{Enter}{Enter}Ernakulam   682011 ');
  }

  it('is hidden behind a disclosure; with a GSTIN it asks for the business as registered, and sends all three', async () => {
    const { user, fetchMock } = renderPlaceOrder({ 'POST /api/orders': [201, order({ buyerGstin: GSTIN })] });
    expect(disclosure().getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByLabelText('GSTIN (optional)')).toBeNull();
    await user.click(disclosure());
    expect(disclosure().getAttribute('aria-expanded')).toBe('true');
    // The business's name and address are asked for once there is a GSTIN to go with them.
    expect(screen.queryByLabelText('Registered business name')).toBeNull();
    await user.click(disclosure());
    await fillBusiness(user);
    expect(addressField().getAttribute('aria-describedby')).toContain('hint');
    await user.click(confirmButton());
    await waitFor(() => expect(where()).toBe(`/order/${ORDER_ID}`));
    expect(posted(fetchMock)[0]).toMatchObject({
      buyerGstin: GSTIN,
      buyerName: 'Periyar Florists LLP',
      buyerAddress: '14 Shanmugham Road\nErnakulam 682011',
    });
  });

  it('says which of the business’s details are missing before sending, and shows the server’s under its field', async () => {
    const { user, fetchMock } = renderPlaceOrder({
      'POST /api/orders': [
        400,
        {
          message: 'buyerAddress: Billing address must include its 6-digit PIN code',
          code: 'VALIDATION',
          details: [{ field: 'buyerAddress', message: 'Billing address must include its 6-digit PIN code' }],
        },
      ],
    });
    await user.click(disclosure());
    await user.type(screen.getByLabelText('GSTIN (optional)'), GSTIN);
    await user.type(addressField(), 'Ernakulam');
    await user.click(confirmButton());
    expect(screen.getByText('Registered business name is required with a GSTIN')).not.toBeNull();
    expect(screen.getByText('Billing address must include its 6-digit PIN code')).not.toBeNull();
    expect(nameField().getAttribute('aria-invalid')).toBe('true');
    expect(addressField().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(nameField());
    expect(posted(fetchMock)).toEqual([]);

    await user.type(nameField(), 'Periyar Florists LLP');
    expect(nameField().getAttribute('aria-invalid')).toBeNull();
    await user.type(addressField(), ' 682011');
    expect(addressField().getAttribute('aria-invalid')).toBeNull();
    await user.click(confirmButton());
    await screen.findByText('Billing address must include its 6-digit PIN code');
    expect(addressField().getAttribute('aria-describedby')).toContain(`${addressField().id}-error`);
    expect(document.activeElement).toBe(addressField());
    expect(toast.error).not.toHaveBeenCalled();
    expect(posted(fetchMock)).toHaveLength(1);
  });

  it('sends none when left empty', async () => {
    const { user, fetchMock } = renderPlaceOrder({ 'POST /api/orders': [201, order()] });
    await user.click(disclosure());
    await user.click(confirmButton());
    await waitFor(() => expect(where()).toBe(`/order/${ORDER_ID}`));
    expect(posted(fetchMock)[0]).not.toHaveProperty('buyerGstin');
    expect(posted(fetchMock)[0]).not.toHaveProperty('buyerName');
  });

  it('says what is wrong with a mistyped GSTIN before sending, and shows the server’s message under it', async () => {
    const { user, fetchMock } = renderPlaceOrder({
      'POST /api/orders': [
        400,
        {
          message: 'buyerGstin: This GSTIN is not registered',
          code: 'VALIDATION',
          details: [{ field: 'buyerGstin', message: 'This GSTIN is not registered' }],
        },
      ],
    });
    await fillBusiness(user, '32AABCP1234C1ZZ');
    const input = screen.getByLabelText('GSTIN (optional)');
    await user.click(confirmButton());
    expect(screen.getByText("This GSTIN's check character is wrong")).not.toBeNull();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(input);
    expect(posted(fetchMock)).toEqual([]);

    await user.clear(input);
    await user.type(input, GSTIN);
    expect(input.getAttribute('aria-invalid')).toBeNull();
    await user.click(confirmButton());
    await screen.findByText('This GSTIN is not registered');
    expect(input.getAttribute('aria-describedby')).toContain(`${input.id}-error`);
    expect(toast.error).not.toHaveBeenCalled();
    expect(posted(fetchMock)).toHaveLength(1);
  });
});
