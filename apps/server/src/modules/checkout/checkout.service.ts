import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  gstStateOf,
  lateAfter,
  quoteOrder,
  unitPrice,
  type CouponUsage,
  type OrderQuote,
  type QuoteFailure,
} from '@store/domain';
import type { CreateOrderInput, OrderResponse } from '@store/contracts';
import type { Config, OrderLimits } from '../../config.js';
import type { Db, Transact } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { Pipeline, type Answer } from '../../db/pipeline.js';
import { AppError } from '../../lib/app-error.js';
import type { SessionUser } from '../../lib/auth.js';
import { clientAddressKey } from '../../lib/client-address.js';
import type { PaymentProvider } from '../payments/provider.js';
import { PincodesService } from '../pincodes/pincodes.service.js';
import { DeliveryService, releasePlace, type Booking, type Clock } from '../delivery/delivery.service.js';
import { StockService } from '../products/stock.service.js';
import { lockAccount, rememberAddress, rememberMobile } from '../users/users.service.js';
import { CouponsService, couponRefused, releaseCoupon, rulesOf, type CouponRow } from '../coupons/coupons.service.js';
import {
  checkOrderSize,
  lockPlacer,
  orderCountersOf,
  orderPlacing,
  ordersServiceFor,
  unpaidLimits,
  type OrderCounters,
  type OrderHolds,
  type OrderItemValues,
  type OrderOwner,
  type OrderValues,
  type OrdersService,
  type Placer,
} from '../orders/orders.service.js';
import { mailSiteOf, type MailSite } from '../outbox/outbox.service.js';
import { mergeLines, readLines, requestHash, settled, type Line, type ReadLine } from './checkout.read.js';

const stock = new StockService();

export const SIGN_IN_FOR_COUPON = 'Sign in to use this coupon: it counts uses per customer.';

/** Who buys: whose order it is, the name its emails greet, and the contact they reach. */
interface Buyer {
  owner: OrderOwner;
  name: string;
  email: string;
  phone: string | null;
}

/**
 * A signed-in buyer's contact defaults to the account's email and saved mobile; a guest must give
 * both, since the order's link and updates reach them by nothing else (issue 35).
 */
function buyerOf(user: SessionUser | null, input: CreateOrderInput): Buyer {
  const { contact } = input;
  if (user) {
    return {
      owner: { userId: user.id },
      name: user.name,
      email: contact?.email ?? user.email,
      phone: contact?.phone ?? user.phone,
    };
  }
  const missing = [
    ...(contact?.email ? [] : [{ field: 'contact.email', message: 'Your email is required' }]),
    ...(contact?.phone ? [] : [{ field: 'contact.phone', message: 'Your mobile number is required' }]),
  ];
  if (!contact?.email || !contact.phone) throw new AppError('VALIDATION', missing[0]!.message, missing);
  return {
    owner: { guestEmail: contact.email.toLowerCase() },
    name: contact.name || 'Guest',
    email: contact.email,
    phone: contact.phone,
  };
}

/** What the read phase found: everything the quote and the commit need, nothing read again. */
interface Read {
  lines: ReadLine[];
  supplyState: string;
  booking: Booking;
  coupon: { row: CouponRow; usage: CouponUsage } | null;
}

/** What `read` sent beside the checks, settled: the PIN code, the products, the coupon, the slot. */
type Reads = Awaited<ReturnType<CheckoutService['read']>> extends [unknown, ...infer R] ? R : never;

/** The first failure the quote found, as the shopper is told it: the stock, then the coupon. */
function raise(failures: readonly QuoteFailure[], lines: readonly ReadLine[]): void {
  const failure = failures[0];
  if (failure?.kind === 'out_of_stock') throw stock.shortOf(lines[failure.line]!.name, failure.left);
  if (failure?.kind === 'coupon') throw couponRefused(failure.reason, failure.message);
}

const couponLines = (lines: readonly ReadLine[]) =>
  lines.map((p) => ({ category: p.category, amount: unitPrice(p) * p.qty }));

/** Gives back what an order held, when it expires unpaid or is cancelled: the holds the commit took. */
export const giveBackHolds: OrderHolds = async (tx, row, items) => {
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
};

export interface CheckoutOptions {
  orders: OrdersService;
  coupons: CouponsService;
  payments: PaymentProvider;
  payWithinMs: number;
  limits: OrderLimits;
  /** The seller: its state decides CGST + SGST or IGST. */
  store: Config['store'];
  site: MailSite;
  /** Decides delivery dates and cut-offs; payment deadlines run on real time. */
  clock?: Clock;
  /** How an order's transaction is run: the database's `transact` (ADR 056). */
  transact: Transact;
  counters: OrderCounters;
}

