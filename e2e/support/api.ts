import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { storeUrl } from './store.js';
import { istDateIn } from './shopper.js';

/** The demo accounts the store seeds (see the README's demo sign-ins). */
export const DEMO_ADMIN = { name: 'Demo Admin', email: 'admin@example.com', password: 'admin-demo-pass' };
export const DEMO_CUSTOMER = { email: 'customer@example.com', password: 'customer-demo-pass' };

export { storeUrl } from './store.js';

export interface ApiInit {
  method?: string;
  cookie?: string;
  /** Sent as JSON. */
  body?: unknown;
}

/** A request to the shared store's API, answered as it comes (for tests about the status). */
export function apiFetch(route: string, { method = 'GET', cookie, body }: ApiInit = {}): Promise<Response> {
  return fetch(storeUrl(route), {
    method,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** A request to the shared store's API that must succeed; its JSON answer. */
export async function api<T>(route: string, init: ApiInit = {}): Promise<T> {
  const res = await apiFetch(route, init);
  const text = await res.text();
  expect(res.status, `${init.method ?? 'GET'} ${route}: ${res.status} ${text}`).toBeLessThan(300);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The session cookie an answer sets, ready for a `cookie` header. */
export const cookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

/** Signs in through the API; the session cookie. */
export async function signInByApi({ email, password }: { email: string; password: string }): Promise<string> {
  const res = await apiFetch('/api/users/auth', { method: 'POST', body: { email, password } });
  expect(res.status, `signing in ${email}`).toBe(200);
  return cookieOf(res);
}

export const adminCookie = () => signInByApi(DEMO_ADMIN);
export const customerCookie = () => signInByApi(DEMO_CUSTOMER);

export interface Account {
  id: string;
  name: string;
  email: string;
  /** Signed in by registering. */
  cookie: string;
}

/**
 * A new customer account, registered through the API so a test does not depend on the register
 * page; its email is `<emailPrefix>-<8 random>@example.com`.
 */
export async function registerByApi(name: string, password: string, { emailPrefix = 'buyer' } = {}): Promise<Account> {
  const email = `${emailPrefix}-${randomUUID().slice(0, 8)}@example.com`;
  const res = await apiFetch('/api/users', { method: 'POST', body: { name, email, password } });
  expect(res.status, `registering ${email}`).toBe(201);
  return { id: ((await res.json()) as { _id: string })._id, name, email, cookie: cookieOf(res) };
}

/** A product of the listing's first 20 that is available with two or more in stock: the first unless told. */
export async function productInStock({ untouched = false } = {}): Promise<{ _id: string }> {
  const list = await api<{ products: { _id: string; available: boolean; countInStock: number }[] }>(
    '/api/products?pageLimit=20',
  );
  const inStock = list.products.filter((p) => p.available && p.countInStock >= 2);
  // Files run side by side and order the first one: a file that counts a product's stock takes the
  // last, which no other file orders.
  const product = untouched ? inStock.at(-1) : inStock[0];
  if (!product) throw new Error('no product in stock in the first 20');
  return product;
}

export interface OrderRequest {
  productId: string;
  /** 1 unless told. */
  qty?: number;
  /** Someone in Ernakulam: a PIN code of the city, 682011 unless told. */
  recipient: { firstName: string; lastName: string; address: string; address2: string; postalCode?: string };
  /** The delivery date, any time of day: tomorrow in IST unless told. */
  date?: string;
}

/** Places an order of one product through the API, to be paid by Razorpay; the unpaid order. */
export async function placeOrder<T>(
  cookie: string,
  { productId, qty = 1, recipient, date = istDateIn(1) }: OrderRequest,
): Promise<T> {
  const res = await apiFetch('/api/orders', {
    method: 'POST',
    cookie,
    body: {
      orderItems: [{ _id: productId, qty }],
      shippingAddress: { postalCode: '682011', ...recipient, city: 'Ernakulam', state: 'Kerala', phone: '9847012345' },
      delivery: { date, slotId: 'standard' },
      paymentMethod: 'Razorpay',
    },
  });
  expect(res.status, 'placing the order').toBe(201);
  return (await res.json()) as T;
}

/** Pays an order by UPI through the simulated gateway and has the store verify it; the paid order. */
export async function payOrder<T>(cookie: string, order: { _id: string; razorpayOrder: { id: string } }): Promise<T> {
  const payment = await api<{ razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string }>(
    '/api/payments/simulated/pay',
    { method: 'POST', cookie, body: { razorpayOrderId: order.razorpayOrder.id, outcome: 'paid', method: 'upi' } },
  );
  return api<T>(`/api/orders/${order._id}/verify`, {
    method: 'POST',
    cookie,
    body: {
      razorpayOrderId: payment.razorpay_order_id,
      razorpayPaymentId: payment.razorpay_payment_id,
      razorpaySignature: payment.razorpay_signature,
    },
  });
}

/** A product as GET /api/products/:id answers it, in the fields the tests read. */
export interface StockedProduct {
  _id: string;
  name: string;
  price: number;
  discountPrice: number;
  countInStock: number;
  available: boolean;
  variants?: unknown[];
}

/** An in-stock product sold without variants, found through the API so demo data may change. */
export async function productWithoutVariants<P extends { _id: string } = StockedProduct>(
  minStock: number,
  query = 'pageLimit=20',
): Promise<P> {
  const list = await api<{ products: { _id: string; available: boolean; countInStock: number }[] }>(
    `/api/products?${query}`,
  );
  for (const candidate of list.products.filter((p) => p.available && p.countInStock >= minStock)) {
    const detail = await api<P & { variants?: unknown[] }>(`/api/products/${candidate._id}`);
    if (detail.variants?.length === 0) return detail;
  }
  throw new Error(`no product without variants with ${minStock} or more in stock in /api/products?${query}`);
}
