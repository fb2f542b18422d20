import { timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import {
  cancellationProblem,
  deliveryStepProblem,
  orderNumberLabel,
  orderStage,
  slotLabel,
  type BookedDelivery,
  type DeliveryStep,
} from '@store/domain';
import type { OrderResponse } from '@store/contracts';
import type { Db, Tx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { SessionUser } from '../../lib/auth.js';
import type { Counter, Metrics } from '../../lib/metrics.js';
import type { RefundsService } from '../payments/payments.refunds.js';
import { nextCreditNoteNumber, nextInvoiceNumber, renderInvoicePdf } from '../invoices/invoices.service.js';
import { creditNoteOf, invoiceOf } from './orders.invoice.js';
import { judgeDelivery, refundLeft, slotFeeRefund } from './orders.fulfilment.js';
import { shippingAddressOf, toOrderResponse, type OrderItemRow, type OrderRow } from './orders.mapper.js';
import type { InvoiceSupplier } from './orders.table.js';
import {
  orderEventWrites,
  recordOrderEvent,
  type Actor,
  type MailItem,
  type MailOrder,
  type MailRefund,
  type OrderMailKind,
} from './orders.events.js';
import { mailSiteOf, type MailSite } from '../outbox/outbox.service.js';
import { recordAudit } from '../audit/audit.service.js';
import * as repo from './orders.repository.js';
import type { Answer, Pipeline } from '../../db/pipeline.js';

export { checkOrderSize, lockPlacer, unpaidLimits, type Placer } from './orders.limits.js';
export type { OrderOwner } from './orders.repository.js';
export type { OrderItemRow, OrderRow };
export { orderFulfilment, type AwaitingPartner } from './orders.fulfilment.js';

/**
 * Who asks for an order: a signed-in user (its owner, or an admin), or a guest holding the token
 * of its link (issue 35), or both, or neither.
 */
export interface OrderViewer {
  user: SessionUser | null;
  token?: string | undefined;
}

/** The viewer a request is: its session, and the `token` of a guest order's link if it carries one. */
export function orderViewerOf(req: FastifyRequest): OrderViewer {
  const { token } = (req.query ?? {}) as { token?: unknown };
  return { user: req.user, token: typeof token === 'string' ? token : undefined };
}

const sameToken = (stored: string, given: string) =>
  stored.length === given.length && timingSafeEqual(Buffer.from(stored), Buffer.from(given));

/** The order's owner: its account's session, or for a guest's order the token of its link. */
export function ownsOrder(row: Pick<OrderRow, 'userId' | 'guestToken'>, viewer: OrderViewer): boolean {
  if (viewer.user && row.userId === viewer.user.id) return true;
  return row.guestToken !== null && viewer.token !== undefined && sameToken(row.guestToken, viewer.token);
}

/** Its owner and admins see an order; to anyone else it does not exist. */
const canSee = (row: OrderRow | undefined, viewer: OrderViewer): row is OrderRow =>
  !!row && (ownsOrder(row, viewer) || !!viewer.user?.isAdmin);

/**
 * Gives back what an order held (its stock, its slot's place, its coupon's use) in the transaction
 * whose status change ends it, expired or cancelled, which happens once. Checkout takes the holds
 * and knows how to give them back (ADR 070); it is handed to this module, as `app.orderHolds`,
 * because checkout depends on orders and not the other way round.
 */
export type OrderHolds = (tx: Tx, row: OrderRow, items: readonly OrderItemRow[]) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    orderHolds: OrderHolds;
  }
}

export type { InvoiceSupplier };

/**
 * The store as an order's events show it: the seller its invoices name, the site its emails link
 * to, and what gives back the holds of an order a late payment finds overdue.
 */
export interface Shop {
  seller: InvoiceSupplier;
  site: MailSite;
  holds: OrderHolds;
}

export const shopOf = (app: Pick<FastifyInstance, 'config' | 'orderHolds'>): Shop => ({
  seller: app.config.store,
  site: mailSiteOf(app.config.publicUrl),
  holds: app.orderHolds,
});

