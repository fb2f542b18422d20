import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import type { UserEvent } from '@testing-library/user-event';
import { toast } from 'sonner';
import { asha, renderRoutes, sentBodies, stubApi, type Answers } from '../../test/account-test-utils.js';
import { setUserInfo } from '../../stores/user-store.js';
import { formatDateTime } from '../../lib/format.js';
import { OrderPage } from './order-page.js';
import { order, orderDelivery, ORDER_ID, ORDER_NUMBER, paid } from '../../test/order-test-utils.js';
import type { CheckoutConstructor, CheckoutOptions } from './payments/types.js';

const GET_ORDER = `GET /api/orders/${ORDER_ID}`;
const VERIFY = `POST /api/orders/${ORDER_ID}/verify`;
const simulated = { googleClientId: null, payments: { provider: 'simulated', keyId: 'rzp_test_demo' } };
const razorpay = { googleClientId: null, payments: { provider: 'razorpay', keyId: 'rzp_live_key' } };
const admin = { _id: '0c1d2e3f-4a5b-4c6d-8e7f-8091a2b3c4d5', name: 'Store Admin', email: 'admin@example.com' };

/** The order page, opened by a link or, with `state`, as Confirm Order opens it. */
function renderOrder(answers: Answers, state?: { pay: boolean }, search = '') {
  const fetchMock = stubApi(answers);
  const rendered = renderRoutes(
    { pathname: `/order/${ORDER_ID}`, search, state },
    <Route path="/order/:id" element={<OrderPage />} />,
  );
  return { ...rendered, fetchMock };
}

const signIn = (who: { _id: string; name: string; email: string }, isAdmin = false) =>
  act(() => setUserInfo({ ...who, isAdmin, pincode: '', expirationTime: Date.now() + 1e6 }));

/** A paid order delivered the next day (its packing and going out are not what these tests read). */
const delivered = () =>
  paid({
    isDelivered: true,
    deliveredAt: '2026-11-23T06:30:00.000Z',
    stage: 'delivered',
    timeline: [...paid().timeline, { status: 'delivered', at: '2026-11-23T06:30:00.000Z' }],
  });

const heading = () => screen.findByRole('heading', { level: 1, name: `Order ${ORDER_NUMBER}` });
const THANKS = 'Payment received. Thank you, Asha!';
const greeting = () => screen.queryByRole('region', { name: THANKS });
/** The colour a status box is shown in, as its background says. */
const toneOf = (status: HTMLElement) => /\bbg-(\w+)-50\b/.exec(status.className)?.[1];
const section = (name: string) => screen.getByRole('region', { name });
const button = (name: string) => screen.queryByRole('button', { name });
/** An admin's move: the page's button, then the same words in the dialog that asks first. */
async function makeMove(user: UserEvent, name: string) {
  await user.click(button(name)!);
  const dialog = await screen.findByRole('alertdialog', { name: `${name}?` });
  await user.click(within(dialog).getByRole('button', { name }));
  return dialog;
}
/**
 * The simulated checkout once it takes clicks: Radix turns pointer events off on the page as the
 * modal mounts and on for its content a render later, so clicking at once can race it.
 */
async function dialog() {
  const found = await screen.findByRole('dialog', { name: 'Razorpay Checkout (simulated)' });
  await waitFor(() => expect(found.style.pointerEvents).toBe('auto'));
  return found;
}

beforeEach(() => {
  localStorage.clear();
  vi.spyOn(toast, 'error');
  vi.spyOn(toast, 'success');
  signIn(asha);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  act(() => setUserInfo(null));
  delete window.Razorpay;
});

