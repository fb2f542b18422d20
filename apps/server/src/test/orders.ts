import type { FastifyInstance } from 'fastify';
import { addDays, istDate, istInstant } from '@store/domain';
import { checkoutSignature, hmacSha256Hex } from '../modules/payments/signatures.js';
import { razorpayStyleId } from '../modules/payments/provider.js';
import { orderItems } from '../modules/orders/orders.table.js';
import type { Db } from '../db/client.js';

export const DEMO_KEY_SECRET = 'demo_key_secret';
export const DEMO_WEBHOOK_SECRET = 'demo_webhook_secret';

export const ADDRESS = {
  firstName: 'Anjali',
  lastName: 'Menon',
  address: 'Flat 4B, Lotus Residency',
  address2: 'MG Road, Ernakulam',
  landmark: "Opposite St. Teresa's College",
  city: 'Kochi',
  state: 'Kerala',
  postalCode: '682011',
  phone: '98470 12345',
};

/**
 * Env for a test app whose tests are about something other than the caps on unpaid orders: one
 * shopper there places many unpaid orders, all from one address (ADR 017).
 */
export const UNCAPPED_ORDERS = {
  ORDER_MAX_UNPAID_PER_ACCOUNT: 'off',
  ORDER_MAX_UNITS_HELD_PER_ACCOUNT: 'off',
  ORDER_MAX_UNPAID_PER_ADDRESS: 'off',
} as const;

export interface Line {
  _id: string;
  qty: number;
  variant?: { _id: string };
  options?: { _id: string; value?: string }[];
}

/** Tomorrow's standard slot is open at any hour of today, so the default delivery never goes stale. */
export const TOMORROW_STANDARD = () => ({ date: addDays(istDate(new Date()), 1), slotId: 'standard' });

/** Noon IST on the day TOMORROW_STANDARD books, when every delivery step of its orders is open (ADR 085). */
export const ON_DELIVERY_DAY = () => istInstant(TOMORROW_STANDARD().date, 12 * 60);

/**
 * A test app's clock for orders moved towards delivery, whose steps wait for the booked day (ADR
 * 085): real time, so checkout offers tomorrow's slots as it would today; from noon on the booked
 * day while `onDeliveryDay` runs (however many at once), a second later at each reading so steps
 * keep their order in the timeline; or a time a test sets.
 */
export function deliveryDayClock() {
  let delivering = 0;
  let readings = 0;
  let fixed: Date | null = null;
  return {
    now: () => {
      if (fixed) return fixed;
      return delivering > 0 ? new Date(ON_DELIVERY_DAY().getTime() + ++readings * 1000) : new Date();
    },
    async onDeliveryDay<T>(fn: () => Promise<T>): Promise<T> {
      delivering += 1;
      try {
        return await fn();
      } finally {
        delivering -= 1;
      }
    },
    set(at: Date | null) {
      fixed = at;
    },
  };
}

export function orderBody(orderItems: Line[], extra: Record<string, unknown> = {}) {
  return { orderItems, shippingAddress: ADDRESS, delivery: TOMORROW_STANDARD(), paymentMethod: 'Razorpay', ...extra };
}

export function placeOrder(
  app: FastifyInstance,
  cookie: string,
  body: object,
  idempotencyKey?: string,
  from?: { remoteAddress?: string; headers?: Record<string, string> },
) {
  return app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { cookie, ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}), ...from?.headers },
    payload: body,
    ...(from?.remoteAddress ? { remoteAddress: from.remoteAddress } : {}),
  });
}

/** What Razorpay Checkout hands the page after a successful payment, signed as Razorpay signs it. */
export function checkoutProof(razorpayOrderId: string, paymentId = razorpayStyleId('pay'), secret = DEMO_KEY_SECRET) {
  return {
    razorpayOrderId,
    razorpayPaymentId: paymentId,
    razorpaySignature: checkoutSignature(secret, razorpayOrderId, paymentId),
  };
}

export function verify(app: FastifyInstance, cookie: string, orderId: string, proof: object) {
  return app.inject({ method: 'POST', url: `/api/orders/${orderId}/verify`, headers: { cookie }, payload: proof });
}

interface WebhookOptions {
  eventId?: string;
  secret?: string;
  tamper?: (body: string) => string;
}

function signedWebhook(
  app: FastifyInstance,
  event: string,
  payload: Record<string, { entity: Record<string, unknown> }>,
  { eventId = razorpayStyleId('evt'), secret = DEMO_WEBHOOK_SECRET, tamper }: WebhookOptions,
) {
  const body = JSON.stringify({ entity: 'event', event, contains: Object.keys(payload), payload });
  return app.inject({
    method: 'POST',
    url: '/api/payments/razorpay/webhook',
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': hmacSha256Hex(secret, body),
      'x-razorpay-event-id': eventId,
    },
    payload: tamper ? tamper(body) : body,
  });
}

/** A webhook delivery signed with the webhook secret, as Razorpay sends it. */
export function webhook(
  app: FastifyInstance,
  event: string,
  entity: { id: string; order_id: string; amount: number; [k: string]: unknown },
  options: WebhookOptions = {},
) {
  return signedWebhook(app, event, { payment: { entity } }, options);
}

/** `refund.processed` or `refund.failed`, signed as Razorpay signs it. */
export function refundWebhook(
  app: FastifyInstance,
  event: 'refund.processed' | 'refund.failed',
  entity: { id: string; payment_id: string; amount: number; receipt?: string | null; [k: string]: unknown },
  options: WebhookOptions = {},
) {
  const status = event === 'refund.processed' ? 'processed' : 'failed';
  return signedWebhook(app, event, { refund: { entity: { entity: 'refund', status, ...entity } } }, options);
}

/** An order line as the store keeps it (money in paise), for tests that write orders straight into the tables. */
export interface StoredLine {
  productId: string | null;
  variantId?: string;
  name?: string;
  qty: number;
  price: number;
  discountPrice?: number;
  optionsPrice?: number;
  couponDiscount?: number;
}

/** Writes an order's lines as checkout would have, in their order. */
export async function insertOrderLines(db: Db, orderId: string, lines: readonly StoredLine[]): Promise<void> {
  await db.insert(orderItems).values(
    lines.map((l, position) => ({
      orderId,
      position,
      productId: l.productId,
      variantId: l.variantId ?? null,
      name: l.name ?? 'As sold',
      qty: l.qty,
      price: l.price,
      discountPrice: l.discountPrice ?? 0,
      optionsPrice: l.optionsPrice ?? 0,
      couponDiscount: l.couponDiscount ?? 0,
      image: '/uploads/demo/roses.jpg',
      optimizedImages: { thumbnail: '', detail: '' },
    })),
  );
}
