import { Link } from 'react-router';
import { Download } from 'lucide-react';
import { ADMIN_ORDER_SORTS, type AdminOrderRow } from '@store/contracts';
import { ORDER_STAGE_LABELS, ORDER_STAGES, type OrderStage } from '@store/domain';
import { buttonClasses } from '../../components/ui/button.js';
import { cn } from '../../lib/cn.js';
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
  SortTh,
  useListState,
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
      </div>
      <PagedList
        list={list}
        load={orders}
        loading="orders"
        failed="the orders"
        what="orders"
        none="No orders yet."
        label="Orders"
        head={
          <>
            <SortTh column="number" first="desc" sorting={sorting}>
              ID
            </SortTh>
            <Th>USER</Th>
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

function OrderRow({ order }: { order: AdminOrderRow }) {
  return (
    <tr>
      <td className={cn(cellClasses, 'font-mono text-xs font-medium')}>{order.orderNumber}</td>
      <td className={cellClasses}>{order.user.name}</td>
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
        <Link
          to={`/order/${order._id}`}
          className="rounded-md border border-neutral-300 bg-white px-3 py-1.5 text-xs font-medium text-neutral-900 hover:bg-neutral-50"
        >
          Details<span className="sr-only"> of order {order.orderNumber}</span>
        </Link>
      </td>
    </tr>
  );
}
