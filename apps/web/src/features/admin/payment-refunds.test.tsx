import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import type { PaymentRefund } from '@store/contracts';
import { formatDateTime } from '../../lib/format.js';
import { renderRoutes, stubApi, uuid, type Answers } from './admin-test-utils.js';
import { OrderListPage } from './order-list-page.js';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const LATE = 'pay_Late0000000001';
const REFUND = `POST /api/payments/${LATE}/refund`;

function kept(over: Partial<PaymentRefund> = {}): PaymentRefund {
  return {
    paymentId: LATE,
    orderId: uuid(1),
    razorpayOrderId: 'order_x',
    amount: 1250,
    reason: 'order expired before the payment arrived',
    createdAt: '2026-11-20T11:00:00.000Z',
    status: 'refund_due',
    refundRequestedAt: null,
    refundId: null,
    refundedAt: null,
    refundError: null,
    ...over,
  };
}

const refunded = kept({ status: 'refunded', refundId: 'rfnd_FP8QHiV938haTz', refundedAt: '2026-11-21T06:30:00.000Z' });

function renderList(answers: Answers) {
  const fetchMock = stubApi({ 'GET /api/orders': [200, []], ...answers });
  const rendered = renderRoutes('/admin/orderlist', <Route path="/admin/orderlist" element={<OrderListPage />} />);
  return { ...rendered, fetchMock };
}

const rows = async () =>
  within(await screen.findByRole('region', { name: 'Refunds' }))
    .getAllByRole('row')
    .slice(1);
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);
const refundButton = () => screen.getByRole('button', { name: `Refund payment ${LATE}` });
const posts = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls.filter(([url, init]) => `${init?.method ?? 'GET'} ${url}` === REFUND);

describe('refunds on the admin order list', () => {
  it('lists each payment the store kept with where its refund is: due (with why the last try failed), being refunded, refunded', async () => {
    renderList({
      'GET /api/payments/refunds': [
        200,
        [
          kept({ refundError: 'Razorpay refused: The refund could not be processed.' }),
          kept({
            paymentId: 'pay_Stuck000000001',
            orderId: null,
            status: 'refunding',
            refundRequestedAt: '2026-11-21T05:00:00.000Z',
          }),
          { ...refunded, paymentId: 'pay_Done0000000001' },
        ],
      ],
    });
    const [due, refunding, done] = await rows();
    expect(screen.getByRole('heading', { name: 'Refunds' })).not.toBeNull();
    expect(cells(due!)).toEqual([
      LATE,
      `${uuid(1).slice(0, 8)}…`,
      '20 Nov 2026',
      '₹1,250',
      'order expired before the payment arrived',
      `DueRazorpay refused: The refund could not be processed.Refund payment ${LATE}`,
    ]);
    expect(within(due!).getByRole('link').getAttribute('href')).toBe(`/order/${uuid(1)}`);
    expect(cells(refunding!).slice(1)).toEqual([
      'NA',
      '20 Nov 2026',
      '₹1,250',
      'order expired before the payment arrived',
      `Refundingsince ${formatDateTime('2026-11-21T05:00:00.000Z')}Refund payment pay_Stuck000000001`,
    ]);
    expect(cells(done!).at(-1)).toBe(`Refundedrfnd_FP8QHiV938haTz on ${formatDateTime('2026-11-21T06:30:00.000Z')}`);
    expect(within(done!).queryByRole('button')).toBeNull();
  });

  it("refunds after 'Refund ₹1,250 to the customer?', disabled while it goes, then shows it refunded with the refund id", async () => {
    let list = [kept()];
    let answer!: (a: [number, unknown]) => void;
    const { user, fetchMock } = renderList({
      'GET /api/payments/refunds': () => [200, list],
      [REFUND]: () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    });
    const confirm = vi.fn().mockReturnValueOnce(false).mockReturnValueOnce(true);
    vi.stubGlobal('confirm', confirm);
    await rows();

    await user.click(refundButton());
    expect(confirm).toHaveBeenLastCalledWith('Refund ₹1,250 to the customer?');
    expect(posts(fetchMock)).toHaveLength(0);

    await user.click(refundButton());
    await waitFor(() => expect(posts(fetchMock)).toHaveLength(1));
    const going = within((await rows())[0]!).getByRole('button') as HTMLButtonElement;
    expect(going.disabled).toBe(true);
    expect(going.textContent).toBe(`Refunding… payment ${LATE}`);
    await user.click(going);
    expect(posts(fetchMock)).toHaveLength(1);

    list = [refunded];
    answer([200, refunded]);
    await waitFor(async () =>
      expect(cells((await rows())[0]!).at(-1)).toBe(
        `Refundedrfnd_FP8QHiV938haTz on ${formatDateTime('2026-11-21T06:30:00.000Z')}`,
      ),
    );
    expect(screen.queryByRole('button', { name: `Refund payment ${LATE}` })).toBeNull();
  });

  it('says in the row why the gateway did not refund, and lets the admin try again', async () => {
    const message = 'Razorpay did not answer in time. The payment is still due a refund: try again in a moment.';
    const { user, fetchMock } = renderList({
      'GET /api/payments/refunds': [200, [kept()]],
      [REFUND]: [502, { message, code: 'BAD_GATEWAY' }],
    });
    vi.stubGlobal(
      'confirm',
      vi.fn(() => true),
    );
    await rows();
    await user.click(refundButton());
    const [row] = await rows();
    expect((await within(row!).findByRole('alert')).textContent).toBe(message);
    await waitFor(() => expect((refundButton() as HTMLButtonElement).disabled).toBe(false));
    await user.click(refundButton());
    await waitFor(() => expect(posts(fetchMock)).toHaveLength(2));
  });

  it('comes into view when the dashboard links to it (#refunds)', async () => {
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(() => undefined);
    try {
      stubApi({ 'GET /api/orders': [200, []], 'GET /api/payments/refunds': [200, [kept()]] });
      renderRoutes('/admin/orderlist#refunds', <Route path="/admin/orderlist" element={<OrderListPage />} />);
      const section = (await screen.findByRole('region', { name: 'Refunds' })).closest('section');
      await waitFor(() => expect(scrolled).toHaveBeenCalledTimes(1));
      expect(scrolled.mock.contexts[0]).toBe(section);
    } finally {
      scrolled.mockRestore();
    }
  });
});
