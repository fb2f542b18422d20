import { describe, expect, inject, it } from 'vitest';
import { placeOrder, productInStock, registerByApi } from './support/api.js';
import { seriousViolations } from './support/axe.js';
import { dismissToasts, openPage, useBrowser } from './support/page.js';
import { istDateIn, signInTo } from './support/shopper.js';

interface Order {
  _id: string;
  number: number;
  orderNumber: string;
}

/** Where the order page's screenshots go, to be looked at by whoever changes it. */
const shots = process.env.E2E_SHOTS_DIR ?? '/tmp';
const PASSWORD = 'rajnigandha-bouquet-16';
/** A delivery date as the store writes it: 'Fri, 25 Dec'. */
const deliveryDay = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'UTC',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
});
const browser = useBrowser();

const url = (route: string) => `${inject('baseUrl')}${route}`;

/** A new shopper, Priya, with an unpaid order of one in-stock product for Ravi, tomorrow at any time. */
async function unpaidOrder(): Promise<{ email: string; order: Order; date: string }> {
  const { email, cookie } = await registerByApi('Priya Sharma', PASSWORD, { emailPrefix: 'thanks' });
  const product = await productInStock();
  const date = istDateIn(1);
  const order = await placeOrder<Order>(cookie, {
    productId: product._id,
    recipient: { firstName: 'Ravi', lastName: 'Kumar', address: 'House 12, Lotus Lane', address2: 'Panampilly Nagar' },
    date,
  });
  return { email, order, date };
}

describe('the order page after paying', () => {
  it.each([
    [1280, 900],
    [375, 812],
  ])(
    'a declined payment is said plainly with the details a click away; paying thanks the shopper, after a reload too (%i)',
    async (width, height) => {
      const { email, order, date } = await unpaidOrder();
      expect(order.orderNumber).toBe(`PW-${String(order.number).padStart(6, '0')}`);
      const { context, page, problems } = await openPage(browser(), width, { height });

      await signInTo(page, email, PASSWORD, `/order/${order._id}`);
      await page.getByRole('heading', { level: 1, name: `Order ${order.orderNumber}`, exact: true }).waitFor();
      await page.getByText(`Reference ${order._id}`).waitFor();
      expect(await page.getByRole('region', { name: 'Payment Method' }).getByRole('status').innerText()).toBe(
        'Not Paid',
      );
      await page.screenshot({ path: `${shots}/16a-order-unpaid-${width}.png`, fullPage: true });

      const checkout = page.getByRole('dialog', { name: 'Razorpay Checkout (simulated)' });
      await page.getByRole('button', { name: 'Pay Now' }).click();
      expect(await checkout.innerText()).toContain(`Order ${order.orderNumber}`);
      await checkout.getByRole('button', { name: 'Fail payment' }).click();
      await checkout.waitFor({ state: 'hidden' });
      const failure = page.getByRole('alert').filter({ hasText: 'No money was taken' });
      await failure.waitFor();
      expect(await failure.locator('p').first().innerText()).toBe(
        'Your bank declined the payment. No money was taken. Try again or use another method.',
      );
      const details = failure.getByRole('button', { name: 'Details' });
      expect(await details.getAttribute('aria-expanded')).toBe('false');
      expect(await failure.innerText()).not.toContain('BAD_REQUEST_ERROR');
      await details.click();
      expect(await details.getAttribute('aria-expanded')).toBe('true');
      const said = await failure.innerText();
      for (const value of ['BAD_REQUEST_ERROR', 'bank', 'payment_authorization', 'payment_failed']) {
        expect(said).toContain(value);
      }
      expect(said).toMatch(/pay_\w+/);
      await dismissToasts(page);
      await page.screenshot({ path: `${shots}/16a-order-failed-${width}.png`, fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);

      await failure.getByRole('button', { name: 'Try again' }).click();
      await checkout.getByRole('button', { name: /^Pay ₹/ }).click();
      const thanks = page.getByRole('region', { name: 'Payment received. Thank you, Priya!' });
      await thanks.waitFor();
      expect(await thanks.innerText()).toContain(
        `We'll deliver your order to Ravi Kumar on ${deliveryDay.format(new Date(`${date}T00:00:00Z`))} (Any time, 9 AM – 9 PM). We'll email you at each step.`,
      );
      expect(await page.getByRole('alert').filter({ hasText: 'No money was taken' }).count()).toBe(0);
      expect(await page.getByRole('region', { name: 'Shipping' }).getByRole('status').innerText()).toBe(
        'Not Delivered',
      );

      // Nothing of it was kept in the page: the paid order itself brings the thanks back.
      await page.reload();
      await thanks.waitFor();
      await expect
        .poll(() => page.getByRole('region', { name: 'Payment Method' }).getByRole('status').innerText())
        .toMatch(/^Paid on /);
      // Whatever the gateway's webhook recorded of the failed attempt, a paid order no longer tells of it.
      expect(await page.getByText(/payment attempt failed/).count()).toBe(0);
      // The thanks comes first, above the order's progress.
      const [thanksBox, stepper] = await Promise.all([
        thanks.boundingBox(),
        page.getByRole('list', { name: 'Order status' }).boundingBox(),
      ]);
      expect(thanksBox!.y).toBeLessThan(stepper!.y);
      await page.screenshot({ path: `${shots}/16a-order-paid-${width}.png`, fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      // My Orders names it by the same number, and still links to it by its id.
      await page.goto(url('/profile'));
      const mine =
        width < 640
          ? page.getByRole('list', { name: 'My Orders' }).getByRole('listitem')
          : page.getByRole('table', { name: 'My Orders' }).getByRole('row');
      const entry = mine.filter({ has: page.locator(`a[href="/order/${order._id}"]`) });
      await entry.waitFor();
      expect(await entry.innerText()).toContain(order.orderNumber);
      await page.screenshot({ path: `${shots}/16a-my-orders-${width}.png`, fullPage: true });
      expect(problems).toEqual([]);
      await context.close();
    },
  );
});
