import type { FastifyInstance, FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { ProductSummary } from '@store/contracts';
import type { Reach } from '@store/domain';
import { ResponseCache, stableKey } from '../lib/response-cache.js';

export const CATALOG_CHANNEL = 'catalog_changed';

/**
 * Answers kept per process. A demo store's every product page and listing fits many times over;
 * past that, the most recently used stay (ADR 073: no store owner has a reason to set it).
 */
export const ANSWER_CACHE_MAX_ENTRIES = 2_000;
/**
 * Answer text kept per process, in characters (about bytes: the JSON is mostly ASCII). It is part
 * of the base a worker's heap limit is sized with (ADR 059), so it is a share of the heap, not a
 * choice: a client asking for thousands of pages of 100 products cannot grow a worker past it.
 */
export const ANSWER_CACHE_MAX_CHARS = 16_000_000;

declare module 'fastify' {
  interface FastifyInstance {
    catalogCache: ResponseCache;
  }
}

/**
 * Catalogue answers (listings, searches, product pages) are cached per process and dropped the
 * moment any process, or anyone with SQL, changes the catalogue. With the read model on, the
 * model's row notices drive the cache (catalog.plugin.ts): a sale drops only the answers showing
 * what it sold. Without it, triggers NOTIFY on every write (migration 0003), each process LISTENs
 * and any change drops everything. While the notices are down (the database went away) the cached
 * answers keep being given, as the read model's are; they are dropped when the notices are back.
 */
export function registerCatalogCache(app: FastifyInstance): void {
  const cache = new ResponseCache({
    maxEntries: ANSWER_CACHE_MAX_ENTRIES,
    maxChars: ANSWER_CACHE_MAX_CHARS,
    ttlMs: app.config.catalogCacheTtlMs,
  });
  app.decorate('catalogCache', cache);
  if (app.config.catalogCacheTtlMs <= 0 || app.config.catalogReadModel) return;

  let unsubscribe: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    unsubscribe = await app.database.subscribe(CATALOG_CHANNEL, {
      onMessage: () => cache.invalidate(),
      // Whatever changed while the notices were away is not in the answers kept from before.
      onReady: () => {
        cache.invalidate();
        cache.setLive(true);
      },
      onInterrupted: () =>
        app.log.warn('catalogue change notifications interrupted; answering from the cache meanwhile'),
    });
  });
  app.addHook('onClose', async () => {
    await unsubscribe?.();
  });
}

/** The products a product page shows: its own and its related products' cards. */
export const productPageShows = (page: { _id: string; relatedProducts: readonly { _id: string }[] }) => [
  page._id,
  ...page.relatedProducts.map((r) => r._id),
];

/** The products a listing or a row of cards shows. */
export const cardsShow = (answer: { products: readonly { _id: string }[] }) => answer.products.map((p) => p._id);

/**
 * The JSON text of a catalogue answer, from the cache when possible; `shows` names the products it
 * shows. Answers from the read model skip the schema check on the way out: they are built by the
 * same mapper from rows the model holds, and a random URL would pay for the check every time.
 */
export function catalogAnswer<T extends z.ZodType>(
  app: FastifyInstance,
  key: [prefix: string, input: unknown],
  schema: T,
  compute: () => Promise<z.input<T>>,
  shows: (value: z.output<T>) => readonly string[],
  inMemory: boolean,
): Promise<string> {
  const cacheKey = stableKey(...key);
  if (!inMemory) return app.catalogCache.json(cacheKey, schema, compute, shows);
  return app.catalogCache.text(cacheKey, async () => {
    const value = await compute();
    return { body: JSON.stringify(value), products: shows(value as z.output<T>) };
  });
}

/** What can reach a PIN code, as `app.pinReaches` answers it: infrastructure names no module. */
type PinReach = Awaited<ReturnType<FastifyInstance['pinReaches']['of']>>;

/**
 * The JSON text of cards for the recipient's PIN code (ADR 077), `reach` null for none: the answer
 * is cached by what the PIN code's area makes, not by the PIN code (an area with every maker shares
 * the answer without one), and each card is dated as it is sent, since dates move with the clock
 * and not with the catalogue. The API's routes and the server's render (seo.storefront-api.ts) both
 * answer with it, so a rendered page holds what the API would have sent.
 */
export async function catalogCards<T extends { products: ProductSummary[] }>(
  app: FastifyInstance,
  [prefix, input]: [prefix: string, input: unknown],
  schema: z.ZodType<T>,
  compute: (reach: Reach | undefined) => Promise<T>,
  reach: PinReach | null,
  inMemory = false,
): Promise<string> {
  const area = app.pinReaches.filterOf(reach);
  const key: [string, unknown] = [prefix, area ? { input, makes: area.makes } : input];
  const body = await catalogAnswer(app, key, schema, () => compute(area), cardsShow, inMemory);
  if (!reach) return body;
  const answer = JSON.parse(body) as T;
  return JSON.stringify({ ...answer, products: app.pinReaches.dated(reach, answer.products, app.clock()) });
}

/** Sends a catalogue answer (catalogAnswer) as it is. */
export async function sendCached<T extends z.ZodType>(
  app: FastifyInstance,
  reply: FastifyReply,
  key: [prefix: string, input: unknown],
  schema: T,
  compute: () => Promise<z.input<T>>,
  shows: (value: z.output<T>) => readonly string[],
  inMemory = false,
): Promise<void> {
  const body = await catalogAnswer(app, key, schema, compute, shows, inMemory);
  // A string with a JSON content type is sent as it is, skipping the serializer: it was shaped by
  // the same schema when it was computed. Awaiting the reply keeps this async handler alive until
  // the body is written; otherwise a streamed (compressed) body can be cut off.
  await reply.type('application/json; charset=utf-8').send(body);
}
