import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, customerCookie, DEMO_CUSTOMER as CUSTOMER } from './support/api.js';
import { seriousViolations } from './support/axe.js';
import { openPage, shoot, useBrowser } from './support/page.js';
import { inr, signIn } from './support/shopper.js';

interface Variant {
  _id: string;
  name: string;
  price: number;
  /** The product's discount taken in proportion while it runs (ADR 038); 0 without one. */
  discountPrice: number;
  countInStock: number;
}
interface Product {
  _id: string;
  name: string;
  price: number;
  discountPrice: number;
  available: boolean;
  variants: Variant[];
}

const url = (route: string) => `${inject('baseUrl')}${route}`;
const browser = useBrowser();

/** The first available products of the listing, with their variants, found through the API. */
async function listed(): Promise<Product[]> {
  const { products } = await api<{ products: { _id: string }[] }>('/api/products?pageLimit=24');
  return Promise.all(products.map((p) => api<Product>(`/api/products/${p._id}`)));
}

/** A fresh shopper (own cookies and storage) and the errors their pages log. */
const open = (width: number, height = 900) => openPage(browser(), width, { height });

/** The names on the wishlist's cards, in the order shown. */
const cardNames = (page: Page) => page.getByRole('list', { name: 'Wishlist' }).getByRole('heading').allInnerTexts();

async function heart(page: Page, product: Product) {
  await page.goto(url(`/product/${product._id}`));
  await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
  await page.getByRole('button', { name: 'Add to wishlist' }).click();
  await page.getByRole('button', { name: 'Remove from wishlist', pressed: true }).waitFor();
}

describe('the wishlist', () => {
  it("keeps a guest's hearts through sign-in, joined to what the account already had (1280, 375)", async () => {
    const [first, second, onAccount] = (await listed()).filter((p) => p.available);
    if (!first || !second || !onAccount) throw new Error('fewer than three available products');
    // The demo customer's account holds exactly one product before the guest signs in.
    const cookie = await customerCookie();
    const before = await api<{ productIds: string[] }>('/api/users/wishlist', { cookie });
    for (const id of before.productIds) {
      await api(`/api/users/wishlist/${id}`, { method: 'DELETE', cookie });
    }
    await api(`/api/users/wishlist/${onAccount._id}`, { method: 'PUT', cookie });

    const { context, page, problems } = await open(1280);
    await heart(page, first);
    await heart(page, second);
    await page.getByRole('link', { name: 'Wishlist, 2 products' }).click();
    await page.waitForURL((u) => u.pathname === '/wishlist');
    await expect.poll(() => cardNames(page)).toEqual([second.name, first.name]);

    await page.getByRole('main').getByRole('link', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    await signIn(page, CUSTOMER.email, CUSTOMER.password);
    await page.waitForURL((u) => u.pathname === '/wishlist');
    await expect.poll(() => cardNames(page)).toEqual([second.name, first.name, onAccount.name]);
    await page.getByRole('link', { name: 'Wishlist, 3 products' }).waitFor();
    const account = await api<{ productIds: string[] }>('/api/users/wishlist', { cookie });
    expect(account.productIds).toEqual([second._id, first._id, onAccount._id]);
    await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete));
    await shoot(page, 'wishlist-1280');
    expect(await seriousViolations(page)).toEqual([]);

    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByRole('button', { name: `Remove ${first.name} from wishlist` }).click();
    await expect.poll(() => cardNames(page)).toEqual([second.name, onAccount.name]);
    await expect
      .poll(async () => (await api<{ productIds: string[] }>('/api/users/wishlist', { cookie })).productIds)
      .toEqual([second._id, onAccount._id]);
    await shoot(page, 'wishlist-375');
    expect(await seriousViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('says so when empty, with a way to shop (375)', async () => {
    const { context, page, problems } = await open(375, 812);
    await page.goto(url('/wishlist'));
    await page.getByText('Your wishlist is empty').waitFor();
    await page.getByRole('link', { name: 'Start Shopping' }).click();
    await page.waitForURL((u) => u.pathname === '/products');
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('a product sold in sizes or weights', () => {
  it('opens on the first one in stock with its price, and adds it twice as one line (1280)', async () => {
    const product = (await listed()).find((p) => p.available && p.variants.some((v) => v.countInStock >= 2));
    if (!product) throw new Error('no available product with variants in the listing');
    const chosen = product.variants.find((v) => v.countInStock > 0)!;

    const { context, page, problems } = await open(1280);
    await page.goto(url(`/product/${product._id}`));
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    const radio = page.getByRole('radio', { name: new RegExp(`^${chosen.name}`) });
    expect(await radio.isChecked()).toBe(true);
    // The price above the choices, beside 'Inclusive of all taxes': what the size costs now.
    const price = page.getByText('Inclusive of all taxes').locator('..');
    expect((await price.innerText()).split('\n')[0]).toBe(inr.format(chosen.discountPrice || chosen.price));

    await page.getByLabel('Check delivery').fill('682001');
    await page.getByRole('button', { name: 'Check', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Available' }).waitFor();
    for (let i = 0; i < 2; i += 1) {
      await page.getByRole('button', { name: 'Add To Cart' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    }
    await page.getByRole('button', { name: 'Cart, 2 items' }).waitFor();
    const lines = await page.evaluate(
      () =>
        (JSON.parse(localStorage.getItem('cart')!) as { cartItems: { variant?: { _id: string }; qty: number }[] })
          .cartItems,
    );
    expect(lines.map((l) => [l.variant?._id, l.qty])).toEqual([[chosen._id, 2]]);
    await shoot(page, 'product-variants-1280');
    expect(problems).toEqual([]);
    await context.close();
  });
});
