import {
  and,
  asc,
  between,
  count,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  lte,
  min,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { normalizeIndianMobile, type OrderStage } from '@store/domain';
import type { Db, Tx } from '../../db/client.js';
import type { Statement } from '../../db/pipeline.js';
import type { OrderItemRow, OrderRow } from './orders.mapper.js';
import { orderEvents, orderItems, orders, type InvoiceSupplier, type OrderEventKind } from './orders.table.js';

type Reader = Db | Tx;

export type NewOrder = typeof orders.$inferInsert;
export type NewOrderItem = typeof orderItems.$inferInsert;

export async function findOrder(db: Reader, id: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row;
}

/** Whose orders: an account's, or a guest's by the contact email they gave (issue 35). */
export type OrderOwner = { userId: string } | { guestEmail: string };

const ownedBy = (owner: OrderOwner) =>
  'userId' in owner
    ? eq(orders.userId, owner.userId)
    : and(isNull(orders.userId), eq(sql`lower(${orders.contactEmail})`, owner.guestEmail));

export function byIdempotencyKey(db: Reader, owner: OrderOwner, key: string) {
  return db
    .select()
    .from(orders)
    .where(and(ownedBy(owner), eq(orders.idempotencyKey, key)));
}

export async function findByIdempotencyKey(db: Reader, owner: OrderOwner, key: string): Promise<OrderRow | undefined> {
  const [row] = await byIdempotencyKey(db, owner, key);
  return row;
}

/** Newest first; the id breaks ties so pages of equal times keep one order. */
export async function listOrders(db: Reader, userId?: string): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(userId === undefined ? undefined : eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), orders.id);
}

export async function itemsOf(db: Reader, orderIds: readonly string[]): Promise<OrderItemRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, [...orderIds]));
}

/**
 * The next order number (one row: `n`). Taken before the order is written, rather than by the
 * column's default, because the emails written beside the order quote it.
 */
export function takeOrderNumber(tx: Tx): Statement<{ rows: { n: number }[] }> {
  // Both drivers answer raw SQL with `{rows}` (see queryRows).
  return tx.execute(sql`SELECT nextval('order_numbers')::int AS n`) as unknown as Statement<{ rows: { n: number }[] }>;
}

/** The order's row and its items', as written; pipelined, the items follow the order they reference. */
export function insertOrder(tx: Tx, order: NewOrder, items: readonly NewOrderItem[]) {
  return [
    tx.insert(orders).values(order).returning(),
    tx
      .insert(orderItems)
      .values([...items])
      .returning(),
  ] as const;
}

export type OrderEventRow = typeof orderEvents.$inferSelect;

export function insertEvent(
  tx: Tx,
  event: { orderId: string; kind: OrderEventKind; at: Date; actorId?: string | null; actorName?: string | null },
) {
  return tx.insert(orderEvents).values(event);
}

/** Oldest first: the order's timeline. */
export async function eventsOf(db: Reader, orderIds: readonly string[]): Promise<OrderEventRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(orderEvents)
    .where(inArray(orderEvents.orderId, [...orderIds]))
    .orderBy(orderEvents.at, orderEvents.id);
}

const STEP_FIELDS = { packed: 'packedAt', out_for_delivery: 'outForDeliveryAt', delivered: 'deliveredAt' } as const;
export type DeliveryStepName = keyof typeof STEP_FIELDS;

/**
 * Moves a locked, paid order to the delivery step after the one it has reached; the caller has
 * checked with the domain's rule that this is that step and that it is time (ADR 085).
 */
export async function setDeliveryStep(tx: Tx, id: string, step: DeliveryStepName, now: Date): Promise<OrderRow> {
  const [row] = await tx
    .update(orders)
    .set({ [STEP_FIELDS[step]]: now, updatedAt: now })
    .where(eq(orders.id, id))
    .returning();
  return row!;
}

export async function overdueUnpaid(db: Reader, now: Date, batch: number): Promise<string[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 'awaiting_payment'), lte(orders.payBy, now)))
    .limit(batch);
  return rows.map((r) => r.id);
}