describe('the /order/:id page', () => {
  it('shows an unpaid order: address, Not Delivered, Not Paid, lines, totals, the deadline and Pay Now', async () => {
    const placed = order();
    renderOrder({ [GET_ORDER]: [200, placed] });
    await heading();
    const shipping = section('Shipping');
    expect(shipping.textContent).toContain('Asha Menon');
    expect(within(shipping).getByRole('link', { name: 'asha@example.com' }).getAttribute('href')).toBe(
      'mailto:asha@example.com',
    );
    expect(shipping.textContent).toContain(
      "Flat 4B, Lotus Apartments, 12 MG Road, Ravipuram, Landmark: Opposite St. Teresa's College, Ernakulam, Kerala 682011",
    );
    expect(shipping.textContent).toContain('+91 9847012345');
    expect(within(shipping).getByRole('status').textContent).toBe('Not Delivered');
    const payment = section('Payment Method');
    expect(payment.textContent).toContain('Razorpay');
    expect(within(payment).getByRole('status').textContent).toBe('Not Paid');
    // Waiting for the payment, or for the delivery, is no alarm: neither is red.
    expect(toneOf(within(payment).getByRole('status'))).toBe('neutral');
    expect(toneOf(within(shipping).getByRole('status'))).toBe('neutral');
    // The short number is the heading; the id the links use is there for whoever needs it.
    expect(screen.getByText(ORDER_ID).parentElement?.textContent).toBe(`Reference ${ORDER_ID}`);
    expect(greeting()).toBeNull();
    expect(section('Order Items').textContent).toContain('2 × ₹699 = ₹1,398');
    const summary = section('Order Summary');
    expect(summary.textContent).toContain('Items₹1,398');
    // Roses carry no GST (0 %); there is no coupon and, unpaid, no invoice.
    expect(summary.textContent).toContain('Total₹1,398 incl. GST ₹0');
    expect(summary.textContent).not.toContain('Coupon');
    expect(screen.queryByRole('link', { name: /Download invoice/ })).toBeNull();
    expect(summary.textContent).toContain(
      `Pay by ${formatDateTime(placed.payBy)}; unpaid orders are released after that.`,
    );
    expect(button('Pay Now')).not.toBeNull();
    expect(button('Mark As Delivered')).toBeNull();
  });

  it('shows the server’s totals, not the cart’s', async () => {
    renderOrder({ [GET_ORDER]: [200, order({ itemsPrice: 800, shippingPrice: 100, taxPrice: 36, totalPrice: 936 })] });
    await heading();
    const summary = section('Order Summary').textContent;
    expect(summary).toContain('Items₹800');
    expect(summary).toContain('Shipping₹100');
    // The GST is part of the total, not added to it.
    expect(summary).toContain('Total₹936 incl. GST ₹36');
  });

  it('shows a paid and delivered order with its dates and no buttons', async () => {
    const done = delivered();
    renderOrder({ [GET_ORDER]: [200, done] });
    await heading();
    expect(within(section('Payment Method')).getByRole('status').textContent).toBe(
      `Paid on ${formatDateTime(done.paidAt!)}`,
    );
    expect(within(section('Shipping')).getByRole('status').textContent).toBe(
      `Delivered on ${formatDateTime(done.deliveredAt!)}`,
    );
    expect(button('Pay Now')).toBeNull();
    expect(screen.queryByText(/^Pay by/)).toBeNull();
  });

  it('offers Pay Now only to the owner', async () => {
    signIn(admin, true);
    renderOrder({ [GET_ORDER]: [200, order()] });
    await heading();
    expect(button('Pay Now')).toBeNull();
    expect(button('Mark As Delivered')).toBeNull();
  });

  it('says an expired order was released, without Pay Now', async () => {
    renderOrder({ [GET_ORDER]: [200, order({ status: 'expired' })] });
    await heading();
    expect(
      screen.getByText('This order expired unpaid; its items were released. Please place it again.'),
    ).not.toBeNull();
    expect(within(section('Payment Method')).getByRole('status').textContent).toBe('Not Paid');
    // An expired order will never be paid or delivered: that stays red.
    expect(toneOf(within(section('Payment Method')).getByRole('status'))).toBe('red');
    expect(toneOf(within(section('Shipping')).getByRole('status'))).toBe('red');
    expect(greeting()).toBeNull();
    expect(button('Pay Now')).toBeNull();
  });

  it('says when there is no such order', async () => {
    renderOrder({ [GET_ORDER]: [404, { message: 'Order not found' }] });
    expect((await screen.findByRole('alert')).textContent).toBe('Order not found');
  });
});

describe('the delivery slot and the message card', () => {
  it('shows when the gift arrives, the slot fee within shipping, and the card as printed', async () => {
    renderOrder({
      [GET_ORDER]: [
        200,
        order({
          shippingPrice: 250,
          totalPrice: 1648,
          delivery: orderDelivery(),
          giftMessage: { message: 'Happy birthday, Amma!\nSee you soon.', senderName: 'Asha' },
        }),
      ],
    });
    await heading();
    expect(section('Shipping').textContent).toContain('DeliveryThu, 24 Dec · Midnight, 11 PM – 12 AM');
    const card = section('Message card');
    expect(card.textContent).toBe('Message cardHappy birthday, Amma!\nSee you soon.— Asha');
    expect(section('Order Summary').textContent).toContain('Shipping₹250 includes ₹250 for Midnight delivery');
    expect(section('Order Summary').textContent).toContain('Total₹1,648');
  });

  it('shows an order placed before delivery slots existed without either', async () => {
    renderOrder({ [GET_ORDER]: [200, order({ delivery: null, giftMessage: null })] });
    await heading();
    expect(section('Shipping').textContent).not.toContain('Delivery');
    expect(screen.queryByRole('region', { name: 'Message card' })).toBeNull();
    expect(section('Order Summary').textContent).not.toContain('includes');
  });

  it('says nothing of a fee for a free standard slot', async () => {
    const standard = orderDelivery({
      slotId: 'standard',
      type: 'standard',
      label: 'Any time, 9 AM – 9 PM',
      start: '09:00',
      end: '21:00',
      fee: 0,
    });
    renderOrder({ [GET_ORDER]: [200, order({ delivery: standard })] });
    await heading();
    expect(section('Shipping').textContent).toContain('DeliveryThu, 24 Dec · Any time, 9 AM – 9 PM');
    expect(section('Order Summary').textContent).toContain('Shipping₹0Total');
  });
});

