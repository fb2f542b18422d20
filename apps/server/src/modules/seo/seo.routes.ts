import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { CATEGORIES } from '@store/domain';
import type { RenderStorefront } from '@store/contracts';
import { ProductsService } from '../products/products.service.js';
import { clientConfigOf } from '../../lib/client-config.js';
import { AppError } from '../../lib/app-error.js';
import { loadBuildScripts } from './seo.route-chunks.js';
import { DEFAULT_DESCRIPTION, DEFAULT_TITLE, STORE_NAME, productHead, renderHead, type PageHead } from './seo.head.js';
import { StorefrontApi } from './seo.storefront-api.js';
import { holdsPage, loadStorefrontRenderer, renderBudget, renderWithin, withStorefrontPage } from './seo.storefront.js';

/** The sitemap protocol's limit for one file. */
const SITEMAP_MAX_URLS = 50_000;
const PRODUCT_PATH = /^\/product\/([0-9a-f-]{36})\/?$/i;
/** Storefront pages a process renders at once; more are sent to render in the browser. */
const MAX_RENDERS_AT_ONCE = 8;
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
 * The HTML the server sends for a page: the app's HTML with the page's head written in, so that
 * link previews (WhatsApp, social networks) and search engines see real titles, prices and
 * pictures; and for the storefront's public pages the page itself, rendered by the web app's own
 * components from the catalogue's data, which the browser then hydrates (ADR 049).
 */
export function createPageRenderer(app: FastifyInstance, webDistDir: string) {
  // The product page's head comes from the same cached answer as the API's.
  const api = new StorefrontApi(app);
  let template: Promise<string> | undefined;
  const indexHtml = () => (template ??= readFile(path.join(webDistDir, 'index.html'), 'utf8'));
  let buildScripts: ReturnType<typeof loadBuildScripts> | undefined;
  const scripts = () => (buildScripts ??= loadBuildScripts(webDistDir));
  let renderer: Promise<RenderStorefront | null> | undefined;
  const storefront = () => (renderer ??= loadStorefrontRenderer(webDistDir));
  const budgetMs = app.config.serverRenderTimeoutMs;
  // Loaded once the store is up rather than by the first shopper's page.
  if (budgetMs > 0) {
    app.addHook('onReady', async () => {
      void storefront().catch(() => undefined);
    });
  }

  async function headFor(urlPath: string): Promise<PageHead> {
    const { publicUrl } = app.config;
    const match = PRODUCT_PATH.exec(urlPath);
    if (match) {
      const id = match[1]!;
      try {
        const json = await api.productJson(id);
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

  const budget = renderBudget(app.config.serverRenderMsPerSecond);
  let rendering = 0;
  async function pageFor(req: FastifyRequest) {
    // A busy server sends the page to render in the browser, as before it rendered any (ADR 049);
    // a HEAD request (a monitor's) has no use for the page.
    if (budgetMs === 0 || req.method !== 'GET' || rendering >= MAX_RENDERS_AT_ONCE || !budget.mayRender()) return null;
    rendering++;
    try {
      const render = await storefront().catch((err: unknown) => {
        app.log.warn({ err }, "could not load the storefront's server render; pages render in the browser");
        return null;
      });
      if (!render) return null;
      // Timed from here: loading the bundle, once, is not a page's render.
      const began = performance.now();
      try {
        return await renderWithin(
          render,
          { url: req.url, cookie: req.headers.cookie ?? '', api: api.forRequest(req), now: new Date() },
          budgetMs,
          req.log,
        );
      } finally {
        budget.spent(performance.now() - began);
      }
    } finally {
      rendering--;
    }
  }

  return async (req: FastifyRequest): Promise<string> => {
    const urlPath = req.url.split('?')[0]!;
    const [template, head, rendered, { routeChunks, boot }] = await Promise.all([
      indexHtml(),
      headFor(urlPath),
      pageFor(req),
      scripts(),
    ]);
    const page = rendered && holdsPage(template) ? rendered : null;
    const html = renderHead(template, {
      ...head,
      // A rendered page carries its product in the query cache it hydrates from.
      productJson: page ? undefined : head.productJson,
      modulePreloads: routeChunks(urlPath),
      boot: page && boot ? boot : undefined,
      clientConfig: clientConfigOf(app.config),
    });
    return page ? withStorefrontPage(html, page) : html;
  };
}