const STEP_MAIL: Record<DeliveryStep, OrderMailKind> = {
  packed: 'order_packed',
  out_for_delivery: 'order_out_for_delivery',
  delivered: 'order_delivered',
};

/** The delivery an order was booked for, as the step rule reads it; null on orders from before slots. */
export function bookedDeliveryOf(row: Pick<OrderRow, 'deliveryDate' | 'deliverySlot'>): BookedDelivery | null {
  const slot = row.deliverySlot;
  if (!row.deliveryDate || !slot) return null;
  return { date: row.deliveryDate, type: slot.type, label: slotLabel(slot), start: slot.start };
}

/** Orders counted for the operators' GET /metrics (ADR 066), each once its transaction has committed. */
export interface OrderCounters {
  placed: Counter;
  paid: Counter;
}

export const orderCountersOf = (metrics: Metrics): OrderCounters => ({
  placed: metrics.counter(
    'store_orders_placed_total',
    'Orders placed (a retry with the same Idempotency-Key is not counted again).',
  ),
  paid: metrics.counter(
    'store_orders_paid_total',
    'Orders paid: a payment applied to its order, from checkout or a Razorpay webhook.',
  ),
});

/**
 * The refund of a cancelled order's payment, made by the payments module's refunds (ADR 032): it
 * is handed to this service because that module depends on this one, not the other way round.
 */
export type OrderRefunds = Pick<RefundsService, 'claimForCancellation' | 'settle' | 'ofPayments'>;

export interface OrdersOptions {
  refunds: OrderRefunds;
  /** Where the store's emails link to. */
  site: MailSite;
  /** Gives back an ended order's holds: checkout's (ADR 070). */
  holds: OrderHolds;
  log?: FastifyBaseLogger;
  /** What time it is, for the steps an order's booked delivery times (the app's clock). */
  clock?: () => Date;
}

/** The orders service as the API runs it: the app's refunds, site, clock and checkout's holds. */
export function ordersServiceFor(app: FastifyInstance): OrdersService {
  return new OrdersService(app.database.db, {
    refunds: app.refunds,
    site: mailSiteOf(app.config.publicUrl),
    holds: app.orderHolds,
    log: app.log,
    clock: app.clock,
  });
}

export class OrdersService {
  private readonly refunds: OrderRefunds;
  private readonly log: FastifyBaseLogger | undefined;
  private readonly site: MailSite;
  private readonly holds: OrderHolds;
  private readonly clock: () => Date;

  constructor(
    private readonly db: Db,
    options: OrdersOptions,
  ) {
    this.refunds = options.refunds;
    this.log = options.log;
    this.site = options.site;
    this.holds = options.holds;
    this.clock = options.clock ?? (() => new Date());
  }

  private async withItems(db: Db | Tx, rows: OrderRow[], viewer?: SessionUser): Promise<OrderResponse[]> {
    const ids = rows.map((r) => r.id);
    // Only a cancelled order tells of its payment: where the refund of it is.
    const refunded = rows.flatMap((r) => (r.status === 'cancelled' && r.paymentId ? [r.paymentId] : []));
    const [items, events, payments] = await Promise.all([
      repo.itemsOf(db, ids),
      repo.eventsOf(db, ids),
      this.refunds.ofPayments(db, refunded),
    ]);
    return rows.map((r) =>
      toOrderResponse(
        r,
        items.filter((i) => i.orderId === r.id),
        events.filter((e) => e.orderId === r.id),
        viewer?.isAdmin ?? false,
        payments.find((p) => p.id === r.paymentId),
      ),
    );
  }

  /** The order placed with this Idempotency-Key, if any. */
  findByKey(owner: repo.OrderOwner, key: string, db: Db | Tx = this.db): Promise<OrderRow | undefined> {
    return repo.findByIdempotencyKey(db, owner, key);
  }

