/**
 * A shopper's checkout through the real API, shared by the checkout benchmark (checkout.ts) and
 * the background buyer of the load benchmark's random-URL mix (buyer.ts): sign up, place an order
 * (POST /api/orders), pay it with the simulated Razorpay and verify the payment.
 */
import { randomBytes } from 'node:crypto';

/** Longest wait for one API answer; a request never hangs a benchmark for longer. */
const REQUEST_TIMEOUT_MS = 30_000;
const json = { 'content-type': 'application/json' };

export const address = {
  firstName: 'Bench',
  lastName: 'Shopper',
  address2: '1 MG Road',
  city: 'Kochi',
  state: 'Kerala',
  postalCode: '682011',
  phone: '9847012345',
};

/**
 * A delivery a day or more ahead, spread over dates and slots so that many orders never fill one
 * slot (20 places each in the cities): what matters here is not the slot.
 */
export const deliveryFor = (i: number) => ({
  date: new Date(Date.now() + 5.5 * 3_600_000 + (1 + (i % 59)) * 86_400_000).toISOString().slice(0, 10),
  slotId: ['standard', 'fixed-1500', 'fixed-1700', 'fixed-1900'][Math.floor(i / 59) % 4],
});

/**
 * The value at percentile p of an ascending list by nearest rank (the smallest value that at least
 * p per cent of the list do not exceed), to 0.1 ms; 0 for an empty list. Of 100 orders, p99 is the
 * 99th: the list's slowest is its maximum.
 */
export const percentile = (sorted: number[], p: number) =>
  sorted.length ? Math.round(sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]! * 10) / 10 : 0;

export async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  const started = performance.now();
  const res = await fetch(url, {
    method: 'POST',
    headers: { ...json, ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const text = await res.text();
  let data: Record<string, unknown> = {};
  try {
    data = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // Not JSON (e.g. an HTML error page): the status says what happened.
  }
  return { status: res.status, data, ms: performance.now() - started, res };
}

/** Registers a new shopper; returns the session cookie to send with their requests. */
export async function signUp(base: string): Promise<string> {
  const { status, res } = await post(`${base}/api/users`, {
    name: 'Bench Shopper',
    email: `bench.${randomBytes(6).toString('hex')}@example.in`,
    password: 'benchmark passphrase',
  });
  const cookie = res.headers.getSetCookie()[0]?.split(';')[0];
  if (status !== 201 || !cookie) throw new Error(`signing up a shopper answered ${status} without a session cookie`);
  return cookie;
}

export interface CheckoutResult {
  /** The stock the order takes from: the product, or its size. */
  stockKey?: string;
  /** POST /api/orders: 201 when placed. */
  place: { status: number; ms: number };
  /** The API's message when placing or verifying failed. */
  error?: string;
  /** POST /api/orders/:id/verify after the simulated payment; absent when placing failed. */
  verify?: { status: number; ms: number };
}

interface ProductChoices {
  countInStock: number;
  variants: { _id: string; countInStock: number }[];
  options: { _id: string; kind: string; required: boolean }[];
}

/** The product's page as any shopper reads it. */
export async function productChoices(base: string, productId: string): Promise<ProductChoices> {
  const res = await fetch(`${base}/api/products/${productId}`, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  if (!res.ok) throw new Error(`GET /api/products/${productId} answered ${res.status}`);
  return (await res.json()) as ProductChoices;
}

/** Where an order's unit is counted: a size's own stock, or the product's when it has no sizes. */
export const stockKey = (productId: string, variantId?: string) =>
  variantId ? `${productId}/${variantId}` : productId;

/** The stock a shopper sees for each of the products, by stockKey. */
export async function stockOf(base: string, productIds: Iterable<string>): Promise<Map<string, number>> {
  const stock = new Map<string, number>();
  for (const id of new Set(productIds)) {
    const product = await productChoices(base, id);
    stock.set(stockKey(id), product.countInStock);
    for (const v of product.variants) stock.set(stockKey(id, v._id), v.countInStock);
  }
  return stock;
}

/**
 * The cart line a shopper would make of one unit of a product, from its page: the first size in
 * stock when it is sold by size or weight, and the text an order of it must carry ('Message on
 * cake'). The store refuses a sized product without its size, as it should.
 */
async function lineFor(base: string, productId: string) {
  const product = await productChoices(base, productId);
  const variant = product.variants.find((v) => v.countInStock > 0);
  const required = product.options.filter((o) => o.kind === 'text' && o.required);
  return {
    _id: productId,
    qty: 1,
    ...(variant && { variant: { _id: variant._id } }),
    ...(required.length > 0 && { options: required.map((o) => ({ _id: o._id, value: 'Happy birthday' })) }),
  };
}

/**
 * One checkout of one unit of a product: read its page for the line (not timed), place the order
 * (server pricing, stock taken in a transaction, Idempotency-Key), pay it with the simulated
 * gateway, then verify the payment (signature checked, payment applied under a row lock).
 * `deliveryIndex` picks the delivery.
 */
export async function checkout(
  base: string,
  cookie: string,
  productId: string,
  deliveryIndex: number,
): Promise<CheckoutResult> {
  const line = await lineFor(base, productId);
  const placed = await post(
    `${base}/api/orders`,
    {
      orderItems: [line],
      shippingAddress: address,
      delivery: deliveryFor(deliveryIndex),
      paymentMethod: 'Razorpay',
    },
    { cookie, 'idempotency-key': randomBytes(12).toString('hex') },
  );
  const place = { status: placed.status, ms: placed.ms };
  const key = stockKey(productId, line.variant?._id);
  const messageOf = (r: { status: number; data: Record<string, unknown> }) =>
    `${r.status}: ${typeof r.data.message === 'string' ? r.data.message : JSON.stringify(r.data).slice(0, 200)}`;
  if (placed.status !== 201) return { stockKey: key, place, error: `place ${messageOf(placed)}` };
  const order = placed.data as { _id: string; razorpayOrder: { id: string } };
  const paid = await post(`${base}/api/payments/simulated/pay`, {
    razorpayOrderId: order.razorpayOrder.id,
    outcome: 'paid',
  });
  const proof = paid.data as Record<string, string>;
  const verified = await post(
    `${base}/api/orders/${order._id}/verify`,
    {
      razorpayOrderId: proof.razorpay_order_id,
      razorpayPaymentId: proof.razorpay_payment_id,
      razorpaySignature: proof.razorpay_signature,
    },
    { cookie },
  );
  const verify = { status: verified.status, ms: verified.ms };
  return verified.status === 200
    ? { stockKey: key, place, verify }
    : { stockKey: key, place, verify, error: `verify ${messageOf(verified)}` };
}
