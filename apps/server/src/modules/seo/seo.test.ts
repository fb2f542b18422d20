import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_MAIN_PICTURE_SIZES } from '@store/contracts';
import { insertProduct } from '../../test/fixtures.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/test-app.js';

const PUBLIC_URL = 'https://shop.example.in';
let t: TestApp;

beforeAll(async () => {
  const webDist = await mkdtemp(path.join(os.tmpdir(), 'seo-web-'));
  await writeFile(
    path.join(webDist, 'index.html'),
    '<!doctype html><html><head><title>Phoolwala Gifts</title><meta name="description" content="x" /><script type="module" crossorigin src="/assets/index-A.js"></script></head><body><div id="root"></div></body></html>',
  );
  await mkdir(path.join(webDist, '.vite'));
  await writeFile(
    path.join(webDist, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-A.js', isEntry: true, imports: ['_shared-B.js'] },
      '_shared-B.js': { file: 'assets/shared-B.js' },
      '_card-D.js': { file: 'assets/card-D.js', imports: ['_shared-B.js'] },
      'src/features/product-listing/product-list-page.tsx': { file: 'assets/list-C.js', imports: ['_card-D.js'] },
      'src/features/product-detail/product-page.tsx': { file: 'assets/product-E.js', imports: ['_card-D.js'] },
    }),
  );
  t = await createTestApp({ WEB_DIST_DIR: webDist, PUBLIC_URL });
});
afterAll(async () => {
  await t?.close();
});

const page = async (url: string) => {
  const res = await t.app.inject({ url });
  expect(res.statusCode, url).toBe(200);
  expect(res.headers['content-type']).toMatch(/text\/html/);
  return res.body;
};
const meta = (html: string, property: string) =>
  new RegExp(`<meta property="${property}" content="([^"]*)"`).exec(html)?.[1];
const modulePreloads = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)"/g)].map((m) => m[1]);
const jsonLd = (html: string) =>
  JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!) as {
    name: string;
    offers: { availability: string };
  };

const embeddedProduct = (html: string) =>
  JSON.parse(/<script type="application\/json" id="product-data">(.*?)<\/script>/s.exec(html)![1]!) as {
    _id: string;
    name: string;
  };