/** The conditional update that lets exactly one of many racing callers expire an order. */
export async function setExpired(tx: Tx, id: string, now: Date): Promise<OrderRow | undefined> {
  const [row] = await tx
    .update(orders)
    .set({ status: 'expired', updatedAt: now })
    .where(and(eq(orders.id, id), eq(orders.status, 'awaiting_payment'), lte(orders.payBy, now)))
    .returning();
  return row;
}

/** The order a gateway order belongs to, locked until the payment's transaction ends. */
export async function lockByGatewayOrder(tx: Tx, razorpayOrderId: string): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.razorpayOrderId, razorpayOrderId)).for('update');
  return row;
}

export async function findByGatewayOrder(db: Reader, razorpayOrderId: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.razorpayOrderId, razorpayOrderId));
  return row;
}

/** Only an order still awaiting payment; undefined when another transaction changed it first. */
export async function setPaid(tx: Tx, id: string, paymentId: string, now: Date): Promise<OrderRow | undefined> {
  const [row] = await tx
    .update(orders)
    .set({ status: 'paid', paidAt: now, paymentId, updatedAt: now })
    .where(and(eq(orders.id, id), eq(orders.status, 'awaiting_payment')))
    .returning();
  return row;
}

/**
 * The order, locked until the transaction ends, so that cancelling it and moving it along take
 * turns. FOR NO KEY UPDATE, as an update takes it: rows that reference the order (its timeline, a
 * refund recorded meanwhile) can still be written.
 */
export async function lockOrder(tx: Tx, id: string): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('no key update');
  return row;
}

/** A locked, paid order cancelled, with the credit note of its invoice when it has one. */
export async function setCancelled(
  tx: Tx,
  id: string,
  cancellation: { reason: string; at: Date; creditNoteNumber: string | null },
): Promise<OrderRow> {
  const [row] = await tx
    .update(orders)
    .set({
      status: 'cancelled',
      cancelledAt: cancellation.at,
      cancelReason: cancellation.reason,
      creditNoteNumber: cancellation.creditNoteNumber,
      creditNotedAt: cancellation.creditNoteNumber ? cancellation.at : null,
      updatedAt: cancellation.at,
    })
    .where(and(eq(orders.id, id), eq(orders.status, 'paid')))
    .returning();
  return row!;
}

export async function setInvoice(
  tx: Tx,
  id: string,
  invoice: { number: string; issuedAt: Date; seller: InvoiceSupplier },
): Promise<void> {
  await tx
    .update(orders)
    .set({ invoiceNumber: invoice.number, invoicedAt: invoice.issuedAt, invoiceSupplier: invoice.seller })
    .where(eq(orders.id, id));
}

export async function paidOrderWithProduct(db: Reader, userId: string, productId: string): Promise<boolean> {
  const [bought] = await db
    .select({ id: orderItems.id })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orderItems.productId, productId), eq(orders.userId, userId), eq(orders.status, 'paid')))
    .limit(1);
  return bought !== undefined;
}

const unpaidAt = (now: Date) => and(eq(orders.status, 'awaiting_payment'), gt(orders.payBy, now));

/** An account's unpaid orders not yet past their deadline: how many, their units, the oldest deadline (one row). */
export function unpaidHeldByAccount(db: Reader, owner: OrderOwner, now: Date) {
  return db
    .select({
      orders: sql<number>`count(DISTINCT ${orders.id})`.mapWith(Number),
      units: sql<number>`coalesce(sum(${orderItems.qty}), 0)`.mapWith(Number),
      oldestPayBy: min(orders.payBy),
    })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(and(ownedBy(owner), unpaidAt(now)));
}

/** Unpaid orders placed from an address, not yet past their deadline: how many, the oldest deadline (one row). */
export function unpaidPlacedFrom(db: Reader, address: string, now: Date) {
  return db
    .select({ orders: sql<number>`count(*)`.mapWith(Number), oldestPayBy: min(orders.payBy) })
    .from(orders)
    .where(and(eq(orders.placedFrom, address), unpaidAt(now)));
}

/** The account's orders that count against a 'first order only' coupon: paid, or awaiting payment (one row: `n`). */
export function liveOrdersOf(db: Reader, userId: string) {
  return db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.userId, userId), inArray(orders.status, ['awaiting_payment', 'paid'])));
}

