import { createHash, randomUUID } from 'node:crypto';
import { activeDiscountPrice, cartTotals, SAMPLE_PRODUCT_NAME } from '@store/domain';
import type { CreateOrderInput, OrderResponse } from '@store/contracts';
import type { OrderLimits } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { clientAddressKey } from '../../lib/client-address.js';
import type { SessionUser } from '../../lib/auth.js';
import type { PaymentProvider } from '../payments/provider.js';
import { PincodesService } from '../pincodes/pincodes.service.js';
import { DeliveryService, releasePlace, type Clock } from '../delivery/delivery.service.js';
import { StockService } from '../products/stock.service.js';
import { checkOrderSize, lockPlacer, unpaidLimits, type Placer } from './orders.limits.js';
import { toOrderResponse, type OrderRow } from './orders.mapper.js';
import * as repo from './orders.repository.js';
import { isUniqueViolation } from '../../db/errors.js';
import { Pipeline } from '../../db/pipeline.js';

interface Line {
  productId: string;
  variantId: string | null;
  qty: number;
}

/** Lines of the same product and variant are one line; the order of lines is the cart's. */
function mergeLines(input: CreateOrderInput['orderItems']): Line[] {
  const merged = new Map<string, Line>();
  for (const item of input) {
    const variantId = item.variant?._id ?? null;
    const key = `${item._id}:${variantId ?? ''}`;
    const line = merged.get(key);
    if (line) line.qty += item.qty;
    else merged.set(key, { productId: item._id, variantId, qty: item.qty });
  }
  return [...merged.values()];
}

const requestHash = (lines: Line[], input: CreateOrderInput) =>
  createHash('sha256')
    .update(
      JSON.stringify({
        lines,
        address: input.shippingAddress,
        delivery: input.delivery,
        giftMessage: input.giftMessage ?? null,
      }),
    )
    .digest('hex');

const stock = new StockService();

/** The value of a settled promise, or its failure thrown. */
function settled<T>(result: PromiseSettledResult<T>): T {
  if (result.status === 'rejected') throw result.reason;
  return result.value;
}

export class OrdersService {
  private readonly pincodes: PincodesService;
  private readonly delivery: DeliveryService;

  constructor(
    private readonly db: Db,
    private readonly payments: PaymentProvider,
    private readonly payWithinMs: number,
    private readonly limits: OrderLimits,
    /** Decides delivery dates and cut-offs; payment deadlines run on real time. */
    clock: Clock = () => new Date(),
  ) {
    this.pincodes = new PincodesService(db);
    this.delivery = new DeliveryService(db, clock);
  }

  private async withItems(db: Db | Tx, rows: OrderRow[]): Promise<OrderResponse[]> {
    const items = await repo.itemsOf(
      db,
      rows.map((r) => r.id),
    );
    return rows.map((r) =>
      toOrderResponse(
        r,
        items.filter((i) => i.orderId === r.id),
      ),
    );
  }

  private findByKey(userId: string, key: string, db: Db | Tx = this.db) {
    return repo.findByIdempotencyKey(db, userId, key);
  }

  private async replay(row: OrderRow, hash: string): Promise<OrderResponse> {
    if (row.requestHash !== hash) {
      throw new AppError('UNPROCESSABLE', 'This Idempotency-Key was already used for a different order');
    }
    return (await this.withItems(this.db, [row]))[0]!;
  }

