import { z } from 'zod';
import {
  billingAddressProblem,
  BUYER_NAME_MAX,
  BUYER_NAME_REQUIRED,
  CANCEL_REASON_MAX,
  CANCEL_REASON_MIN,
  DELIVERY_STEPS,
  gstinProblem,
  LANDMARK_MAX,
  normaliseBillingAddress,
  normaliseGstin,
  OPTION_KINDS,
  ORDER_STAGES,
  PINCODE_FORMAT_MESSAGE,
} from '@store/domain';
import { addressResponseSchema } from './address.js';
import { couponCodeSchema, orderItemsSchema } from './cart.js';
import { emailSchema, idSchema, mobileSchema, safeText } from './common.js';
import { deliveryChoiceSchema, giftMessageSchema, orderDeliverySchema } from './delivery.js';

const requiredText = (label: string, max = 100) =>
  safeText({ message: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

export const shippingAddressSchema = z.object({
  firstName: requiredText('First name', 60),
  lastName: requiredText('Last name', 60),
  /** 'House or flat' on the form (the spec's address line 1): flat, house number, building; optional. */
  address: safeText().trim().max(200, 'House or flat must be at most 200 characters').default(''),
  /** 'Street or area' on the form (the spec's address line 2): street, area or locality; required. */
  address2: requiredText('Street or area', 200),
  /** A place near it that whoever delivers can ask for ('Opposite St. Teresa's College'); optional. */
  landmark: safeText().trim().max(LANDMARK_MAX, `Landmark must be at most ${LANDMARK_MAX} characters`).default(''),
  city: requiredText('City', 80),
  state: requiredText('State', 80),
  postalCode: z
    .string({ message: 'Pin code is required' })
    .trim()
    .regex(/^\d{6}$/, PINCODE_FORMAT_MESSAGE),
  phone: mobileSchema(),
});

/**
 * The buyer's own email and mobile, apart from the recipient's (issue 35): the gateway, receipts and
 * texts reach the buyer on these. A signed-in buyer's default to the account's email and saved mobile.
 */
export const orderContactSchema = z.object({
  /** A guest's name, for the order's emails; an account's is its own. */
  name: safeText({ message: 'Your name must be text' })
    .trim()
    .max(100, 'Your name must be at most 100 characters')
    .optional(),
  email: emailSchema.optional(),
  phone: mobileSchema('Your mobile number is required').optional(),
});
export type ShippingAddressInput = z.infer<typeof shippingAddressSchema>;

/**
 * The spec's order payload. Only what was chosen is read (product, variant, options, quantity): the names,
 * prices and totals a client sends are ignored and computed again from the database.
 */
export const createOrderSchema = z
  .object({
    orderItems: orderItemsSchema,
    /** The recipient's address: the name and phone are whom the courier calls. */
    shippingAddress: shippingAddressSchema,
    contact: orderContactSchema.optional(),
    delivery: deliveryChoiceSchema,
    giftMessage: giftMessageSchema.optional(),
    couponCode: couponCodeSchema.optional(),
    /** A business buyer's GSTIN, printed on the tax invoice so it can claim the GST back. */
    buyerGstin: z
      .string({ message: 'GSTIN must be text' })
      .transform((v, ctx) => {
        const gstin = normaliseGstin(v);
        if (gstin === '') return undefined;
        const problem = gstinProblem(gstin);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
        return gstin;
      })
      .optional(),
    /** With a GSTIN: the business's legal name as on its GST registration (rule 46(d)). */
    buyerName: safeText({ message: 'Registered business name must be text' })
      .trim()
      .max(BUYER_NAME_MAX, `Registered business name must be at most ${BUYER_NAME_MAX} characters`)
      .optional(),
    /** With a GSTIN: its registered address, lines separated by newlines, with the PIN code. */
    buyerAddress: safeText({ message: 'Billing address must be text' }).transform(normaliseBillingAddress).optional(),
    paymentMethod: z.literal('Razorpay', { message: "paymentMethod must be 'Razorpay'" }),
    itemsPrice: z.unknown().optional(),
    shippingPrice: z.unknown().optional(),
    taxPrice: z.unknown().optional(),
    totalPrice: z.unknown().optional(),
  })
  // A registered buyer's invoice names the business and the address it is registered at; either
  // without a GSTIN would print a business on what is a consumer's invoice.
  .superRefine((order, ctx) => {
    if (!order.buyerGstin) {
      if (order.buyerName || order.buyerAddress) {
        const message = 'A business name and billing address go on the invoice only with a GSTIN';
        ctx.addIssue({ code: 'custom', path: ['buyerGstin'], message });
      }
      return;
    }
    if (!order.buyerName) ctx.addIssue({ code: 'custom', path: ['buyerName'], message: BUYER_NAME_REQUIRED });
    const problem = billingAddressProblem(order.buyerAddress ?? '');
    if (problem) ctx.addIssue({ code: 'custom', path: ['buyerAddress'], message: problem });
  });
export type CreateOrderInput = z.infer<typeof createOrderSchema>;

export const idempotencyKeyHeaderSchema = z.object({
  'idempotency-key': z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,100}$/, 'Idempotency-Key must be 8 to 100 letters, digits, - or _')
    .optional(),
});

