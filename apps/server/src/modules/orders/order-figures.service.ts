import { ORDER_STAGES, orderNumberLabel, slotLabel, type OrderStage, type Paise } from '@store/domain';
import type { Db } from '../../db/client.js';
import * as repo from './order-figures.repository.js';

/**
 * The orders module's figures for the owner's dashboard (ADR 048), each one query: whole IST days
 * from the rollups the database keeps in every order's transactions, the rest of the window's
 * last day from the orders (ADR 051). Revenue is what paid orders' totals came to, by when they
 * were paid; money in paise.
 */
export function paidTotals(db: Db, windows: readonly repo.TimeRange[]): Promise<{ revenue: Paise; orders: number }[]> {
  return repo.paidTotals(db, windows);
}

/** Revenue and orders paid on each of `days` (IST dates within the window), a day without a sale at 0. */
export async function paidPerIstDay(
  db: Db,
  window: repo.TimeRange,
  days: readonly string[],
): Promise<{ date: string; revenue: Paise; orders: number }[]> {
  const rows = await repo.paidByIstDay(db, window);
  const byDate = new Map(rows.map((r) => [r.date, r]));
  return days.map((date) => ({ date, revenue: byDate.get(date)?.revenue ?? 0, orders: byDate.get(date)?.orders ?? 0 }));
}

/** Orders placed in the window by where each is now, every stage in order. */
export async function placedByStage(db: Db, window: repo.TimeRange): Promise<{ status: OrderStage; count: number }[]> {
  const rows = await repo.placedByStage(db, window);
  return ORDER_STAGES.map((status) => ({ status, count: rows.find((r) => r.stage === status)?.count ?? 0 }));
}

/** The products that brought in most in orders paid in the window; null stands for those deleted since. */
export function topProducts(
  db: Db,
  window: repo.TimeRange,
  limit: number,
): Promise<{ productId: string | null; units: number; revenue: Paise }[]> {
  return repo.topProducts(db, window, limit);
}

/** Paid orders per delivery date and slot from `first` to `last` (IST dates, both included). */
export async function paidDeliveriesBySlot(
  db: Db,
  first: string,
  last: string,
): Promise<{ date: string; slotId: string; count: number }[]> {
  const rows = await repo.paidDeliveriesBySlot(db, first, last);
  return rows.flatMap((r) => (r.date && r.slotId ? [{ date: r.date, slotId: r.slotId, count: r.count }] : []));
}

/** On-time deliveries in the window, by partner (null: the store's own team) and by slot type. */
export async function deliveredOnTime(db: Db, window: repo.TimeRange) {
  return repo.deliveredOnTime(db, window);
}

/** Orders no partner took, from `from` (an IST date) on: what the dashboard asks the admins to deliver. */
export async function unassignedOrders(db: Db, from: string, limit: number) {
  const rows = await repo.unassigned(db, from, limit);
  return rows.map((r) => ({
    id: r.id,
    orderNumber: orderNumberLabel(r.number),
    deliveryDate: r.deliveryDate!,
    slot: r.slot ? slotLabel(r.slot) : '',
  }));
}