  /** The order an Idempotency-Key placed, as a retry with the same request is answered; 422 for another request. */
  async replay(row: OrderRow, hash: string): Promise<OrderResponse> {
    if (row.requestHash !== hash) {
      throw new AppError('UNPROCESSABLE', 'This Idempotency-Key was already used for a different order');
    }
    return (await this.withItems(this.db, [row]))[0]!;
  }

  /** Its owner and admins see an order; anyone else is told it does not exist. */
  get(viewer: OrderViewer, id: string): Promise<OrderResponse> {
    return this.readFor(viewer, id, canSee);
  }

  /** The order only its owner may pay: another's, an admin's look included, does not exist. */
  getToPay(viewer: OrderViewer, id: string): Promise<OrderResponse> {
    return this.readFor(viewer, id, (row, v) => !!row && ownsOrder(row, v));
  }

  private async readFor(
    viewer: OrderViewer,
    id: string,
    allowed: (row: OrderRow | undefined, viewer: OrderViewer) => boolean,
  ): Promise<OrderResponse> {
    const row = await repo.findOrder(this.db, id);
    if (!row || !allowed(row, viewer)) throw new AppError('NOT_FOUND', 'Order not found');
    return (await this.withItems(this.db, [row], viewer.user ?? undefined))[0]!;
  }

  /**
   * A paid order's tax invoice as a PDF: its owner or an admin. Unpaid orders have none yet; an
   * order paid before invoices were issued has none, and its shopper is told so and how to get one.
   */
  async invoicePdf(viewer: OrderViewer, id: string): Promise<{ number: string; pdf: Buffer }> {
    const row = await repo.findOrder(this.db, id);
    if (!canSee(row, viewer)) throw new AppError('NOT_FOUND', 'Order not found');
    if (!row.invoiceNumber) {
      throw new AppError(
        'CONFLICT',
        row.paidAt
          ? 'This order was paid before we issued tax invoices, so it has none; write to us and we will send you one'
          : 'This order is not paid yet: its tax invoice is issued with the payment',
      );
    }
    const items = await repo.itemsOf(this.db, [row.id]);
    return { number: row.invoiceNumber, pdf: await renderInvoicePdf(invoiceOf(row, items)) };
  }

  /** A cancelled order's credit note as a PDF: its owner or an admin, like the invoice it credits. */
  async creditNotePdf(viewer: OrderViewer, id: string): Promise<{ number: string; pdf: Buffer }> {
    const row = await repo.findOrder(this.db, id);
    if (!canSee(row, viewer)) throw new AppError('NOT_FOUND', 'Order not found');
    if (!row.creditNoteNumber) {
      throw new AppError(
        'CONFLICT',
        row.status === 'cancelled'
          ? 'This order had no tax invoice, so its cancellation has no credit note'
          : 'This order is not cancelled: a credit note is issued when a paid order is cancelled',
      );
    }
    const items = await repo.itemsOf(this.db, [row.id]);
    return { number: row.creditNoteNumber, pdf: await renderInvoicePdf(creditNoteOf(row, items)) };
  }

  async mine(user: SessionUser): Promise<OrderResponse[]> {
    return this.withItems(this.db, await repo.listOrders(this.db, user.id), user);
  }

  async all(admin: SessionUser): Promise<OrderResponse[]> {
    return this.withItems(this.db, await repo.listOrders(this.db), admin);
  }

