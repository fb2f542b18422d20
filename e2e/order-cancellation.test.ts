import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  api,
  DEMO_ADMIN as ADMIN,
  payOrder,
  placeOrder,
  productInStock,
  registerByApi,
  storeUrl,
} from './support/api.js';
import { seriousViolations } from './support/axe.js';
import { waitForEmail } from './support/mail.js';
import { dismissToasts, openPage, shoot, useBrowser } from './support/page.js';
import { inr, signInTo } from './support/shopper.js';

interface Order {
  _id: string;
  orderNumber: string;
  totalPrice: number;
  razorpayOrder: { id: string };
}

const PASSWORD = 'marigold-toran-46';
const REASON = 'Our Kochi florist cannot deliver on that day; we are sorry';
const browser = useBrowser();

const stepper = (page: Page) => page.getByRole('list', { name: 'Order status' });
const currentStep = (page: Page) => stepper(page).locator('[aria-current="step"]');
const notice = (page: Page) => page.getByRole('status').filter({ hasText: 'This order was cancelled' });

async function openOrder(page: Page, email: string, password: string, orderId: string) {
  await signInTo(page, email, password, `/order/${orderId}`);
  await page.getByRole('heading', { level: 1, name: /^Order PW-\d{6,}$/ }).waitFor();
}

describe('cancelling a paid order', () => {
  it('an admin cancels a paid order with a reason; the shopper sees it cancelled and refunded, and is emailed', async () => {
    const { email, cookie } = await registerByApi('Lakshmi Nair', PASSWORD, { emailPrefix: 'cancel' });
    const product = await productInStock({ untouched: true });
    // Shoppers read stock from each server's catalogue copy, which follows a write within a second.
    const stock = async () => (await api<{ countInStock: number }>(`/api/products/${product._id}`)).countInStock;
    const stockBefore = await stock();
    const placed = await placeOrder<Order>(cookie, {
      productId: product._id,
      recipient: { firstName: 'Lakshmi', lastName: 'Nair', address: 'House 9', address2: 'Marine Drive' },
    });
    const order = await payOrder<Order>(cookie, placed);
    await expect.poll(stock).toBe(stockBefore - 1);
    const amount = inr.format(order.totalPrice);

    const admin = await openPage(browser(), 1280);
    await openOrder(admin.page, ADMIN.email, ADMIN.password, order._id);
    await admin.page.getByRole('button', { name: 'Cancel order' }).click();
    const dialog = admin.page.getByRole('alertdialog', { name: `Cancel order ${order.orderNumber}?` });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain(`${amount} goes back to the customer through Razorpay`);
    // The reason is asked before anything happens; the field has the focus.
    const reason = dialog.getByRole('textbox', { name: 'Reason for the customer' });
    await expect.poll(() => reason.evaluate((el) => el === document.activeElement)).toBe(true);
    await reason.fill(REASON);
    await shoot(admin.page, 'cancel-order-dialog-1280', { fullPage: false });
    expect(await seriousViolations(admin.page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel order' }).click();

    await admin.page.getByText(`Order ${order.orderNumber} cancelled; ${amount} refunded to the customer`).waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(await notice(admin.page).innerText()).toMatch(
      new RegExp(
        `^This order was cancelled on .+ by ${ADMIN.name}\\.\\n+Reason: ${REASON}\\n+${amount} was refunded on .+ \\(reference rfnd_\\w+\\)\\. Banks take 5–7 working days to show it\\.$`,
      ),
    );
    await expect.poll(() => currentStep(admin.page).textContent()).toMatch(/^Cancelled.*by Demo Admin/);
    expect(await admin.page.getByRole('button', { name: 'Cancel order' }).count()).toBe(0);
    expect(await admin.page.getByRole('link', { name: 'Download credit note' }).count()).toBe(1);
    await dismissToasts(admin.page);
    await shoot(admin.page, 'cancelled-order-admin-1280');
    expect(await seriousViolations(admin.page)).toEqual([]);
    expect(admin.problems).toEqual([]);
    await admin.context.close();

    // The item went back on sale.
    await expect.poll(stock).toBe(stockBefore);

    const shopper = await openPage(browser(), 375, { height: 812 });
    const { page } = shopper;
    await openOrder(page, email, PASSWORD, order._id);
    expect(await notice(page).innerText()).toMatch(
      new RegExp(`^This order was cancelled on [^\\n]+\\.\\n+Reason: ${REASON}\\n+${amount} was refunded on `),
    );
    expect(await notice(page).innerText()).not.toContain(ADMIN.name);
    expect(await page.getByRole('region', { name: 'Payment Method' }).getByRole('status').innerText()).toMatch(
      /^Paid on .+; refunded on .+$/,
    );
    await expect.poll(() => currentStep(page).textContent()).toMatch(/^Cancelled.*Refunded at/);
    expect(await page.getByRole('button', { name: 'Cancel order' }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shoot(page, 'cancelled-order-shopper-375');
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(storeUrl('/profile'));
    const card = page
      .getByRole('list', { name: 'My Orders' })
      .getByRole('listitem')
      .filter({ has: page.locator(`a[href="/order/${order._id}"]`) });
    await card.waitFor();
    const text = await card.innerText();
    expect(text).toContain('Cancelled');
    expect(text).toContain(REASON);
    expect(text).toContain('Refunded');
    expect(shopper.problems).toEqual([]);
    await shopper.context.close();

    const mail = await waitForEmail(inject('dataDir'), email, `Your order ${order.orderNumber} was cancelled`);
    expect(mail.text).toContain(REASON);
    expect(mail.text).toContain(`We are refunding ${amount}`);
  });
});
