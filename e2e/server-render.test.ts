import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { STOREFRONT_STATE_ELEMENT_ID } from '@store/contracts';
import { istDate, occasionOn } from '@store/domain';
import { DEMO_CUSTOMER, productWithoutVariants } from './support/api.js';
import { collectProblems, screenshots, shoot, useBrowser } from './support/page.js';
import { inr, signInTo } from './support/shopper.js';

const browser = useBrowser();
const url = (route: string) => `${inject('baseUrl')}${route}`;

interface Listed {
  _id: string;
  name: string;
  price: number;
  discountPrice: number;
}

async function firstProduct(query = ''): Promise<Listed> {
  const res = await fetch(url(`/api/products?pageLimit=1${query}`));
  return ((await res.json()) as { products: Listed[] }).products[0]!;
}

const priceOf = (p: Listed) => inr.format(p.discountPrice > 0 ? p.discountPrice : p.price);

/** Adds up every layout shift from the page's start, as CLS counts them (none after input). */
async function countLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts = { value: 0 };
    (window as unknown as { shifts: typeof shifts }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { hadRecentInput: boolean; value: number }[]) {
        if (!entry.hadRecentInput) shifts.value += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}
const layoutShift = (page: Page) =>
  page.evaluate(() => (window as unknown as { shifts: { value: number } }).shifts.value);

