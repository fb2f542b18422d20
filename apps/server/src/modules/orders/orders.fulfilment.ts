import { and, asc, eq, gte, inArray, isNotNull, isNull, lte, ne, notInArray, sql } from 'drizzle-orm';
import { isLate, lateCompensation, type LateCompensation } from '@store/domain';
import type { Db, Tx } from '../../db/client.js';
import type { MailSite } from '../outbox/outbox.service.js';
import { issueMakeGoodCoupon } from '../coupons/coupons.service.js';
import { recordOrderEvent, type Actor } from './orders.events.js';
import type { OrderItemRow, OrderRow } from './orders.mapper.js';
import * as repo from './orders.repository.js';
import { orderItems, orders } from './orders.table.js';

type Reader = Db | Tx;

/** A paid order waiting for a partner: where and when it goes. */
export interface AwaitingPartner {
  id: string;
  areaId: number;
  deliveryDate: string;
  slotId: string;
}

/** How many days back the late sweep looks: older misses were dealt with (or the store was down). */
const LATE_LOOKBACK_DAYS = 7;

const lockedRow = async (tx: Tx, id: string) => repo.lockOrder(tx, id);

/**
 * What a missed slot makes good: the slot fee the buyer paid (never more than the delivery charge
 * taken), else ₹100 off a next order.
 */
function compensationOf(row: OrderRow): LateCompensation {
  const fee = Math.min(row.deliverySlot?.fee ?? 0, row.shippingPrice);
  return lateCompensation(row.paymentId ? fee : 0);
}

/**
 * The refund of a late order's slot fee, once the gateway has made it (its id is kept then): a
 * cancellation refunds what is left of the payment, as the gateway refuses more.
 */
export function slotFeeRefund(row: Pick<OrderRow, 'lateCompensation'>): { id: string; amount: number } | null {
  const late = row.lateCompensation;
  return late?.kind === 'refund' && late.refundId ? { id: late.refundId, amount: late.amount } : null;
}

/** What a refund of the order's payment gives back: what was paid, less a slot fee already refunded. */
export const refundLeft = (paid: number, row: Pick<OrderRow, 'lateCompensation'>): number =>
  paid - (slotFeeRefund(row)?.amount ?? 0);

/**
 * Marks an order late and makes the buyer good, once. The caller holds the order's row lock and
 * has seen it not late, so racing marks (a sweep on each server, the partner's 'Delivered') queue
 * on the lock and the later ones find it late. A refund is asked of the gateway after the commit
 * (it cannot be undone inside a transaction); the coupon is made here.
 */
async function markLate(tx: Tx, row: OrderRow, now: Date, site: MailSite): Promise<OrderRow> {
  const compensation = compensationOf(row);
  const couponCode = compensation.kind === 'coupon' ? await issueMakeGoodCoupon(tx, compensation.amount, now) : null;
  const [marked] = await tx
    .update(orders)
    .set({
      late: true,
      lateCompensation: couponCode ? { ...compensation, couponCode } : compensation,
      updatedAt: now,
    })
    .where(eq(orders.id, row.id))
    .returning();
  const items = await repo.itemsOf(tx, [row.id]);
  await recordOrderEvent(tx, row.id, {
    kind: 'late',
    at: now,
    mail: { kind: 'order_late', order: marked!, items, site, late: marked!.lateCompensation! },
  });
  return marked!;
}

/**
 * Judges a delivery just recorded, under the order's lock (its update or the caller's): after its
 * slot and the grace, the order is late and the buyer made good, in the same transaction, once.
 */
export async function judgeDelivery(tx: Tx, row: OrderRow, now: Date, site: MailSite): Promise<OrderRow> {
  const late = !row.late && row.deliveryDate && row.deliverySlot && isLate(row.deliveryDate, row.deliverySlot, now);
  return late ? markLate(tx, row, now, site) : row;
}

/**
 * What the partners module does to orders (issue 36), each in the caller's transaction: the orders
 * module keeps its rows, timeline and emails; the partners module decides who and when.
 */
