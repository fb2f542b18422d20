import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_ADMIN as ADMIN } from './support/api.js';
import { seriousViolations } from './support/axe.js';
import { waitForEmail } from './support/mail.js';
import { dismissToasts, openPage, shoot, useBrowser } from './support/page.js';
import { startServer, type RunningServer } from './support/server.js';
import { inr, istDateIn, signIn } from './support/shopper.js';

const browser = useBrowser();
/**
 * A store of its own whose unpaid orders expire after a few seconds instead of 15 minutes: a
 * payment that arrives after that is what the store keeps for a refund. The shared store's orders
 * would take a quarter of an hour to expire.
 */
let store: RunningServer;
beforeAll(async () => {
  store = await startServer({
    env: { ORDER_PAY_WITHIN: '3s', RATE_LIMIT_REGISTER: '1000/1h' },
    copyOf: inject('seededDir') || undefined,
  });
});
afterAll(async () => {
  if (!store) return;
  store.process.kill('SIGTERM');
  await store.exited;
  await rm(store.dataDir, { recursive: true, force: true });
});

async function call<T>(
  route: string,
  { method = 'GET', cookie, body }: { method?: string; cookie?: string; body?: unknown } = {},
) {
  const res = await fetch(`${store.url}${route}`, {
    method,
    headers: { ...(cookie ? { cookie } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, res, body: (await res.json()) as T };
}

interface Late {
  orderId: string;
  orderNumber: string;
  paymentId: string;
  /** Rupees. */
  amount: number;
  shopper: { email: string; password: string };
}

/**
 * A shopper places an order, lets it expire unpaid, then pays it anyway (the gateway's checkout was
 * still open): the store answers that the payment will be refunded and keeps it as due.
 */
async function latePayment(): Promise<Late> {
  const shopper = { email: `late-${randomUUID().slice(0, 8)}@example.com`, password: 'marigold-late-41' };
  const made = await call('/api/users', { method: 'POST', body: { name: 'Deepa Menon', ...shopper } });
  expect(made.status).toBe(201);
  const cookie = made.res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const list = await call<{ products: { _id: string; available: boolean; countInStock: number }[] }>(
    '/api/products?pageLimit=20',
  );
  const product = list.body.products.find((p) => p.available && p.countInStock >= 2);
  if (!product) throw new Error('no product in stock in the first 20');
  const placed = await call<{ _id: string; orderNumber: string; razorpayOrder: { id: string }; totalPrice: number }>(
    '/api/orders',
    {
      method: 'POST',
      cookie,
      body: {
        orderItems: [{ _id: product._id, qty: 1 }],
        shippingAddress: {
          firstName: 'Deepa',
          lastName: 'Menon',
          address: '',
          address2: '7 Marine Drive',
          city: 'Ernakulam',
          state: 'Kerala',
          postalCode: '682011',
          phone: '9847012345',
        },
        delivery: { date: istDateIn(2), slotId: 'standard' },
        paymentMethod: 'Razorpay',
      },
    },
  );
  expect(placed.status).toBe(201);
  const order = placed.body;
  await expect
    .poll(async () => (await call<{ status: string }>(`/api/orders/${order._id}`, { cookie })).body.status, {
      timeout: 30_000,
    })
    .toBe('expired');
  const pay = await call<{ razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string }>(
    '/api/payments/simulated/pay',
    { method: 'POST', cookie, body: { razorpayOrderId: order.razorpayOrder.id, outcome: 'paid', method: 'upi' } },
  );
  expect(pay.status).toBe(200);
  const verify = await call<{ message: string }>(`/api/orders/${order._id}/verify`, {
    method: 'POST',
    cookie,
    body: {
      razorpayOrderId: pay.body.razorpay_order_id,
      razorpayPaymentId: pay.body.razorpay_payment_id,
      razorpaySignature: pay.body.razorpay_signature,
    },
  });
  expect([verify.status, verify.body.message]).toEqual([
    409,
    'This order expired before the payment arrived; the payment will be refunded. Please place the order again.',
  ]);
  return {
    orderId: order._id,
    orderNumber: order.orderNumber,
    paymentId: pay.body.razorpay_payment_id,
    amount: order.totalPrice,
    shopper,
  };
}

/** The refunds table's row of one payment. */
const refundRow = (page: Page, paymentId: string) =>
  page.getByRole('region', { name: 'Refunds' }).getByRole('row').filter({ hasText: paymentId });

describe('refunding a payment that came after its order expired', () => {
  for (const width of [1280, 375]) {
    it(`an admin refunds it from the orders screen and the shopper sees and hears of it (${width})`, async () => {
      const late = await latePayment();

      const admin = await openPage(browser(), width);
      await admin.page.goto(`${store.url}/login?redirect=${encodeURIComponent('/admin/orderlist')}`);
      await signIn(admin.page, ADMIN.email, ADMIN.password);
      await admin.page.waitForURL((u) => u.pathname === '/admin/orderlist');
      const row = refundRow(admin.page, late.paymentId);
      await row.waitFor();
      expect(await row.getByText('Due', { exact: true }).count()).toBe(1);
      expect(await row.textContent()).toContain('order expired before the payment arrived');
      expect(await row.textContent()).toContain(inr.format(late.amount));
      const button = row.getByRole('button', { name: `Refund payment ${late.paymentId}` });
      // On a phone the table scrolls sideways: bring the button, its last column, into the picture.
      await button.scrollIntoViewIfNeeded();
      await dismissToasts(admin.page);
      await shoot(admin.page, `admin-refund-due-${width}`);

      // The browser's own confirmation names the amount; the admin agrees to it.
      const asked: string[] = [];
      admin.page.once('dialog', (dialog) => {
        asked.push(dialog.message());
        void dialog.accept();
      });
      await button.click();
      await expect.poll(() => row.getByText('Refunded', { exact: true }).count(), { timeout: 30_000 }).toBe(1);
      expect(asked).toEqual([`Refund ${inr.format(late.amount)} to the customer?`]);
      const refundId = /rfnd_[A-Za-z0-9]{14}/.exec((await row.textContent()) ?? '')?.[0];
      expect(refundId).toBeDefined();
      expect(await row.getByRole('button').count()).toBe(0);
      expect(await seriousViolations(admin.page)).toEqual([]);
      expect(await admin.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await shoot(admin.page, `admin-refunded-${width}`);
      expect(admin.problems).toEqual([]);
      await admin.context.close();

      // The shopper's order keeps its Expired step, with the refund noted under it, and an email.
      const shopper = await openPage(browser(), width);
      await shopper.page.goto(`${store.url}/login?redirect=${encodeURIComponent(`/order/${late.orderId}`)}`);
      await signIn(shopper.page, late.shopper.email, late.shopper.password);
      await shopper.page.waitForURL((u) => u.pathname === `/order/${late.orderId}`);
      const steps = shopper.page.getByRole('list', { name: 'Order status' });
      const expired = steps.getByRole('listitem').filter({ hasText: 'Expired' });
      await expect.poll(() => expired.textContent()).toMatch(/Refunded at .+: a payment this order could not use/);
      await dismissToasts(shopper.page);
      await shoot(shopper.page, `order-refunded-${width}`);
      expect(shopper.problems).toEqual([]);
      await shopper.context.close();

      const mail = await waitForEmail(
        store.dataDir,
        late.shopper.email,
        `Refund issued for order ${late.orderNumber}: ${inr.format(late.amount)} is on its way back to you`,
      );
      expect(mail.text).toContain(`We have refunded ${inr.format(late.amount)}`);
      expect(mail.text).toContain(`the refund reference ${refundId}`);
      expect(mail.text).toContain(`Order ${late.orderNumber}`);
    });
  }
});
