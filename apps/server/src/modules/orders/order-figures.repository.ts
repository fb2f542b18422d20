import { and, between, eq, sql, type AnyColumn } from 'drizzle-orm';
import { istDate, istInstant } from '@store/domain';
import { queryRows, type Db } from '../../db/client.js';
import { orderItems, orderPaidDays, orderPaidProducts, orderPlacedStages, orders } from './orders.table.js';

/** Instants from (included) to (excluded). */
export interface TimeRange {
  from: Date;
  to: Date;
}

/** The key the rollup gives lines without a product (migration 0024): no product has it. */
const NO_PRODUCT = '00000000-0000-0000-0000-000000000000';

/**
 * A window that starts at an IST midnight, as the dashboard's periods do, cut where its last day
 * starts: its whole days, `firstDay` up to (not including) `lastDay`, are read from the rollups
 * the triggers keep (ADR 051), and the rest, from `lastDay`'s midnight up to `to`, from the
 * orders themselves: at most a day of rows.
 */
interface SplitWindow {
  firstDay: string;
  lastDay: string;
  rest: TimeRange;
}

function split(window: TimeRange): SplitWindow {
  const firstDay = istDate(window.from);
  if (istInstant(firstDay, 0).getTime() !== window.from.getTime()) {
    throw new Error(`a figures window must start at an IST midnight, not at ${window.from.toISOString()}`);
  }
  const lastDay = istDate(window.to);
  return { firstDay, lastDay, rest: { from: istInstant(lastDay, 0), to: window.to } };
}

const instant = (at: Date) => sql`${at.toISOString()}::timestamptz`;
const wholeDays = (column: AnyColumn, w: SplitWindow) =>
  sql`${column} >= ${w.firstDay}::date AND ${column} < ${w.lastDay}::date`;
const within = (column: AnyColumn, r: TimeRange) =>
  sql`${column} >= ${instant(r.from)} AND ${column} < ${instant(r.to)}`;

/** The sums come back as bigint or numeric, which the drivers give as strings. */
const figures = <K extends string>(row: Record<K, unknown>, keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, Number(row[k])])) as Record<K, number>;

/**
 * Revenue (paise) and orders paid in each window: each window's whole days from the rollup, then
 * the paid orders of the rest of its last day from the paid orders' (paid_at, total_price, id) index.
 */
export async function paidTotals(
  db: Db,
  windows: readonly TimeRange[],
): Promise<{ revenue: number; orders: number }[]> {
  if (windows.length === 0) return [];
  const rows = windows.map((window, n) => {
    const w = split(window);
    return sql`(${n}::int, ${w.firstDay}::date, ${w.lastDay}::date, ${instant(w.rest.from)}, ${instant(w.rest.to)})`;
  });
  const totals = await queryRows<{ revenue: string; orders: string }>(
    db,
    sql`SELECT days.revenue + rest.revenue AS revenue, days.orders + rest.orders AS orders
        FROM (VALUES ${sql.join(rows, sql`, `)}) AS w(n, first_day, last_day, rest_from, rest_to)
        CROSS JOIN LATERAL (
          SELECT coalesce(sum(${orderPaidDays.revenue}), 0) AS revenue, coalesce(sum(${orderPaidDays.orders}), 0) AS orders
          FROM ${orderPaidDays} WHERE ${orderPaidDays.day} >= w.first_day AND ${orderPaidDays.day} < w.last_day) AS days
        CROSS JOIN LATERAL (
          SELECT coalesce(sum(${orders.totalPrice}), 0) AS revenue, count(*) AS orders
          FROM ${orders}
          WHERE ${orders.status} = 'paid' AND ${orders.paidAt} >= w.rest_from AND ${orders.paidAt} < w.rest_to) AS rest
        ORDER BY w.n`,
  );
  return totals.map((row) => figures(row, ['revenue', 'orders']));
}

/** Revenue (paise) and orders paid per IST day of the window; days without a sale may be absent. */
export async function paidByIstDay(db: Db, window: TimeRange) {
  const w = split(window);
  const rows = await queryRows<{ date: string; revenue: string; orders: string }>(
    db,
    sql`SELECT ${orderPaidDays.day}::text AS date, ${orderPaidDays.revenue} AS revenue, ${orderPaidDays.orders} AS orders
        FROM ${orderPaidDays} WHERE ${wholeDays(orderPaidDays.day, w)}
        UNION ALL
        SELECT ist_day(${orders.paidAt})::text, sum(${orders.totalPrice}), count(*)
        FROM ${orders} WHERE ${orders.status} = 'paid' AND ${within(orders.paidAt, w.rest)}
        GROUP BY 1`,
  );
  return rows.map((row) => ({ date: row.date, ...figures(row, ['revenue', 'orders']) }));
}

