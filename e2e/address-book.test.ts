import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { productWithoutVariants, registerByApi, type StockedProduct } from './support/api.js';
import { seriousViolations } from './support/axe.js';
import { openPage, shoot, useBrowser } from './support/page.js';
import { signIn } from './support/shopper.js';

const PASSWORD = 'marigold-rangoli-at-dawn';
const browser = useBrowser();
let product: StockedProduct;

const url = (route: string) => `${inject('baseUrl')}${route}`;

/** A browser of the shopper's own (cookies and storage), signed in, and every error its pages log or receive. */
async function openSignedIn(email: string, width: number) {
  const opened = await openPage(browser(), width, { height: width < 500 ? 812 : 900 });
  await opened.page.goto(url('/login'));
  await signIn(opened.page, email, PASSWORD);
  await opened.page.waitForURL((u) => u.pathname === '/');
  return opened;
}

/** On the product page: checks delivery to a PIN code, adds one to the cart, closes the cart panel. */
async function checkAndAdd(page: Page, pincode: string) {
  await page.goto(url(`/product/${product._id}`));
  await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
  await page.getByLabel('Check delivery').fill(pincode);
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  await page.getByRole('status').filter({ hasText: 'Available' }).waitFor();
  await page.getByRole('button', { name: 'Add To Cart' }).click();
  const panel = page.getByRole('dialog');
  await panel.getByRole('heading', { name: /^Cart \(\d+\)$/ }).waitFor();
  await page.keyboard.press('Escape');
  await panel.waitFor({ state: 'hidden' });
}

/** Tomorrow's standard slot is open whatever the hour of today. */
async function chooseTomorrow(page: Page) {
  await page.getByRole('button', { name: /^Tomorrow,/ }).click();
  await page.getByRole('radio', { name: 'Any time, 9 AM – 9 PM' }).check();
}

async function confirmOrder(page: Page) {
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL((u) => u.pathname === '/placeorder');
  await page.getByRole('button', { name: 'Confirm Order' }).click();
  await page.waitForURL((u) => u.pathname.startsWith('/order/'));
}

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

beforeAll(async () => {
  product = await productWithoutVariants(5);
});

describe('recipients: the PIN code and its state, and the address book', () => {
  it('refuses a state the PIN code is not in, keeps the address of the order, and offers it at the next checkout', async () => {
    const { email } = await registerByApi('Nandini Rao', PASSWORD, { emailPrefix: 'recipients' });

    // First checkout (1280): the PIN code checked on the product page is already in the form.
    const first = await openSignedIn(email, 1280);
    await checkAndAdd(first.page, '682011');
    await first.page.goto(url('/shipping'));
    const form = first.page.getByRole('form', { name: 'Shipping Details' });
    await form.getByRole('heading', { name: 'Recipient' }).waitFor();
    expect(await first.page.getByRole('radiogroup', { name: 'Deliver to' }).count()).toBe(0);
    expect(await form.getByLabel('Pin Code').inputValue()).toBe('682011');
    await expect.poll(() => form.getByLabel('City').inputValue()).toBe('Ernakulam');
    expect(await form.getByLabel('State').inputValue()).toBe('Kerala');
    await form.getByLabel('Street or area').fill('22 Broadway, Ernakulam');
    await form.getByLabel('Landmark').fill('Near the Boat Jetty');
    await form.getByLabel('First Name').fill('Kavya');
    await form.getByLabel('Last Name').fill('Pillai');
    await form.getByLabel('Phone').fill('9846011223');
    await form.getByLabel('Your mobile number').fill('9895033333');
    await chooseTomorrow(first.page);

    // Another state: said beside State, and Continue goes nowhere.
    await form.getByLabel('State').fill('Tamil Nadu');
    const stateError = form.getByText('PIN code 682011 is in Kerala', { exact: true });
    await stateError.waitFor();
    expect(await form.getByLabel('State').getAttribute('aria-invalid')).toBe('true');
    await first.page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => first.page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('state');
    expect(new URL(first.page.url()).pathname).toBe('/shipping');
    await shoot(first.page, 'address-book-state-refused-1280');
    expect(await seriousViolations(first.page)).toEqual([]);

    await form.getByLabel('State').fill('Kerala');
    await stateError.waitFor({ state: 'detached' });
    await confirmOrder(first.page);
    expect(first.problems).toEqual([]);
    await first.context.close();

    // Next checkout, in another browser (375): the recipient comes from the account, not the browser.
    const next = await openSignedIn(email, 375);
    await checkAndAdd(next.page, '560001');
    await next.page.goto(url('/shipping'));
    const deliverTo = next.page.getByRole('radiogroup', { name: 'Deliver to' });
    await deliverTo.waitFor();
    const kavya = deliverTo.getByRole('radio', { name: 'Kavya Pillai' });
    expect(await kavya.isChecked()).toBe(false);
    expect(await deliverTo.getByRole('radio', { name: 'Use a new address' }).isChecked()).toBe(true);
    const nextForm = next.page.getByRole('form', { name: 'Shipping Details' });
    expect(await nextForm.getByLabel('Pin Code').inputValue()).toBe('560001');
    await kavya.check();
    expect(await nextForm.getByLabel('First Name').inputValue()).toBe('Kavya');
    expect(await nextForm.getByLabel('Landmark').inputValue()).toBe('Near the Boat Jetty');
    expect(await nextForm.getByLabel('State').inputValue()).toBe('Kerala');
    expect(await nextForm.getByLabel('Pin Code').inputValue()).toBe('682011');
    await next.page.getByText('Delivering to Ernakulam, Kerala').first().waitFor();
    // The buyer's own mobile, given at the first checkout, is the account's now.
    expect(await nextForm.getByLabel('Your mobile number').inputValue()).toBe('9895033333');
    await chooseTomorrow(next.page);
    await shoot(next.page, 'address-book-deliver-to-375');
    expect(await seriousViolations(next.page)).toEqual([]);
    expect(await noSidewaysScroll(next.page)).toBeLessThanOrEqual(375);
    await next.page.setViewportSize({ width: 1280, height: 900 });
    await shoot(next.page, 'address-book-deliver-to-1280');
    await next.page.setViewportSize({ width: 375, height: 812 });
    await next.page.getByRole('button', { name: 'Continue' }).click();
    await next.page.waitForURL((u) => u.pathname === '/placeorder');
    expect(await next.page.getByRole('region', { name: 'Shipping' }).innerText()).toContain('22 Broadway, Ernakulam');
    await next.page.getByRole('button', { name: 'Confirm Order' }).click();
    await next.page.waitForURL((u) => u.pathname.startsWith('/order/'));

    // One recipient, kept once: the profile's address book shows it.
    await next.page.goto(url('/profile'));
    const book = next.page.getByRole('list', { name: 'Address book' });
    await book.waitFor();
    expect(await book.getByRole('listitem').count()).toBe(1);
    expect(await book.innerText()).toContain('Kavya Pillai');
    await shoot(next.page, 'address-book-profile-375');
    expect(await seriousViolations(next.page)).toEqual([]);
    expect(await noSidewaysScroll(next.page)).toBeLessThanOrEqual(375);
    await next.page.setViewportSize({ width: 1280, height: 900 });
    await book.getByRole('button', { name: 'Edit the address of Kavya Pillai' }).click();
    await next.page.getByRole('form', { name: 'Edit the address of Kavya Pillai' }).waitFor();
    await shoot(next.page, 'address-book-profile-edit-1280');
    expect(await seriousViolations(next.page)).toEqual([]);
    expect(next.problems).toEqual([]);
    await next.context.close();
  });
});