/** Queues transactions that touch one client address (the second key is a hash of it). */
export function lockAddress(tx: Tx, lockClass: number, address: string) {
  return tx.execute(sql`SELECT pg_advisory_xact_lock(${lockClass}::int, hashtext(${address}))`);
}

export async function paidWithDeliveryOn(db: Reader, date: string): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.deliveryDate, date), eq(orders.status, 'paid')))
    .orderBy(orders.deliverySlotId, orders.paidAt, orders.id);
}

/** What an admin list's filters ask for, already validated; amounts and dates as stored. */
export interface AdminOrderQuery {
  q?: string | undefined;
  stage?: OrderStage | undefined;
  paid?: boolean | undefined;
  /** Inclusive IST delivery dates. */
  from?: string | undefined;
  to?: string | undefined;
}

const isPaid = eq(orders.status, 'paid');
const STAGE_CONDITIONS: Record<OrderStage, SQL> = {
  awaiting_payment: eq(orders.status, 'awaiting_payment'),
  expired: eq(orders.status, 'expired'),
  paid: and(isPaid, isNull(orders.packedAt), isNull(orders.outForDeliveryAt), isNull(orders.deliveredAt))!,
  packed: and(isPaid, isNotNull(orders.packedAt), isNull(orders.outForDeliveryAt), isNull(orders.deliveredAt))!,
  out_for_delivery: and(isPaid, isNotNull(orders.outForDeliveryAt), isNull(orders.deliveredAt))!,
  delivered: and(isPaid, isNotNull(orders.deliveredAt))!,
  cancelled: eq(orders.status, 'cancelled'),
};

const likeContaining = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * One search box finds an order by what an admin has at hand: its number ('PW-000123' or 123),
 * the start of its id, part of the email it was placed under (a trigram index), or the recipient's
 * mobile; the other kinds are index ranges or equalities. One or two characters are not searched
 * in emails: they would match most orders, and no trigram index finds them, so every order would be
 * read (ADR 050); '27' is order 27.
 */