/** Checkout as the API runs it: the app's gateway, caps, seller, clock and coupon guessing limits. */
export function checkoutServiceFor(app: FastifyInstance): CheckoutService {
  return new CheckoutService(app.database.db, {
    orders: ordersServiceFor(app),
    coupons: new CouponsService(app.database.db, {
      limiter: app.rateLimiter,
      perShopper: app.config.rateLimits.couponPerShopper,
      perAddress: app.config.rateLimits.couponPerAddress,
    }),
    payments: app.paymentProvider,
    payWithinMs: app.config.payments.payWithinMs,
    limits: app.config.orderLimits,
    store: app.config.store,
    site: mailSiteOf(app.config.publicUrl),
    clock: app.clock,
    transact: app.database.transact,
    counters: orderCountersOf(app.metrics),
  });
}

/**
 * Placing an order in three phases (ADR 070): read (one pipeline of checks beside the reads of
 * the products, the slot, the coupon and the address), quote (the domain's pure `quoteOrder`),
 * commit (one transaction that takes the stock, the slot's place and the coupon's use, and writes
 * the order). Each failure is raised where it is found.
 */
export class CheckoutService {
  private readonly pincodes: PincodesService;
  private readonly delivery: DeliveryService;

  constructor(
    private readonly db: Db,
    private readonly options: CheckoutOptions,
  ) {
    this.pincodes = new PincodesService(db);
    this.delivery = new DeliveryService(db, options.clock ?? (() => new Date()));
  }

  /**
   * Places an order from product ids, variants and quantities only: every price and total comes
   * from the database and `@store/domain`. Stock is taken in the same transaction as the order is
   * written, by conditional updates, so concurrent orders can never take more than there is; the
   * caps on unpaid orders (ADR 017) are counted in that transaction too, behind locks on the
   * account and the address, so concurrent orders can never get past them either. The work is
   * batched (ADR 027): the reads go out at once, and in the transaction the locks and counts are
   * one pipeline and the writes another.
   */
  async place(
    user: SessionUser | null,
    input: CreateOrderInput,
    idempotencyKey: string | undefined,
    clientIp: string,
  ): Promise<{ order: OrderResponse; replayed: boolean }> {
    const { orders, limits, store, payments } = this.options;
    const buyer = buyerOf(user, input);
    const lines = mergeLines(input.orderItems);
    const hash = requestHash(lines, input);
    const units = lines.reduce((n, l) => n + l.qty, 0);
    const placer: Placer = { owner: buyer.owner, address: clientAddressKey(clientIp) };
    const now = new Date();

    // Read. Unlocked, so the caps are not the last word, but most refused placements never reach the gateway.
    const checks = new Pipeline();
    const earlier = idempotencyKey ? orderPlacing.byKey(checks, this.db, buyer.owner, idempotencyKey) : null;
    const unpaid = unpaidLimits(checks, this.db, limits, placer, units, now);
    const hasOrders = input.couponCode && user ? orderPlacing.hasLiveOrders(checks, this.db, user.id) : null;
    const [checked, ...reads] = await this.read(checks, lines, input, placer);
    settled(checked);
    const [existing] = earlier?.() ?? [];
    if (existing) return { order: await orders.replay(existing, hash), replayed: true };
    checkOrderSize(limits, units);
    const read = await this.readOn(reads, lines, input, user, hasOrders, now);

    // Quote.
    const quote = quoteOrder({
      lines: read.lines,
      slotFee: read.booking.slot.fee,
      coupon: read.coupon && { rules: rulesOf(read.coupon.row), usage: read.coupon.usage },
      states: { store: store.stateCode, delivery: read.supplyState },
      now,
    });
    raise(quote.failures, read.lines);
    try {
      unpaid();
    } catch (err) {
      if (!(err instanceof AppError && err.code === 'RATE_LIMITED') || !idempotencyKey) throw err;
      // A retry whose first attempt has just been placed is that order, not one order too many.
      const placedMeanwhile = await orders.findByKey(buyer.owner, idempotencyKey);
      if (placedMeanwhile) return { order: await orders.replay(placedMeanwhile, hash), replayed: true };
      throw err;
    }
    const orderId = randomUUID();
    let gatewayOrder;
    try {
      gatewayOrder = await payments.createOrder({ amount: quote.totalPrice, receipt: orderId });
    } catch {
      throw new AppError('UNAVAILABLE', 'Payments are unavailable right now. Please try again in a moment.');
    }
    const { order, items } = this.rows(orderId, buyer, input, read, quote, now, {
      razorpayOrderId: gatewayOrder.id,
      razorpayAmount: gatewayOrder.amount,
      idempotencyKey: idempotencyKey ?? null,
      requestHash: hash,
      placedFrom: placer.address,
    });

    // Commit.
    try {
      const newMobile = user && buyer.phone !== user.phone ? buyer.phone : null;
      const placed = await this.commit(user, buyer.owner, input, placer, units, read, order, items, now, newMobile);
      if (!placed.items) return { order: await orders.replay(placed.order, hash), replayed: true };
      this.options.counters.placed.inc();
      return { order: orderPlacing.placed(placed.order, placed.items, now), replayed: false };
    } catch (err) {
      // The same key sent twice at once: the other request's order stands, and is the answer.
      if (idempotencyKey && isUniqueViolation(err)) {
        const first = await orders.findByKey(buyer.owner, idempotencyKey);
        if (first) return { order: await orders.replay(first, hash), replayed: true };
      }
      throw err;
    }
  }