describe('pages the server renders', () => {
  for (const width of [1280, 375]) {
    it(`shows Home, a listing and a product page without JavaScript (${width})`, async () => {
      const [newest, cake] = await Promise.all([firstProduct(), firstProduct('&category=Cakes')]);
      const context = await browser().newContext({ viewport: { width, height: 900 }, javaScriptEnabled: false });
      const page = await context.newPage();

      await page.goto(url('/'));
      await page.getByRole('heading', { name: 'Our Exclusive Collection' }).waitFor();
      const collection = page.getByRole('list', { name: 'Our Exclusive Collection' });
      await expect.poll(() => collection.getByRole('listitem').count()).toBe(10);
      await collection.getByRole('link', { name: newest.name, exact: true }).first().waitFor();
      await shoot(page, `server-home-${width}-no-js`, { fullPage: false });

      await page.goto(url('/products?category=Cakes'));
      await page.getByRole('heading', { level: 1, name: 'Cakes' }).waitFor();
      await page.getByRole('list', { name: 'Products' }).getByRole('link', { name: cake.name, exact: true }).waitFor();
      await shoot(page, `server-listing-${width}-no-js`, { fullPage: false });

      await page.goto(url(`/product/${newest._id}`));
      await page.getByRole('heading', { level: 1, name: newest.name }).waitFor();
      await page.getByText(priceOf(newest), { exact: true }).first().waitFor();
      expect(await page.title()).toBe(`${newest.name} | Phoolwala Gifts`);
      await shoot(page, `server-product-${width}-no-js`, { fullPage: false });
      await context.close();
    });

    it(`hydrates them without a mismatch or a shift (${width})`, async () => {
      const newest = await firstProduct();
      const context = await browser().newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      const problems = collectProblems(page);
      await countLayoutShifts(page);
      for (const [name, route] of [
        ['home', '/'],
        ['listing', '/products?category=Cakes'],
        ['product', `/product/${newest._id}`],
      ] as const) {
        await page.goto(url(route));
        // What comes after hydration (the cart's count, the deferred menus) has had its moment.
        await page.waitForTimeout(500);
        expect(await layoutShift(page), route).toBeLessThanOrEqual(0.05);
        await shoot(page, `server-${name}-${width}-js`, { fullPage: false });
      }
      // Hydrated: the product page's gallery answers a tap with its full-size view.
      await page.getByRole('button', { name: /^Open full-size image 1/ }).click();
      await page.getByRole('dialog').waitFor();
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  it("leads the menu with the occasion of the server's day, whatever the browser's clock says", async () => {
    const now = new Date();
    const season = occasionOn(now);
    // A browser clock in another occasion's window than the server's day, in the same year (the
    // footer shows it): a page that took its day from that clock would lead with another group.
    // Home is left out: its product cards' 'New' badges read the browser's clock whatever the day.
    const year = istDate(now).slice(0, 4);
    const elsewhere = [`${year}-12-24`, `${year}-09-05`, `${year}-02-14`]
      .map((day) => new Date(`${day}T12:00:00+05:30`))
      .find((time) => occasionOn(time)?.id !== season?.id)!;
    const context = await browser().newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems = collectProblems(page);
    await page.clock.setFixedTime(elsewhere);
    await page.goto(url('/terms-and-conditions'));
    await page.waitForFunction(() => 'interactive' in document.documentElement.dataset);
    // The server rendered the page (a busy one would leave it to the browser, and its clock).
    expect(await page.locator(`#${STOREFRONT_STATE_ELEMENT_ID}`).count()).toBe(1);
    const firstGroup = page.getByRole('navigation', { name: 'Gift ideas' }).getByRole('button').first();
    await expect.poll(() => firstGroup.textContent()).toBe(season ? `${season.name} Gifts` : 'Gifts');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('checks a PIN code sent before the app had loaded once it has, rather than losing it', async () => {
    // In stock and without sizes to choose, so that a deliverable code is all Add To Cart waits for.
    const product = await productWithoutVariants(3);
    const route = `/product/${product._id}`;
    // Before the script has run, Check is the form's own: it sends the code in the address.
    const early = await browser().newContext({ viewport: { width: 375, height: 812 }, javaScriptEnabled: false });
    const before = await early.newPage();
    await before.goto(url(route));
    await before.getByLabel('Check delivery').fill('682011');
    await before.getByRole('button', { name: 'Check', exact: true }).click();
    await before.waitForURL(url(`${route}?pincode=682011`));
    await before.getByRole('heading', { level: 1, name: product.name }).waitFor();
    expect(await before.getByLabel('Check delivery').inputValue()).toBe('682011');
    await early.close();

    const context = await browser().newContext({ viewport: { width: 375, height: 812 } });
    const page = await context.newPage();
    const problems = collectProblems(page);
    await page.goto(url(`${route}?pincode=682011`));
    await page.getByRole('status').filter({ hasText: 'Available' }).waitFor();
    expect(await page.getByRole('button', { name: 'Add To Cart' }).isEnabled()).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("shows this browser's cart count and the signed-in menu after hydrating, without a shift", async () => {
    const product = await firstProduct();
    const context = await browser().newContext({ viewport: { width: 375, height: 812 } });
    const page = await context.newPage();
    const problems = collectProblems(page);
    await signInTo(page, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password, '/');
    await page.evaluate((p) => {
      const line = { ...p, image: '', optimizedImages: { thumbnail: '' }, countInStock: 5, qty: 2 };
      localStorage.setItem(
        'cart',
        JSON.stringify({ cartItems: [line], shippingAddress: null, paymentMethod: 'Razorpay' }),
      );
    }, product);
    await countLayoutShifts(page);

    // The server renders for nobody in particular; this browser's cart and account follow.
    const html = await (await fetch(url('/'))).text();
    expect(html).toContain('aria-label="Cart, empty"');
    expect(html).toContain('aria-label="Sign in"');
    await page.reload();
    await page.getByRole('button', { name: 'Cart, 2 items' }).waitFor();
    await page.getByRole('button', { name: /^Account menu for / }).waitFor();
    expect(await page.getByRole('link', { name: 'Sign in' }).count()).toBe(0);
    expect(await layoutShift(page)).toBeLessThanOrEqual(0.05);
    await page.screenshot({ path: path.join(screenshots, 'server-home-375-signed-in.png') });
    expect(problems).toEqual([]);
    await context.close();
  });
});
