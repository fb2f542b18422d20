import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { seriousViolations } from './support/axe.js';
import { launchBrowser } from './support/browser.js';
import { repoRoot } from './support/server.js';
import { inr, signIn } from './support/shopper.js';

interface Variant {
  _id: string;
  name: string;
  price: number;
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

const CUSTOMER = { email: 'customer@example.com', password: 'customer-demo-pass' };
const screenshots = path.join(repoRoot, 'test-results', 'screenshots');
const url = (route: string) => `${inject('baseUrl')}${route}`;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  await mkdir(screenshots, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

async function api<T>(route: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(url(route), init);
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${route}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** The first available products of the listing, with their variants, found through the API. */
async function listed(): Promise<Product[]> {
  const { products } = await api<{ products: { _id: string }[] }>('/api/products?pageLimit=24');
  return Promise.all(products.map((p) => api<Product>(`/api/products/${p._id}`)));
}

/** The demo customer's session cookie, signed in through the API. */
async function customerCookie(): Promise<string> {
  const res = await fetch(url('/api/users/auth'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(CUSTOMER),
  });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .find((c) => c.startsWith('session='))!
    .split(';')[0]!;
}

/** A fresh shopper (own cookies and storage) and the errors their pages log. */
async function open(width: number, height = 900) {
  const context = await browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('response', (r) => r.status() >= 400 && problems.push(`${r.status()} ${r.url()}`));
  return { context, page, problems };
}

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: path.join(screenshots, `${name}.png`), fullPage: true, animations: 'disabled' });
}

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
    const before = await api<{ productIds: string[] }>('/api/users/wishlist', { headers: { cookie } });
    for (const id of before.productIds) {
      await api(`/api/users/wishlist/${id}`, { method: 'DELETE', headers: { cookie } });
    }
    await api(`/api/users/wishlist/${onAccount._id}`, { method: 'PUT', headers: { cookie } });

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
    const account = await api<{ productIds: string[] }>('/api/users/wishlist', { headers: { cookie } });
    expect(account.productIds).toEqual([second._id, first._id, onAccount._id]);
    await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete));
    await shoot(page, 'wishlist-1280');
    expect(await seriousViolations(page)).toEqual([]);

    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByRole('button', { name: `Remove ${first.name} from wishlist` }).click();
    await expect.poll(() => cardNames(page)).toEqual([second.name, onAccount.name]);
    await expect
      .poll(
        async () => (await api<{ productIds: string[] }>('/api/users/wishlist', { headers: { cookie } })).productIds,
      )
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
    // The price above the choices, beside 'Inclusive of all taxes'.
    const price = page.getByText('Inclusive of all taxes').locator('..');
    expect((await price.innerText()).split('\n')[0]).toBe(inr.format(chosen.price));

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