  /** The checks' pipeline and the reads beside it, all sent at once; their failures are raised after. */
  private read(checks: Pipeline, lines: readonly Line[], input: CreateOrderInput, placer: Placer) {
    return Promise.allSettled([
      checks.flush(),
      this.pincodes.checkAddress(input.shippingAddress, 'shippingAddress.'),
      this.products(lines),
      input.couponCode
        ? this.options.coupons.find(input.couponCode, {
            userId: 'userId' in placer.owner ? placer.owner.userId : null,
            address: placer.address,
          })
        : null,
      this.delivery.readSlots(input.shippingAddress.postalCode, input.delivery),
    ]);
  }

  /**
   * What the reads found, refused in the order a shopper would fix it: the address, the items, the
   * coupon's code, the slot. The slot's check and the coupon's usage so far are the last reads.
   */
  private async readOn(
    [looked, stored, found, slots]: Reads,
    lines: readonly Line[],
    input: CreateOrderInput,
    user: SessionUser | null,
    hasOrders: Answer<boolean> | null,
    now: Date,
  ): Promise<Read> {
    const place = settled(looked);
    if (!place.deliveryAvailable) throw new AppError('VALIDATION', 'Delivery not available in this area yet');
    const supply = gstStateOf(place.state) ?? gstStateOf(input.shippingAddress.state);
    if (!supply) throw new AppError('VALIDATION', `We cannot tell which state PIN code ${place.pincode} is in`);
    const read = readLines(lines, settled(stored), now);
    const area = settled(slots);
    this.delivery.checkReach(
      area,
      place.pincode,
      read.map((l, i) => ({ field: `orderItems.${lines[i]!.index}._id`, product: l.product })),
    );
    const row = settled(found);
    // A guest's uses of a coupon cannot be told apart from the next guest's: a coupon limited per
    // customer (or to a first order) is for accounts, and a guest is asked to sign in for it.
    if (row && !user && (row.firstOrderOnly || row.usesPerCustomer !== null)) {
      throw new AppError('VALIDATION', SIGN_IN_FOR_COUPON, [{ field: 'couponCode', message: SIGN_IN_FOR_COUPON }]);
    }
    const [booking, usage] = await Promise.all([
      this.delivery.bookable(
        area,
        input.delivery,
        read.map((p) => p.product),
      ),
      row ? this.options.coupons.usage(row, user?.id ?? null, hasOrders?.() ?? false) : null,
    ]);
    return { lines: read, supplyState: supply.code, booking, coupon: row && { row, usage: usage! } };
  }

  /** The order's rows, from what was read and quoted and the gateway's order. */
  private rows(
    id: string,
    buyer: Buyer,
    input: CreateOrderInput,
    { lines, booking, coupon, supplyState }: Read,
    quote: OrderQuote,
    now: Date,
    placement: Pick<
      OrderValues,
      'razorpayOrderId' | 'razorpayAmount' | 'idempotencyKey' | 'requestHash' | 'placedFrom'
    >,
  ): { order: OrderValues; items: OrderItemValues[] } {
    const order = {
      id,
      userId: 'userId' in buyer.owner ? buyer.owner.userId : null,
      userName: buyer.name,
      userEmail: buyer.email,
      contactEmail: buyer.email,
      contactPhone: buyer.phone,
      // A guest's way back to the order is the link its answer and emails carry.
      guestToken: 'userId' in buyer.owner ? null : randomBytes(24).toString('base64url'),
      shippingAddress: input.shippingAddress,
      paymentMethod: input.paymentMethod,
      itemsPrice: quote.itemsPrice,
      shippingPrice: quote.shippingPrice,
      taxPrice: quote.tax.tax,
      totalPrice: quote.totalPrice,
      payBy: new Date(now.getTime() + this.options.payWithinMs),
      ...placement,
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
      lateAfter: lateAfter(booking.date, booking.slot),
      giftMessage: input.giftMessage ?? null,
      couponCode: coupon?.row.code ?? null,
      couponDiscount: quote.couponDiscount,
      buyerGstin: input.buyerGstin ?? null,
      buyerName: input.buyerName ?? null,
      buyerAddress: input.buyerAddress ?? null,
      supplyStateCode: supplyState,
      intraState: quote.intraState,
      shippingGstRate: quote.tax.shipping.rate,
      shippingTaxable: quote.tax.shipping.taxable,
      shippingCgst: quote.tax.shipping.cgst,
      shippingSgst: quote.tax.shipping.sgst,
      shippingIgst: quote.tax.shipping.igst,
    } satisfies OrderValues;
    const items = lines.map((p, position) => ({
      orderId: id,
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
      couponDiscount: quote.tax.lines[position]!.discount,
      taxable: quote.tax.lines[position]!.taxable,
      cgst: quote.tax.lines[position]!.cgst,
      sgst: quote.tax.lines[position]!.sgst,
      igst: quote.tax.lines[position]!.igst,
    }));
    return { order, items };
  }

