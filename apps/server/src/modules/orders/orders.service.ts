import { createHash, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import {
  activeDiscountPrice,
  sizeDiscountPrice,
  cancellationProblem,
  cartTotals,
  chooseOptions,
  deliveryStepProblem,
  gstStateOf,
  optionsKey,
  optionsPrice,
  orderNumberLabel,
  orderStage,
  orderTax,
  productTaxClass,
  SAMPLE_PRODUCT_NAME,
  unitPrice,
  type DeliveryStep,
  type OptionRequest,
} from '@store/domain';
import type { CreateOrderInput, OrderResponse } from '@store/contracts';
import type { Config, OrderLimits } from '../../config.js';
import type { Db, Transact, Tx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { clientAddressKey } from '../../lib/client-address.js';
import type { SessionUser } from '../../lib/auth.js';
import type { Counter, Metrics } from '../../lib/metrics.js';
import type { PaymentProvider } from '../payments/provider.js';
import type { RefundsService } from '../payments/payments.refunds.js';
import { PincodesService } from '../pincodes/pincodes.service.js';
import { DeliveryService, releasePlace, type Clock } from '../delivery/delivery.service.js';
import { StockService } from '../products/stock.service.js';
import { rememberAddress } from '../users/users.service.js';
import { CouponsService, releaseCoupon } from '../coupons/coupons.service.js';
import { nextCreditNoteNumber, nextInvoiceNumber, renderInvoicePdf } from '../invoices/invoices.service.js';
import { checkOrderSize, lockPlacer, unpaidLimits, type Placer } from './orders.limits.js';
import { creditNoteOf, invoiceOf } from './orders.invoice.js';
import { toOrderResponse, type OrderItemRow, type OrderRow } from './orders.mapper.js';
import type { InvoiceSupplier } from './orders.table.js';
import {
  orderEventWrites,
  recordOrderEvent,
  type Actor,
  type MailRefund,
  type OrderMailKind,
} from './orders.events.js';
import { mailSiteOf, type MailSite } from '../outbox/outbox.service.js';
import { recordAudit } from '../audit/audit.service.js';

export type { InvoiceSupplier };

/**
 * The store as an order's events show it: the seller its invoices name, and the site its emails
 * link to.
 */
export interface Shop {
  seller: InvoiceSupplier;
  site: MailSite;
}

export const shopOf = (config: Pick<Config, 'store' | 'publicUrl'>): Shop => ({
  seller: config.store,
  site: mailSiteOf(config.publicUrl),
});

const STEP_MAIL: Record<DeliveryStep, OrderMailKind> = {
  packed: 'order_packed',
  out_for_delivery: 'order_out_for_delivery',
  delivered: 'order_delivered',
};

const STEP_TIME = { packed: 'packedAt', out_for_delivery: 'outForDeliveryAt', delivered: 'deliveredAt' } as const;
import * as repo from './orders.repository.js';
import { isUniqueViolation } from '../../db/errors.js';
import { Pipeline, type Answer } from '../../db/pipeline.js';

interface Line {
  /** Where the line's first item is in `orderItems`: what a refusal of its options names. */
  index: number;
  productId: string;
  variantId: string | null;
  options: OptionRequest[];
  qty: number;
}

/** Lines of the same product, variant and options are one line; the order of lines is the cart's. */
function mergeLines(input: CreateOrderInput['orderItems']): Line[] {
  const merged = new Map<string, Line>();
  input.forEach((item, index) => {
    const variantId = item.variant?._id ?? null;
    const options = (item.options ?? []).map((o) => ({ id: o._id, value: o.value }));
    const key = `${item._id}:${variantId ?? ''}:${optionsKey(options)}`;
    const line = merged.get(key);
    if (line) line.qty += item.qty;
    else merged.set(key, { index, productId: item._id, variantId, options, qty: item.qty });
  });
  return [...merged.values()];
}

/** Options the product does not offer, texts too long, a required one missing: 400 naming each field. */
function checkedOptions(line: Line, product: Stored['products'][number]) {
  const { options, problems } = chooseOptions(product.options, line.options, product.name);
  if (problems.length === 0) return options;
  const at = `orderItems.${line.index}.options`;
  const details = problems.map((p) => ({
    field: p.index === null ? at : `${at}.${p.index}.${p.field === 'id' ? '_id' : 'value'}`,
    message: p.message,
  }));
  throw new AppError('VALIDATION', details.map((d) => d.message).join('; '), details);
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

type Stored = Awaited<ReturnType<StockService['forOrder']>>;

/**
 * Each line priced from what is stored: the product or variant price, the discount in force, the
 * options' prices, the GST class. Refuses lines that cannot be sold or are short already (the hold is the last word).
 */
function priceLines(lines: readonly Line[], { products: found, variants }: Stored, now: Date) {
  return lines.map((line) => {
    const product = found.find((p) => p.id === line.productId);
    if (!product || product.name === SAMPLE_PRODUCT_NAME) {
      throw new AppError('VALIDATION', `Product ${line.productId} is not sold here`);
    }
    if (!product.available) throw new AppError('VALIDATION', `${product.name} is not available right now`);
    const variant = line.variantId ? variants.find((v) => v.id === line.variantId) : undefined;
    if (line.variantId && (!variant || variant.productId !== product.id)) {
      throw new AppError('VALIDATION', `${product.name} has no such size or weight`);
    }
    // A product sold in sizes is priced and stocked by one of them, never by itself.
    if (!line.variantId && variants.some((v) => v.productId === product.id)) {
      const message = `Choose a size or weight of ${product.name}`;
      throw new AppError('VALIDATION', message, [{ field: `orderItems.${line.index}.variantId`, message }]);
    }
    const left = variant ? variant.countInStock : product.countInStock;
    if (line.qty > left) throw stock.shortOf(variant ? `${product.name} (${variant.name})` : product.name, left);
    const options = checkedOptions(line, product);
    const taxClass = productTaxClass(product);
    return {
      product,
      variant,
      qty: line.qty,
      // A size has its own price and takes the product's discount in proportion, as its page shows it.
      price: variant ? variant.price : product.price,
      discountPrice: variant ? sizeDiscountPrice(product, variant.price, now) : activeDiscountPrice(product, now),
      options,
      optionsPrice: optionsPrice(options),
      gstRate: taxClass.rate,
      taxClass,
    };
  });
}

const couponLines = (priced: ReturnType<typeof priceLines>) =>
  priced.map((p) => ({ category: p.product.category, amount: unitPrice(p) * p.qty }));

/** Whether the account has an order that counts against 'first order only', as the pipeline reads it. */
function liveOrdersNow(pipeline: Pipeline, tx: Tx, userId: string): Answer<boolean> {
  const live = pipeline.add(repo.liveOrdersOf(tx, userId));
  return () => live()[0]!.n > 0;
}

/** The value of a settled promise, or its failure thrown. */
function settled<T>(result: PromiseSettledResult<T>): T {
  if (result.status === 'rejected') throw result.reason;
  return result.value;
}

/**
 * The refund of a cancelled order's payment, made by the payments module's refunds (ADR 032): it
 * is handed to this service because that module depends on this one, not the other way round.
 */
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

export type OrderRefunds = Pick<RefundsService, 'claimForCancellation' | 'settle' | 'ofPayments'>;

export interface OrdersOptions {
  payments: PaymentProvider;
  refunds: OrderRefunds;
  payWithinMs: number;
  limits: OrderLimits;
  /** The seller: its state decides CGST + SGST or IGST. */
  store: Config['store'];
  /** Where the store's emails link to. */
  site: MailSite;
  /** Coupons as shoppers try them (with the limits on guessing); plain when not given. */
  coupons?: CouponsService;
  /** Decides delivery dates and cut-offs; payment deadlines run on real time. */
  clock?: Clock;
  /** How an order's transaction is run: the database's `transact` (ADR 056). */
  transact: Transact;
  counters: OrderCounters;
  log?: FastifyBaseLogger;
}

/** The orders service as the API runs it: the app's gateway, caps, seller, clock and coupon guessing limits. */
export function ordersServiceFor(app: FastifyInstance): OrdersService {
  return new OrdersService(app.database.db, {
    payments: app.paymentProvider,
    refunds: app.refunds,
    payWithinMs: app.config.payments.payWithinMs,
    limits: app.config.orderLimits,
    store: app.config.store,
    site: mailSiteOf(app.config.publicUrl),
    coupons: new CouponsService(app.database.db, {
      limiter: app.rateLimiter,
      perShopper: app.config.rateLimits.couponPerShopper,
      perAddress: app.config.rateLimits.couponPerAddress,
    }),
    clock: app.clock,
    transact: app.database.transact,
    counters: orderCountersOf(app.metrics),
    log: app.log,
  });
}

export class OrdersService {
  private readonly pincodes: PincodesService;
  private readonly delivery: DeliveryService;
  private readonly coupons: CouponsService;
  private readonly payments: PaymentProvider;
  private readonly refunds: OrderRefunds;
  private readonly log: FastifyBaseLogger | undefined;
  private readonly payWithinMs: number;
  private readonly limits: OrderLimits;
  private readonly store: Config['store'];
  private readonly site: MailSite;
  private readonly transact: Transact;
  private readonly counters: OrderCounters;

  constructor(
    private readonly db: Db,
    options: OrdersOptions,
  ) {
    this.payments = options.payments;
    this.refunds = options.refunds;
    this.log = options.log;
    this.payWithinMs = options.payWithinMs;
    this.limits = options.limits;
    this.store = options.store;
    this.site = options.site;
    this.transact = options.transact;
    this.counters = options.counters;
    this.coupons = options.coupons ?? new CouponsService(db);
    this.pincodes = new PincodesService(db);
    this.delivery = new DeliveryService(db, options.clock ?? (() => new Date()));
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

    const checks = new Pipeline();
    const earlier = idempotencyKey ? checks.add(repo.byIdempotencyKey(this.db, user.id, idempotencyKey)) : null;
    // Unlocked, so not the last word, but most refused placements never reach the gateway.
    const unpaid = unpaidLimits(checks, this.db, this.limits, placer, units, now);
    const liveOrders = input.couponCode ? checks.add(repo.liveOrdersOf(this.db, user.id)) : null;
    const [looked, stored, found, checked, slots] = await Promise.allSettled([
      this.pincodes.checkAddress(input.shippingAddress, 'shippingAddress.'),
      this.products(lines),
      input.couponCode ? this.coupons.find(input.couponCode, placer) : null,
      checks.flush(),
      this.delivery.readSlots(input.shippingAddress.postalCode, input.delivery),
    ]);
    // What went wrong is told in the order a shopper would fix it: the address, the items, the coupon.
    settled(checked);
    const [existing] = earlier?.() ?? [];
    if (existing) return { order: await this.replay(existing, hash), replayed: true };
    checkOrderSize(this.limits, units);
    const place = settled(looked);
    if (!place.deliveryAvailable) throw new AppError('VALIDATION', 'Delivery not available in this area yet');
    const supply = gstStateOf(place.state) ?? gstStateOf(input.shippingAddress.state);
    if (!supply) throw new AppError('VALIDATION', `We cannot tell which state PIN code ${place.pincode} is in`);
    const priced = priceLines(lines, settled(stored), now);
    const coupon = settled(found);

    const [booking, discount] = await Promise.all([
      this.delivery.bookable(
        settled(slots),
        input.delivery,
        priced.map((p) => p.product),
      ),
      coupon ? this.coupons.discount(coupon, couponLines(priced), user.id, liveOrders!()[0]!.n > 0, now) : null,
    ]);
    const totals = cartTotals(priced, booking.slot.fee, discount);
    const intraState = supply.code === this.store.stateCode;
    const tax = orderTax({
      lines: priced.map((p, i) => ({
        amount: unitPrice(p) * p.qty,
        rate: p.taxClass.rate,
        couponEligible: discount?.eligible[i] ?? false,
      })),
      shipping: totals.shippingPrice,
      couponDiscount: totals.couponDiscount,
      intraState,
    });

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

    const values = {
      id: orderId,
      userId: user.id,
      userName: user.name,
      userEmail: user.email,
      shippingAddress: input.shippingAddress,
      paymentMethod: input.paymentMethod,
      itemsPrice: totals.itemsPrice,
      shippingPrice: totals.shippingPrice,
      taxPrice: tax.tax,
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
      couponCode: coupon?.code ?? null,
      couponDiscount: totals.couponDiscount,
      buyerGstin: input.buyerGstin ?? null,
      buyerName: input.buyerName ?? null,
      buyerAddress: input.buyerAddress ?? null,
      supplyStateCode: supply.code,
      intraState,
      shippingGstRate: tax.shipping.rate,
      shippingTaxable: tax.shipping.taxable,
      shippingCgst: tax.shipping.cgst,
      shippingSgst: tax.shipping.sgst,
      shippingIgst: tax.shipping.igst,
    } satisfies repo.NewOrder;
    const itemValues = priced.map((p, position) => ({
      orderId,
      position,
      productId: p.product.id,
      variantId: p.variant?.id ?? null,
      name: p.product.name,
      variantName: p.variant?.name ?? null,
      qty: p.qty,
      price: p.price,
      discountPrice: p.discountPrice,
      options: p.options,
      optionsPrice: p.optionsPrice,
      image: p.variant?.image || p.product.image,
      optimizedImages: p.product.optimizedImages,
      vendor: p.product.vendor,
      hsnCode: p.taxClass.hsn,
      gstRate: p.taxClass.rate,
      couponDiscount: tax.lines[position]!.discount,
      taxable: tax.lines[position]!.taxable,
      cgst: tax.lines[position]!.cgst,
      sgst: tax.lines[position]!.sgst,
      igst: tax.lines[position]!.igst,
    }));

    try {
      const placed = await this.transact(async (tx, locked) => {
        const signedIn = lockPlacer(locked, tx, this.limits, placer);
        // Behind the locks, an attempt with the same key that got there first is visible.
        const first = idempotencyKey ? locked.add(repo.byIdempotencyKey(tx, user.id, idempotencyKey)) : null;
        const saveAddress = rememberAddress(locked, tx, user.id, input.shippingAddress);
        // Needed before the writes, whose email quotes it; this round trip is made anyway.
        const numbered = locked.add(repo.takeOrderNumber(tx));
        const withinLimits = unpaidLimits(locked, tx, this.limits, placer, units);
        const couponStillApplies = coupon
          ? this.coupons.recheck(
              locked,
              tx,
              coupon,
              couponLines(priced),
              { userId: user.id, hasOrders: liveOrdersNow(locked, tx, user.id) },
              now,
            )
          : null;
        await locked.flush();
        signedIn();
        const [earlierAttempt] = first?.() ?? [];
        if (earlierAttempt) return { order: earlierAttempt, items: null };
        withinLimits();
        couponStillApplies?.();

        const writes = new Pipeline();
        const stockHeld = stock.hold(
          writes,
          tx,
          priced.map((p) => ({
            productId: p.product.id,
            variantId: p.variant?.id ?? null,
            qty: p.qty,
            name: p.variant ? `${p.product.name} (${p.variant.name})` : p.product.name,
          })),
        );
        const placeHeld = this.delivery.hold(writes, tx, booking);
        const numberedValues = { ...values, number: numbered().rows[0]!.n };
        const [orderInsert, itemsInsert] = repo.insertOrder(tx, numberedValues, itemValues);
        const order = writes.add(orderInsert);
        const items = writes.add(itemsInsert);
        for (const statement of orderEventWrites(tx, orderId, {
          kind: 'placed',
          at: now,
          mail: { kind: 'order_placed', order: numberedValues, items: itemValues, site: this.site },
        }))
          writes.add(statement);
        // After the order it names: the use's row references it.
        const couponHeld = coupon
          ? this.coupons.hold(writes, tx, { couponId: coupon.id, orderId, userId: user.id })
          : null;
        saveAddress(writes, now);
        await writes.flush();
        await stockHeld();
        await placeHeld();
        couponHeld?.();
        return { order: order()[0]!, items: items() };
      });
      if (!placed.items) return { order: await this.replay(placed.order, hash), replayed: true };
      this.counters.placed.inc();
      const timeline = [{ kind: 'placed' as const, at: now, actorName: null }];
      return { order: toOrderResponse(placed.order, placed.items, timeline, false), replayed: false };
    } catch (err) {
      // The same key sent twice at once: the other request's order stands, and is the answer.
      if (idempotencyKey && isUniqueViolation(err)) {
        const existing = await this.findByKey(user.id, idempotencyKey);
        if (existing) return { order: await this.replay(existing, hash), replayed: true };
      }
      throw err;
    }
  }

  /**
   * `POST /api/coupons/validate`: what the coupon would take off this cart, priced as an order
   * would be. A guest is treated as a new customer, and counted against guessing by their device;
   * placing the order checks again.
   */
  async quoteCoupon(
    viewer: SessionUser | null,
    items: CreateOrderInput['orderItems'],
    code: string,
    client: { ip: string; deviceId?: string },
  ): Promise<{ couponCode: string; couponDiscount: number }> {
    const now = new Date();
    const lines = mergeLines(items);
    const guesser = { userId: viewer?.id ?? null, deviceId: client.deviceId, address: clientAddressKey(client.ip) };
    const [stored, coupon, live] = await Promise.all([
      this.products(lines),
      this.coupons.find(code, guesser),
      viewer ? repo.liveOrdersOf(this.db, viewer.id) : [{ n: 0 }],
    ]);
    const priced = priceLines(lines, stored, now);
    const { discount } = await this.coupons.discount(
      coupon,
      couponLines(priced),
      viewer?.id ?? null,
      live[0]!.n > 0,
      now,
    );
    return { couponCode: coupon.code, couponDiscount: discount };
  }

  private products(lines: readonly Line[]) {
    return stock.forOrder(this.db, [...new Set(lines.map((l) => l.productId))]);
  }

  /** Its owner and admins see an order; anyone else is told it does not exist. */
  async get(viewer: SessionUser, id: string): Promise<OrderResponse> {
    const row = await repo.findOrder(this.db, id);
    if (!row || (row.userId !== viewer.id && !viewer.isAdmin)) throw new AppError('NOT_FOUND', 'Order not found');
    return (await this.withItems(this.db, [row], viewer))[0]!;
  }

  /**
   * A paid order's tax invoice as a PDF: its owner or an admin. Unpaid orders have none yet; an
   * order paid before invoices were issued has none, and its shopper is told so and how to get one.
   */
  async invoicePdf(viewer: SessionUser, id: string): Promise<{ number: string; pdf: Buffer }> {
    const row = await repo.findOrder(this.db, id);
    if (!row || (row.userId !== viewer.id && !viewer.isAdmin)) throw new AppError('NOT_FOUND', 'Order not found');
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
  async creditNotePdf(viewer: SessionUser, id: string): Promise<{ number: string; pdf: Buffer }> {
    const row = await repo.findOrder(this.db, id);
    if (!row || (row.userId !== viewer.id && !viewer.isAdmin)) throw new AppError('NOT_FOUND', 'Order not found');
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
   * An admin moves a paid order forward towards delivery: the move, its line in the timeline
   * (who and when) and the shopper's email are one transaction, and of admins racing to make the
   * same move exactly one makes it.
   */
  async moveTo(admin: SessionUser, id: string, step: DeliveryStep): Promise<OrderResponse> {
    const now = new Date();
    const moved = await this.db.transaction(async (tx) => {
      const row = await repo.setDeliveryStep(tx, id, step, now);
      if (!row) return null;
      // The move set this step's time alone, so the order without it is the order as it was.
      await recordAudit(tx, {
        actor: admin,
        action: 'order.status',
        entityId: id,
        label: orderNumberLabel(row.number),
        before: { stage: orderStage({ ...row, [STEP_TIME[step]]: null }) },
        after: { stage: orderStage(row) },
      });
      const items = await repo.itemsOf(tx, [id]);
      await recordOrderEvent(tx, id, {
        kind: step,
        at: now,
        actor: { id: admin.id, name: admin.name } satisfies Actor,
        mail: { kind: STEP_MAIL[step], order: row, items, site: this.site },
      });
      return row;
    });
    if (moved) return (await this.withItems(this.db, [moved], admin))[0]!;
    const row = await repo.findOrder(this.db, id);
    if (!row) throw new AppError('NOT_FOUND', 'Order not found');
    throw new AppError('CONFLICT', deliveryStepProblem(row, step) ?? 'This order changed meanwhile; reload it');
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
      await giveBackHolds(tx, cancelled, items);
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
          cancellation: { reason, refundAmount: payment.amount! },
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
  await recordOrderEvent(tx, id, { kind: 'expired', at: now });
  await giveBackHolds(tx, row, await repo.itemsOf(tx, [id]));
  return true;
}

/**
 * Gives back what an order held (its stock, its slot's place, its coupon's use) in the transaction
 * whose status change ends it, expired or cancelled, which happens once.
 */
async function giveBackHolds(tx: Tx, row: OrderRow, items: readonly OrderItemRow[]): Promise<void> {
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
  await releaseCoupon(tx, row.id);
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