describe('the thanks for a paid order', () => {
  it('greets the shopper by first name and says when and to whom the gift goes, on every visit', async () => {
    renderOrder({
      [GET_ORDER]: [
        200,
        paid({
          shippingAddress: { ...order().shippingAddress, firstName: 'Ravi', lastName: 'Kumar' },
          delivery: orderDelivery(),
        }),
      ],
    });
    await heading();
    const thanks = greeting();
    expect(thanks?.textContent).toBe(
      `${THANKS}We'll deliver your order to Ravi Kumar on Thu, 24 Dec (Midnight, 11 PM – 12 AM). We'll email you at each step.`,
    );
    // It sits above everything else the page says of the order.
    expect(thanks!.compareDocumentPosition(screen.getByRole('list', { name: 'Order status' }))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    // Paid is good news; not delivered yet is simply next.
    expect(toneOf(within(section('Payment Method')).getByRole('status'))).toBe('green');
    expect(within(section('Shipping')).getByRole('status').textContent).toBe('Not Delivered');
    expect(toneOf(within(section('Shipping')).getByRole('status'))).toBe('neutral');
  });

  it('still thanks the shopper while the gift is on its way, without a date for an order placed before slots', async () => {
    renderOrder({ [GET_ORDER]: [200, paid({ stage: 'out_for_delivery' })] });
    await heading();
    expect(greeting()?.textContent).toBe(
      `${THANKS}We'll deliver your order to Asha Menon. We'll email you at each step.`,
    );
  });

  it.each([
    ['unpaid', () => order()],
    ['expired', () => order({ status: 'expired', stage: 'expired' })],
    ['delivered', () => delivered()],
  ])('is not shown on an order %s', async (_state, shown) => {
    renderOrder({ [GET_ORDER]: [200, shown()] });
    await heading();
    expect(screen.queryByText(/Thank you/)).toBeNull();
  });

  it('is for the shopper, not for an admin looking at the order', async () => {
    signIn(admin, true);
    renderOrder({ [GET_ORDER]: [200, paid()] });
    await heading();
    expect(screen.queryByText(/Thank you/)).toBeNull();
  });
});

describe('the coupon, the GST and the tax invoice', () => {
  const withCoupon = {
    itemsPrice: 1398,
    shippingPrice: 0,
    couponCode: 'FLAT100',
    couponDiscount: 100,
    taxPrice: 61.81,
    totalPrice: 1298,
  };

  it('shows the coupon line, the total and the GST it includes', async () => {
    renderOrder({ [GET_ORDER]: [200, order(withCoupon)] });
    await heading();
    const summary = section('Order Summary').textContent;
    expect(summary).toContain('Items₹1,398');
    expect(summary).toContain('Coupon (FLAT100)−₹100');
    expect(summary).toContain('Total₹1,298 incl. GST ₹61.81');
  });

  it('offers the tax invoice with its number only once the order is paid', async () => {
    renderOrder({ [GET_ORDER]: [200, order(withCoupon)] });
    await heading();
    expect(screen.queryByRole('link', { name: /Download invoice/ })).toBeNull();
    expect(section('Order Summary').textContent).not.toContain('Tax invoice');
    cleanup();

    renderOrder({
      [GET_ORDER]: [
        200,
        paid({
          ...withCoupon,
          buyerGstin: '32AABCP1234C1Z9',
          buyerName: 'Periyar Florists LLP',
          buyerAddress: '14 Shanmugham Road\nErnakulam 682011',
          invoice: { number: 'INV/26-27/000012', issuedAt: '2026-11-22T09:15:00.000Z' },
        }),
      ],
    });
    await heading();
    const summary = section('Order Summary');
    expect(summary.textContent).toContain('Tax invoice INV/26-27/000012');
    const link = within(summary).getByRole('link', { name: 'Download invoice' });
    expect(link.getAttribute('href')).toBe(`/api/orders/${ORDER_ID}/invoice`);
    expect(link.hasAttribute('download')).toBe(true);
    // The business buyer's GSTIN, name and address, as the invoice prints them.
    expect(section('Payment Method').textContent).toContain('GSTIN32AABCP1234C1Z9');
    expect(section('Payment Method').textContent).toContain(
      'Billed toPeriyar Florists LLP\n14 Shanmugham Road\nErnakulam 682011',
    );
  });
});

describe('Mark As Delivered', () => {
  const outForDelivery = () => paid({ stage: 'out_for_delivery' });

  it('is for an admin on an order out for delivery, and shows the delivery', async () => {
    signIn(admin, true);
    const done = delivered();
    const { user, fetchMock } = renderOrder({
      [GET_ORDER]: [200, outForDelivery()],
      [`PUT /api/orders/${ORDER_ID}/deliver`]: [200, done],
    });
    await heading();
    await makeMove(user, 'Mark As Delivered');
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Order marked as delivered'));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(within(section('Shipping')).getByRole('status').textContent).toBe(
      `Delivered on ${formatDateTime(done.deliveredAt!)}`,
    );
    expect(button('Mark As Delivered')).toBeNull();
    expect(fetchMock.mock.calls.filter(([url]) => url === `/api/orders/${ORDER_ID}/deliver`)).toHaveLength(1);
  });

  it('asks first, and Cancel leaves the order as it is', async () => {
    signIn(admin, true);
    const { user, fetchMock } = renderOrder({ [GET_ORDER]: [200, outForDelivery()] });
    await heading();
    await user.click(button('Mark As Delivered')!);
    const dialog = await screen.findByRole('alertdialog', { name: 'Mark As Delivered?' });
    expect(dialog.textContent).toContain(
      `Order ${ORDER_NUMBER} will be marked as delivered. The customer is emailed that it was delivered.`,
    );
    // Focus starts on Cancel, so Enter straight away does nothing it should not.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await user.click(button('Mark As Delivered')!);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(fetchMock.mock.calls.filter(([url]) => url === `/api/orders/${ORDER_ID}/deliver`)).toHaveLength(0);
    expect(button('Mark As Delivered')).toHaveProperty('disabled', false);
  });

  it('is not offered to a customer, on an unpaid order, or before the order goes out', async () => {
    renderOrder({ [GET_ORDER]: [200, outForDelivery()] });
    await heading();
    expect(button('Mark As Delivered')).toBeNull();
    cleanup();
    signIn(admin, true);
    renderOrder({ [GET_ORDER]: [200, order()] });
    await heading();
    expect(button('Mark As Delivered')).toBeNull();
    cleanup();
    renderOrder({ [GET_ORDER]: [200, paid()] });
    await heading();
    expect(button('Mark As Delivered')).toBeNull();
  });

  it('toasts the server’s refusal', async () => {
    signIn(admin, true);
    const { user } = renderOrder({
      [GET_ORDER]: [200, outForDelivery()],
      [`PUT /api/orders/${ORDER_ID}/deliver`]: [409, { message: 'Order is already delivered' }],
    });
    await heading();
    await makeMove(user, 'Mark As Delivered');
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Order is already delivered'));
  });
});

