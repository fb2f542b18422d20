import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ProductSummary } from '@store/contracts';
import type { Reach } from '@store/domain';
import { ResponseCache, stableKey } from '../lib/response-cache.js';

/**
 * The database's notice of each catalogue row written (migrations 0010, 0033): the product's id, or
 * 'stock:' and the id when nothing but its stock moved, or '*' when the products were truncated.
 */
export const CATALOG_CHANNEL = 'catalog_row_changed';
const STOCK_ONLY = 'stock:';

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
 * moment any process, or anyone with SQL, changes the catalogue: triggers NOTIFY on every row
 * written and each process LISTENs. A sale drops only the answers that show what it sold, since no
 * listing filters or sorts by stock; any other change drops them all. While the notices are down
 * (the database went away) the cached answers keep being given; they are dropped when the notices
 * are back.
 */
export function registerCatalogCache(app: FastifyInstance): void {
  const cache = new ResponseCache({
    maxEntries: ANSWER_CACHE_MAX_ENTRIES,
    maxChars: ANSWER_CACHE_MAX_CHARS,
    ttlMs: app.config.catalogCacheTtlMs,
  });
  app.decorate('catalogCache', cache);
  if (app.config.catalogCacheTtlMs <= 0) return;

  let unsubscribe: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    unsubscribe = await app.database.subscribe(CATALOG_CHANNEL, {
      onMessage: (payload) => {
        if (payload.startsWith(STOCK_ONLY)) cache.invalidateProducts([payload.slice(STOCK_ONLY.length)]);
        else cache.invalidate();
      },
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
 * shows. The answer skips a schema check on the way out: it is built by the catalogue's mapper from
 * typed rows, and a random URL would pay for the check every time (ADR 087).
 */
export function catalogAnswer<T>(
  app: FastifyInstance,
  key: [prefix: string, input: unknown],
  compute: () => Promise<T>,
  shows: (value: T) => readonly string[],
): Promise<string> {
  return app.catalogCache.text(stableKey(...key), async () => {
    const value = await compute();
    return { body: JSON.stringify(value), products: shows(value) };
  });
}

/**
 * Keeps a number (a listing's total) in the answer cache under `key`. It shows no product, so a
 * sale keeps it (no listing filters by stock); any other change drops it with every answer.
 */
export const rememberCount =
  (app: FastifyInstance) =>
  (key: unknown, count: () => Promise<number>): Promise<number> =>
    app.catalogCache
      .text(stableKey('total', key), async () => ({ body: String(await count()), products: [] }))
      .then(Number);

/**
 * Keeps a value no sale changes (the default listing's anchors, ADR 090) until any other change to
 * the catalogue; undefined while the answer cache is off or its notices are down.
 */
export const keepUntilChanged =
  (app: FastifyInstance) =>
  <T>(key: string, compute: () => Promise<T>): Promise<T> | undefined =>
    app.catalogCache.keep(key, compute);

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
  compute: (reach: Reach | undefined) => Promise<T>,
  reach: PinReach | null,
): Promise<string> {
  const area = app.pinReaches.filterOf(reach);
  const key: [string, unknown] = [prefix, area ? { input, makes: area.makes } : input];
  const body = await catalogAnswer(app, key, () => compute(area), cardsShow);
  if (!reach) return body;
  const answer = JSON.parse(body) as T;
  return JSON.stringify({ ...answer, products: app.pinReaches.dated(reach, answer.products, app.clock()) });
}

/** Sends a catalogue answer (catalogAnswer) as it is. */
export async function sendCached<T>(
  app: FastifyInstance,
  reply: FastifyReply,
  key: [prefix: string, input: unknown],
  compute: () => Promise<T>,
  shows: (value: T) => readonly string[],
): Promise<void> {
  const body = await catalogAnswer(app, key, compute, shows);
  // A string with a JSON content type is sent as it is, skipping the serializer. Awaiting the reply
  // keeps this async handler alive until the body is written; otherwise a streamed (compressed)
  // body can be cut off.
  await reply.type('application/json; charset=utf-8').send(body);
}
