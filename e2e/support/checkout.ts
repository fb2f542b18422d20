import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/** Fills /shipping; the PIN code fills City and State by itself. */
export async function fillShipping(page: Page) {
  await page.getByRole('heading', { level: 1, name: 'Shipping Details' }).waitFor();
  await page.getByLabel('First Name').fill('Lakshmi');
  await page.getByLabel('Last Name').fill('Varma');
  await page.getByLabel('Address Line 1').fill('Flat 3C, Periyar Residency');
  await page.getByLabel('Address Line 2').fill('14 Shanmugham Road, Marine Drive');
  await page.getByLabel('Pin Code').fill('682011');
  await expect.poll(() => page.getByLabel('City').inputValue()).toBe('Ernakulam');
  expect(await page.getByLabel('State').inputValue()).toBe('Kerala');
  await page.getByText('Delivering to Ernakulam, Kerala').first().waitFor();
  await page.getByLabel('Phone').fill('9847012345');
  // Tomorrow's standard slot is open whatever the hour of today.
  await page.getByRole('button', { name: /^Tomorrow,/ }).click();
  await page.getByRole('radio', { name: 'Any time, 09:00–21:00' }).check();
}

/** /placeorder → Confirm Order → the new order's page; returns the order id. */
export async function confirmOrder(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Confirm Order' }).click();
  await page.waitForURL((u) => u.pathname.startsWith('/order/'));
  const id = new URL(page.url()).pathname.split('/').pop()!;
  // Headed by the number shoppers quote; the id the URL carries is the page's reference.
  await page.getByRole('heading', { level: 1, name: /^Order PW-\d{6,}$/ }).waitFor();
  await page.getByText(`Reference ${id}`).waitFor();
  return id;
}