describe('the order status stepper', () => {
  const PLACED = '22 Nov 2026, 2:44 pm';
  const PAID = '22 Nov 2026, 2:45 pm';
  const steps = () => within(screen.getByRole('list', { name: 'Order status' })).getAllByRole('listitem');
  const stepTexts = () => steps().map((step) => step.textContent);
  const currentSteps = () =>
    steps()
      .filter((step) => step.getAttribute('aria-current') === 'step')
      .map((step) => step.textContent);
  const onTheWay = (by?: string) =>
    paid({
      stage: 'out_for_delivery',
      timeline: [
        ...paid().timeline,
        { status: 'packed', at: '2026-11-22T11:30:00.000Z', ...(by === undefined ? {} : { by }) },
        { status: 'out_for_delivery', at: '2026-11-23T04:00:00.000Z', ...(by === undefined ? {} : { by }) },
      ],
    });

  it('shows an unpaid order at Awaiting payment, with the steps ahead muted and said to be ahead', async () => {
    const placed = order();
    renderOrder({ [GET_ORDER]: [200, placed] });
    await heading();
    expect(stepTexts()).toEqual([
      `Awaiting payment${formatDateTime(placed.timeline[0]!.at)}`,
      'Paid, not yet',
      'Packed, not yet',
      'Out for delivery, not yet',
      'Delivered, not yet',
    ]);
    expect(currentSteps()).toEqual([`Awaiting payment${formatDateTime(placed.timeline[0]!.at)}`]);
  });

  it("says 'Placed on' and 'Paid on' in IST too, as the steps do", async () => {
    renderOrder({ [GET_ORDER]: [200, paid({ createdAt: '2026-11-22T09:14:00.000Z' })] });
    await heading();
    expect(screen.getByText(`Placed on ${PLACED}`)).not.toBeNull();
    expect(within(section('Payment Method')).getByRole('status').textContent).toBe(`Paid on ${PAID}`);
    expect(stepTexts().slice(0, 2)).toEqual([`Placed, done${PLACED}`, `Paid${PAID}`]);
  });

  it('shows each step reached with its date and time in IST, the latest as the current one', async () => {
    renderOrder({ [GET_ORDER]: [200, onTheWay()] });
    await heading();
    expect(stepTexts()).toEqual([
      `Placed, done${PLACED}`,
      `Paid, done${PAID}`,
      'Packed, done22 Nov 2026, 5:00 pm',
      'Out for delivery23 Nov 2026, 9:30 am',
      'Delivered, not yet',
    ]);
    expect(currentSteps()).toEqual(['Out for delivery23 Nov 2026, 9:30 am']);
    expect(section('Order status').textContent).toContain('Times in IST');
    const time = within(steps()[3]!).getByText('23 Nov 2026, 9:30 am');
    expect(time.tagName).toBe('TIME');
    expect(time.getAttribute('datetime')).toBe('2026-11-23T04:00:00.000Z');
    // Who made a move is for admins; the shopper's answer has none.
    expect(screen.queryByText(/^by /)).toBeNull();
  });

  it('shows a step the admin skipped as done, without a time', async () => {
    renderOrder({ [GET_ORDER]: [200, delivered()] });
    await heading();
    expect(stepTexts()).toEqual([
      `Placed, done${PLACED}`,
      `Paid, done${PAID}`,
      'Packed, done',
      'Out for delivery, done',
      'Delivered23 Nov 2026, 12:00 pm',
    ]);
    expect(currentSteps()).toEqual(['Delivered23 Nov 2026, 12:00 pm']);
  });

  it('shows an expired order as Placed then Expired, with a failed payment as a note under Placed', async () => {
    const expired = order({
      status: 'expired',
      stage: 'expired',
      timeline: [
        { status: 'placed', at: '2026-11-22T09:14:00.000Z' },
        { status: 'payment_failed', at: '2026-11-22T09:20:00.000Z' },
        { status: 'expired', at: '2026-11-22T09:44:00.000Z' },
      ],
    });
    renderOrder({ [GET_ORDER]: [200, expired] });
    await heading();
    expect(stepTexts()).toEqual([
      `Placed, done${PLACED}A payment attempt failed at 22 Nov 2026, 2:50 pm`,
      'Expired22 Nov 2026, 3:14 pm',
    ]);
    expect(currentSteps()).toEqual(['Expired22 Nov 2026, 3:14 pm']);
  });

  it('notes failed payment attempts under the first step without making them steps', async () => {
    const failedTwice = order({
      timeline: [
        { status: 'placed', at: '2026-11-22T09:14:00.000Z' },
        { status: 'payment_failed', at: '2026-11-22T09:20:00.000Z' },
        { status: 'payment_failed', at: '2026-11-22T09:44:00.000Z' },
      ],
    });
    renderOrder({ [GET_ORDER]: [200, failedTwice] });
    await heading();
    expect(steps()).toHaveLength(5);
    expect(stepTexts()[0]).toBe(
      `Awaiting payment${PLACED}A payment attempt failed at 22 Nov 2026, 2:50 pmA payment attempt failed at 22 Nov 2026, 3:14 pm`,
    );
    expect(stepTexts()[1]).toBe('Paid, not yet');
  });

  it('leaves out the failed attempts of an order that was then paid', async () => {
    const failedThenPaid = paid({
      timeline: [
        { status: 'placed', at: '2026-11-22T09:14:00.000Z' },
        { status: 'payment_failed', at: '2026-11-22T09:14:30.000Z' },
        { status: 'paid', at: '2026-11-22T09:15:00.000Z' },
      ],
    });
    renderOrder({ [GET_ORDER]: [200, failedThenPaid] });
    await heading();
    expect(stepTexts().slice(0, 2)).toEqual([`Placed, done${PLACED}`, `Paid${PAID}`]);
    expect(screen.queryByText(/payment attempt failed/)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('tells an admin who made each move', async () => {
    signIn(admin, true);
    renderOrder({ [GET_ORDER]: [200, onTheWay('Priya Admin')] });
    await heading();
    expect(stepTexts().slice(2, 4)).toEqual([
      'Packed, done22 Nov 2026, 5:00 pmby Priya Admin',
      'Out for delivery23 Nov 2026, 9:30 amby Priya Admin',
    ]);
  });
});

describe('moving a paid order towards delivery (admin)', () => {
  const STATUS = `PUT /api/orders/${ORDER_ID}/status`;
  const MOVES = ['Mark As Packed', 'Out For Delivery', 'Mark As Delivered'];
  const moves = () => MOVES.filter((name) => button(name) !== null);
  const packed = () =>
    paid({
      stage: 'packed',
      timeline: [...paid().timeline, { status: 'packed', at: '2026-11-22T11:30:00.000Z', by: 'Priya Admin' }],
    });

  it.each([
    ['paid', paid(), ['Mark As Packed']],
    ['packed', paid({ stage: 'packed' }), ['Out For Delivery']],
    ['out for delivery', paid({ stage: 'out_for_delivery' }), ['Mark As Delivered']],
    ['delivered', paid({ stage: 'delivered', isDelivered: true, deliveredAt: '2026-11-23T06:30:00.000Z' }), []],
    ['awaiting payment', order(), []],
    ['expired', order({ status: 'expired', stage: 'expired' }), []],
  ])('offers only the next step when the order is %s', async (_stage, shown, expected) => {
    signIn(admin, true);
    renderOrder({ [GET_ORDER]: [200, shown] });
    await heading();
    expect(moves()).toEqual(expected);
  });

  it('offers none to the shopper', async () => {
    renderOrder({ [GET_ORDER]: [200, paid()] });
    await heading();
    expect(moves()).toEqual([]);
  });

  it('marks the order packed, with its button disabled meanwhile, and shows the next step', async () => {
    signIn(admin, true);
    let answer: (value: [number, unknown]) => void = () => undefined;
    const { user, fetchMock } = renderOrder({
      [GET_ORDER]: [200, paid()],
      [STATUS]: () => new Promise((resolve) => (answer = resolve)),
    });
    await heading();
    const dialog = await makeMove(user, 'Mark As Packed');
    await waitFor(() => expect(sentBodies(fetchMock, STATUS)).toEqual([{ status: 'packed' }]));
    for (const name of ['Cancel', 'Mark As Packed']) {
      expect(within(dialog).getByRole('button', { name })).toHaveProperty('disabled', true);
    }
    // Behind the dialog, the move on the page waits too.
    const onPage = screen
      .getAllByRole('button', { name: 'Mark As Packed', hidden: true })
      .filter((b) => !dialog.contains(b));
    expect(onPage.map((b) => b.hasAttribute('disabled'))).toEqual([true]);

    act(() => answer([200, packed()]));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Order marked as packed'));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    const step = within(screen.getByRole('list', { name: 'Order status' }))
      .getAllByRole('listitem')
      .find((item) => item.getAttribute('aria-current') === 'step');
    expect(step?.textContent).toBe('Packed22 Nov 2026, 5:00 pmby Priya Admin');
    expect(moves()).toEqual(['Out For Delivery']);
    expect(button('Out For Delivery')).toHaveProperty('disabled', false);
    // The server's answer is the refresh: the order is not asked for again.
    expect(fetchMock.mock.calls.filter(([url]) => url === `/api/orders/${ORDER_ID}`)).toHaveLength(1);
  });

  it('sends a packed order out for delivery', async () => {
    signIn(admin, true);
    const sent = paid({
      stage: 'out_for_delivery',
      timeline: [
        ...packed().timeline,
        { status: 'out_for_delivery', at: '2026-11-23T04:00:00.000Z', by: 'Priya Admin' },
      ],
    });
    const { user, fetchMock } = renderOrder({ [GET_ORDER]: [200, packed()], [STATUS]: [200, sent] });
    await heading();
    await makeMove(user, 'Out For Delivery');
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Order marked as out for delivery'));
    expect(sentBodies(fetchMock, STATUS)).toEqual([{ status: 'out_for_delivery' }]);
    expect(moves()).toEqual(['Mark As Delivered']);
  });

  describe('before the booked delivery allows the next step (IST)', () => {
    // Booked for Christmas Eve's midnight slot, 11 PM – 12 AM.
    const booked = (stage: 'paid' | 'packed' | 'out_for_delivery') => paid({ stage, delivery: orderDelivery() });
    afterEach(() => vi.useRealTimers());
    const at = (ist: string) => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date(`${ist}+05:30`));
    };

    it.each([
      [
        'going out the day before',
        'packed' as const,
        '2026-12-23T21:00',
        'Out For Delivery',
        'This order is booked for Thu, 24 Dec; it cannot go out for delivery before then',
      ],
      [
        'going out on the morning of its day',
        'packed' as const,
        '2026-12-24T10:37',
        'Out For Delivery',
        'This order is booked for Midnight, 11 PM – 12 AM on Thu, 24 Dec; it cannot go out for delivery before 8 PM',
      ],
      [
        'delivered an hour before its slot',
        'out_for_delivery' as const,
        '2026-12-24T22:00',
        'Mark As Delivered',
        'This order is booked for Midnight, 11 PM – 12 AM on Thu, 24 Dec; it cannot be marked delivered before 10:30 PM',
      ],
    ])('holds the button back when %s, and says until when', async (_case, stage, now, name, note) => {
      at(now);
      signIn(admin, true);
      renderOrder({ [GET_ORDER]: [200, booked(stage)] });
      await heading();
      const held = button(name)!;
      expect(held).toHaveProperty('disabled', true);
      expect(held.getAttribute('aria-describedby')).toBe(screen.getByText(note).id);
    });

    it('packs any day once paid, and opens each later step at its time', async () => {
      at('2026-12-20T09:00');
      signIn(admin, true);
      renderOrder({ [GET_ORDER]: [200, booked('paid')] });
      await heading();
      expect(button('Mark As Packed')).toHaveProperty('disabled', false);
      cleanup();
      at('2026-12-24T20:00');
      renderOrder({ [GET_ORDER]: [200, booked('packed')] });
      await heading();
      expect(button('Out For Delivery')).toHaveProperty('disabled', false);
      expect(screen.queryByText(/cannot go out/)).toBeNull();
    });
  });

  it('says why the server refused, and shows the order as it is now', async () => {
    signIn(admin, true);
    let asked = 0;
    const { user } = renderOrder({
      // Another admin packed it meanwhile.
      [GET_ORDER]: () => [200, asked++ === 0 ? paid() : packed()],
      [STATUS]: [409, { message: 'This order is already packed' }],
    });
    await heading();
    await makeMove(user, 'Mark As Packed');
    expect((await screen.findByRole('alert')).textContent).toBe('This order is already packed');
    expect(toast.error).toHaveBeenCalledWith('This order is already packed');
    await waitFor(() => expect(moves()).toEqual(['Out For Delivery']));
    expect(screen.getByText('by Priya Admin')).not.toBeNull();
  });
});

describe('paying with the simulated checkout', () => {
  const payment = {
    razorpay_payment_id: 'pay_Sim0001',
    razorpay_order_id: 'order_SimTest0001',
    razorpay_signature: 'a'.repeat(64),
  };

  it('pays: the gateway’s answer is verified, then Payment Successful! and Paid on', async () => {
    const nowPaid = paid();
    const { user, fetchMock } = renderOrder({
      [GET_ORDER]: [200, order()],
      'GET /api/config': [200, simulated],
      'POST /api/payments/simulated/pay': [200, payment],
      [VERIFY]: [200, nowPaid],
    });
    await heading();
    await user.click(button('Pay Now')!);
    const checkout = await dialog();
    expect(checkout.textContent).toContain('Phoolwala Gifts');
    expect(checkout.textContent).toContain(`Order ${ORDER_NUMBER}`);
    expect(checkout.textContent).toContain('₹1,398');
    await user.click(within(checkout).getByRole('radio', { name: 'Card' }));
    await user.click(within(checkout).getByRole('button', { name: 'Pay ₹1,398' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Payment Successful!'));
    expect(sentBodies(fetchMock, 'POST /api/payments/simulated/pay')).toEqual([
      { razorpayOrderId: 'order_SimTest0001', outcome: 'paid', method: 'card' },
    ]);
    expect(sentBodies(fetchMock, VERIFY)).toEqual([
      {
        razorpayOrderId: 'order_SimTest0001',
        razorpayPaymentId: 'pay_Sim0001',
        razorpaySignature: 'a'.repeat(64),
        orderId: ORDER_ID,
        user: asha._id,
      },
    ]);
    expect(within(section('Payment Method')).getByRole('status').textContent).toBe(
      `Paid on ${formatDateTime(nowPaid.paidAt!)}`,
    );
    expect(greeting()).not.toBeNull();
    expect(button('Pay Now')).toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('fails: a plain sentence and Try again, then code, description, source, step, reason and ids under Details', async () => {
    const error = {
      code: 'BAD_REQUEST_ERROR',
      description: 'Your payment could not be completed as the bank declined it (simulated).',
      source: 'bank',
      step: 'payment_authorization',
      reason: 'payment_failed',
      metadata: { order_id: 'order_SimTest0001', payment_id: 'pay_Fail0001' },
    };
    const { user, fetchMock } = renderOrder({
      [GET_ORDER]: [200, order()],
      'GET /api/config': [200, simulated],
      'POST /api/payments/simulated/pay': [200, { error }],
    });
    await heading();
    await user.click(button('Pay Now')!);
    await user.click(within(await dialog()).getByRole('button', { name: 'Fail payment' }));

    const alert = await screen.findByRole('alert');
    expect(alert.querySelector('p')?.textContent).toBe(
      'Your bank declined the payment. No money was taken. Try again or use another method.',
    );
    // The gateway's words wait behind Details.
    const details = within(alert).getByRole('button', { name: 'Details' });
    expect(details.getAttribute('aria-expanded')).toBe('false');
    expect(alert.textContent).not.toContain('BAD_REQUEST_ERROR');
    expect(alert.textContent).not.toContain('pay_Fail0001');
    await user.click(details);
    expect(details.getAttribute('aria-expanded')).toBe('true');
    for (const value of [
      'BAD_REQUEST_ERROR',
      error.description,
      'bank',
      'payment_authorization',
      'payment_failed',
      'order_SimTest0001',
      'pay_Fail0001',
    ]) {
      expect(alert.textContent).toContain(value);
    }
    expect(toast.error).toHaveBeenCalledWith(error.description);
    expect(sentBodies(fetchMock, 'POST /api/payments/simulated/pay')).toEqual([
      { razorpayOrderId: 'order_SimTest0001', outcome: 'failed', method: 'upi' },
    ]);
    expect(sentBodies(fetchMock, VERIFY)).toEqual([]);
    expect(within(section('Payment Method')).getByRole('status').textContent).toBe('Not Paid');
    expect(button('Pay Now')).toHaveProperty('disabled', false);

    // Try again opens checkout again, and the failure makes way for the new attempt.
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    const again = await dialog();
    expect(screen.queryByText(/No money was taken/)).toBeNull();
    await user.click(within(again).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('takes the failure away once the order turns out paid, its failed attempt with it', async () => {
    const error = {
      code: 'BAD_REQUEST_ERROR',
      description: 'Payment timed out',
      source: 'customer',
      step: 'payment_authentication',
      reason: 'payment_timed_out',
      metadata: { order_id: 'order_SimTest0001', payment_id: 'pay_Late0001' },
    };
    // The UPI app paid after checkout stopped waiting, and the gateway's webhook settled the order.
    const failedThenPaid = paid({
      timeline: [
        { status: 'placed', at: '2026-11-22T09:14:00.000Z' },
        { status: 'payment_failed', at: '2026-11-22T09:14:30.000Z' },
        { status: 'paid', at: '2026-11-22T09:15:00.000Z' },
      ],
    });
    let settled = false;
    const { user } = renderOrder({
      [GET_ORDER]: () => [200, settled ? failedThenPaid : order()],
      'GET /api/config': [200, simulated],
      'POST /api/payments/simulated/pay': [200, { error }],
    });
    await heading();
    await user.click(button('Pay Now')!);
    await user.click(within(await dialog()).getByRole('button', { name: 'Fail payment' }));
    expect((await screen.findByRole('alert')).textContent).toContain('No money was taken');

    // The shopper comes back from the UPI app to this tab, and the page asks for the order again.
    settled = true;
    act(() => void window.dispatchEvent(new Event('visibilitychange')));
    await waitFor(() =>
      expect(within(section('Payment Method')).getByRole('status').textContent).toBe(
        `Paid on ${formatDateTime(failedThenPaid.paidAt!)}`,
      ),
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(/No money was taken|payment attempt failed/)).toBeNull();
  });

  it.each([
    ['customer', 'payment_cancelled', 'You cancelled the payment. No money was taken. Try again when you are ready.'],
    ['gateway', 'server_error', 'The payment did not go through. No money was taken. Please try again.'],
  ])('says a failure from %s (%s) in its own words', async (source, reason, sentence) => {
    const error = {
      code: 'BAD_REQUEST_ERROR',
      description: 'Payment processing failed',
      source,
      step: 'payment_authentication',
      reason,
      metadata: { order_id: 'order_SimTest0001', payment_id: 'pay_Fail0002' },
    };
    const { user } = renderOrder({
      [GET_ORDER]: [200, order()],
      'GET /api/config': [200, simulated],
      'POST /api/payments/simulated/pay': [200, { error }],
    });
    await heading();
    await user.click(button('Pay Now')!);
    await user.click(within(await dialog()).getByRole('button', { name: 'Fail payment' }));
    const alert = await screen.findByRole('alert');
    expect(alert.querySelector('p')?.textContent).toBe(sentence);
    expect(within(alert).queryByRole('button', { name: 'Try again' })).not.toBeNull();
  });

  it('can be closed without paying; Pay Now opens it again', async () => {
    const { user, fetchMock } = renderOrder({ [GET_ORDER]: [200, order()], 'GET /api/config': [200, simulated] });
    await heading();
    await user.click(button('Pay Now')!);
    await user.click(within(await dialog()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(button('Pay Now')).toHaveProperty('disabled', false);
    await user.click(button('Pay Now')!);
    await user.click(within(await dialog()).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/payments/simulated/pay')).toHaveLength(0);
  });

  it.each([
    [400, 'Payment Verification Failed!', 'Payment Verification Failed!'],
    [409, 'This order expired before the payment arrived; the payment will be refunded', null],
    [503, 'We could not confirm the payment just now. Please try again in a moment.', null],
  ])('toasts a %i from verify', async (status, message, shown) => {
    const { user } = renderOrder({
      [GET_ORDER]: [200, order()],
      'GET /api/config': [200, simulated],
      'POST /api/payments/simulated/pay': [200, payment],
      // As the server answers: its error envelope names a code (a 5xx without one is not the store's).
      [VERIFY]: [
        status,
        { message: status === 400 ? 'razorpaySignature must be 64 hex characters' : message, code: 'UNAVAILABLE' },
      ],
    });
    await heading();
    await user.click(button('Pay Now')!);
    await user.click(within(await dialog()).getByRole('button', { name: 'Pay ₹1,398' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(shown ?? message));
    expect(toast.success).not.toHaveBeenCalled();
  });
});

describe("a guest's order, opened by its link", () => {
  const guestPaid = () =>
    paid({
      user: { _id: null, name: 'Ravi Nair', email: 'ravi@example.in' },
      contact: { email: 'ravi@example.in', phone: '+919895011111' },
    });

  it('is read with the token, and a paid one makes an account with one password, signed in', async () => {
    act(() => setUserInfo(null));
    const { user, fetchMock } = renderOrder(
      {
        [`${GET_ORDER}?token=t0k3n`]: [200, guestPaid()],
        [`POST /api/orders/${ORDER_ID}/account?token=t0k3n`]: [
          201,
          { ...asha, name: 'Ravi Nair', email: 'ravi@example.in' },
        ],
      },
      undefined,
      '?token=t0k3n',
    );
    await heading();
    const offer = await screen.findByRole('region', { name: 'Save your details for next time' });
    expect(offer.textContent).toContain('Set a password for ravi@example.in');
    await user.click(await within(offer).findByRole('button', { name: 'Create account' }));
    expect(within(offer).getByText(/at least/i, { selector: 'p' })).not.toBeNull();
    await user.type(within(offer).getByLabelText('Password'), 'backwaters at dusk');
    await user.click(within(offer).getByRole('button', { name: 'Create account' }));
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem('userInfo')!)).toMatchObject({ email: 'ravi@example.in' }),
    );
    expect(sentBodies(fetchMock, `POST /api/orders/${ORDER_ID}/account?token=t0k3n`)).toEqual([
      { password: 'backwaters at dusk' },
    ]);
  });
});

describe('an order awaiting payment', () => {
  it('leads with Complete payment, the amount and the time left, and says it is not placed yet', async () => {
    // Placed a minute ago with thirty to pay: 29:00 left, ticking.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-11-22T10:01:00.000Z') });
    renderOrder({
      [GET_ORDER]: [200, order({ createdAt: '2026-11-22T10:00:00.000Z', payBy: '2026-11-22T10:30:00.000Z' })],
    });
    await heading();
    const panel = screen.getByRole('region', { name: 'Complete payment' });
    expect(panel.textContent).toContain('₹1,398 to pay. Your order is placed once it is paid.');
    expect(within(panel).getByRole('timer').textContent).toBe('29:00');
    expect(within(panel).queryByRole('button', { name: 'Pay Now' })).not.toBeNull();
    // First on the page after the heading, before any notice, the steps and the order's parts.
    const main = screen.getByRole('heading', { level: 1 }).parentElement!;
    const regions = [...main.querySelectorAll('section[aria-labelledby]')].map((s) =>
      s.getAttribute('aria-labelledby'),
    );
    expect(regions[0]).toBe('complete-payment');
    expect(main.textContent).toContain('Awaiting payment · started');
    expect(main.textContent).not.toContain('Placed on');
    expect(screen.getAllByRole('button', { name: 'Pay Now' })).toHaveLength(1);
    vi.useRealTimers();
  });

  it('is not offered to an admin looking at the order', async () => {
    signIn(admin, true);
    renderOrder({ [GET_ORDER]: [200, order()] });
    await heading();
    expect(screen.queryByRole('region', { name: 'Complete payment' })).toBeNull();
  });

  it('opens the gateway by itself when Confirm Order sent the buyer here, and not on a later visit', async () => {
    const answers = { [GET_ORDER]: [200, order()], 'GET /api/config': [200, simulated] } satisfies Answers;
    const { user } = renderOrder(answers, { pay: true });
    await heading();
    // Prefilled with the buyer's own mobile, not the recipient's.
    const gateway = await dialog();
    expect(gateway.textContent).toContain('+919895011111 · asha@example.com');
    await user.click(within(gateway).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    cleanup();

    renderOrder(answers);
    await heading();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('does not open the gateway for an order already paid', async () => {
    renderOrder({ [GET_ORDER]: [200, paid()], 'GET /api/config': [200, simulated] }, { pay: true });
    await heading();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('paying with Razorpay', () => {
  it('toasts when checkout.js cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const append = vi.spyOn(document.head, 'append').mockImplementation((...nodes) => {
      const script = nodes[0] as HTMLScriptElement;
      setTimeout(() => script.onerror?.(new Event('error')));
    });
    const { user } = renderOrder({ [GET_ORDER]: [200, order()], 'GET /api/config': [200, razorpay] });
    await heading();
    await user.click(button('Pay Now')!);
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(
        'Error loading Razorpay: could not load https://checkout.razorpay.com/v1/checkout.js',
      ),
    );
    expect((append.mock.calls[0]![0] as HTMLScriptElement).src).toBe('https://checkout.razorpay.com/v1/checkout.js');
    expect(console.error).toHaveBeenCalled();
    expect(button('Pay Now')).toHaveProperty('disabled', false);
  });

  it('opens window.Razorpay with the order’s options and verifies what its handler gets', async () => {
    const opened: CheckoutOptions[] = [];
    const listeners: string[] = [];
    window.Razorpay = class {
      constructor(readonly options: CheckoutOptions) {
        opened.push(options);
      }
      on(event: string) {
        listeners.push(event);
      }
      open() {}
      close() {}
    } as unknown as CheckoutConstructor;
    const placed = order();
    const { user, fetchMock } = renderOrder({
      [GET_ORDER]: [200, placed],
      'GET /api/config': [200, razorpay],
      [VERIFY]: [200, paid()],
    });
    await heading();
    await user.click(button('Pay Now')!);
    await waitFor(() => expect(opened).toHaveLength(1));
    const options = opened[0]!;
    expect(options).toMatchObject({
      key: 'rzp_live_key',
      amount: 139800,
      currency: 'INR',
      order_id: 'order_SimTest0001',
      name: 'Phoolwala Gifts',
      description: `Order ${ORDER_NUMBER}`,
      // The buyer's own mobile, not the recipient's in the shipping address (+919847012345).
      prefill: { name: 'Asha Menon', email: 'asha@example.com', contact: '+919895011111' },
      notes: { orderId: ORDER_ID },
    });
    // Checkout closes before the order stops taking payment (30 minutes from now).
    expect(options.timeout).toBeGreaterThan(29 * 60);
    expect(options.timeout).toBeLessThanOrEqual(30 * 60);
    expect(listeners).toEqual(['payment.failed']);

    act(() =>
      options.handler({
        razorpay_payment_id: 'pay_Live0001',
        razorpay_order_id: 'order_SimTest0001',
        razorpay_signature: 'b'.repeat(64),
      }),
    );
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Payment Successful!'));
    expect(sentBodies(fetchMock, VERIFY)).toMatchObject([{ razorpayPaymentId: 'pay_Live0001' }]);
  });
});
