import type { FastifyInstance, FastifyRequest } from 'fastify';
import { idSchema, productListQuerySchema, productPincodeQuerySchema, type ProductSummary } from '@store/contracts';
import type { Reach } from '@store/domain';
import { catalog } from '../catalog/catalog.service.js';
import { cachedProducts, type ProductsService } from '../products/products.service.js';
import { AppError } from '../../lib/app-error.js';
import { clientConfigOf } from '../../lib/client-config.js';
import { catalogAnswer, catalogCards, productPageShows } from '../../plugins/catalog-cache.js';

const PRODUCT_PATH = /^\/api\/products\/([^/]+)$/;

/** A query string as Fastify hands it to a route's schema: a repeated name is a list. */
function queryObject(params: URLSearchParams): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const name of new Set(params.keys())) {
    const values = params.getAll(name);
    query[name] = values.length === 1 ? values[0]! : values;
  }
  return query;
}

/**
 * The catalogue API's GET answers, in process, for the pages the server renders: the same checks,
 * search limit and response-cache keys as products.routes.ts, so a rendered page and the API share
 * cached answers and the page's data is exactly what the API would have sent the browser.
 */
export class StorefrontApi {
  private readonly service: ProductsService;

  constructor(private readonly app: FastifyInstance) {
    this.service = cachedProducts(app);
  }

  /** `GET /api/products/:id` as JSON text. */
  async productJson(id: string): Promise<string> {
    if (!idSchema.safeParse(id).success) throw new AppError('VALIDATION', 'id must be a product id');
    return catalogAnswer(this.app, ['product', id], () => this.service.get(id), productPageShows);
  }

  /** What can reach `?pincode=` as products.routes.ts asks it: a refused PIN code rejects with its AppError. */
  private reachOf(pincode: unknown) {
    return pincode === undefined ? null : this.app.pinReaches.of(pincode);
  }

  private async listJson(req: FastifyRequest, params: URLSearchParams): Promise<string> {
    const parsed = productListQuerySchema.safeParse(queryObject(params));
    if (!parsed.success) throw new AppError('VALIDATION', parsed.error.issues[0]?.message ?? 'Invalid query');
    const { pincode, ...query } = parsed.data;
    if (query.keyword) {
      await this.app.rateLimiter.consume(`search:${req.ip}`, this.app.config.rateLimits.search, 'Too many searches.');
    }
    return catalogCards(
      this.app,
      ['products', query],
      (area) => this.service.list(query, undefined, area),
      await this.reachOf(pincode),
    );
  }

  /** One of the rows products.routes.ts answers (`/api/products/all`, `/top`), under its cache key. */
  private async rowJson(
    prefix: string,
    cards: (area?: Reach) => Promise<ProductSummary[]>,
    params: URLSearchParams,
  ): Promise<string> {
    const { pincode } = productPincodeQuerySchema.parse(queryObject(params));
    return catalogCards(
      this.app,
      [prefix, null],
      async (area) => ({ products: await cards(area) }),
      await this.reachOf(pincode),
    );
  }

  /** The API as one shopper's request sees it (its address counts against the search limit). */
  forRequest(req: FastifyRequest): (path: string) => Promise<unknown> {
    return async (path) => {
      const url = new URL(path, 'http://api.invalid');
      const product = PRODUCT_PATH.exec(url.pathname);
      if (url.pathname === '/api/config') return clientConfigOf(this.app.config);
      if (url.pathname === '/api/catalog') return catalog;
      if (url.pathname === '/api/products') return JSON.parse(await this.listJson(req, url.searchParams));
      if (url.pathname === '/api/products/all') {
        return JSON.parse(await this.rowJson('carousel', (area) => this.service.carousel(area), url.searchParams));
      }
      if (url.pathname === '/api/products/top') {
        return JSON.parse(await this.rowJson('top', (area) => this.service.top(area), url.searchParams));
      }
      if (product) return JSON.parse(await this.productJson(decodeURIComponent(product[1]!)));
      throw new Error(`GET ${url.pathname} is not answered in process`);
    };
  }
}
