import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { LoaderCircle, Undo2 } from 'lucide-react';
import type { PaymentRefund, PaymentRefundStatus } from '@store/contracts';
import { Button } from '../../components/ui/button.js';
import { ApiError, errorMessage } from '../../lib/api.js';
import { cn } from '../../lib/cn.js';
import { formatDateTime } from '../../lib/format.js';
import { queryKeys } from '../../lib/query-client.js';
import { adminKeys, refundPayment, useRefunds } from './admin-api.js';
import { AdminTable, cellClasses, formatDate, inr, ShortId, Th } from './admin-page.js';

const BADGES: Record<PaymentRefundStatus, { label: string; classes: string }> = {
  refund_due: { label: 'Due', classes: 'bg-amber-100 text-amber-900' },
  refunding: { label: 'Refunding', classes: 'bg-sky-100 text-sky-900' },
  refunded: { label: 'Refunded', classes: 'bg-green-100 text-green-800' },
};

/**
 * Money the store received but could not use (the order had expired, was already paid, or the
 * amount differed), and what became of it: shown only when there is some. Each is refunded to the
 * customer through the payment gateway from here, and the customer is emailed.
 */
export function PaymentRefunds() {
  const refunds = useRefunds();
  const { hash } = useLocation();
  const section = useRef<HTMLElement>(null);
  const shown = Boolean(refunds.data?.length);
  // The dashboard links here (#refunds); the list arrives after the page, so the browser's own
  // jump to the anchor finds nothing to jump to.
  useEffect(() => {
    if (shown && hash === '#refunds') section.current?.scrollIntoView();
  }, [shown, hash]);
  if (!refunds.data?.length) return null;
  return (
    <section id="refunds" ref={section} className="mt-10 scroll-mt-4">
      <h2 className="text-xl font-semibold text-neutral-900">Refunds</h2>
      <p className="mt-1 mb-4 text-sm text-neutral-600">
        These payments arrived but could not pay their order. Refund sends the whole payment back to the customer&apos;s
        card, UPI app or bank account through Razorpay, and emails the customer. Times are IST.
      </p>
      <AdminTable
        label="Refunds"
        head={
          <>
            <Th>PAYMENT</Th>
            <Th>ORDER</Th>
            <Th>DATE</Th>
            <Th>AMOUNT</Th>
            <Th>REASON</Th>
            <Th>REFUND</Th>
          </>
        }
      >
        {refunds.data.map((r) => (
          <tr key={r.paymentId}>
            <td className={cn(cellClasses, 'font-mono text-xs')}>{r.paymentId}</td>
            <td className={cellClasses}>
              {r.orderId ? (
                <Link to={`/order/${r.orderId}`} className="text-brand-700 hover:underline">
                  <ShortId id={r.orderId} />
                </Link>
              ) : (
                'NA'
              )}
            </td>
            <td className={cellClasses}>{formatDate(r.createdAt)}</td>
            <td className={cn(cellClasses, 'tabular-nums')}>{r.amount === null ? 'NA' : inr(r.amount)}</td>
            <td className={cn(cellClasses, 'min-w-56 whitespace-normal')}>{r.reason}</td>
            <td className={cn(cellClasses, 'min-w-64 whitespace-normal')}>
              <RefundState payment={r} />
            </td>
          </tr>
        ))}
      </AdminTable>
    </section>
  );
}

/**
 * Where a payment's refund is, and the Refund button while it is due. A refund still being made
 * keeps the button too: after a crash an admin tries again, and the server refuses while the
 * first attempt may still be under way.
 */
function RefundState({ payment }: { payment: PaymentRefund }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const badge = BADGES[payment.status];
  const { amount } = payment;

  async function refund(rupees: number) {
    if (busy || !window.confirm(`Refund ${inr(rupees)} to the customer?`)) return;
    setBusy(true);
    setFailure(null);
    try {
      const refunded = await refundPayment(payment.paymentId);
      queryClient.setQueryData<PaymentRefund[]>(adminKeys.refunds, (rows) =>
        rows?.map((row) => (row.paymentId === refunded.paymentId ? refunded : row)),
      );
    } catch (err) {
      // apiFetch rejects with the server's own sentence; anything else means no answer came at all.
      setFailure(
        err instanceof ApiError
          ? errorMessage(err)
          : 'The store could not be reached. Check the connection and try again.',
      );
    } finally {
      setBusy(false);
      // Asked again either way: a refused refund usually means it moved on meanwhile, and the
      // order's timeline has a new line when it went through.
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders });
    }
  }

  const problem = failure ?? (payment.status === 'refund_due' ? payment.refundError : null);
  return (
    <span className="flex flex-col items-start gap-1.5">
      <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium', badge.classes)}>{badge.label}</span>
      {payment.status === 'refunded' && payment.refundId && payment.refundedAt ? (
        <span className="text-xs text-neutral-700">
          <span className="font-mono">{payment.refundId}</span> on {formatDateTime(payment.refundedAt)}
        </span>
      ) : null}
      {payment.status === 'refunding' && payment.refundRequestedAt ? (
        <span className="text-xs text-neutral-700">since {formatDateTime(payment.refundRequestedAt)}</span>
      ) : null}
      {problem ? (
        <span role={failure ? 'alert' : undefined} className="text-xs text-red-700">
          {problem}
        </span>
      ) : null}
      {payment.status === 'refunded' ? null : amount === null ? (
        <span className="text-xs text-neutral-700">Amount unknown: refund it from the Razorpay dashboard.</span>
      ) : (
        <Button
          variant="outline"
          size="sm"
          onClick={() => refund(amount)}
          disabled={busy}
          className="w-fit whitespace-nowrap"
        >
          {busy ? (
            <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
          ) : (
            <Undo2 className="size-4" aria-hidden="true" />
          )}
          {busy ? 'Refunding…' : 'Refund'}
          <span className="sr-only"> payment {payment.paymentId}</span>
        </Button>
      )}
    </span>
  );
}
