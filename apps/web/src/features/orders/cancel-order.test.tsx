import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { toast } from 'sonner';
import { asha, renderRoutes, sentBodies, stubApi, type Answers } from '../../test/account-test-utils.js';
import { cancelled, order, ORDER_ID, ORDER_NUMBER, paid } from '../../test/order-test-utils.js';
import { setUserInfo } from '../../stores/user-store.js';
import { formatDateTime } from '../../lib/format.js';
import { OrderPage } from './order-page.js';

const GET_ORDER = `GET /api/orders/${ORDER_ID}`;
const CANCEL = `POST /api/orders/${ORDER_ID}/cancel`;
const admin = { _id: '0c1d2e3f-4a5b-4c6d-8e7f-8091a2b3c4d5', name: 'Priya Admin', email: 'admin@example.com' };
const REASON = 'The florist cannot source these roses this week';

function renderOrder(answers: Answers) {
  const fetchMock = stubApi(answers);
  const rendered = renderRoutes(`/order/${ORDER_ID}`, <Route path="/order/:id" element={<OrderPage />} />);
  return { ...rendered, fetchMock };
}

const signIn = (who: { _id: string; name: string; email: string }, isAdmin = false) =>
  act(() => setUserInfo({ ...who, isAdmin, pincode: '', expirationTime: Date.now() + 1e6 }));

const heading = () => screen.findByRole('heading', { level: 1, name: `Order ${ORDER_NUMBER}` });
const cancelButton = () => screen.queryByRole('button', { name: 'Cancel order' });
const notice = () => screen.getAllByRole('status').find((s) => s.textContent?.startsWith('This order was cancelled'));

beforeEach(() => {
  localStorage.clear();
  vi.spyOn(toast, 'error');
  vi.spyOn(toast, 'success');
  signIn(admin, true);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  act(() => setUserInfo(null));
});

