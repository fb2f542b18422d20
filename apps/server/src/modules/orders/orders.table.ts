import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { GiftMessage, ShippingAddressInput } from '@store/contracts';
import type { ChosenOption, LateCompensation, SlotType } from '@store/domain';
import { serviceAreas } from '../pincodes/pincodes.table.js';
import { productVariants, products, type OptimizedImages } from '../products/products.table.js';
import { users } from '../users/users.table.js';

/**
 * awaiting_payment → paid (a verified payment) or → expired (unpaid past its deadline; stock given
 * back); paid → cancelled (by an admin before it goes out for delivery; stock, slot and coupon
 * given back, the payment refunded). Delivery is a separate fact of a paid order, so it does not
 * multiply the states.
 */
export const ORDER_STATUSES = ['awaiting_payment', 'paid', 'expired', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The seller's details printed on an invoice, as they were when it was issued. */
export interface InvoiceSupplier {
  legalName: string;
  address: string;
  state: string;
  stateCode: string;
  gstin: string;
  demo: boolean;
}

/** The slot as it was booked, fee in paise: later changes to an area's slots never rewrite an order. */
export interface BookedSlot {
  type: SlotType;
  label: string;
  start: string;
  end: string;
  fee: number;
}

/**
 * The recipient as the order was placed, kept as JSON. Orders placed before the form asked for a
 * landmark (ADR 082) have none; they are read as ''.
 */
export type StoredShippingAddress = Omit<ShippingAddressInput, 'landmark'> & { landmark?: string };

/** Order numbers as shoppers quote them ('PW-000123'): short, unique, in the order they were placed. */
export const orderNumbers = pgSequence('order_numbers', { startWith: 1 });

/** Money columns hold integer paise, as computed by the server; the client's figures are never stored. */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The short number shown to people; the API keeps `_id` as the order's identity. */
    number: integer('number')
      .notNull()
      .default(sql`nextval('order_numbers')`),
    /** Null once the account is deleted; the order (an accounting record) stays, with the names below. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    userName: text('user_name').notNull(),
    userEmail: text('user_email').notNull(),
    shippingAddress: jsonb('shipping_address').$type<StoredShippingAddress>().notNull(),
    paymentMethod: text('payment_method').notNull(),
    itemsPrice: integer('items_price').notNull(),
    shippingPrice: integer('shipping_price').notNull(),
    taxPrice: integer('tax_price').notNull(),
    totalPrice: integer('total_price').notNull(),
    status: text('status').$type<OrderStatus>().notNull().default('awaiting_payment'),
    /** When an unpaid order gives its stock back and can no longer be paid. */
    payBy: timestamp('pay_by', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** The delivery's progress, moved forward only, by an admin (each move is an order event). */
    packedAt: timestamp('packed_at', { withTimezone: true }),
    outForDeliveryAt: timestamp('out_for_delivery_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    razorpayOrderId: text('razorpay_order_id').notNull(),
    /** What the payment gateway was asked to collect, in paise: always the total at placing. */
    razorpayAmount: integer('razorpay_amount').notNull(),
    /** The payment that paid the order. */
    paymentId: text('payment_id'),
    idempotencyKey: text('idempotency_key'),
    /** A hash of what was asked for under that key: the same key with another cart is refused. */
    requestHash: text('request_hash'),
    /**
     * The client address the order was placed from (an IPv6 client's /64 network), counted by the
     * per-address cap on unpaid orders. Never sent to any client. Null on orders placed before it.
     */
    placedFrom: text('placed_from'),
    /**
     * The delivery booked: a place in one slot of one service area on one IST date, held like
     * stock while the order is unpaid and given back if it expires. Null on orders placed before
     * delivery slots; the area is null once an admin deletes it (the booking stays readable).
     */
    deliveryAreaId: integer('delivery_area_id').references(() => serviceAreas.id, { onDelete: 'set null' }),
    deliveryDate: date('delivery_date', { mode: 'string' }),
    deliverySlotId: text('delivery_slot_id'),
    deliverySlot: jsonb('delivery_slot').$type<BookedSlot>(),
    giftMessage: jsonb('gift_message').$type<GiftMessage>(),
    /** The coupon as entered (normalised) and what it took off; the coupon row may change or go later. */
    couponCode: text('coupon_code'),
    couponDiscount: integer('coupon_discount').notNull().default(0),
    /**
     * Whom the order's payment, receipts and texts reach (issue 35): the buyer, who is often not
     * the recipient whose name and phone are in the shipping address. The email is the account's
     * unless another was given; the phone is null on orders placed before it was asked for.
     */
    contactEmail: text('contact_email').notNull(),
    contactPhone: text('contact_phone'),
    /**
     * A guest's order (no account): the random token of the link its emails and its answer carry,
     * the only way in to see and pay it (issue 35). Null on an account's order.
     */
    guestToken: text('guest_token'),
    /**
     * Who makes and hands it over (issue 36): the partner's name as it was when it accepted (the
     * offers table keeps which partner), and when; null while no partner has it.
     */
    partnerName: text('partner_name'),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    /** When no partner was left to offer it to and the admins were told, once. */
    unassignedAt: timestamp('unassigned_at', { withTimezone: true }),
    /** The proof of delivery: the uploaded photo's path and who took the gift. */
    deliveryPhoto: text('delivery_photo'),
    receivedBy: text('received_by'),
    /**
     * Delivered (or still not) after its slot's end and the grace: the buyer is made good once, and
     * `lateCompensation` says how (a refund of the slot fee, or a coupon).
     */
    late: boolean('late').notNull().default(false),
    /** The booked slot's end plus the grace (`lateAfter`), set when the order is placed. */
    lateAfter: timestamp('late_after', { withTimezone: true }),
    lateCompensation: jsonb('late_compensation').$type<LateCompensation & { couponCode?: string; refundId?: string }>(),
    /** The buyer's GSTIN when given at checkout (a business buying gifts claims the tax back). */
    buyerGstin: text('buyer_gstin'),
    /**
     * With the GSTIN since invoices print them (rule 46(d)): the business's name and address as on
     * its registration. Null without a GSTIN, and on orders from before they were asked for.
     */
    buyerName: text('buyer_name'),
    buyerAddress: text('buyer_address'),
    /** Place of supply: the GST state code of the delivery address's PIN code; null before GST. */
    supplyStateCode: text('supply_state_code'),
    /** Whether the place of supply is the store's own state: CGST + SGST, or IGST. */
    intraState: boolean('intra_state'),
    /** Delivery and slot fees, taxed at the rate of the order's highest-rated line. */
    shippingGstRate: smallint('shipping_gst_rate').notNull().default(0),
    shippingTaxable: integer('shipping_taxable').notNull().default(0),
    shippingCgst: integer('shipping_cgst').notNull().default(0),
    shippingSgst: integer('shipping_sgst').notNull().default(0),
    shippingIgst: integer('shipping_igst').notNull().default(0),
    /** Allocated in the payment's transaction, consecutive within a financial year (ADR 028). */
    invoiceNumber: text('invoice_number'),
    invoicedAt: timestamp('invoiced_at', { withTimezone: true }),
    /** The seller as the invoice was issued: later changes to the store's details never rewrite it. */
    invoiceSupplier: jsonb('invoice_supplier').$type<InvoiceSupplier>(),
    /** When an admin cancelled the paid order, and why, in words the shopper reads. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    /**
     * The credit note crediting the whole invoice of a cancelled order (CGST Act s.34), numbered in
     * the cancellation's transaction in a series of its own; the invoice stays as it was issued.
     */
    creditNoteNumber: text('credit_note_number'),
    creditNotedAt: timestamp('credit_noted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('orders_status', sql`${t.status} IN ('awaiting_payment', 'paid', 'expired', 'cancelled')`),
    check('orders_amounts', sql`${t.itemsPrice} >= 0 AND ${t.shippingPrice} >= 0 AND ${t.taxPrice} >= 0`),
    check(
      'orders_paid_has_payment',
      sql`${t.status} <> 'paid' OR (${t.paymentId} IS NOT NULL AND ${t.paidAt} IS NOT NULL)`,
    ),
    check('orders_delivered_only_when_paid', sql`${t.deliveredAt} IS NULL OR ${t.status} = 'paid'`),
    // A packed order may be cancelled (it keeps the time it was packed); one that left may not.
    check(
      'orders_progress_only_when_paid',
      sql`(${t.packedAt} IS NULL AND ${t.outForDeliveryAt} IS NULL) OR ${t.status} = 'paid' OR (${t.status} = 'cancelled' AND ${t.outForDeliveryAt} IS NULL)`,
    ),
    check(
      'orders_cancelled_was_paid',
      sql`${t.status} <> 'cancelled' OR (${t.paymentId} IS NOT NULL AND ${t.paidAt} IS NOT NULL AND ${t.cancelledAt} IS NOT NULL AND ${t.cancelReason} IS NOT NULL)`,
    ),
    index('orders_user_created').on(t.userId, t.createdAt.desc()),
    // Newest first (or oldest) with the number breaking ties: the admin list's default order and the
    // export's keyset. Plain ascending columns, so that a plain DESC reads it backwards; the number
    // names the order too, so a page's numbers come from the index alone however deep (ADR 050).
    // The delivery date and the stage's columns follow: filtered by them, newest first, a page is
    // still found in the index, where the planner, which cannot know that old orders are
    // delivered on old dates, would otherwise walk the table from the newest order.
    index('orders_created').on(
      t.createdAt,
      t.number,
      t.deliveryDate,
      t.status,
      t.packedAt,
      t.outForDeliveryAt,
      t.deliveredAt,
    ),
    // The sweep for orders still out when their slot and its grace have passed (issue 36).
    index('orders_late_watch')
      .on(t.lateAfter)
      .where(sql`${t.late} = false AND ${t.deliveredAt} IS NULL`),
    index('orders_awaiting_pay_by')
      .on(t.payBy)
      .where(sql`${t.status} = 'awaiting_payment'`),
    // What the caps on unpaid orders count (ADR 017), per account and per address.
    index('orders_awaiting_user')
      .on(t.userId, t.payBy)
      .where(sql`${t.status} = 'awaiting_payment'`),
    index('orders_awaiting_placed_from')
      .on(t.placedFrom, t.payBy)
      .where(sql`${t.status} = 'awaiting_payment'`),
    // The admin list's filters, sorts and searches (ADR 045, 050), each sort with the number. The
    // status and delivery steps (an order's stage) come last in the status and delivery date
    // indexes, so that a stage, within delivery dates or not, is counted from the index alone.
    index('orders_status_created').on(t.status, t.createdAt, t.number, t.packedAt, t.outForDeliveryAt, t.deliveredAt),
    index('orders_total').on(t.totalPrice, t.number),
    // Sorted by delivery date, undated orders come last both ways, which no one index gives read
    // in both directions: one per direction. The ascending one also finds the day's deliveries for
    // the florist's schedule, and with the slot last counts the dashboard's deliveries per slot
    // from the index alone (ADR 051).
    index('orders_delivery_date').on(
      t.deliveryDate,
      t.number,
      t.status,
      t.packedAt,
      t.outForDeliveryAt,
      t.deliveredAt,
      t.deliverySlotId,
    ),
    index('orders_delivery_date_desc').on(t.deliveryDate.desc(), sql`${t.number} DESC`),
    // A guest's orders are theirs by the contact email: retries and the caps on unpaid ones look them up.
    index('orders_guest_contact')
      .on(sql`lower(${t.contactEmail})`, t.createdAt)
      .where(sql`${t.userId} IS NULL`),
    index('orders_email_trgm').using('gin', sql`lower(${t.userEmail}) gin_trgm_ops`),
    index('orders_phone').on(sql`(${t.shippingAddress}->>'phone')`),
    // The dashboard's figures (ADR 048): paid orders by when they were paid, read from the index
    // alone for revenue and for the join to their lines.
    index('orders_paid')
      .on(t.paidAt, t.totalPrice, t.id)
      .where(sql`${t.status} = 'paid'`),
    uniqueIndex('orders_razorpay_order').on(t.razorpayOrderId),
    // One payment pays one order, once.
    uniqueIndex('orders_payment').on(t.paymentId),
    uniqueIndex('orders_user_idempotency_key').on(t.userId, t.idempotencyKey),
    uniqueIndex('orders_invoice_number').on(t.invoiceNumber),
    uniqueIndex('orders_credit_note_number').on(t.creditNoteNumber),
    uniqueIndex('orders_number').on(t.number),
    check('orders_coupon_discount', sql`${t.couponDiscount} >= 0`),
    check('orders_invoiced_when_paid', sql`${t.invoiceNumber} IS NULL OR ${t.status} IN ('paid', 'cancelled')`),
    check(
      'orders_credit_note_when_cancelled',
      sql`${t.creditNoteNumber} IS NULL OR (${t.status} = 'cancelled' AND ${t.invoiceNumber} IS NOT NULL AND ${t.creditNotedAt} IS NOT NULL)`,
    ),
  ],
);

/** A copy of what was bought at the price it was bought for; products may change or go later. */
export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    variantId: uuid('variant_id').references(() => productVariants.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    variantName: text('variant_name'),
    qty: integer('qty').notNull(),
    /** Unit price before discount, and the unit discount price in force when ordered (0 for none). */
    price: integer('price').notNull(),
    discountPrice: integer('discount_price').notNull(),
    /** The options chosen for each unit as they were sold (names, texts, prices), and their sum. */
    options: jsonb('options').$type<ChosenOption[]>().notNull().default([]),
    optionsPrice: integer('options_price').notNull().default(0),
    image: text('image').notNull(),
    optimizedImages: jsonb('optimized_images').$type<OptimizedImages>().notNull(),
    vendor: text('vendor')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The line's GST as charged: its HSN and rate, the coupon's share, and the tax in the amount. */
    hsnCode: text('hsn_code').notNull().default(''),
    gstRate: smallint('gst_rate').notNull().default(0),
    couponDiscount: integer('coupon_discount').notNull().default(0),
    taxable: integer('taxable').notNull().default(0),
    cgst: integer('cgst').notNull().default(0),
    sgst: integer('sgst').notNull().default(0),
    igst: integer('igst').notNull().default(0),
  },
  (t) => [
    uniqueIndex('order_items_order_position').on(t.orderId, t.position),
    index('order_items_product').on(t.productId),
    // What the dashboard's top products add up, per order, read from the index alone (ADR 048).
    index('order_items_figures').on(
      t.orderId,
      t.productId,
      t.qty,
      t.price,
      t.discountPrice,
      t.optionsPrice,
      t.couponDiscount,
    ),
    check('order_items_qty', sql`${t.qty} > 0`),
    check('order_items_options_price', sql`${t.optionsPrice} >= 0`),
  ],
);

export const ORDER_EVENT_KINDS = [
  'placed',
  'paid',
  'payment_failed',
  'expired',
  'accepted',
  'packed',
  'out_for_delivery',
  'delivered',
  'late',
  'cancelled',
  'refunded',
] as const;
export type OrderEventKind = (typeof ORDER_EVENT_KINDS)[number];

/**
 * What happened to an order and when, written in the transaction that made it happen: the
 * shopper's timeline and the record of who moved it (the admin's id and name as they were).
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<OrderEventKind>().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** Null when the shopper, the gateway or the store itself did it. */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name'),
  },
  (t) => [
    index('order_events_order_at').on(t.orderId, t.at),
    check('order_events_kind', sql.raw(`kind IN (${ORDER_EVENT_KINDS.map((k) => `'${k}'`).join(', ')})`)),
  ],
);

/*
 * The dashboard's figures for whole IST days (ADR 051), kept by triggers in the transaction of every
 * change to an order or its lines (migration 0024): the dashboard reads its periods' whole days
 * here and only the part of a day up to now from the orders. Nothing else writes them.
 */

/** Orders paid on each IST day, by when they were paid, that are still paid: their totals (paise) and how many. */
export const orderPaidDays = pgTable('order_paid_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  revenue: bigint('revenue', { mode: 'number' }).notNull(),
  orders: integer('orders').notNull(),
});

/**
 * The lines of those orders per product: units and amounts after the coupon (paise). A line whose
 * product is deleted counts under the nil uuid, which no product has, since a key cannot be null.
 */
export const orderPaidProducts = pgTable(
  'order_paid_products',
  {
    day: date('day', { mode: 'string' }).notNull(),
    productId: uuid('product_id').notNull(),
    units: integer('units').notNull(),
    revenue: bigint('revenue', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.productId] })],
);

/** Orders placed on each IST day, by where each is now (`orderStage`). */
export const orderPlacedStages = pgTable(
  'order_placed_stages',
  {
    day: date('day', { mode: 'string' }).notNull(),
    stage: text('stage').notNull(),
    orders: integer('orders').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.stage] })],
);