  /**
   * An admin moves a paid order one step towards delivery, when its booked delivery allows
   * (`deliveryStepProblem`, ADR 085): the move, its line in the timeline (who and when) and the
   * shopper's email are one transaction behind the order's row lock, so of admins racing to make
   * the same move exactly one makes it, and a cancellation waits its turn.
   */
  async moveTo(admin: SessionUser, id: string, step: DeliveryStep): Promise<OrderResponse> {
    const now = this.clock();
    const moved = await this.db.transaction(async (tx) => {
      const before = await repo.lockOrder(tx, id);
      if (!before) throw new AppError('NOT_FOUND', 'Order not found');
      const problem = deliveryStepProblem(orderStage(before), step, now, bookedDeliveryOf(before));
      if (problem) throw new AppError('CONFLICT', problem);
      const row = await repo.setDeliveryStep(tx, id, step, now);
      await recordAudit(tx, {
        actor: admin,
        action: 'order.status',
        entityId: id,
        label: orderNumberLabel(row.number),
        before: { stage: orderStage(before) },
        after: { stage: orderStage(row) },
      });
      const items = await repo.itemsOf(tx, [id]);
      await recordOrderEvent(tx, id, {
        kind: step,
        at: now,
        actor: { id: admin.id, name: admin.name } satisfies Actor,
        mail: { kind: STEP_MAIL[step], order: row, items, site: this.site },
      });
      return step === 'delivered' ? judgeDelivery(tx, row, now, this.site) : row;
    });
    return (await this.withItems(this.db, [moved], admin))[0]!;
  }

  /**
   * An admin cancels a paid order that has not gone out for delivery (ADR 046). One transaction,
   * behind the order's row lock so that of racing cancellations (and moves) one decides: the order
   * becomes cancelled with the reason, its timeline line says who and when, its stock, slot place
   * and coupon use go back, a credit note is numbered against its invoice, the shopper's email is
   * written, and its payment is claimed for a refund. The gateway is asked once that has
   * committed, by the refunds machinery (claims, receipts, the webhook), so the money goes back
   * once however clicks, retries and webhooks fall. The order stays cancelled whatever the
   * gateway says; the answer tells where its refund is.
   */
  async cancel(admin: SessionUser, id: string, reason: string): Promise<OrderResponse> {
    const now = new Date();
    const claimed = await this.db.transaction(async (tx) => {
      const row = await repo.lockOrder(tx, id);
      if (!row) throw new AppError('NOT_FOUND', 'Order not found');
      const problem = cancellationProblem(orderStage(row));
      if (problem) throw new AppError('CONFLICT', problem);
      const creditNoteNumber = row.invoiceNumber ? await nextCreditNoteNumber(tx, now) : null;
      const cancelled = await repo.setCancelled(tx, id, { reason, at: now, creditNoteNumber });
      await recordAudit(tx, {
        actor: admin,
        action: 'order.cancel',
        entityId: id,
        label: orderNumberLabel(row.number),
        before: { stage: orderStage(row) },
        after: { stage: orderStage(cancelled) },
        note: reason,
      });
      const items = await repo.itemsOf(tx, [id]);
      await this.holds(tx, cancelled, items);
      const payment = await this.refunds.claimForCancellation(tx, row.paymentId!, `order cancelled: ${reason}`, now);
      await recordOrderEvent(tx, id, {
        kind: 'cancelled',
        at: now,
        actor: { id: admin.id, name: admin.name } satisfies Actor,
        mail: {
          kind: 'order_cancelled',
          order: cancelled,
          items,
          site: this.site,
          cancellation: { reason, refundAmount: refundLeft(payment.amount!, row) },
        },
      });
      return payment;
    });
    try {
      await this.refunds.settle(claimed);
    } catch (err) {
      // The claim stays: the gateway's webhook settles it, or an admin retries it from Refunds.
      this.log?.error({ err, orderId: id }, 'the refund of a cancelled order could not be recorded');
    }
    return (await this.withItems(this.db, [(await repo.findOrder(this.db, id))!], admin))[0]!;
  }

  /** A day's paid deliveries, for the delivery schedule: recipient, address, items and card. */
  async paidDeliveriesOn(date: string) {
    const rows = await repo.paidWithDeliveryOn(this.db, date);
    const items = await repo.itemsOf(
      this.db,
      rows.map((r) => r.id),
    );
    return rows.map((r) => ({
      _id: r.id,
      orderNumber: orderNumberLabel(r.number),
      areaId: r.deliveryAreaId,
      slotId: r.deliverySlotId ?? '',
      recipient: {
        name: `${r.shippingAddress.firstName} ${r.shippingAddress.lastName}`,
        phone: r.shippingAddress.phone,
      },
      shippingAddress: shippingAddressOf(r.shippingAddress),
      items: items
        .filter((i) => i.orderId === r.id)
        .sort((a, b) => a.position - b.position)
        .map((i) => ({
          name: i.name,
          variantName: i.variantName,
          qty: i.qty,
          options: i.options.map((o) => ({ name: o.name, value: o.value })),
        })),
      giftMessage: r.giftMessage,
      isDelivered: r.deliveredAt !== null,
    }));
  }