describe(`search engines and link previews on ${testDatabaseKind}`, () => {
  it('tells crawlers where to go and where the sitemap is', async () => {
    const res = await t.app.inject({ url: '/robots.txt' });
    expect(res.headers['content-type']).toMatch(/text\/plain/);
    expect(res.body).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    expect(res.body).toContain('Disallow: /api/');
    expect(res.body).toContain('Disallow: /admin\n');
  });

  it('lists shoppable products in the sitemap, and nothing else', async () => {
    const listed = await insertProduct(t.database.db, { name: 'Sitemap Lily' });
    const hidden = await insertProduct(t.database.db, { name: 'Sitemap Hidden', available: false });
    const sample = await insertProduct(t.database.db, { name: 'Sample Product' });
    const res = await t.app.inject({ url: '/sitemap.xml' });
    expect(res.headers['content-type']).toMatch(/application\/xml/);
    expect(res.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset /);
    expect(res.body).toContain(`<loc>${PUBLIC_URL}/product/${listed}</loc>`);
    expect(res.body).toContain(`<loc>${PUBLIC_URL}/products?category=Flowers</loc>`);
    expect(res.body).not.toContain(hidden);
    expect(res.body).not.toContain(sample);
  });

  it('sends a product page with its title, price, picture and structured data in the HTML', async () => {
    const id = await insertProduct(t.database.db, {
      name: 'Preview Roses',
      description: 'Twelve red roses, hand-tied.',
      price: 99_900,
      discountPrice: 69_900,
      countInStock: 4,
      optimizedImages: { thumbnail: '/uploads/t.webp', detail: '/uploads/d.webp' },
      reviewRatings: [5, 4],
    });
    const html = await page(`/product/${id}`);
    expect(html).toContain('<title>Preview Roses | Phoolwala Gifts</title>');
    expect(html).toContain('<meta name="description" content="Twelve red roses, hand-tied." />');
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(meta(html, 'og:title')).toBe('Preview Roses | Phoolwala Gifts');
    expect(meta(html, 'og:type')).toBe('product');
    expect(meta(html, 'og:image')).toBe(`${PUBLIC_URL}/uploads/d.webp`);
    expect(meta(html, 'og:url')).toBe(`${PUBLIC_URL}/product/${id}`);
    expect(meta(html, 'product:price:amount')).toBe('699.00');
    expect(meta(html, 'product:price:currency')).toBe('INR');
    expect(jsonLd(html)).toMatchObject({
      '@type': 'Product',
      name: 'Preview Roses',
      offers: { priceCurrency: 'INR', price: '699.00', availability: 'https://schema.org/InStock' },
      aggregateRating: { ratingValue: 4.5, reviewCount: 2 },
    });
  });

  it('embeds the product the API answers, so the page need not ask for it again', async () => {
    const id = await insertProduct(t.database.db, {
      name: 'Embedded Orchids',
      description: 'Purple </script> orchids',
    });
    const html = await page(`/product/${id}`);
    expect(embeddedProduct(html)).toEqual((await t.app.inject({ url: `/api/products/${id}` })).json());
    expect(await page('/products')).not.toContain('id="product-data"');
  });

  it('says out of stock when it is, and escapes whatever a product is called', async () => {
    const id = await insertProduct(t.database.db, {
      name: 'Evil "</title><script>alert(1)</script>',
      description: '</script><script>alert(2)</script>',
      countInStock: 0,
    });
    const html = await page(`/product/${id}`);
    expect(html).not.toContain('<script>alert');
    expect(html).toContain(
      '<title>Evil &quot;&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; | Phoolwala Gifts</title>',
    );
    expect(jsonLd(html).name).toBe('Evil "</title><script>alert(1)</script>');
    expect(jsonLd(html).offers.availability).toBe('https://schema.org/OutOfStock');
  });

  it('keeps one head whatever $-patterns or markup a path or a product carries', async () => {
    const tricky = "Roses $' and $` and $& </script><script>alert(3)</script>";
    const id = await insertProduct(t.database.db, { name: tricky, description: `$'$\`$&$$ ${tricky}` });
    const once = (html: string) => {
      expect(html.match(/<title>/g)).toHaveLength(1);
      expect(html.match(/<\/head>/g)).toHaveLength(1);
      expect(html.match(/<script type="module"/g)).toHaveLength(1);
      expect(html.match(/<div id="root">/g)).toHaveLength(1);
      expect(html).not.toContain('<script>alert');
    };
    const product = await page(`/product/${id}`);
    once(product);
    expect(jsonLd(product).name).toBe(tricky);
    expect(embeddedProduct(product).name).toBe(tricky);
    expect(product).toContain(`<meta property="og:title" content="Roses $&#39; and $\` and $&amp; &lt;/script&gt;`);
    for (const url of ["/products$'x", '/products$%60x', '/products$&x', "/terms-and-conditions$'$&"])
      once(await page(url));
    expect(await page("/products$'x")).toContain(`<link rel="canonical" href="${PUBLIC_URL}/products$&#39;x" />`);
  });

  it("preloads the route's own scripts and a product's main picture, so they load beside the entry", async () => {
    const id = await insertProduct(t.database.db, {
      name: 'Preload Lilies',
      optimizedImages: { thumbnail: '/uploads/l-t.webp', detail: '/uploads/l-d.webp' },
    });
    const product = await page(`/product/${id}`);
    expect(modulePreloads(product)).toEqual(['/assets/product-E.js', '/assets/card-D.js']);
    expect(product).toContain('<link rel="preload" as="image" fetchpriority="high" href="/uploads/l-d.webp" />');
    expect(modulePreloads(await page('/products/roses'))).toEqual(['/assets/list-C.js', '/assets/card-D.js']);
    expect(modulePreloads(await page('/products?category=Cakes'))).toEqual(['/assets/list-C.js', '/assets/card-D.js']);
    const terms = await page('/terms-and-conditions');
    expect(modulePreloads(terms)).toEqual([]);
    expect(terms).not.toContain('rel="preload"');
  });

  it("preloads a main picture with copies by the same srcset and sizes as the gallery's <img>", async () => {
    const detail = '/uploads/demo/lilies.0123abcdef-detail.webp';
    const id = await insertProduct(t.database.db, {
      name: 'Responsive Lilies',
      image: detail,
      optimizedImages: { thumbnail: '/uploads/demo/lilies.0123abcdef-thumb.webp', detail },
    });
    const product = await page(`/product/${id}`);
    expect(product).toContain(
      `<link rel="preload" as="image" fetchpriority="high" href="${detail}"` +
        ` imagesrcset="/uploads/demo/lilies.0123abcdef-thumb.webp 400w, ${detail} 800w"` +
        ` imagesizes="${PRODUCT_MAIN_PICTURE_SIZES}" />`,
    );
  });

  it('gives other pages their own titles, and unknown products the store default', async () => {
    expect(await page('/')).toContain(
      '<title>Phoolwala Gifts | Flowers, Cakes and Gifts Delivered Across India</title>',
    );
    expect(await page('/products?category=Cakes')).toContain('<title>All products | Phoolwala Gifts</title>');
    expect(await page('/terms-and-conditions')).toContain('<title>Terms and Conditions | Phoolwala Gifts</title>');
    const unknown = await page('/product/0b8c7b0e-7a57-4b5e-9f62-1f1d3c1e2a4b');
    expect(unknown).toContain('<title>Phoolwala Gifts | Flowers, Cakes and Gifts Delivered Across India</title>');
    expect(unknown).not.toContain('application/ld+json');
  });

  it('carries the web app settings of GET /api/config in every page, demo flag included', async () => {
    const settings = (await t.app.inject({ url: '/api/config' })).json();
    expect(settings).toMatchObject({ demo: true, payments: { provider: 'simulated' } });
    for (const url of ['/', '/terms-and-conditions', '/no-such-page']) {
      const carried = /<script type="application\/json" id="client-config">(.*?)<\/script>/s.exec(await page(url));
      expect(JSON.parse(carried![1]!), url).toEqual(settings);
    }
  });
});