/** Orders placed in the window, counted by where each is now (`orderStage`, in SQL by migration 0024). */
export async function placedByStage(db: Db, window: TimeRange) {
  const w = split(window);
  const rows = await queryRows<{ stage: string; count: string }>(
    db,
    sql`SELECT stage, sum(n) AS count FROM (
          SELECT ${orderPlacedStages.stage} AS stage, ${orderPlacedStages.orders} AS n
          FROM ${orderPlacedStages} WHERE ${wholeDays(orderPlacedStages.day, w)}
          UNION ALL
          SELECT order_stage(${orders.status}, ${orders.packedAt}, ${orders.outForDeliveryAt}, ${orders.deliveredAt}), 1
          FROM ${orders} WHERE ${within(orders.createdAt, w.rest)}
        ) AS placed
        GROUP BY stage`,
  );
  return rows.map((row) => ({ stage: row.stage, count: Number(row.count) }));
}

/**
 * The products that brought in most in orders paid in the window (lines of products deleted since
 * together, with no id): the rollup's whole days and the rest of the last day's paid lines, read
 * from the paid orders' index and the lines' figures index. A line's amount is the unit price as
 * `unitPrice` (domain) makes it, times the quantity, less its share of the coupon: GST inside it,
 * delivery not. Only ids; the catalogue names them.
 */
export async function topProducts(
  db: Db,
  window: TimeRange,
  limit: number,
): Promise<{ productId: string | null; units: number; revenue: number }[]> {
  const w = split(window);
  const rows = await queryRows<{ productId: string | null; units: string; revenue: string }>(
    db,
    sql`SELECT nullif(product_id, ${NO_PRODUCT}::uuid) AS "productId", sum(units) AS units, sum(revenue) AS revenue
        FROM (
          SELECT ${orderPaidProducts.productId} AS product_id, ${orderPaidProducts.units} AS units,
                 ${orderPaidProducts.revenue} AS revenue
          FROM ${orderPaidProducts} WHERE ${wholeDays(orderPaidProducts.day, w)}
          UNION ALL
          SELECT order_figures_product(${orderItems.productId}), ${orderItems.qty},
                 order_line_amount(${orderItems.qty}, ${orderItems.price}, ${orderItems.discountPrice},
                                   ${orderItems.optionsPrice}, ${orderItems.couponDiscount})
          FROM ${orders} JOIN ${orderItems} ON ${orderItems.orderId} = ${orders.id}
          WHERE ${orders.status} = 'paid' AND ${within(orders.paidAt, w.rest)}
        ) AS sold
        GROUP BY product_id
        -- A product whose paid orders were all cancelled keeps a row of zeros in the rollup.
        HAVING sum(units) > 0
        ORDER BY 3 DESC, 1
        LIMIT ${limit}`,
  );
  return rows.map((row) => ({ productId: row.productId, ...figures(row, ['units', 'revenue']) }));
}

/** Paid orders booked per IST delivery date and slot, both dates included, from the delivery date index alone. */
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

/**
 * Orders delivered in the window, by who delivered them (the partner's name, null for the store's
 * own team) and slot type, and how many of them were late (issue 36).
 */
export async function deliveredOnTime(db: Db, window: TimeRange) {
  return db
    .select({
      partner: orders.partnerName,
      slotType: sql<string | null>`${orders.deliverySlot}->>'type'`,
      delivered: sql<number>`count(*)::int`,
      late: sql<number>`count(*) FILTER (WHERE ${orders.late})::int`,
    })
    .from(orders)
    .where(
      and(
        eq(orders.status, 'paid'),
        sql`${orders.deliveredAt} >= ${window.from}`,
        sql`${orders.deliveredAt} < ${window.to}`,
      ),
    )
    .groupBy(orders.partnerName, sql`${orders.deliverySlot}->>'type'`);
}

/** Paid orders that no partner would take, not yet taken out by the store itself: the admins' to deliver. */
export async function unassigned(db: Db, from: string, limit: number) {
  return db
    .select({
      id: orders.id,
      number: orders.number,
      deliveryDate: orders.deliveryDate,
      slot: orders.deliverySlot,
    })
    .from(orders)
    .where(
      and(
        eq(orders.status, 'paid'),
        sql`${orders.unassignedAt} IS NOT NULL`,
        sql`${orders.acceptedAt} IS NULL`,
        sql`${orders.outForDeliveryAt} IS NULL`,
        sql`${orders.deliveredAt} IS NULL`,
        sql`${orders.deliveryDate} >= ${from}`,
      ),
    )
    .orderBy(orders.deliveryDate, orders.number)
    .limit(limit);
}
