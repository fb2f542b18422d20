import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/** The landmark fillShipping gives, which the order's pages print after the street. */
export const LANDMARK = "Opposite St. Teresa's College";

/** Fills /shipping in its order: the PIN code first, which fills City and State by itself. */
export async function fillShipping(page: Page) {
  await page.getByRole('heading', { level: 1, name: 'Shipping Details' }).waitFor();
  await page.getByLabel('Pin Code').fill('682011');
  await expect.poll(() => page.getByLabel('City').inputValue()).toBe('Ernakulam');
  expect(await page.getByLabel('State').inputValue()).toBe('Kerala');
  await page.getByText('Delivering to Ernakulam, Kerala').first().waitFor();
  await page.getByLabel('House or flat').fill('Flat 3C, Periyar Residency');
  await page.getByLabel('Street or area').fill('14 Shanmugham Road, Marine Drive');
  await page.getByLabel('Landmark').fill(LANDMARK);
  await page.getByLabel('First Name').fill('Lakshmi');
  await page.getByLabel('Last Name').fill('Varma');
  await page.getByLabel('Phone').fill('9847012345');
  // The buyer's own number, apart from the recipient's above.
  await page.getByLabel('Your mobile number').fill('9895011111');
  // Tomorrow's standard slot is open whatever the hour of today.
  await page.getByRole('button', { name: /^Tomorrow,/ }).click();
  await page.getByRole('radio', { name: 'Any time, 9 AM – 9 PM' }).check();
}

export const gatewayOf = (page: Page) => page.getByRole('dialog', { name: 'Razorpay Checkout (simulated)' });

/**
 * /placeorder → Confirm Order → the new order's page, where the gateway opens by itself; the buyer
 * closes it, and the page leads with paying. Returns the order id.
 */
export async function confirmOrder(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Confirm Order' }).click();
  await page.waitForURL((u) => u.pathname.startsWith('/order/'));
  const id = new URL(page.url()).pathname.split('/').pop()!;
  await gatewayOf(page).waitFor();
  await gatewayOf(page).getByRole('button', { name: 'Close' }).click();
  await gatewayOf(page).waitFor({ state: 'detached' });
  // Headed by the number shoppers quote; the id the URL carries is the page's reference.
  await page.getByRole('heading', { level: 1, name: /^Order PW-\d{6,}$/ }).waitFor();
  await page.getByText(`Reference ${id}`).waitFor();
  await page.getByRole('region', { name: 'Complete payment' }).getByRole('timer').waitFor();
  return id;
}

/** A new shopper's first step: a product's page, delivery checked for a PIN code, one in the cart. */
export async function addToCartAt(page: Page, productUrl: string, pincode = '682011') {
  await page.goto(productUrl);
  await page.waitForFunction(() => 'interactive' in document.documentElement.dataset);
  await page.getByLabel('Check delivery').fill(pincode);
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  await page.getByRole('status').filter({ hasText: 'Available' }).waitFor();
  await page.getByRole('button', { name: 'Add To Cart' }).click();
  await page
    .getByRole('dialog')
    .getByRole('heading', { name: /^Cart \(1\)$/ })
    .waitFor();
}
