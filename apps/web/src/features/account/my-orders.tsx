import { Link } from 'react-router';
import { PackageOpen, X } from 'lucide-react';
import type { OrderResponse } from '@store/contracts';
import { ORDER_STAGE_LABELS, type OrderStage } from '@store/domain';
import { useMyOrders } from '../../api/orders.js';
import { LoadError } from '../../components/ui/load-error.js';
import { Skeleton } from '../../components/ui/skeleton.js';
import { cn } from '../../lib/cn.js';
import { formatDeliveryDate, slotName } from '../../lib/delivery.js';
import { formatDate, inr } from '../../lib/format.js';

/** A red cross with its word, for an order not paid or not delivered. */
function No() {
  return (
    <span className="inline-flex items-center gap-1 font-medium text-red-700">
      <X className="size-4" aria-hidden="true" />
      No
    </span>
  );
}

function Paid({ order }: { order: OrderResponse }) {
  if (order.isPaid && order.paidAt) return <>{formatDate(order.paidAt)}</>;
  if (order.status === 'expired') return <span className="font-medium text-amber-800">Expired</span>;
  if (order.cancellation) {
    return order.cancellation.refund.status === 'refunded' ? (
      <span className="font-medium text-green-800">Refunded</span>
    ) : (
      <span className="font-medium text-amber-800">Refund under way</span>
    );
  }
  return <No />;
}

function Delivered({ order }: { order: OrderResponse }) {
  return order.deliveredAt ? <>{formatDate(order.deliveredAt)}</> : <No />;
}

const STAGE_TONES: Partial<Record<OrderStage, string>> = {
  delivered: 'bg-green-50 text-green-800 ring-green-200',
  expired: 'bg-white text-neutral-600 ring-neutral-200',
  cancelled: 'bg-red-50 text-red-800 ring-red-200',
};

/**
 * Where the order is now, in words: delivered stands out in green, an expired one recedes, a
 * cancelled one says why under it.
 */
function Stage({ order }: { order: OrderResponse }) {
  return (
    <>
      <span
        className={cn(
          'inline-flex rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
          STAGE_TONES[order.stage] ?? 'bg-neutral-100 text-neutral-800 ring-neutral-200',
        )}
      >
        {ORDER_STAGE_LABELS[order.stage]}
      </span>
      {order.cancellation ? (
        <span className="mt-1 block max-w-56 text-xs whitespace-normal text-neutral-600">
          <span className="sr-only">Reason: </span>
          {order.cancellation.reason}
        </span>
      ) : null}
    </>
  );
}

/** The booked delivery day and slot; orders placed before slots existed have none. */
function DeliverySlot({ order }: { order: OrderResponse }) {
  const d = order.delivery;
  if (!d) {
    return (
      <>
        <span aria-hidden="true">—</span>
        <span className="sr-only">Not scheduled</span>
      </>
    );
  }
  return (
    <>
      <span className="block">{formatDeliveryDate(d.date)}</span>
      <span className="block text-xs text-neutral-600">
        <span className="sr-only"> · </span>
        {slotName(d)}
      </span>
    </>
  );
}

/** The number a shopper quotes, as the order's page heads it ('PW-000123'). */
function OrderNumber({ order }: { order: OrderResponse }) {
  return <span className="font-mono text-xs font-medium">{order.orderNumber}</span>;
}

function DetailsLink({ order }: { order: OrderResponse }) {
  return (
    <Link
      to={`/order/${order._id}`}
      className="inline-flex items-center rounded-md border border-neutral-300 bg-white px-3 py-1.5 text-xs font-medium text-neutral-900 hover:bg-neutral-50"
    >
      Details<span className="sr-only"> of order {order.orderNumber}</span>
    </Link>
  );
}

const cell = 'px-3 py-2.5 whitespace-nowrap';
const COLUMNS = ['ID', 'DATE', 'DELIVERY', 'TOTAL', 'STATUS', 'PAID', 'DELIVERED'];

