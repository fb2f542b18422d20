import { Readable } from 'node:stream';
import {
  listPage,
  pageWindow,
  type AdminOrderFilters,
  type AdminOrderListQuery,
  type AdminOrderPage,
  type AdminOrderRow,
} from '@store/contracts';
import {
  istDate,
  orderNumberLabel,
  orderStage,
  ORDER_STAGE_LABELS,
  paiseToRupees,
  slotLabel,
  slotName,
} from '@store/domain';
import type { Db } from '../../db/client.js';
import { csvLine, rupeesCell } from '../../lib/csv.js';
import * as repo from './orders.repository.js';

/** Orders fetched per query while an export streams: memory stays flat however many orders match. */
export const EXPORT_BATCH_SIZE = 500;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function filtersOf(f: AdminOrderFilters): repo.AdminOrderQuery {
  return { q: f.q, stage: f.status, paid: f.paid, from: f.from, to: f.to };
}

function toAdminOrderRow(row: repo.AdminOrderListRow): AdminOrderRow {
  return {
    _id: row.id,
    number: row.number,
    orderNumber: orderNumberLabel(row.number),
    user: { _id: row.userId, name: row.userName, email: row.userEmail },
    phone: row.phone,
    vendors: row.vendors,
    createdAt: row.createdAt.toISOString(),
    totalPrice: paiseToRupees(row.totalPrice),
    status: orderStage(row),
    isPaid: row.status === 'paid',
    paidAt: iso(row.paidAt),
    isDelivered: row.deliveredAt !== null,
    deliveredAt: iso(row.deliveredAt),
    deliveryDate: row.deliveryDate,
    deliverySlot: row.deliverySlot
      ? slotName({ type: row.deliverySlot.type, label: slotLabel(row.deliverySlot) })
      : null,
    partner: row.partnerName,
  };
}

/**
 * The admin's order list, a page at a time, and how many orders match in all: counted beside the
 * page (at the same time on PostgreSQL) from the filters alone, an index-only count where the
 * filters allow, instead of carrying every matching row to the page (ADR 050).
 */
export async function adminOrderPage(db: Db, query: AdminOrderListQuery): Promise<AdminOrderPage> {
  const filters = filtersOf(query);
  const [rows, total] = await Promise.all([
    repo.adminOrderPage(db, {
      ...filters,
      sort: query.sort ?? 'createdAt',
      descending: (query.order ?? 'desc') === 'desc',
      ...pageWindow(query),
    }),
    repo.countAdminOrders(db, filters),
  ]);
  return listPage(rows.map(toAdminOrderRow), query, total);
}

export const ORDER_CSV_HEADER = [
  'Order',
  'Order ID',
  'Placed (IST)',
  'Customer',
  'Email',
  'Recipient phone',
  'Vendors',
  'Status',
  'Paid on (IST)',
  'Delivered on (IST)',
  'Delivery date',
  'Items (INR)',
  'Shipping (INR)',
  'Tax (INR)',
  'Coupon discount (INR)',
  'Total (INR)',
] as const;

const istDay = (d: Date | null) => (d ? istDate(d) : '');
/** India has one time zone and no daylight saving: IST is always UTC+05:30. */
const IST_OFFSET_MS = 330 * 60_000;
const istMinute = (d: Date) => new Date(d.getTime() + IST_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');

function csvRowOf(row: repo.AdminOrderListRow): string {
  return csvLine([
    orderNumberLabel(row.number),
    row.id,
    istMinute(row.createdAt),
    row.userName,
    row.userEmail,
    row.phone,
    row.vendors.join('; '),
    ORDER_STAGE_LABELS[orderStage(row)],
    istDay(row.paidAt),
    istDay(row.deliveredAt),
    row.deliveryDate ?? '',
    rupeesCell(row.itemsPrice),
    rupeesCell(row.shippingPrice),
    rupeesCell(row.taxPrice),
    rupeesCell(row.couponDiscount),
    rupeesCell(row.totalPrice),
  ]);
}

/**
 * The filtered orders as CSV, newest first, read a batch at a time only as fast as the client
 * takes them (a Readable pulls the next batch when its buffer drains).
 */
export function orderCsvStream(db: Db, filters: AdminOrderFilters, batchSize = EXPORT_BATCH_SIZE): Readable {
  const query = filtersOf(filters);
  async function* lines() {
    yield csvLine(ORDER_CSV_HEADER);
    let after: { createdAt: string; number: number } | undefined;
    for (;;) {
      const batch = await repo.adminOrderBatch(db, query, after, batchSize);
      if (batch.length > 0) yield batch.map(csvRowOf).join('');
      if (batch.length < batchSize) return;
      const last = batch[batch.length - 1]!;
      after = { createdAt: last.cursorAt, number: last.number };
    }
  }
  return Readable.from(lines(), { objectMode: false });
}