const orderItemResponseSchema = z.object({
  _id: z.string().describe('The product id (null-safe: the product may since have been deleted)'),
  product: z.string().nullable(),
  variant: z.object({ _id: z.string().nullable(), name: z.string() }).nullable(),
  name: z.string(),
  qty: z.number(),
  price: z.number().describe('Unit price in rupees before discount'),
  discountPrice: z.number().describe('Unit discount price in rupees when ordered; 0 for none'),
  options: z
    .array(
      z.object({
        _id: z.string(),
        name: z.string(),
        kind: z.enum(OPTION_KINDS),
        value: z.string().nullable().describe('The text of a text option; null for a choice'),
        price: z.number().describe('Rupees per unit'),
      }),
    )
    .describe('The personalisations chosen, as they were sold'),
  optionsPrice: z
    .number()
    .describe('Rupees the options add to each unit: a unit costs (discountPrice or price) + optionsPrice'),
  image: z.string(),
  optimizedImages: z.object({ thumbnail: z.string(), detail: z.string() }),
  vendor: z.array(z.string()),
  hsnCode: z.string(),
  gstRate: z.number().describe('GST % included in the price'),
  couponDiscount: z.number().describe("Rupees: the coupon's share of this line"),
  taxPrice: z.number().describe('Rupees of GST included in the line, after the coupon'),
});

/**
 * Where the refund of a cancelled order's payment is: being made ('refunding'), made
 * ('refunded'), or not made by the gateway and waiting for an admin to try again ('refund_due').
 */
export const CANCELLATION_REFUND_STATUSES = ['refunding', 'refunded', 'refund_due'] as const;
export type CancellationRefundStatus = (typeof CANCELLATION_REFUND_STATUSES)[number];

export const orderCancellationSchema = z.object({
  at: z.iso.datetime(),
  reason: z.string(),
  by: z.string().nullable().optional().describe('Admins only: the admin who cancelled it'),
  refund: z.object({
    /** Rupees: the whole payment. */
    amount: z.number(),
    status: z.enum(CANCELLATION_REFUND_STATUSES),
    refundId: z.string().nullable().describe("The gateway's refund (rfnd_…), once refunded"),
    refundedAt: z.iso.datetime().nullable(),
    paymentId: z.string().optional().describe('Admins only: the payment refunded'),
    error: z
      .string()
      .nullable()
      .optional()
      .describe('Admins only: why the gateway did not refund it, while it is due again'),
  }),
});
export type OrderCancellation = z.infer<typeof orderCancellationSchema>;

export const orderResponseSchema = z.object({
  _id: z.string(),
  /** The order's place in the order of placing; `_id` stays its identity in the API and links. */
  number: z.number().int(),
  orderNumber: z.string().describe("The number as shoppers quote it: 'PW-000123'"),
  user: z.object({ _id: z.string().nullable(), name: z.string(), email: z.string() }),
  orderUrl: z
    .string()
    .optional()
    .describe("A guest's order only: the path of its page with the token that opens it and its payment"),
  contact: z
    .object({ email: z.string(), phone: z.string().nullable() })
    .describe("The buyer's own email and mobile, whom payment and receipts reach; null phone on older orders"),
  orderItems: z.array(orderItemResponseSchema),
  shippingAddress: addressResponseSchema,
  paymentMethod: z.string(),
  itemsPrice: z.number(),
  shippingPrice: z.number(),
  taxPrice: z.number().describe('Rupees of GST included in the total (prices are tax-inclusive)'),
  totalPrice: z.number(),
  status: z.enum(['awaiting_payment', 'paid', 'expired', 'cancelled']),
  /** Until when an unpaid order can be paid; after that its stock goes back. */
  payBy: z.iso.datetime(),
  isPaid: z.boolean(),
  paidAt: z.iso.datetime().nullable(),
  isDelivered: z.boolean(),
  deliveredAt: z.iso.datetime().nullable(),
  /** Where the order is as a shopper follows it: its payment, then its furthest delivery step. */
  stage: z.enum(ORDER_STAGES),
  /** What happened to the order, oldest first. */
  timeline: z.array(
    z.object({
      status: z.enum([
        'placed',
        'paid',
        'payment_failed',
        'expired',
        'accepted',
        ...DELIVERY_STEPS,
        'late',
        'cancelled',
        'refunded',
      ]),
      at: z.iso.datetime(),
      by: z.string().nullable().optional().describe('Admins only: the admin who made the move (null: not an admin)'),
    }),
  ),
  createdAt: z.iso.datetime(),
  /**
   * Who makes and hands over the gift and the proof they sent (issue 36); `late` when it missed
   * its slot, with how the buyer was made good.
   */
  fulfilment: z.object({
    partner: z.object({ name: z.string() }).nullable(),
    acceptedAt: z.iso.datetime().nullable(),
    outForDeliveryAt: z.iso.datetime().nullable(),
    deliveredAt: z.iso.datetime().nullable(),
    photo: z.string().nullable().describe('The photo taken at the door (/uploads/…)'),
    receivedBy: z.string().nullable(),
    late: z.boolean(),
    compensation: z
      .object({
        kind: z.enum(['refund', 'coupon']),
        amount: z.number().describe('Rupees'),
        couponCode: z.string().optional().describe('The one-use code, for the buyer'),
      })
      .nullable(),
  }),
  razorpayOrder: z.object({ id: z.string(), amount: z.number().describe('In paise') }),
  /** Null only on orders placed before delivery slots existed. */
  delivery: orderDeliverySchema.nullable(),
  giftMessage: giftMessageSchema.nullable(),
  couponCode: z.string().nullable(),
  couponDiscount: z
    .number()
    .describe('Rupees taken off by the coupon; totalPrice = itemsPrice + shippingPrice − couponDiscount'),
  buyerGstin: z.string().nullable(),
  /** The registered buyer's legal name and billing address (lines by newline), given with the GSTIN. */
  buyerName: z.string().nullable(),
  buyerAddress: z.string().nullable(),
  /** Issued when the order is paid; the PDF is at /api/orders/:id/invoice. */
  invoice: z.object({ number: z.string(), issuedAt: z.iso.datetime() }).nullable(),
  /** A paid order an admin cancelled: why, when, and where the refund of its payment is. */
  cancellation: orderCancellationSchema.nullable(),
  /**
   * Issued with the cancellation of an invoiced order, crediting the whole invoice (CGST Act
   * s.34); the PDF is at /api/orders/:id/credit-note.
   */
  creditNote: z.object({ number: z.string(), issuedAt: z.iso.datetime(), invoiceNumber: z.string() }).nullable(),
});
export type OrderResponse = z.infer<typeof orderResponseSchema>;

