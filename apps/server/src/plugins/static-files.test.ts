import { brotliDecompressSync } from 'node:zlib';
import { mkdir, mkdtemp, readdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabaseKind, type TestApp } from '../test/test-app.js';
import { TEST_UPLOADS_DIR } from '../test/template.js';

const YEAR = 'public, max-age=31536000, immutable';
/** Text long enough to be worth compressing (the threshold is 1 KB). */
const filler = (line: string) => Array.from({ length: 200 }, (_, i) => `${line} ${i}`).join('\n');
let t: TestApp;

beforeAll(async () => {
  const webDist = await mkdtemp(path.join(os.tmpdir(), 'static-web-'));
  await mkdir(path.join(webDist, 'assets'));
  await writeFile(
    path.join(webDist, 'index.html'),
    `<!doctype html><html><head><title>Phoolwala Gifts</title></head><body><!-- ${filler('page')} --></body></html>`,
  );
  await writeFile(path.join(webDist, 'assets', 'index-Abc123.js'), filler('console.log("store");'));
  await writeFile(path.join(webDist, 'assets', 'index-Def456.css'), filler('.card { color: red; }'));
  await writeFile(
    path.join(webDist, 'favicon.svg'),
    `<svg xmlns="http://www.w3.org/2000/svg"><!-- ${filler('icon')} --></svg>`,
  );
  await mkdir(path.join(TEST_UPLOADS_DIR, 'products'), { recursive: true });
  await writeFile(path.join(TEST_UPLOADS_DIR, 'products', '0b8c7b0e-7a57-4b5e-9f62-1f1d3c1e2a4b-thumb.webp'), 'RIFF');
  await writeFile(path.join(TEST_UPLOADS_DIR, 'demo', 'seeded-before-hashes-detail.webp'), 'RIFF');
  t = await createTestApp({ WEB_DIST_DIR: webDist });
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string) => t.app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });

describe(`cache lifetimes and compression on ${testDatabaseKind}`, () => {
  it('keeps hashed build assets for a year and asks again for pages and unhashed files', async () => {
    for (const url of ['/assets/index-Abc123.js', '/assets/index-Def456.css']) {
      expect((await get(url)).headers['cache-control'], url).toBe(YEAR);
    }
    for (const url of ['/', '/products', '/favicon.svg']) {
      expect((await get(url)).headers['cache-control'], url).toBe('no-cache');
    }
  });

  it("answers a build file that is not there (an old build's chunk) with a 404, not the app's HTML", async () => {
    const res = await get('/assets/index-Old999.js');
    expect([res.statusCode, res.headers['content-type']]).toEqual([404, 'application/json; charset=utf-8']);
    expect(res.json()).toEqual({ message: 'Not found: GET /assets/index-Old999.js', code: 'NOT_FOUND' });
    expect((await get('/assets')).headers['content-type']).toBe('text/html; charset=utf-8');
  });

  it('keeps pictures named by a uuid or their content for a year, and checks any other daily', async () => {
    const demo = (await readdir(path.join(TEST_UPLOADS_DIR, 'demo'))).find((f) =>
      /\.[0-9a-f]{10}-detail\.webp$/.test(f),
    );
    expect(demo).toBeDefined();
    for (const url of [`/uploads/demo/${demo}`, '/uploads/products/0b8c7b0e-7a57-4b5e-9f62-1f1d3c1e2a4b-thumb.webp']) {
      const res = await get(url);
      expect([url, res.statusCode, res.headers['cache-control']]).toEqual([url, 200, YEAR]);
      // WebP is compressed already: compressing it again costs time and saves nothing.
      expect(res.headers['content-encoding'], url).toBeUndefined();
    }
    const legacy = await get('/uploads/demo/seeded-before-hashes-detail.webp');
    expect(legacy.headers['cache-control']).toBe('public, max-age=86400');
    expect(legacy.headers['last-modified']).toBeDefined();
  });

  it('seeds the demo products with content-hashed picture names', async () => {
    const { products } = (await t.app.inject({ url: '/api/products?pageLimit=5' })).json();
    for (const p of products) {
      expect(p.optimizedImages.detail).toMatch(/^\/uploads\/demo\/[a-z0-9-]+\.[0-9a-f]{10}-detail\.webp$/);
      expect(p.optimizedImages.thumbnail).toBe(p.optimizedImages.detail.replace('-detail', '-thumb'));
    }
  });

  it('tells browsers to ask the API again unless a route says otherwise', async () => {
    expect((await get('/api/products')).headers['cache-control']).toBe('no-cache');
    expect((await get('/api/catalog')).headers['cache-control']).toBe('public, max-age=300');
    expect((await get('/api/health')).headers['cache-control']).toBe('no-store');
  });

  it('compresses every kind of text answer with brotli for a client that accepts it', async () => {
    for (const url of [
      '/',
      '/products',
      '/assets/index-Abc123.js',
      '/assets/index-Def456.css',
      '/favicon.svg',
      '/api/products',
      '/api/openapi.json',
      '/sitemap.xml',
    ]) {
      const plain = await t.app.inject({ url });
      const res = await get(url);
      expect([url, res.headers['content-encoding']]).toEqual([url, 'br']);
      expect(res.headers.vary, url).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(plain.body);
    }
  });
});
