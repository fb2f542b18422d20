import { Link } from 'react-router';
import type { OrderResponse } from '@store/contracts';
import { usePageTitle } from '../../lib/page-title.js';
import { cn } from '../../lib/cn.js';
import { useAdminOrders } from './admin-api.js';
import { AdminPage, AdminTable, cellClasses, Cross, formatDate, inr, Loading, LoadFailed, Th } from './admin-page.js';
import { PaymentRefunds } from './payment-refunds.js';

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
              <td className={cn(cellClasses, 'font-mono text-xs font-medium')}>{order.orderNumber}</td>
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
                  Details<span className="sr-only"> of order {order.orderNumber}</span>
                </Link>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      <PaymentRefunds />
    </AdminPage>
  );
}
