import { Link } from 'react-router';
import type { OrderResponse } from '@store/contracts';
import { usePageTitle } from '../../lib/page-title.js';
import { cn } from '../../lib/cn.js';
import { useAdminOrders, useRefundsDue } from './admin-api.js';
import {
  AdminPage,
  AdminTable,
  cellClasses,
  Cross,
  formatDate,
  inr,
  Loading,
  LoadFailed,
  ShortId,
  Th,
} from './admin-page.js';

/** The distinct vendors of an order's items, joined; 'NA' when none has one. */
export function orderVendors(order: Pick<OrderResponse, 'orderItems'>): string {
  const vendors = [...new Set(order.orderItems.flatMap((i) => i.vendor))];
  return vendors.length ? vendors.join(', ') : 'NA';
}

/** /admin/orderlist: every order, newest first. */
export function OrderListPage() {
  usePageTitle('Orders');
  const orders = useAdminOrders();
  return (
    <AdminPage title="Orders">
      {orders.isPending ? (
        <Loading what="orders" />
      ) : orders.isError ? (
        <LoadFailed error={orders.error} />
      ) : orders.data.length === 0 ? (
        <p className="rounded-xl border border-dashed border-neutral-300 px-6 py-10 text-center text-neutral-700">
          No orders yet.
        </p>
      ) : (
        <AdminTable
          label="Orders"
          head={
            <>
              <Th>ID</Th>
              <Th>USER</Th>
              <Th>VENDOR</Th>
              <Th>DATE</Th>
              <Th>TOTAL</Th>
              <Th>PAID</Th>
              <Th>DELIVERED</Th>
              <Th hidden>Details</Th>
            </>
          }
        >
          {orders.data.map((order) => (
            <tr key={order._id}>
              <td className={cellClasses}>
                <ShortId id={order._id} />
              </td>
              <td className={cellClasses}>{order.user.name}</td>
              <td className={cn(cellClasses, 'min-w-40 whitespace-normal')}>{orderVendors(order)}</td>
              <td className={cellClasses}>{formatDate(order.createdAt)}</td>
              <td className={cn(cellClasses, 'tabular-nums')}>{inr(order.totalPrice)}</td>
              <td className={cellClasses}>
                {order.isPaid && order.paidAt ? formatDate(order.paidAt) : <Cross label="Not paid" />}
              </td>
              <td className={cellClasses}>
                {order.isDelivered && order.deliveredAt ? (
                  formatDate(order.deliveredAt)
                ) : (
                  <Cross label="Not delivered" />
                )}
              </td>
              <td className={cellClasses}>
                <Link
                  to={`/order/${order._id}`}
                  className="rounded-md border border-neutral-300 bg-white px-3 py-1.5 text-xs font-medium text-neutral-900 hover:bg-neutral-50"
                >
                  Details<span className="sr-only"> of order {order._id.slice(0, 8)}</span>
                </Link>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      <RefundsDue />
    </AdminPage>
  );
}

/**
 * Money the store received but could not use (the order had expired, was already paid, or the
 * amount differed): shown only when there is some, for someone to refund in Razorpay's dashboard.
 */
function RefundsDue() {
  const refunds = useRefundsDue();
  if (!refunds.data?.length) return null;
  return (
    <section className="mt-10">
      <h2 className="text-xl font-semibold text-neutral-900">Payments to refund</h2>
      <p className="mt-1 mb-4 text-sm text-neutral-600">
        These payments arrived but could not pay their order. Refund them from the Razorpay dashboard.
      </p>
      <AdminTable
        label="Payments to refund"
        head={
          <>
            <Th>PAYMENT</Th>
            <Th>ORDER</Th>
            <Th>DATE</Th>
            <Th>AMOUNT</Th>
            <Th>REASON</Th>
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
          </tr>
        ))}
      </AdminTable>
    </section>
  );
}