/** Wide screens: the spec's table. Should it still be too wide, it scrolls inside its own focusable region. */
function OrdersTable({ orders }: { orders: OrderResponse[] }) {
  return (
    // Relative, so the screen-reader-only texts inside it are clipped by it too.
    <div
      role="region"
      aria-label="Orders table"
      tabIndex={0}
      className="relative hidden overflow-x-auto rounded-xl border border-neutral-200 sm:block"
    >
      <table aria-labelledby="my-orders-heading" className="w-full text-left text-sm">
        <thead className="bg-neutral-50 text-xs font-semibold tracking-wide text-neutral-700">
          <tr>
            {COLUMNS.map((c) => (
              <th key={c} scope="col" className={cell}>
                {c}
              </th>
            ))}
            <th scope="col" className={cell}>
              <span className="sr-only">Details</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-neutral-200">
          {orders.map((order) => (
            <tr key={order._id}>
              <td className={cell}>
                <OrderNumber order={order} />
              </td>
              <td className={cell}>{formatDate(order.createdAt)}</td>
              <td className={cell}>
                <DeliverySlot order={order} />
              </td>
              <td className={`${cell} tabular-nums`}>{inr(order.totalPrice)}</td>
              <td className={cell}>
                <Stage order={order} />
              </td>
              <td className={cell}>
                <Paid order={order} />
              </td>
              <td className={cell}>
                <Delivered order={order} />
              </td>
              <td className={cell}>
                <DetailsLink order={order} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Phones: one card per order with the same values, nothing to scroll sideways. */
function OrderCards({ orders }: { orders: OrderResponse[] }) {
  return (
    <ul aria-labelledby="my-orders-heading" className="flex flex-col gap-3 sm:hidden">
      {orders.map((order) => (
        <li key={order._id} className="flex flex-col gap-3 rounded-xl border border-neutral-200 p-4 text-sm">
          <div className="flex items-center justify-between gap-3">
            <span>
              <span className="text-xs font-semibold tracking-wide text-neutral-700">ID </span>
              <OrderNumber order={order} />
            </span>
            <span className="font-semibold tabular-nums">{inr(order.totalPrice)}</span>
          </div>
          <dl className="grid grid-cols-3 gap-2">
            {(
              [
                ['STATUS', <Stage key="status" order={order} />],
                ['DELIVERY', <DeliverySlot key="delivery" order={order} />],
                ['DATE', formatDate(order.createdAt)],
                ['PAID', <Paid key="paid" order={order} />],
                ['DELIVERED', <Delivered key="delivered" order={order} />],
              ] as const
            ).map(([label, value]) => (
              <div
                key={label}
                className={label === 'STATUS' || label === 'DELIVERY' ? 'col-span-3 min-w-0' : 'min-w-0'}
              >
                <dt className="text-xs font-semibold tracking-wide text-neutral-700">{label}</dt>
                <dd className="mt-0.5">{value}</dd>
              </div>
            ))}
          </dl>
          <div>
            <DetailsLink order={order} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The profile's second column: the shopper's orders, newest first, each linking to its page. */
export function MyOrders() {
  const orders = useMyOrders();
  return (
    <section aria-labelledby="my-orders-heading" className="flex min-w-0 flex-col gap-4">
      <h2 id="my-orders-heading" className="text-2xl font-bold text-neutral-900 md:text-3xl">
        My Orders
      </h2>
      {orders.isPending ? (
        <div className="flex flex-col gap-2" aria-busy="true">
          <span className="sr-only" role="status">
            Loading your orders…
          </span>
          {[0, 1, 2].map((n) => (
            <Skeleton key={n} className="h-11" />
          ))}
        </div>
      ) : orders.isError ? (
        <LoadError what="your orders" load={orders} />
      ) : orders.data.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-neutral-300 px-6 py-10 text-center">
          <PackageOpen className="size-8 text-brand-600" aria-hidden="true" />
          <p className="font-semibold text-neutral-900">No orders yet</p>
          <p className="text-sm text-neutral-600">Your recent orders will appear here.</p>
        </div>
      ) : (
        <>
          <OrdersTable orders={orders.data} />
          <OrderCards orders={orders.data} />
        </>
      )}
    </section>
  );
}