/** Checkout's answer after the shopper pays: the three values Razorpay hands the page. */
export const verifyPaymentSchema = z.object({
  razorpayOrderId: z.string().max(100).optional(),
  razorpayPaymentId: z
    .string({ message: 'razorpayPaymentId is required' })
    .regex(/^pay_[A-Za-z0-9]{1,40}$/, 'razorpayPaymentId is not a Razorpay payment id'),
  razorpaySignature: z
    .string({ message: 'razorpaySignature is required' })
    .regex(/^[0-9a-f]{64}$/i, 'razorpaySignature must be 64 hex characters'),
  user: z.unknown().optional(),
  orderId: z.unknown().optional(),
});
export type VerifyPaymentInput = z.infer<typeof verifyPaymentSchema>;

/** The spec's older pay call carries the same proof inside `details`. */
export const payOrderSchema = z.object({ details: verifyPaymentSchema });

export const orderIdParamsSchema = z.object({ id: idSchema });

/** A guest's order is reached by the token of its link (issue 35); an account's by its session. */
export const orderAccessQuerySchema = z.object({
  token: z.string().max(100).optional().describe("A guest order's link token, from `orderUrl` or its emails"),
});

/** Kept for a refund, being refunded (the gateway has been asked), or refunded. */
export const PAYMENT_REFUND_STATUSES = ['refund_due', 'refunding', 'refunded'] as const;
export type PaymentRefundStatus = (typeof PAYMENT_REFUND_STATUSES)[number];

/**
 * Money that arrived but could not pay its order (expired, already paid, wrong amount), and what
 * became of it: an admin refunds it to the customer through the payment gateway.
 */
export const paymentRefundSchema = z.object({
  paymentId: z.string(),
  orderId: z.string().nullable(),
  razorpayOrderId: z.string(),
  amount: z.number().nullable().describe('Rupees'),
  reason: z.string(),
  createdAt: z.iso.datetime(),
  status: z.enum(PAYMENT_REFUND_STATUSES),
  /** When the refund now under way was asked of the gateway. */
  refundRequestedAt: z.iso.datetime().nullable(),
  refundId: z.string().nullable().describe("The gateway's refund (rfnd_…), once refunded"),
  refundedAt: z.iso.datetime().nullable(),
  refundError: z
    .string()
    .nullable()
    .describe('Why the last refund attempt did not refund, while the payment is due again'),
});
export type PaymentRefund = z.infer<typeof paymentRefundSchema>;

export const paymentIdParamsSchema = z.object({
  paymentId: z.string().regex(/^pay_[A-Za-z0-9]{1,40}$/, 'Not a Razorpay payment id'),
});

/** An admin's cancellation of a paid order: the reason is the shopper's to read. */
export const cancelOrderSchema = z.object({
  reason: safeText({ message: 'Reason is required' })
    .trim()
    .min(CANCEL_REASON_MIN, `Reason must be at least ${CANCEL_REASON_MIN} characters`)
    .max(CANCEL_REASON_MAX, `Reason must be at most ${CANCEL_REASON_MAX} characters`),
});
export type CancelOrderInput = z.infer<typeof cancelOrderSchema>;

/** An admin's move of a paid order towards delivery. */
export const deliveryStepSchema = z.object({
  status: z.enum(DELIVERY_STEPS, { message: `status must be one of ${DELIVERY_STEPS.join(', ')}` }),
});