  /**
   * One transaction: behind the locks on the account and the address, the caps and the coupon's
   * per-customer rules again and an earlier attempt with the same key; then the stock, the slot's
   * place and the coupon's use taken, and the order written. `items` is null when the earlier attempt is the answer.
   */
  private commit(
    user: SessionUser | null,
    owner: OrderOwner,
    input: CreateOrderInput,
    placer: Placer,
    units: number,
    { lines, booking, coupon }: Read,
    order: OrderValues,
    items: OrderItemValues[],
    now: Date,
    newMobile: string | null,
  ) {
    const { limits, coupons, site } = this.options;
    return this.options.transact(async (tx, locked) => {
      const signedIn = lockPlacer(locked, tx, limits, placer, lockAccount);
      // Behind the locks, an attempt with the same key that got there first is visible.
      const first = order.idempotencyKey ? orderPlacing.byKey(locked, tx, owner, order.idempotencyKey) : null;
      // A guest has no address book.
      const saveAddress = user ? rememberAddress(locked, tx, user.id, input.shippingAddress) : null;
      // Needed before the writes, whose email quotes it; this round trip is made anyway.
      const numbered = orderPlacing.takeNumber(locked, tx);
      const withinLimits = unpaidLimits(locked, tx, limits, placer, units);
      // A guest's coupon has no per-customer rules to apply again (see readOn).
      const couponStillApplies =
        coupon && user
          ? coupons.recheck(
              locked,
              tx,
              coupon.row,
              couponLines(lines),
              { userId: user.id, hasOrders: orderPlacing.hasLiveOrders(locked, tx, user.id) },
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
        lines.map((p) => ({ productId: p.product.id, variantId: p.variant?.id ?? null, qty: p.qty, name: p.name })),
      );
      const placeHeld = this.delivery.hold(writes, tx, booking);
      const written = orderPlacing.write(writes, tx, { ...order, number: numbered() }, items, { at: now, site });
      // After the order it names: the use's row references it.
      const couponHeld = coupon
        ? coupons.hold(writes, tx, { couponId: coupon.row.id, orderId: order.id, userId: user?.id ?? null })
        : null;
      saveAddress?.(writes, now);
      // The next checkout offers the mobile the buyer gave this time.
      if (user && newMobile) rememberMobile(writes, tx, user.id, newMobile);
      await writes.flush();
      await stockHeld();
      await placeHeld();
      couponHeld?.();
      return written();
    });
  }

  /**
   * `POST /api/coupons/validate`: what the coupon would take off this cart, quoted as the order
   * would be, with the same failures. A guest is treated as a new customer, and counted against
   * guessing by their device; placing the order checks again.
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
    const checks = new Pipeline();
    const hasOrders = viewer ? orderPlacing.hasLiveOrders(checks, this.db, viewer.id) : null;
    const [stored, row] = await Promise.all([
      this.products(lines),
      this.options.coupons.find(code, guesser),
      checks.flush(),
    ]);
    const read = readLines(lines, stored, now);
    const usage = await this.options.coupons.usage(row, viewer?.id ?? null, hasOrders?.() ?? false);
    const quote = quoteOrder({ lines: read, coupon: { rules: rulesOf(row), usage }, now });
    raise(quote.failures, read);
    return { couponCode: row.code, couponDiscount: quote.couponDiscount };
  }

  private products(lines: readonly Line[]) {
    return stock.forOrder(this.db, [...new Set(lines.map((l) => l.productId))]);
  }
}
