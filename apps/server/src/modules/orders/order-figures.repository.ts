import { and, between, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { orderItems, orders } from './orders.table.js';

/** Instants from (included) to (excluded). */
export interface TimeRange {
  from: Date;
  to: Date;
}

const paidWithin = (w: TimeRange) =>
  and(eq(orders.status, 'paid'), gte(orders.paidAt, w.from), lt(orders.paidAt, w.to));

/**
 * Revenue (paise) and orders paid in each window, in one pass over the paid orders of all of
 * them: a range of the paid orders' (paid_at, total_price, id) index, read without the table.
 */
export async function paidTotals(
  db: Db,
  windows: readonly TimeRange[],
): Promise<{ revenue: number; orders: number }[]> {
  const within = (w: TimeRange) =>
    sql`${orders.paidAt} >= ${w.from.toISOString()}::timestamptz AND ${orders.paidAt} < ${w.to.toISOString()}::timestamptz`;
  const columns = Object.fromEntries(
    windows.flatMap((w, n) => [
      [`revenue${n}`, sql<number>`coalesce(sum(${orders.totalPrice}) FILTER (WHERE ${within(w)}), 0)`.mapWith(Number)],
      [`orders${n}`, sql<number>`count(*) FILTER (WHERE ${within(w)})`.mapWith(Number)],
    ]),
  );
  const span = {
    from: new Date(Math.min(...windows.map((w) => w.from.getTime()))),
    to: new Date(Math.max(...windows.map((w) => w.to.getTime()))),
  };
  const [row] = await db.select(columns).from(orders).where(paidWithin(span));
  return windows.map((_, n) => ({ revenue: row?.[`revenue${n}`] ?? 0, orders: row?.[`orders${n}`] ?? 0 }));
}

/** The IST calendar day of an instant, worked out by the database as it groups. */
const istDay = (column: typeof orders.paidAt) => sql<string>`((${column} AT TIME ZONE 'Asia/Kolkata')::date)::text`;

/** Revenue (paise) and orders paid per IST day of the window; days without a sale are absent. */
export function paidByIstDay(db: Db, window: TimeRange) {
  return db
    .select({
      date: istDay(orders.paidAt),
      revenue: sql<number>`sum(${orders.totalPrice})`.mapWith(Number),
      orders: sql<number>`count(*)`.mapWith(Number),
    })
    .from(orders)
    .where(paidWithin(window))
    .groupBy(sql`1`);
}

/** Where each order is, in the SQL of `orderStage` (domain): its payment, then its furthest delivery step. */
const stage = sql<string>`CASE
  WHEN ${orders.status} <> 'paid' THEN ${orders.status}
  WHEN ${orders.deliveredAt} IS NOT NULL THEN 'delivered'
  WHEN ${orders.outForDeliveryAt} IS NOT NULL THEN 'out_for_delivery'
  WHEN ${orders.packedAt} IS NOT NULL THEN 'packed'
  ELSE 'paid' END`;

/** Orders placed in the window, counted by where each is now. */
export function placedByStage(db: Db, window: TimeRange) {
  return db
    .select({ stage, count: sql<number>`count(*)`.mapWith(Number) })
    .from(orders)
    .where(and(gte(orders.createdAt, window.from), lt(orders.createdAt, window.to)))
    .groupBy(sql`1`);
}

/**
 * What a line brought in, in paise: the unit price as `unitPrice` (domain) makes it, times the
 * quantity, less the line's share of the coupon. GST is inside it; delivery is the order's.
 */
const lineAmount = sql`((CASE WHEN ${orderItems.discountPrice} > 0 THEN ${orderItems.discountPrice} ELSE ${orderItems.price} END + ${orderItems.optionsPrice}) * ${orderItems.qty} - ${orderItems.couponDiscount})`;

/**
 * The products that brought in most in orders paid in the window (lines of products deleted since
 * together, with no id). Only ids: both sides of the join are read from indexes alone, the paid
 * orders' (paid_at, total_price, id) and the lines' figures by order.
 */
export function topProducts(db: Db, window: TimeRange, limit: number) {
  const revenue = sql<number>`sum(${lineAmount})`.mapWith(Number);
  return db
    .select({
      productId: orderItems.productId,
      units: sql<number>`sum(${orderItems.qty})`.mapWith(Number),
      revenue,
    })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(paidWithin(window))
    .groupBy(orderItems.productId)
    .orderBy(desc(revenue), orderItems.productId)
    .limit(limit);
}

/** Paid orders booked per IST delivery date and slot, both dates included. */
export function paidDeliveriesBySlot(db: Db, first: string, last: string) {
  return db
    .select({
      date: orders.deliveryDate,
      slotId: orders.deliverySlotId,
      count: sql<number>`count(*)`.mapWith(Number),
    })
    .from(orders)
    .where(and(eq(orders.status, 'paid'), between(orders.deliveryDate, first, last)))
    .groupBy(orders.deliveryDate, orders.deliverySlotId);
}