function searchCondition(q: string): SQL {
  const kinds: SQL[] = [];
  if (q.length >= 3) kinds.push(sql`lower(${orders.userEmail}) LIKE ${likeContaining(q.toLowerCase())}`);
  const number = /^(?:pw-?)?(\d{1,9})$/i.exec(q);
  if (number) kinds.push(eq(orders.number, Number(number[1])));
  const hex = q.toLowerCase().replace(/-/g, '');
  if (/^[0-9a-f]{4,32}$/.test(hex)) {
    const asUuid = (h: string) =>
      `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
    kinds.push(between(orders.id, asUuid(hex.padEnd(32, '0')), asUuid(hex.padEnd(32, 'f'))));
  }
  const phone = normalizeIndianMobile(q);
  if (phone) kinds.push(sql`(${orders.shippingAddress}->>'phone') = ${phone}`);
  return or(...kinds) ?? sql`false`;
}

export function adminOrderConditions(query: AdminOrderQuery): SQL | undefined {
  return and(
    query.q ? searchCondition(query.q) : undefined,
    query.stage ? STAGE_CONDITIONS[query.stage] : undefined,
    query.paid === undefined ? undefined : query.paid ? isPaid : ne(orders.status, 'paid'),
    query.from ? gte(orders.deliveryDate, query.from) : undefined,
    query.to ? lte(orders.deliveryDate, query.to) : undefined,
  );
}

const ADMIN_SORT_COLUMNS = {
  createdAt: orders.createdAt,
  number: orders.number,
  total: orders.totalPrice,
  deliveryDate: orders.deliveryDate,
} as const;
export type AdminOrderSortColumn = keyof typeof ADMIN_SORT_COLUMNS;

/** An admin list row: the order's own columns and its items' distinct vendors, no items or events. */
const adminRow = {
  id: orders.id,
  number: orders.number,
  userId: orders.userId,
  userName: orders.userName,
  userEmail: orders.userEmail,
  phone: sql<string>`coalesce(${orders.shippingAddress}->>'phone', '')`,
  // Written out: drizzle leaves a one-table select's columns unqualified, and a bare "id" in the
  // subquery would be the item's.
  vendors: sql<
    string[]
  >`array(SELECT DISTINCT v FROM order_items AS oi, unnest(oi.vendor) AS v WHERE oi.order_id = orders.id ORDER BY v)`,
  status: orders.status,
  createdAt: orders.createdAt,
  paidAt: orders.paidAt,
  packedAt: orders.packedAt,
  outForDeliveryAt: orders.outForDeliveryAt,
  deliveredAt: orders.deliveredAt,
  deliveryDate: orders.deliveryDate,
  deliverySlot: orders.deliverySlot,
  partnerName: orders.partnerName,
  itemsPrice: orders.itemsPrice,
  shippingPrice: orders.shippingPrice,
  taxPrice: orders.taxPrice,
  couponDiscount: orders.couponDiscount,
  totalPrice: orders.totalPrice,
};

/**
 * The list's order: the sorted column, then the (unique) number, so pages never overlap and equal
 * totals read in the order they were placed. Only the delivery date can be missing, and undated
 * orders come last either way; the other columns are NOT NULL and sort in a plain direction, which
 * an index on (column, number) serves read forwards or backwards.
 */
function adminOrderSort(sort: AdminOrderSortColumn, descending: boolean): SQL[] {
  const direction = descending ? sql`DESC` : sql`ASC`;
  const nulls = sort === 'deliveryDate' ? sql` NULLS LAST` : sql``;
  return [sql`${ADMIN_SORT_COLUMNS[sort]} ${direction}${nulls}`, descending ? desc(orders.number) : asc(orders.number)];
}

/**
 * One page of the filtered orders. The page's numbers (unique, like the id) are picked first, from
 * an index alone where one holds the sort and the filters (ADR 050), then only those rows are read
 * with their vendors: a deep page skips index entries, not whole rows.
 */
export async function adminOrderPage(
  db: Reader,
  query: AdminOrderQuery & { sort: AdminOrderSortColumn; descending: boolean; limit: number; offset: number },
) {
  const order = adminOrderSort(query.sort, query.descending);
  const page = db
    .select({ number: orders.number })
    .from(orders)
    .where(adminOrderConditions(query))
    .orderBy(...order)
    .limit(query.limit)
    .offset(query.offset);
  return db
    .select(adminRow)
    .from(orders)
    .where(inArray(orders.number, page))
    .orderBy(...order);
}

export async function countAdminOrders(db: Reader, query: AdminOrderQuery): Promise<number> {
  const [row] = await db.select({ n: count() }).from(orders).where(adminOrderConditions(query));
  return row?.n ?? 0;
}

export type AdminOrderListRow = Awaited<ReturnType<typeof adminOrderPage>>[number];

/**
 * The next batch of the filtered orders for an export, newest first, after the last one sent:
 * a keyset on (created_at, number), the columns of the index the list's newest-first pages read,
 * so each batch is an index range however deep the export is.
 */
export async function adminOrderBatch(
  db: Reader,
  query: AdminOrderQuery,
  after: { createdAt: string; number: number } | undefined,
  limit: number,
) {
  return (
    db
      // The cursor keeps created_at as text: a JS Date would drop its microseconds and skip rows.
      .select({ ...adminRow, cursorAt: sql<string>`${orders.createdAt}::text` })
      .from(orders)
      .where(
        and(
          adminOrderConditions(query),
          after
            ? sql`(${orders.createdAt}, ${orders.number}) < (${after.createdAt}::timestamptz, ${after.number}::int)`
            : undefined,
        ),
      )
      .orderBy(desc(orders.createdAt), desc(orders.number))
      .limit(limit)
  );
}

/**
 * Gives guest orders to an account: every one placed with `email` as its contact, or only `orderId`
 * among them. Returns how many changed hands.
 */
export async function claimGuestOrders(db: Reader, userId: string, email: string, orderId?: string): Promise<number> {
  const claimed = await db
    .update(orders)
    .set({ userId })
    .where(
      and(
        isNull(orders.userId),
        eq(sql`lower(${orders.contactEmail})`, email.toLowerCase()),
        orderId === undefined ? undefined : eq(orders.id, orderId),
      ),
    )
    .returning({ id: orders.id });
  return claimed.length;
}
