import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { CATEGORIES } from '@store/domain';
import { productDetailSchema } from '@store/contracts';
import { ProductsService } from '../products/products.service.js';
import { clientConfigOf } from '../../lib/client-config.js';
import { stableKey } from '../../lib/response-cache.js';
import { AppError } from '../../lib/app-error.js';
import { loadRouteChunks } from './seo.route-chunks.js';
import { DEFAULT_DESCRIPTION, DEFAULT_TITLE, STORE_NAME, productHead, renderHead, type PageHead } from './seo.head.js';

/** The sitemap protocol's limit for one file. */
const SITEMAP_MAX_URLS = 50_000;
const PRODUCT_PATH = /^\/product\/([0-9a-f-]{36})\/?$/i;
const xmlEscape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Where search engines may go, and where the sitemap is. */
export const seoRoutes: FastifyPluginAsync = async (app) => {
  const { publicUrl } = app.config;
  const catalogue = new ProductsService(app.database.db);

  app.get('/robots.txt', { schema: { hide: true } }, async (_req, reply) => {
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600');
    return [
      'User-agent: *',
      'Allow: /',
      'Disallow: /api/',
      'Disallow: /admin',
      'Disallow: /cart',
      'Disallow: /shipping',
      'Disallow: /payment',
      'Disallow: /placeorder',
      'Disallow: /order/',
      'Disallow: /profile',
      'Disallow: /login',
      'Disallow: /register',
      'Disallow: /forgot-password',
      'Disallow: /reset-password',
      'Disallow: /wishlist',
      `Sitemap: ${publicUrl}/sitemap.xml`,
      '',
    ].join('\n');
  });

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_req, reply) => {
    const rows = await catalogue.sitemapEntries(SITEMAP_MAX_URLS - CATEGORIES.length - 3);
    const entry = (loc: string, lastmod?: Date) =>
      `  <url><loc>${xmlEscape(loc)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`;
    const urls = [
      entry(`${publicUrl}/`),
      entry(`${publicUrl}/products`),
      ...CATEGORIES.map((c) => entry(`${publicUrl}/products?category=${encodeURIComponent(c)}`)),
      entry(`${publicUrl}/terms-and-conditions`),
      ...rows.map((r) => entry(`${publicUrl}/product/${r.id}`, r.updatedAt)),
    ];
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600');
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
  });
};

const STATIC_HEADS: Record<string, { title: string; description: string }> = {
  '/products': {
    title: `All products | ${STORE_NAME}`,
    description: 'Browse flowers, cakes, chocolates and combos. Filter by occasion, recipient, colour and price.',
  },
  '/terms-and-conditions': {
    title: `Terms and Conditions | ${STORE_NAME}`,
    description: 'Terms of use, privacy, refunds and returns, shipping and grievance contact for Phoolwala Gifts.',
  },
  '/cart': { title: `Shopping Cart | ${STORE_NAME}`, description: DEFAULT_DESCRIPTION },
};

/**
 * The head a page gets in the HTML the server sends, before any script runs, so that link
 * previews (WhatsApp, social networks) and search engines see real titles, prices and pictures.
 */
export function createPageRenderer(app: FastifyInstance, webDistDir: string) {
  // The product page's head comes from the read model too: no database round trip per page.
  const service = new ProductsService(app.database.db, app.catalogReadModel);
  let template: Promise<string> | undefined;
  const indexHtml = () => (template ??= readFile(path.join(webDistDir, 'index.html'), 'utf8'));
  let routeChunks: ReturnType<typeof loadRouteChunks> | undefined;
  const chunksFor = async (urlPath: string) => (await (routeChunks ??= loadRouteChunks(webDistDir)))(urlPath);

  async function headFor(urlPath: string): Promise<PageHead> {
    const { publicUrl } = app.config;
    const match = PRODUCT_PATH.exec(urlPath);
    if (match) {
      const id = match[1]!;
      try {
        const json = await app.catalogCache.json(stableKey('product', id), productDetailSchema, () => service.get(id));
        return productHead(JSON.parse(json), publicUrl, json);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
      }
    }
    const known = STATIC_HEADS[urlPath.replace(/\/$/, '')];
    return {
      title: known?.title ?? DEFAULT_TITLE,
      description: known?.description ?? DEFAULT_DESCRIPTION,
      url: `${publicUrl}${urlPath}`,
    };
  }

  return async (urlPath: string): Promise<string> =>
    renderHead(await indexHtml(), {
      ...(await headFor(urlPath)),
      modulePreloads: await chunksFor(urlPath),
      clientConfig: clientConfigOf(app.config),
    });
}
