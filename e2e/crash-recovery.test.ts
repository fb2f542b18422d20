import { randomBytes } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { withScratchDatabase } from './support/postgres.js';
import { deliveryFor } from './support/shopper.js';
import { startServer, type RunningServer } from './support/server.js';

interface Product {
  _id: string;
  name: string;
  countInStock: number;
  available: boolean;
  variants?: unknown[];
}

interface Order {
  _id: string;
  isPaid: boolean;
  itemsPrice: number;
  shippingPrice: number;
  taxPrice: number;
  couponDiscount: number;
  totalPrice: number;
  razorpayOrder: { id: string; amount: number };
  orderItems: { _id: string; qty: number; price: number; discountPrice: number }[];
}

const json = { 'content-type': 'application/json' };

async function signUp(base: string): Promise<string> {
  const res = await fetch(`${base}/api/users`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({
      name: 'Crash Tester',
      email: `crash.${randomBytes(5).toString('hex')}@example.in`,
      password: 'kill it and see',
    }),
  });
  if (res.status !== 201) throw new Error(await res.text());
  return res.headers.getSetCookie()[0]!.split(';')[0]!;
}

async function adminCookie(base: string): Promise<string> {
  const res = await fetch(`${base}/api/users/auth`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email: 'admin@example.com', password: 'admin-demo-pass' }),
  });
  return res.headers.getSetCookie()[0]!.split(';')[0]!;
}

const address = {
  firstName: 'Ravi',
  lastName: 'Kumar',
  address2: '12 Marine Drive',
  city: 'Kochi',
  state: 'Kerala',
  postalCode: '682011',
  phone: '9847012345',
};

/**
 * Shoppers placing and paying orders while the server is killed with SIGKILL, then a restart on
 * the same data: every order must be whole or absent, stock must match what the orders took, and
 * every payment the store confirmed must still be on its order, exactly once.
 */
