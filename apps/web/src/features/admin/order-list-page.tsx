import { Link } from 'react-router';
import { Download } from 'lucide-react';
import { ADMIN_ORDER_SORTS, type AdminOrderRow } from '@store/contracts';
import { ORDER_STAGE_LABELS, ORDER_STAGES, type OrderStage } from '@store/domain';
import { buttonClasses } from '../../components/ui/button.js';
import { LoadError } from '../../components/ui/load-error.js';
import { cn } from '../../lib/cn.js';
import { usePageTitle } from '../../lib/page-title.js';
import { ordersCsvHref, useAdminOrderPage } from './admin-api.js';
import { AdminPage, AdminTable, cellClasses, Cross, formatDate, inr, Loading, Th } from './admin-page.js';
import {
  FilterField,
  filterControlClasses,
  ListPager,
  SearchBox,
  SortTh,
  useListState,
  isPageSize,
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
  const sort = values.sort || 'createdAt';
  const order = values.order === 'asc' || values.order === 'desc' ? values.order : 'desc';
  const onSort = (column: string, next: 'asc' | 'desc') => list.set({ sort: column, order: next });
  const filtered = Object.values(values).some(Boolean);

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
        <FilterField label="Status">
          {(id) => (
            <select
              id={id}
              value={values.status}
              onChange={(e) => list.set({ status: e.target.value })}
              className={filterControlClasses}
            >
              <option value="">All</option>
              {ORDER_STAGES.map((s: OrderStage) => (
                <option key={s} value={s}>
                  {ORDER_STAGE_LABELS[s]}
                </option>
              ))}
            </select>
          )}
        </FilterField>
        <FilterField label="Paid">
          {(id) => (
            <select
              id={id}
              value={values.paid}
              onChange={(e) => list.set({ paid: e.target.value })}
              className={filterControlClasses}
            >
              <option value="">All</option>
              <option value="true">Paid</option>
              <option value="false">Not paid</option>
            </select>
          )}
        </FilterField>
        <FilterField label="Delivery from">
          {(id) => (
            <input
              id={id}
              type="date"
              value={values.from}
              max={values.to || undefined}
              onChange={(e) => list.set({ from: e.target.value })}
              className={filterControlClasses}
            />
          )}
        </FilterField>
        <FilterField label="Delivery to">
          {(id) => (
            <input
              id={id}
              type="date"
              value={values.to}
              min={values.from || undefined}
              onChange={(e) => list.set({ to: e.target.value })}
              className={filterControlClasses}
            />
          )}
        </FilterField>
      </div>
      {orders.isPending ? (
        <Loading what="orders" />
      ) : orders.isError ? (
        <LoadError what="the orders" load={orders} />
      ) : orders.data.rows.length === 0 ? (
        <p className="rounded-xl border border-dashed border-neutral-300 px-6 py-10 text-center text-neutral-700">
          {orders.data.total > 0
            ? 'No orders on this page.'
            : filtered
              ? 'No orders match these filters.'
              : 'No orders yet.'}
        </p>
      ) : (
        <div className={cn('flex flex-col gap-3', orders.isPlaceholderData && 'opacity-60')}>
          <AdminTable
            label="Orders"
            head={
              <>
                <SortTh column="number" sort={sort} order={order} first="desc" onSort={onSort}>
                  ID
                </SortTh>
                <Th>USER</Th>
                <Th>VENDOR</Th>
                <SortTh column="createdAt" sort={sort} order={order} first="desc" onSort={onSort}>
                  DATE
                </SortTh>
                <SortTh column="total" sort={sort} order={order} first="desc" onSort={onSort}>
                  TOTAL
                </SortTh>
                <Th>PAID</Th>
                <Th>DELIVERED</Th>
                <Th hidden>Details</Th>
              </>
            }
          >
            {orders.data.rows.map((row) => (
              <OrderRow key={row._id} order={row} />
            ))}
          </AdminTable>
          <ListPager
            what="orders"
            page={orders.data.page}
            pages={orders.data.pages}
            total={orders.data.total}
            hrefOfPage={list.hrefOfPage}
          />
        </div>
      )}
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
