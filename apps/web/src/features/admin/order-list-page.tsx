import { Link } from 'react-router';
import { Download } from 'lucide-react';
import { ADMIN_ORDER_SORTS, type AdminOrderRow, type AdminOrderSort } from '@store/contracts';
import { ORDER_STAGE_LABELS, ORDER_STAGES, type OrderStage } from '@store/domain';
import { buttonClasses } from '../../components/ui/button.js';
import { cn } from '../../lib/cn.js';
import { formatDeliveryDate } from '../../lib/delivery.js';
import { MOBILE_QUERY, useMediaQuery } from '../../lib/media-query.js';
import { usePageTitle } from '../../lib/page-title.js';
import { ordersCsvHref, useAdminOrderPage } from './admin-api.js';
import { AdminPage, cellClasses, Cross, formatDate, inr, Th } from './admin-page.js';
import {
  DateRangeFilter,
  FilterSelect,
  isPageSize,
  PagedList,
  SearchBox,
  sortingOf,
  SortSelect,
  SortTh,
  useListState,
  type SortChoice,
} from './list-controls.js';
import { PaymentRefunds } from './payment-refunds.js';

const isDate = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);
const ORDER_LIST_STATE = {
  q: () => true,
  status: (v: string) => (ORDER_STAGES as readonly string[]).includes(v),
  paid: (v: string) => v === 'true' || v === 'false',
  from: isDate,
  to: isDate,
  sort: (v: string) => (ADMIN_ORDER_SORTS as readonly string[]).includes(v),
  order: (v: string) => v === 'asc' || v === 'desc',
  pageSize: isPageSize,
};

/** The sorts the table's headings give, each way, for a phone's cards. */
const ORDER_SORT_CHOICES: readonly (SortChoice & { column: AdminOrderSort })[] = [
  { column: 'createdAt', order: 'desc', label: 'Newest first' },
  { column: 'createdAt', order: 'asc', label: 'Oldest first' },
  { column: 'deliveryDate', order: 'asc', label: 'Delivery, soonest first' },
  { column: 'deliveryDate', order: 'desc', label: 'Delivery, latest first' },
  { column: 'total', order: 'desc', label: 'Total, highest first' },
  { column: 'total', order: 'asc', label: 'Total, lowest first' },
  { column: 'number', order: 'desc', label: 'Number, highest first' },
  { column: 'number', order: 'asc', label: 'Number, lowest first' },
];

/** The order's items' distinct vendors, joined; 'NA' when none has one. */
export const orderVendors = (order: Pick<AdminOrderRow, 'vendors'>) =>
  order.vendors.length ? order.vendors.join(', ') : 'NA';

/**
 * /admin/orderlist: the orders a page at a time, newest first, searched, filtered and sorted by
 * the server; the URL's query string holds it all (ADR 045).
 */