export const orderFulfilment = {
  /**
   * Paid orders that no partner holds and the admins were not yet told of, delivered from `from`
   * on in one of `areas`, leaving out those on offer now (`offered`).
   */
  async awaitingPartner(
    db: Reader,
    { from, offered, areas }: { from: string; offered: readonly string[]; areas: readonly number[] },
    limit: number,
  ): Promise<AwaitingPartner[]> {
    const rows = await db
      .select({
        id: orders.id,
        areaId: orders.deliveryAreaId,
        deliveryDate: orders.deliveryDate,
        slotId: orders.deliverySlotId,
      })
      .from(orders)
      .where(
        and(
          eq(orders.status, 'paid'),
          isNull(orders.acceptedAt),
          isNull(orders.unassignedAt),
          isNull(orders.outForDeliveryAt),
          isNull(orders.deliveredAt),
          inArray(orders.deliveryAreaId, [...areas]),
          isNotNull(orders.deliverySlotId),
          gte(orders.deliveryDate, from),
          offered.length > 0 ? notInArray(orders.id, [...offered]) : undefined,
        ),
      )
      .orderBy(asc(orders.paidAt))
      .limit(limit);
    return rows.map((r) => ({ id: r.id, areaId: r.areaId!, deliveryDate: r.deliveryDate!, slotId: r.slotId! }));
  },

  lock: lockedRow,

  find: (db: Reader, id: string) => repo.findOrder(db, id),

  /** The products an order's lines are of (a deleted product's line has none). */
  async productIdsOf(db: Reader, id: string): Promise<string[]> {
    const rows = await db
      .select({ productId: orderItems.productId })
      .from(orderItems)
      .where(eq(orderItems.orderId, id));
    return rows.flatMap((r) => (r.productId ? [r.productId] : []));
  },

  /** The orders among these that will not be delivered any more (cancelled, or gone). */
  async notLive(db: Reader, ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const live = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(inArray(orders.id, [...ids]), eq(orders.status, 'paid')));
    const keep = new Set(live.map((r) => r.id));
    return ids.filter((id) => !keep.has(id));
  },

  /** The admins were told that no partner can take it: once. */
  async markUnassigned(tx: Tx, id: string, now: Date): Promise<boolean> {
    const marked = await tx
      .update(orders)
      .set({ unassignedAt: now, updatedAt: now })
      .where(and(eq(orders.id, id), isNull(orders.unassignedAt), isNull(orders.acceptedAt)))
      .returning({ id: orders.id });
    return marked.length > 0;
  },

  /** A partner takes a paid order: its name is kept on the order, and the timeline says when. */
  async accept(tx: Tx, id: string, partnerName: string, actor: Actor, now: Date): Promise<OrderRow | undefined> {
    const [row] = await tx
      .update(orders)
      .set({ partnerName, acceptedAt: now, unassignedAt: null, updatedAt: now })
      .where(and(eq(orders.id, id), eq(orders.status, 'paid'), isNull(orders.acceptedAt)))
      .returning();
    if (row) await recordOrderEvent(tx, id, { kind: 'accepted', at: now, actor });
    return row;
  },

  /**
   * The partner leaves with the gift: packed then too if nobody marked it (a kitchen packs as it
   * leaves), and the buyer hears it is on its way.
   */
  async outForDelivery(tx: Tx, id: string, actor: Actor, now: Date, site: MailSite): Promise<OrderRow | undefined> {
    const [row] = await tx
      .update(orders)
      .set({ packedAt: sql`coalesce(${orders.packedAt}, ${now})`, outForDeliveryAt: now, updatedAt: now })
      .where(
        and(
          eq(orders.id, id),
          eq(orders.status, 'paid'),
          isNotNull(orders.acceptedAt),
          isNull(orders.outForDeliveryAt),
          isNull(orders.deliveredAt),
        ),
      )
      .returning();
    if (!row) return undefined;
    const items = await repo.itemsOf(tx, [id]);
    await recordOrderEvent(tx, id, {
      kind: 'out_for_delivery',
      at: now,
      actor,
      mail: { kind: 'order_out_for_delivery', order: row, items, site },
    });
    return row;
  },

  /**
   * Delivered, with the photo and who took it; the buyer's email carries both. Delivered after the
   * slot and its grace, the order is late and made good in the same transaction, once.
   */
  async delivered(
    tx: Tx,
    id: string,
    proof: { photo: string; receivedBy: string },
    actor: Actor,
    now: Date,
    site: MailSite,
  ): Promise<OrderRow | undefined> {
    const [row] = await tx
      .update(orders)
      .set({ deliveredAt: now, deliveryPhoto: proof.photo, receivedBy: proof.receivedBy, updatedAt: now })
      .where(
        and(
          eq(orders.id, id),
          eq(orders.status, 'paid'),
          isNotNull(orders.outForDeliveryAt),
          isNull(orders.deliveredAt),
        ),
      )
      .returning();
    if (!row) return undefined;
    const items = await repo.itemsOf(tx, [id]);
    await recordOrderEvent(tx, id, {
      kind: 'delivered',
      at: now,
      actor,
      mail: { kind: 'order_delivered', order: row, items, site, proof },
    });
    // The update holds the row's lock: a sweep marking it late meanwhile has committed, or waits.
    return judgeDelivery(tx, row, now, site);
  },

  /**
   * Paid orders not yet delivered nor late whose slot ended with its grace before `now`, the
   * longest overdue first, from the last 7 days: an order delivered is judged when it is marked.
   */
  async overdue(db: Reader, now: Date, limit: number): Promise<string[]> {
    const rows = await db
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          eq(orders.late, false),
          isNull(orders.deliveredAt),
          eq(orders.status, 'paid'),
          lte(orders.lateAfter, now),
          gte(orders.lateAfter, new Date(now.getTime() - LATE_LOOKBACK_DAYS * 24 * 60 * 60_000)),
        ),
      )
      .orderBy(asc(orders.lateAfter))
      .limit(limit);
    return rows.map((r) => r.id);
  },

  /** Marks an undelivered order late when it still is, once; undefined when it is not (any more). */
  async markIfLate(tx: Tx, id: string, now: Date, site: MailSite): Promise<OrderRow | undefined> {
    const row = await lockedRow(tx, id);
    if (!row || row.status !== 'paid' || row.late || !row.deliveryDate || !row.deliverySlot) return undefined;
    if (!isLate(row.deliveryDate, row.deliverySlot, row.deliveredAt ?? now)) return undefined;
    return markLate(tx, row, now, site);
  },

  /** Late orders whose slot fee is still to go back through the gateway. */
  async refundsToMake(db: Reader, limit: number): Promise<OrderRow[]> {
    return db
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.late, true),
          // A cancelled order's refund gives back the whole payment, its slot fee with it.
          ne(orders.status, 'cancelled'),
          sql`${orders.lateCompensation}->>'kind' = 'refund'`,
          sql`${orders.lateCompensation}->>'refundId' IS NULL`,
        ),
      )
      .limit(limit);
  },

  /** The gateway's refund of a late order's slot fee, kept once made. */
  async recordLateRefund(db: Reader, id: string, refundId: string): Promise<void> {
    await db
      .update(orders)
      .set({ lateCompensation: sql`${orders.lateCompensation} || jsonb_build_object('refundId', ${refundId}::text)` })
      .where(eq(orders.id, id));
  },

  async rowsWithItems(db: Reader, ids: readonly string[]): Promise<{ rows: OrderRow[]; items: OrderItemRow[] }> {
    if (ids.length === 0) return { rows: [], items: [] };
    const [rows, items] = await Promise.all([
      db
        .select()
        .from(orders)
        .where(inArray(orders.id, [...ids])),
      repo.itemsOf(db, ids),
    ]);
    return { rows, items };
  },
};