  /** Expires every unpaid order past its deadline; returns how many. Safe to run in many processes at once. */
  async expireOverdue(now = new Date(), batch = 100): Promise<number> {
    let expired = 0;
    for (const id of await repo.overdueUnpaid(this.db, now, batch)) {
      if (await this.db.transaction((tx) => expireOrder(tx, id, now, this.holds))) expired += 1;
    }
    return expired;
  }
}

/**
 * Moves one unpaid, overdue order to expired and gives back what it held, in the caller's
 * transaction. The conditional update makes it happen exactly once, however many callers race.
 */
export async function expireOrder(tx: Tx, id: string, now: Date, holds: OrderHolds): Promise<boolean> {
  const row = await repo.setExpired(tx, id, now);
  if (!row) return false;
  await recordOrderEvent(tx, id, { kind: 'expired', at: now });
  await holds(tx, row, await repo.itemsOf(tx, [id]));
  return true;
}

/** A new order's row as checkout writes it, which its 'placed' email quotes too. */
export type OrderValues = repo.NewOrder & Omit<MailOrder, 'number'> & { id: string; idempotencyKey: string | null };
export type OrderItemValues = repo.NewOrderItem & MailItem;

/**
 * The orders side of placing an order (ADR 070): checkout reads, quotes and commits it, and these are
 * the order's own reads and writes, each added to one of checkout's pipelines.
 */
export const orderPlacing = {
  /** The order an earlier attempt with this Idempotency-Key placed, if any. */
  byKey: (pipeline: Pipeline, db: Db | Tx, owner: repo.OrderOwner, key: string): Answer<OrderRow[]> =>
    pipeline.add(repo.byIdempotencyKey(db, owner, key)),
  /** Whether the account has an order that counts against 'first order only'. */
  hasLiveOrders(pipeline: Pipeline, db: Db | Tx, userId: string): Answer<boolean> {
    const live = pipeline.add(repo.liveOrdersOf(db, userId));
    return () => live()[0]!.n > 0;
  },
  /** The next order number, taken in the order's transaction. */
  takeNumber(pipeline: Pipeline, tx: Tx): Answer<number> {
    const numbered = pipeline.add(repo.takeOrderNumber(tx));
    return () => numbered().rows[0]!.n;
  },
  /** Writes the order, its items, its 'placed' line and the shopper's email. */
  write(
    pipeline: Pipeline,
    tx: Tx,
    order: OrderValues & { number: number },
    items: OrderItemValues[],
    event: { at: Date; site: MailSite },
  ): Answer<{ order: OrderRow; items: OrderItemRow[] }> {
    const [orderInsert, itemsInsert] = repo.insertOrder(tx, order, items);
    const written = pipeline.add(orderInsert);
    const writtenItems = pipeline.add(itemsInsert);
    for (const statement of orderEventWrites(tx, order.id, {
      kind: 'placed',
      at: event.at,
      mail: { kind: 'order_placed', order, items, site: event.site },
    }))
      pipeline.add(statement);
    return () => ({ order: written()[0]!, items: writtenItems() });
  },
  /** A new order as its placement answers it. */
  placed: (order: OrderRow, items: OrderItemRow[], at: Date): OrderResponse =>
    toOrderResponse(order, items, [{ kind: 'placed' as const, at, actorName: null }], false),
};

/** Whether the user has a paid order with the product in it: what makes a review a verified purchase. */
export function hasPaidFor(db: Db | Tx, userId: string, productId: string): Promise<boolean> {
  return repo.paidOrderWithProduct(db, userId, productId);
}

