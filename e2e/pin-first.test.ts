import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, registerByApi, storeUrl } from './support/api.js';
import { seriousViolations } from './support/axe.js';
import { openPage, shoot, useBrowser } from './support/page.js';
import { signIn } from './support/shopper.js';

interface Card {
  _id: string;
  name: string;
  fulfilment: 'local' | 'courier';
  earliestDelivery?: { date: string; label: string };
}

const PASSWORD = 'rasagola-for-didi-7';
const browser = useBrowser();

/** The 'Deliver to' control in the header, and its dialog. */
async function deliverTo(page: Page, pincode: string, place: string) {
  await page.getByRole('button', { name: /^Deliver to/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('PIN code').fill(pincode);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await page.getByRole('button', { name: `Deliver to ${pincode} · ${place}` }).waitFor();
}

const cardNames = (page: Page) => page.getByRole('main').getByRole('heading', { level: 3 }).allInnerTexts();

/** The card label a shopper reads for an API card: 'Delivery Today', 'Earliest Sat, 5 Dec'. */
const cardLabel = (label: string) =>
  label === 'Today' || label === 'Tomorrow' ? `Delivery ${label}` : `Earliest ${label}`;

describe("the recipient's PIN first", () => {
  it('a shopper sending to Kolkata sees no fresh cake, reads why, pays for a suggested chocolate box; Kochi gets cakes', async () => {
    const { email } = await registerByApi('Debjani Sen', PASSWORD, { emailPrefix: 'kolkata' });
    const { context, page, problems } = await openPage(browser(), 1280, { height: 900 });
    await page.goto(storeUrl('/login'));
    await signIn(page, email, PASSWORD);
    await page.waitForURL((u) => u.pathname !== '/login');

    // Asked once, in the header; the listing then shows only what can reach Kolkata, dated.
    await page.goto(storeUrl('/products?category=Cakes'));
    await page.getByText('Where is the gift going?').waitFor();
    await deliverTo(page, '700001', 'Kolkata');
    const reachable = await api<{ products: Card[] }>('/api/products?category=Cakes&pincode=700001');
    expect(reachable.products.length).toBeGreaterThan(0);
    expect(reachable.products.every((p) => p.fulfilment === 'courier')).toBe(true);
    await expect.poll(() => cardNames(page)).toEqual(reachable.products.map((p) => p.name));
    const first = reachable.products[0]!;
    await page.getByText(cardLabel(first.earliestDelivery!.label)).first().waitFor();
    expect(await cardNames(page)).not.toContain('Black Forest Cherry Cake');
    await shoot(page, 'pin-first-cakes-700001-1280');

    // The fresh cake opened by its link says why not, and offers three gifts that can go.
    const { products: found } = await api<{ products: Card[] }>('/api/products?keyword=black%20forest%20cherry');
    const cake = found.find((p) => p.name === 'Black Forest Cherry Cake')!;
    await page.goto(storeUrl(`/product/${cake._id}`));
    await page.getByText("Can't be delivered to 700001.").waitFor();
    await page.getByText('Fresh cakes are baked and delivered in Kochi, Delhi, Mumbai and Bengaluru.').waitFor();
    expect(await page.getByRole('button', { name: 'Add To Cart' }).isDisabled()).toBe(true);
    const suggestions = page.getByRole('region', { name: 'Gifts that can reach 700001' });
    await expect.poll(() => suggestions.getByRole('listitem').getByRole('heading').count()).toBe(3);
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, 'pin-first-cake-700001-1280');
    const box = suggestions.getByRole('listitem').first().getByRole('heading');
    const boxName = (await box.innerText()).trim();
    await box.getByRole('link').click();
    await page.getByRole('heading', { level: 1, name: boxName }).waitFor();
    await page.getByText('Packed and sent by courier').waitFor();

    // Bought and paid: shipping starts at the chosen PIN code, courier-dated.
    await page.getByRole('button', { name: 'Add To Cart' }).click();
    await page.getByRole('dialog').getByRole('heading', { name: 'Cart (1)' }).waitFor();
    await page.goto(storeUrl('/shipping'));
    await page.getByRole('heading', { level: 1, name: 'Shipping Details' }).waitFor();
    expect(await page.getByLabel('Pin Code').inputValue()).toBe('700001');
    await expect.poll(() => page.getByLabel('City').inputValue()).toBe('Kolkata');
    await page.getByLabel('Street or area').fill('12 Park Street');
    await page.getByLabel('First Name').fill('Mou');
    await page.getByLabel('Last Name').fill('Sen');
    await page.getByLabel('Phone').fill('9830012345');
    await page.getByLabel('Your mobile number').fill('9895011111');
    const boxCard = (await api<{ products: Card[] }>('/api/products?pincode=700001&pageLimit=100')).products.find(
      (p) => p.name === boxName,
    )!;
    const earliest = boxCard.earliestDelivery!;
    await page.getByRole('button', { name: earliest.label, exact: true }).click();
    await page.getByRole('radio', { name: 'Any time, 9 AM – 9 PM' }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL((u) => u.pathname === '/placeorder');
    await page.getByRole('button', { name: 'Confirm Order' }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/order/'));
    // The gateway opens by itself once the order is confirmed.
    const gateway = page.getByRole('dialog', { name: 'Razorpay Checkout (simulated)' });
    await gateway.getByRole('button', { name: /^Pay ₹/ }).click();
    await page.getByText('Payment Successful!').waitFor();
    expect(await page.locator('main').innerText()).toContain(boxName);

    // Kochi has a kitchen: the same listing now holds fresh cakes, dated as the API dates them.
    await page.goto(storeUrl('/products?category=Cakes'));
    await deliverTo(page, '682001', 'Ernakulam');
    const kochi = await api<{ products: Card[] }>('/api/products?category=Cakes&pincode=682001');
    expect(kochi.products.some((p) => p.fulfilment === 'local')).toBe(true);
    await expect.poll(() => cardNames(page)).toEqual(kochi.products.map((p) => p.name));
    const sameDay = kochi.products.find((p) => p.earliestDelivery?.label === 'Today');
    // Before 21:00 in India a same-day cake can still go today; later, tomorrow is the earliest.
    const label = sameDay ? 'Delivery Today' : 'Delivery Tomorrow';
    await page.getByText(label).first().waitFor();
    await shoot(page, 'pin-first-cakes-682001-1280');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('marks a cart line that cannot reach a new PIN code, and holds checkout (375)', async () => {
    const { context, page, problems } = await openPage(browser(), 375, { height: 812 });
    const { products } = await api<{ products: Card[] }>('/api/products?category=Cakes&pincode=110001&pageLimit=40');
    const cake = products.find((p) => p.fulfilment === 'local')!;
    await page.goto(storeUrl(`/product/${cake._id}`));
    await deliverTo(page, '110001', 'Central Delhi');
    await page.getByRole('heading', { level: 1, name: cake.name }).waitFor();
    const sizes = page.getByRole('radiogroup');
    if (await sizes.count()) await sizes.getByRole('radio').first().check();
    await page.getByRole('button', { name: 'Add To Cart' }).click();
    await page.getByRole('dialog').getByRole('heading', { name: 'Cart (1)' }).waitFor();
    await page.goto(storeUrl('/cart'));
    await page.getByRole('button', { name: 'Proceed To Checkout' }).waitFor();
    expect(await page.getByRole('button', { name: 'Proceed To Checkout' }).isDisabled()).toBe(false);

    await deliverTo(page, '700001', 'Kolkata');
    await page.getByText("Can't be delivered to 700001").first().waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Proceed To Checkout' }).isDisabled()).toBe(true);
    await page.getByText(new RegExp(`Can't be delivered to 700001: ${cake.name}`)).waitFor();
    await shoot(page, 'pin-first-cart-700001-375');
    expect(problems).toEqual([]);
    await context.close();
  });
});