describe('cancelling an order (admin)', () => {
  it.each([
    { stage: 'paid', shown: paid(), offered: true },
    { stage: 'packed', shown: paid({ stage: 'packed' }), offered: true },
    { stage: 'out for delivery', shown: paid({ stage: 'out_for_delivery' }), offered: false },
    {
      stage: 'delivered',
      shown: paid({ stage: 'delivered', isDelivered: true, deliveredAt: '2026-11-23T06:30:00.000Z' }),
      offered: false,
    },
    { stage: 'awaiting payment', shown: order(), offered: false },
    { stage: 'expired', shown: order({ status: 'expired', stage: 'expired' }), offered: false },
    { stage: 'cancelled', shown: cancelled(), offered: false },
  ])('when the order is $stage, is offered: $offered', async ({ shown, offered }) => {
    renderOrder({ [GET_ORDER]: [200, shown] });
    await heading();
    expect(cancelButton() !== null).toBe(offered);
  });

  it('is not offered to the shopper', async () => {
    signIn(asha);
    renderOrder({ [GET_ORDER]: [200, paid()] });
    await heading();
    expect(cancelButton()).toBeNull();
  });

  it('asks the reason, checks it, sends it, and shows the cancelled order with its refund', async () => {
    let answer: (value: [number, unknown]) => void = () => undefined;
    const { user, fetchMock } = renderOrder({
      [GET_ORDER]: [200, paid()],
      [CANCEL]: () => new Promise((resolve) => (answer = resolve)),
    });
    await heading();
    await user.click(cancelButton()!);
    const dialog = await screen.findByRole('alertdialog', { name: `Cancel order ${ORDER_NUMBER}?` });
    expect(dialog.textContent).toContain('₹1,398 goes back to the customer through Razorpay');
    expect(dialog.textContent).toContain('This cannot be undone.');
    const reason = within(dialog).getByRole('textbox', { name: 'Reason for the customer' });
    await waitFor(() => expect(document.activeElement).toBe(reason));

    // Too short: said at the field, and nothing is sent.
    await user.type(reason, ' ok ');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByText('Reason must be at least 3 characters')).not.toBeNull();
    expect(sentBodies(fetchMock, CANCEL)).toEqual([]);

    await user.clear(reason);
    await user.type(reason, `  ${REASON} `);
    expect(reason.getAttribute('aria-invalid')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(sentBodies(fetchMock, CANCEL)).toEqual([{ reason: REASON }]));
    for (const name of ['Keep order', 'Cancel order']) {
      expect(within(dialog).getByRole('button', { name })).toHaveProperty('disabled', true);
    }

    act(() => answer([200, cancelled()]));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(`Order ${ORDER_NUMBER} cancelled; ₹1,398 refunded to the customer`),
    );
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(cancelButton()).toBeNull();
    expect(notice()!.textContent).toBe(
      `This order was cancelled on ${formatDateTime('2026-11-22T12:00:00.000Z')} by Priya Admin.` +
        `Reason: ${REASON}` +
        `₹1,398 was refunded on ${formatDateTime('2026-11-22T12:00:01.000Z')} (reference rfnd_Sim0001). Banks take 5–7 working days to show it.`,
    );
    const summary = screen.getByRole('region', { name: 'Order Summary' });
    const creditNote = within(summary).getByRole('link', { name: 'Download credit note' });
    expect(creditNote.getAttribute('href')).toBe(`/api/orders/${ORDER_ID}/credit-note`);
    expect(summary.textContent).toContain('Credit note CN/26-27/000003');
    // The stepper ends at Cancelled, after the steps the order reached, with its refund under it.
    const steps = within(screen.getByRole('list', { name: 'Order status' })).getAllByRole('listitem');
    expect(steps.map((s) => /^(Placed|Paid|Packed|Cancelled)/.exec(s.textContent ?? '')?.[1])).toEqual([
      'Placed',
      'Paid',
      'Packed',
      'Cancelled',
    ]);
    const current = steps.find((s) => s.getAttribute('aria-current') === 'step')!;
    expect(current.textContent).toBe(
      `Cancelled${formatDateTime('2026-11-22T12:00:00.000Z')}by Priya AdminRefunded at ${formatDateTime('2026-11-22T12:00:01.000Z')}`,
    );
    // The answer is the refresh: the order is not asked for again.
    expect(fetchMock.mock.calls.filter(([url]) => url === `/api/orders/${ORDER_ID}`)).toHaveLength(1);
  });

  it('says in the dialog why the server refused, and shows the order as it is now', async () => {
    let asked = 0;
    const { user } = renderOrder({
      // Another admin sent it out meanwhile.
      [GET_ORDER]: () => [200, asked++ === 0 ? paid() : paid({ stage: 'out_for_delivery' })],
      [CANCEL]: [409, { message: 'This order is already out for delivery; it can no longer be cancelled' }],
    });
    await heading();
    await user.click(cancelButton()!);
    const dialog = await screen.findByRole('alertdialog');
    await user.type(within(dialog).getByRole('textbox'), REASON);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'This order is already out for delivery; it can no longer be cancelled',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Keep order' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(cancelButton()).toBeNull());
  });

  it('keeps the order when the admin thinks better of it', async () => {
    const { user, fetchMock } = renderOrder({ [GET_ORDER]: [200, paid()] });
    await heading();
    await user.click(cancelButton()!);
    const dialog = await screen.findByRole('alertdialog');
    await user.type(within(dialog).getByRole('textbox'), REASON);
    await user.click(within(dialog).getByRole('button', { name: 'Keep order' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(sentBodies(fetchMock, CANCEL)).toEqual([]);
    expect(cancelButton()).not.toBeNull();
  });

  it('tells the admin when the gateway did not refund, and where to try again', async () => {
    const due = cancelled({
      status: 'refund_due',
      refundId: null,
      refundedAt: null,
      error: 'Razorpay refused: The refund could not be processed.',
    });
    const { user } = renderOrder({ [GET_ORDER]: [200, paid()], [CANCEL]: [200, due] });
    await heading();
    await user.click(cancelButton()!);
    const dialog = await screen.findByRole('alertdialog');
    await user.type(within(dialog).getByRole('textbox'), REASON);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(
        `Order ${ORDER_NUMBER} cancelled; the refund did not go through: Razorpay refused: The refund could not be processed.`,
      ),
    );
    expect(notice()!.textContent).toContain(
      'The refund of ₹1,398 did not go through: Razorpay refused: The refund could not be processed. Try it again under Refunds on the Orders page.',
    );
    expect(within(notice()!).getByRole('link', { name: 'Orders page' }).getAttribute('href')).toBe('/admin/orderlist');
  });
});

describe('a cancelled order, as its shopper sees it', () => {
  it('says why, and that the money is on its way back until it is refunded', async () => {
    signIn(asha);
    const { by: _by, ...seen } = cancelled({ status: 'refund_due', refundId: null, refundedAt: null }).cancellation!;
    const { paymentId: _paymentId, error: _error, ...refund } = seen.refund;
    renderOrder({ [GET_ORDER]: [200, cancelled({}, { cancellation: { ...seen, refund } })] });
    await heading();
    expect(notice()!.textContent).toBe(
      `This order was cancelled on ${formatDateTime('2026-11-22T12:00:00.000Z')}.` +
        `Reason: ${REASON}` +
        '₹1,398 is being refunded to the card, UPI app or bank account it was paid with.',
    );
    expect(within(screen.getByRole('region', { name: 'Payment Method' })).getByRole('status').textContent).toBe(
      `Paid on ${formatDateTime('2026-11-22T09:15:00.000Z')}; refund under way`,
    );
    expect(within(screen.getByRole('region', { name: 'Shipping' })).getByRole('status').textContent).toBe(
      'Not Delivered',
    );
    expect(screen.queryByRole('region', { name: /Payment received/ })).toBeNull();
  });
});