/** What the order a payment is for looks like to the payments module. */
export type PayableOrder = Pick<
  OrderRow,
  'id' | 'status' | 'paymentId' | 'razorpayAmount' | 'totalPrice' | 'payBy' | 'razorpayOrderId'
>;

/**
 * The orders side of taking a payment, each in the payment's transaction: the order a gateway
 * order belongs to (locked, so verify and webhooks take turns), paying it, expiring it.
 */
export const orderPayments = {
  lockForPayment: (tx: Tx, razorpayOrderId: string): Promise<PayableOrder | undefined> =>
    repo.lockByGatewayOrder(tx, razorpayOrderId),
  find: (db: Db | Tx, razorpayOrderId: string): Promise<PayableOrder | undefined> =>
    repo.findByGatewayOrder(db, razorpayOrderId),
  /**
   * Pays the order and issues its tax invoice in the payment's transaction, so a paid order always
   * has one and a payment that rolls back takes no number (rule 46: consecutive, no gaps); the
   * confirmation email is written in it too.
   */
  markPaid: async (tx: Tx, orderId: string, paymentId: string, now: Date, shop: Shop): Promise<boolean> => {
    const row = await repo.setPaid(tx, orderId, paymentId, now);
    if (!row) return false;
    await repo.setInvoice(tx, orderId, {
      number: await nextInvoiceNumber(tx, now),
      issuedAt: now,
      seller: shop.seller,
    });
    const items = await repo.itemsOf(tx, [orderId]);
    await recordOrderEvent(tx, orderId, {
      kind: 'paid',
      at: now,
      mail: { kind: 'order_paid', order: row, items, site: shop.site },
    });
    return true;
  },
  /**
   * A payment the gateway reports failed, once per payment: the shopper is told while the order
   * can still be paid; a failure after it was paid or expired changes nothing they need to know.
   */
  paymentFailed: async (tx: Tx, orderId: string, reason: string, now: Date, site: MailSite): Promise<void> => {
    const row = await repo.findOrder(tx, orderId);
    if (row?.status !== 'awaiting_payment') return;
    await recordOrderEvent(tx, orderId, {
      kind: 'payment_failed',
      at: now,
      mail: { kind: 'payment_failed', order: row, items: await repo.itemsOf(tx, [orderId]), site, reason },
    });
  },
  expire: expireOrder,
  /**
   * What is left to refund of `paid` for this order, and the id of the refund that took the rest
   * (a late order's slot fee, ADR 086), which is never the payment's own.
   */
  leftToRefund: async (db: Db | Tx, orderId: string, paid: number): Promise<{ amount: number; apart?: string }> => {
    const row = await repo.findOrder(db, orderId);
    return row ? { amount: refundLeft(paid, row), apart: slotFeeRefund(row)?.id } : { amount: paid };
  },
  /**
   * Money from a payment for this order has gone back to the shopper (money kept, or the payment of
   * a cancelled order): a line in the timeline and the 'refund issued' email, in the transaction
   * that records the refund, which the payments module makes once per refund.
   */
  refunded: async (
    tx: Tx,
    orderId: string,
    { paymentId, ...refund }: MailRefund & { paymentId: string },
    now: Date,
    site: MailSite,
  ): Promise<void> => {
    const row = await repo.findOrder(tx, orderId);
    if (!row) return;
    const cancelled = row.status === 'cancelled' && row.paymentId === paymentId;
    await recordOrderEvent(tx, orderId, {
      kind: 'refunded',
      at: now,
      mail: {
        kind: 'refund_issued',
        order: row,
        items: await repo.itemsOf(tx, [orderId]),
        site,
        refund: cancelled ? { ...refund, cancelled } : refund,
      },
    });
  },
};

/**
 * A guest's orders become an account's once the account proves the email they were placed with
 * (a sign-in code sent there), or the one order whose link's holder made the account (issue 35).
 */
export function claimGuestOrders(db: Db, userId: string, email: string, orderId?: string): Promise<number> {
  return repo.claimGuestOrders(db, userId, email, orderId);
}