async function crashWhileTrading(env: Record<string, string>) {
  // Webhooks held back, so the only payments are the verifies this test makes and can account for.
  // Eight shoppers trade from one address, each with an order awaiting payment at any moment.
  const settings = {
    ...env,
    SIMULATED_WEBHOOK_DELAY_MS: '600000',
    RATE_LIMIT_REGISTER: '1000/1h',
    ORDER_MAX_UNPAID_PER_ADDRESS: '1000',
  };
  let server: RunningServer = await startServer({ env: settings, copyOf: inject('seededDir') || undefined });
  const base = server.url;
  const list = (await (await fetch(`${base}/api/products?pageLimit=40`)).json()) as { products: Product[] };
  const candidates: Product[] = [];
  for (const p of list.products.filter((x) => x.available && x.countInStock >= 5)) {
    const detail = (await (await fetch(`${base}/api/products/${p._id}`)).json()) as Product;
    if (detail.variants?.length === 0) candidates.push(detail);
    if (candidates.length === 3) break;
  }
  const stockBefore = new Map(candidates.map((p) => [p._id, p.countInStock]));
  const shoppers = await Promise.all(Array.from({ length: 8 }, () => signUp(base)));

  const confirmed = new Set<string>();
  const attempted = new Map<string, { cookie: string; proof: object }>();
  let stop = false;
  const trade = async (cookie: string, n: number) => {
    for (let i = 0; !stop; i++) {
      const product = candidates[(n + i) % candidates.length]!;
      try {
        const placed = await fetch(`${base}/api/orders`, {
          method: 'POST',
          headers: { ...json, cookie },
          body: JSON.stringify({
            orderItems: [{ _id: product._id, qty: 1 }],
            shippingAddress: address,
            delivery: deliveryFor(n * 1000 + i),
            paymentMethod: 'Razorpay',
          }),
        });
        if (placed.status !== 201) continue;
        const order = (await placed.json()) as Order;
        const pay = await fetch(`${base}/api/payments/simulated/pay`, {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ razorpayOrderId: order.razorpayOrder.id, outcome: 'paid' }),
        });
        // A payment the gateway did not take is no proof: only a taken one must survive the crash.
        if (pay.status !== 200) continue;
        const handed = (await pay.json()) as Record<string, string>;
        const proof = {
          razorpayOrderId: handed.razorpay_order_id,
          razorpayPaymentId: handed.razorpay_payment_id,
          razorpaySignature: handed.razorpay_signature,
        };
        attempted.set(order._id, { cookie, proof });
        const verified = await fetch(`${base}/api/orders/${order._id}/verify`, {
          method: 'POST',
          headers: { ...json, cookie },
          body: JSON.stringify(proof),
        });
        if (verified.status === 200) confirmed.add(order._id);
      } catch {
        return; // the server is gone
      }
    }
  };
  const traders = shoppers.map((cookie, n) => trade(cookie, n));
  while (confirmed.size < 6) await new Promise((r) => setTimeout(r, 20));
  server.process.kill('SIGKILL');
  stop = true;
  await Promise.all(traders);
  await server.exited;

  server = await startServer({ env: { ...settings, DATA_DIR: server.dataDir } });
  try {
    const after = server.url;
    const admin = await adminCookie(after);
    const orders = (await (await fetch(`${after}/api/orders`, { headers: { cookie: admin } })).json()) as Order[];
    const ours = orders.filter((o) => o.orderItems.some((i) => stockBefore.has(i._id)));
    expect(ours.length).toBeGreaterThanOrEqual(confirmed.size);
    for (const order of ours) {
      expect(order.orderItems.length).toBe(1);
      const items = order.orderItems.reduce((s, i) => s + (i.discountPrice || i.price) * i.qty, 0);
      expect(order.itemsPrice).toBeCloseTo(items, 2);
      // Prices include GST: the tax is part of the total, not added to it (ADR 028).
      expect(order.totalPrice).toBeCloseTo(order.itemsPrice + order.shippingPrice - order.couponDiscount, 2);
      expect(order.taxPrice).toBeLessThan(order.totalPrice);
      expect(order.razorpayOrder.amount).toBe(Math.round(order.totalPrice * 100));
    }
    for (const [id, before] of stockBefore) {
      const now = ((await (await fetch(`${after}/api/products/${id}`)).json()) as Product).countInStock;
      const taken = ours
        .flatMap((o) => o.orderItems)
        .filter((i) => i._id === id)
        .reduce((s, i) => s + i.qty, 0);
      expect(before - now).toBe(taken);
    }
    const paid = new Set(ours.filter((o) => o.isPaid).map((o) => o._id));
    for (const id of confirmed) expect(paid.has(id)).toBe(true);
    for (const id of paid) expect(attempted.has(id)).toBe(true);
    // Checkout retried after the restart: every proof pays its own order, once, and no other.
    for (const [id, { cookie, proof }] of attempted) {
      const res = await fetch(`${after}/api/orders/${id}/verify`, {
        method: 'POST',
        headers: { ...json, cookie },
        body: JSON.stringify(proof),
      });
      expect(res.status).toBe(200);
    }
    const [[firstId, first], [secondId]] = [...attempted] as [[string, { cookie: string; proof: object }], [string]];
    const crossed = await fetch(`${after}/api/orders/${secondId}/verify`, {
      method: 'POST',
      headers: { ...json, cookie: first.cookie },
      body: JSON.stringify(first.proof),
    });
    expect(firstId).not.toBe(secondId);
    expect(crossed.status).not.toBe(200);
  } finally {
    server.process.kill('SIGTERM');
    await server.exited;
  }
}

describe('a server killed while orders are placed and paid', () => {
  it('comes back with every order whole or absent on the embedded database', async () => {
    await crashWhileTrading({});
  });

  const postgres = process.env.E2E_DATABASE_URL;
  it.runIf(postgres)('comes back the same on PostgreSQL', async () => {
    await withScratchDatabase(postgres!, 'store_crash', (url) =>
      crashWhileTrading({ DATABASE_URL: url, SEED_DEMO: 'true' }),
    );
  });
});