  /**
   * Places an order from product ids, variants and quantities only: every price and total comes
   * from the database and `@store/domain`. Stock is taken in the same transaction as the order is
   * written, by conditional updates, so concurrent orders can never take more than there is; the
   * caps on unpaid orders (ADR 017) are counted in that transaction too, behind locks on the
   * account and the address, so concurrent orders can never get past them either.
   *
   * Under load every round trip to the database also waits for the event loop, so the work is
   * batched (ADR 027): the independent checks before the transaction go out at once, and inside it
   * the locks and counts are one pipeline and the writes another.
   */
  async place(
    user: SessionUser,
    input: CreateOrderInput,
    idempotencyKey: string | undefined,
    clientIp: string,
  ): Promise<{ order: OrderResponse; replayed: boolean }> {
    const lines = mergeLines(input.orderItems);
    const hash = requestHash(lines, input);
    const units = lines.reduce((n, l) => n + l.qty, 0);
    const placer: Placer = { userId: user.id, address: clientAddressKey(clientIp) };
    const now = new Date();
    const productIds = [...new Set(lines.map((l) => l.productId))];
    const variantIds = lines.flatMap((l) => (l.variantId ? [l.variantId] : []));

    const checks = new Pipeline();
    const earlier = idempotencyKey ? checks.add(repo.byIdempotencyKey(this.db, user.id, idempotencyKey)) : null;
    // Unlocked, so not the last word, but most refused placements never reach the gateway.
    const unpaid = unpaidLimits(checks, this.db, this.limits, placer, units, now);
    const [looked, stored, checked] = await Promise.allSettled([
      this.pincodes.lookup(input.shippingAddress.postalCode),
      stock.forOrder(this.db, productIds, variantIds),
      checks.flush(),
    ]);
    // What went wrong is told in the order a shopper would fix it: the address, then the items.
    settled(checked);
    const [existing] = earlier?.() ?? [];
    if (existing) return { order: await this.replay(existing, hash), replayed: true };
    checkOrderSize(this.limits, units);
    if (looked.status === 'rejected') {
      const err: unknown = looked.reason;
      if (err instanceof AppError && err.code === 'NOT_FOUND') throw new AppError('VALIDATION', err.message);
      throw err;
    }
    const place = looked.value;
    if (!place.deliveryAvailable) throw new AppError('VALIDATION', 'Delivery not available in this area yet');
    const { products: found, variants } = settled(stored);

    const priced = lines.map((line) => {
      const product = found.find((p) => p.id === line.productId);
      if (!product || product.name === SAMPLE_PRODUCT_NAME) {
        throw new AppError('VALIDATION', `Product ${line.productId} is not sold here`);
      }
      if (!product.available) throw new AppError('VALIDATION', `${product.name} is not available right now`);
      const variant = line.variantId ? variants.find((v) => v.id === line.variantId) : undefined;
      if (line.variantId && (!variant || variant.productId !== product.id)) {
        throw new AppError('VALIDATION', `${product.name} has no such size or weight`);
      }
      const left = variant ? variant.countInStock : product.countInStock;
      if (line.qty > left) throw stock.shortOf(variant ? `${product.name} (${variant.name})` : product.name, left);
      return {
        line,
        product,
        variant,
        // A variant has its own price and no discount, as the product page shows it.
        price: variant ? variant.price : product.price,
        discountPrice: variant ? 0 : activeDiscountPrice(product, now),
      };
    });
    const booking = await this.delivery.bookable(
      place,
      input.delivery,
      priced.map((p) => p.product),
    );
    const totals = cartTotals(
      priced.map((p) => ({ price: p.price, discountPrice: p.discountPrice, qty: p.line.qty })),
      booking.slot.fee,
    );

    try {
      unpaid();
    } catch (err) {
      if (!(err instanceof AppError && err.code === 'RATE_LIMITED') || !idempotencyKey) throw err;
      // A retry whose first attempt has just been placed is that order, not one order too many.
      const placedMeanwhile = await this.findByKey(user.id, idempotencyKey);
      if (placedMeanwhile) return { order: await this.replay(placedMeanwhile, hash), replayed: true };
      throw err;
    }

    const orderId = randomUUID();
    let gatewayOrder;
    try {
      gatewayOrder = await this.payments.createOrder({ amount: totals.totalPrice, receipt: orderId });
    } catch {
      throw new AppError('UNAVAILABLE', 'Payments are unavailable right now. Please try again in a moment.');
    }

    try {
      const placed = await this.db.transaction(async (tx) => {
        const locked = new Pipeline();
        const signedIn = lockPlacer(locked, tx, this.limits, placer);
        // Behind the locks, an attempt with the same key that got there first is visible.
        const first = idempotencyKey ? locked.add(repo.byIdempotencyKey(tx, user.id, idempotencyKey)) : null;
        const withinLimits = unpaidLimits(locked, tx, this.limits, placer, units);
        await locked.flush();
        signedIn();
        const [earlierAttempt] = first?.() ?? [];
        if (earlierAttempt) return { order: earlierAttempt, items: null };
        withinLimits();

        const writes = new Pipeline();
        const stockHeld = stock.hold(
          writes,
          tx,
          priced.map((p) => ({
            productId: p.product.id,
            variantId: p.variant?.id ?? null,
            qty: p.line.qty,
            name: p.variant ? `${p.product.name} (${p.variant.name})` : p.product.name,
          })),
        );
        const placeHeld = this.delivery.hold(writes, tx, booking);
        const [orderInsert, itemsInsert] = repo.insertOrder(
          tx,
          {
            id: orderId,
            userId: user.id,
            userName: user.name,
            userEmail: user.email,
            shippingAddress: input.shippingAddress,
            paymentMethod: input.paymentMethod,
            itemsPrice: totals.itemsPrice,
            shippingPrice: totals.shippingPrice,
            taxPrice: totals.taxPrice,
            totalPrice: totals.totalPrice,
            payBy: new Date(now.getTime() + this.payWithinMs),
            razorpayOrderId: gatewayOrder.id,
            razorpayAmount: gatewayOrder.amount,
            idempotencyKey: idempotencyKey ?? null,
            requestHash: hash,
            placedFrom: placer.address,
            deliveryAreaId: booking.areaId,
            deliveryDate: booking.date,
            deliverySlotId: booking.slotId,
            deliverySlot: {
              type: booking.slot.type,
              label: booking.slot.label,
              start: booking.slot.start,
              end: booking.slot.end,
              fee: booking.slot.fee,
            },
            giftMessage: input.giftMessage ?? null,
          },
          priced.map((p, position) => ({
            orderId,
            position,
            productId: p.product.id,
            variantId: p.variant?.id ?? null,
            name: p.product.name,
            variantName: p.variant?.name ?? null,
            qty: p.line.qty,
            price: p.price,
            discountPrice: p.discountPrice,
            image: p.variant?.image || p.product.image,
            optimizedImages: p.product.optimizedImages,
            vendor: p.product.vendor,
          })),
        );
        const order = writes.add(orderInsert);
        const items = writes.add(itemsInsert);
        await writes.flush();
        await stockHeld();
        await placeHeld();
        return { order: order()[0]!, items: items() };
      });
      if (!placed.items) return { order: await this.replay(placed.order, hash), replayed: true };
      return { order: toOrderResponse(placed.order, placed.items), replayed: false };
    } catch (err) {
      // The same key sent twice at once: the other request's order stands, and is the answer.
      if (idempotencyKey && isUniqueViolation(err)) {
        const existing = await this.findByKey(user.id, idempotencyKey);
        if (existing) return { order: await this.replay(existing, hash), replayed: true };
      }
      throw err;
    }
  }