export function OrderListPage() {
  usePageTitle('Orders');
  const list = useListState(ORDER_LIST_STATE);
  const { values } = list;
  const orders = useAdminOrderPage(list.search);
  const sorting = sortingOf(list, 'createdAt');
  const phone = useMediaQuery(MOBILE_QUERY);

  return (
    <AdminPage
      title="Orders"
      action={
        <a href={ordersCsvHref(list.filterSearch)} download className={buttonClasses('outline', 'sm')}>
          <Download className="size-4" aria-hidden="true" />
          Export CSV
        </a>
      }
    >
      <div className="flex flex-wrap items-end gap-3">
        <SearchBox
          label="Search orders"
          placeholder="Number, ID, email or phone"
          value={values.q}
          onSearch={(q) => list.set({ q })}
        />
        <FilterSelect label="Status" value={values.status} onChange={(status) => list.set({ status })}>
          <option value="">All</option>
          {ORDER_STAGES.map((s: OrderStage) => (
            <option key={s} value={s}>
              {ORDER_STAGE_LABELS[s]}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect label="Paid" value={values.paid} onChange={(paid) => list.set({ paid })}>
          <option value="">All</option>
          <option value="true">Paid</option>
          <option value="false">Not paid</option>
        </FilterSelect>
        <DateRangeFilter labels={['Delivery from', 'Delivery to']} list={list} />
        {phone ? <SortSelect sorting={sorting} choices={ORDER_SORT_CHOICES} /> : null}
      </div>
      <PagedList
        list={list}
        load={orders}
        loading="orders"
        failed="the orders"
        what="orders"
        none="No orders yet."
        label="Orders"
        cards={(rows) => (
          <ul aria-label="Orders" className="flex flex-col gap-3">
            {rows.map((row) => (
              <OrderCard key={row._id} order={row} />
            ))}
          </ul>
        )}
        head={
          <>
            <SortTh column="number" first="desc" sorting={sorting}>
              ID
            </SortTh>
            <Th>USER</Th>
            <Th>STATUS</Th>
            <SortTh column="deliveryDate" first="asc" sorting={sorting}>
              DELIVERY
            </SortTh>
            <Th>PARTNER</Th>
            <Th>VENDOR</Th>
            <SortTh column="createdAt" first="desc" sorting={sorting}>
              DATE
            </SortTh>
            <SortTh column="total" first="desc" sorting={sorting}>
              TOTAL
            </SortTh>
            <Th>PAID</Th>
            <Th>DELIVERED</Th>
            <Th hidden>Details</Th>
          </>
        }
      >
        {(rows) => rows.map((row) => <OrderRow key={row._id} order={row} />)}
      </PagedList>
      <PaymentRefunds />
    </AdminPage>
  );
}

const STAGE_TONES: Record<OrderStage, string> = {
  awaiting_payment: 'bg-amber-50 text-amber-900 ring-amber-200',
  paid: 'bg-sky-50 text-sky-900 ring-sky-200',
  packed: 'bg-violet-50 text-violet-900 ring-violet-200',
  out_for_delivery: 'bg-indigo-50 text-indigo-900 ring-indigo-200',
  delivered: 'bg-green-50 text-green-900 ring-green-200',
  expired: 'bg-neutral-100 text-neutral-800 ring-neutral-300',
  cancelled: 'bg-red-50 text-red-800 ring-red-200',
};

/** Where the order is, in the words the shopper's order page uses. */
function StageBadge({ stage }: { stage: OrderStage }) {
  return (
    <span
      className={cn(
        'inline-flex rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset',
        STAGE_TONES[stage],
      )}
    >
      {ORDER_STAGE_LABELS[stage]}
    </span>
  );
}

/** The booked day and slot, or a dash for an order from before slots. */
function Delivery({ order }: { order: AdminOrderRow }) {
  if (!order.deliveryDate) {
    return (
      <span title="No delivery date">
        <span aria-hidden="true">—</span>
        <span className="sr-only">No delivery date</span>
      </span>
    );
  }
  return (
    <>
      <span className="block font-medium">{formatDeliveryDate(order.deliveryDate)}</span>
      {order.deliverySlot ? <span className="block text-xs text-neutral-700">{order.deliverySlot}</span> : null}
    </>
  );
}

/** Who makes and delivers it: the partner that accepted it, or the store's own team. */
function Partner({ order }: { order: AdminOrderRow }) {
  return order.partner ?? <span className="text-neutral-600">Your team</span>;
}

function DetailsLink({ order, className }: { order: AdminOrderRow; className?: string }) {
  return (
    <Link
      to={`/order/${order._id}`}
      className={cn(
        'rounded-md border border-neutral-300 bg-white px-3 py-1.5 text-xs font-medium text-neutral-900 hover:bg-neutral-50',
        className,
      )}
    >
      Details<span className="sr-only"> of order {order.orderNumber}</span>
    </Link>
  );
}

function OrderRow({ order }: { order: AdminOrderRow }) {
  return (
    <tr>
      <td className={cn(cellClasses, 'font-mono text-xs font-medium')}>{order.orderNumber}</td>
      <td className={cellClasses}>{order.user.name}</td>
      <td className={cellClasses}>
        <StageBadge stage={order.status} />
      </td>
      <td className={cellClasses}>
        <Delivery order={order} />
      </td>
      <td className={cellClasses}>
        <Partner order={order} />
      </td>
      <td className={cn(cellClasses, 'min-w-40 whitespace-normal')}>{orderVendors(order)}</td>
      <td className={cellClasses}>{formatDate(order.createdAt)}</td>
      <td className={cn(cellClasses, 'tabular-nums')}>{inr(order.totalPrice)}</td>
      <td className={cellClasses}>
        {/* A cancelled order was paid, and is refunded: the day it was paid still stands. */}
        {order.paidAt ? formatDate(order.paidAt) : <Cross label="Not paid" />}
      </td>
      <td className={cellClasses}>
        {order.isDelivered && order.deliveredAt ? (
          formatDate(order.deliveredAt)
        ) : order.status === 'cancelled' ? (
          <span className="font-medium text-red-700">Cancelled</span>
        ) : (
          <Cross label="Not delivered" />
        )}
      </td>
      <td className={cellClasses}>
        <DetailsLink order={order} />
      </td>
    </tr>
  );
}

/** An order on a phone: what the table's row says, the number, status and delivery first. */
function OrderCard({ order }: { order: AdminOrderRow }) {
  return (
    <li
      aria-label={`Order ${order.orderNumber}`}
      className="flex flex-col gap-2 rounded-xl border border-neutral-200 bg-white p-3 text-sm"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-mono text-sm font-semibold text-neutral-900">{order.orderNumber}</p>
          <p className="truncate text-neutral-800">{order.user.name}</p>
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1">
          <span className="font-semibold text-neutral-900 tabular-nums">{inr(order.totalPrice)}</span>
          <StageBadge stage={order.status} />
        </div>
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-neutral-800">
        <dt className="text-neutral-600">Delivery</dt>
        <dd>
          <Delivery order={order} />
        </dd>
        <dt className="text-neutral-600">Partner</dt>
        <dd>
          <Partner order={order} />
        </dd>
        <dt className="text-neutral-600">Placed</dt>
        <dd>{formatDate(order.createdAt)}</dd>
        <dt className="text-neutral-600">Paid</dt>
        <dd>{order.paidAt ? formatDate(order.paidAt) : 'Not paid'}</dd>
        <dt className="text-neutral-600">Vendor</dt>
        <dd className="break-words">{orderVendors(order)}</dd>
      </dl>
      <DetailsLink order={order} className="self-start px-4 py-2 text-sm" />
    </li>
  );
}
