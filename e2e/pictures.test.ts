import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { PRODUCT_MAIN_PICTURE_SIZES } from '@store/contracts';
import { launchBrowser } from './support/browser.js';

let browser: Browser;
let page: Page;
const baseUrl = () => inject('baseUrl');

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  await page?.close();
});

interface ProductForTest {
  _id: string;
  optimizedImages: { thumbnail: string; detail: string };
}

/** A demo product with extra pictures, so the gallery has its thumbnail strip beside the picture. */
async function productWithViews(): Promise<ProductForTest> {
  const { products } = (await (await fetch(`${baseUrl()}/api/products?pageLimit=100`)).json()) as {
    products: (ProductForTest & { productImages?: string[] })[];
  };
  return products.find((p) => (p.productImages?.length ?? 0) > 0) ?? products[0]!;
}

/** Opens `url`, counting the requests for each picture under /uploads. */
async function open(url: string, width: number): Promise<Map<string, number>> {
  page = await browser.newPage({ viewport: { width, height: 900 } });
  const fetched = new Map<string, number>();
  page.on('request', (req) => {
    const { pathname } = new URL(req.url());
    if (pathname.startsWith('/uploads/')) fetched.set(pathname, (fetched.get(pathname) ?? 0) + 1);
  });
  await page.goto(`${baseUrl()}${url}`, { waitUntil: 'networkidle' });
  return fetched;
}

describe('pictures in the size the layout needs', () => {
  for (const [width, copy] of [
    [1280, 'detail'],
    [375, 'thumbnail'],
  ] as const) {
    it(`preloads the product page's main picture at ${width} px as its <img> asks, and fetches it once`, async () => {
      const product = await productWithViews();
      const { thumbnail, detail } = product.optimizedImages;
      const fetched = await open(`/product/${product._id}`, width);

      const main = page.getByRole('button', { name: /^Open full-size image 1 of/ }).locator('img');
      await main.waitFor();
      // Loaded and decoded (a srcset picture's natural width is its layout width, not its file's).
      await expect
        .poll(() => main.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
        .toBeGreaterThan(0);
      const img = await main.evaluate((el: HTMLImageElement) => ({
        srcset: el.getAttribute('srcset'),
        sizes: el.getAttribute('sizes'),
        fetchpriority: el.getAttribute('fetchpriority'),
        loading: el.loading,
        current: new URL(el.currentSrc).pathname,
      }));
      expect(img).toEqual({
        srcset: `${thumbnail} 400w, ${detail} 800w`,
        sizes: PRODUCT_MAIN_PICTURE_SIZES,
        fetchpriority: 'high',
        loading: 'eager',
        current: copy === 'detail' ? detail : thumbnail,
      });

      const preload = await page.locator('head link[rel="preload"][as="image"]').evaluate((el) => ({
        imagesrcset: el.getAttribute('imagesrcset'),
        imagesizes: el.getAttribute('imagesizes'),
        fetchpriority: el.getAttribute('fetchpriority'),
      }));
      expect(preload).toEqual({ imagesrcset: img.srcset, imagesizes: img.sizes, fetchpriority: 'high' });

      // The copy the <img> chose, fetched once: the preload chose the same. The 400 px copy is
      // also the strip's thumbnail, so at 1280 px it comes too, but once; at 375 px the 800 px never.
      const chosen = copy === 'detail' ? detail : thumbnail;
      expect(fetched.get(chosen)).toBe(1);
      if (copy === 'thumbnail') expect(fetched.has(detail)).toBe(false);
      else expect(fetched.get(thumbnail) ?? 0).toBeLessThanOrEqual(1);
    });
  }

  it('draws the listing cards from the 400 px copies on a phone, the first row first', async () => {
    const fetched = await open('/products?category=Flowers', 375);
    const cards = page.getByRole('list', { name: 'Products' }).locator('article img');
    await cards.first().waitFor();
    const pictures = await cards.evaluateAll((imgs) =>
      (imgs as HTMLImageElement[]).slice(0, 6).map((img) => ({
        current: img.currentSrc ? new URL(img.currentSrc).pathname : '',
        sizes: img.getAttribute('sizes'),
        priority: img.getAttribute('fetchpriority'),
        loading: img.loading,
      })),
    );
    const loaded = pictures.filter((p) => p.current);
    expect(loaded.length).toBeGreaterThanOrEqual(4);
    for (const p of loaded) expect(p.current).toMatch(/-thumb\.webp$/);
    expect(pictures.map((p) => p.sizes)).toEqual(Array(6).fill('(min-width: 769px) 300px, 50vw'));
    expect(pictures.slice(0, 4).map((p) => [p.loading, p.priority])).toEqual(Array(4).fill(['eager', 'high']));
    expect(pictures.slice(4).map((p) => p.loading)).toEqual(['lazy', 'lazy']);
    expect([...fetched.keys()].filter((u) => u.endsWith('-detail.webp'))).toEqual([]);
  });
});