  /** Its owner and admins see an order; anyone else is told it does not exist. */
  async get(viewer: SessionUser, id: string): Promise<OrderResponse> {
    const row = await repo.findOrder(this.db, id);
    if (!row || (row.userId !== viewer.id && !viewer.isAdmin)) throw new AppError('NOT_FOUND', 'Order not found');
    return (await this.withItems(this.db, [row]))[0]!;
  }

  async mine(user: SessionUser): Promise<OrderResponse[]> {
    return this.withItems(this.db, await repo.listOrders(this.db, user.id));
  }

  async all(): Promise<OrderResponse[]> {
    return this.withItems(this.db, await repo.listOrders(this.db));
  }

  async markDelivered(id: string): Promise<OrderResponse> {
    const row = await repo.setDelivered(this.db, id, new Date());
    if (row) return (await this.withItems(this.db, [row]))[0]!;
    if (!(await repo.findOrder(this.db, id))) throw new AppError('NOT_FOUND', 'Order not found');
    throw new AppError('CONFLICT', 'Only a paid order that is not yet delivered can be marked delivered');
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
      areaId: r.deliveryAreaId,
      slotId: r.deliverySlotId ?? '',
      recipient: {
        name: `${r.shippingAddress.firstName} ${r.shippingAddress.lastName}`,
        phone: r.shippingAddress.phone,
      },
      shippingAddress: r.shippingAddress,
      items: items
        .filter((i) => i.orderId === r.id)
        .sort((a, b) => a.position - b.position)
        .map((i) => ({ name: i.name, variantName: i.variantName, qty: i.qty })),
      giftMessage: r.giftMessage,
      isDelivered: r.deliveredAt !== null,
    }));
  }

  /** Expires every unpaid order past its deadline; returns how many. Safe to run in many processes at once. */
  async expireOverdue(now = new Date(), batch = 100): Promise<number> {
    let expired = 0;
    for (const id of await repo.overdueUnpaid(this.db, now, batch)) {
      if (await this.db.transaction((tx) => expireOrder(tx, id, now))) expired += 1;
    }
    return expired;
  }
}

/**
 * Moves one unpaid, overdue order to expired and gives its stock back, in the caller's
 * transaction. The conditional update makes it happen exactly once, however many callers race.
 */
export async function expireOrder(tx: Tx, id: string, now = new Date()): Promise<boolean> {
  const row = await repo.setExpired(tx, id, now);
  if (!row) return false;
  const items = await repo.itemsOf(tx, [id]);
  // A line whose product was deleted since has nothing to give back to.
  await stock.release(
    tx,
    items.flatMap((item) =>
      item.productId ? [{ productId: item.productId, variantId: item.variantId, qty: item.qty }] : [],
    ),
  );
  if (row.deliveryAreaId !== null && row.deliveryDate !== null && row.deliverySlotId !== null) {
    await releasePlace(tx, { areaId: row.deliveryAreaId, date: row.deliveryDate, slotId: row.deliverySlotId });
  }
  return true;
}

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
  markPaid: (tx: Tx, orderId: string, paymentId: string, now: Date): Promise<boolean> =>
    repo.setPaid(tx, orderId, paymentId, now),
  expire: expireOrder,
};
