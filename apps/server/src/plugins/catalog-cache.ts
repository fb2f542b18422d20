import type { FastifyInstance, FastifyReply } from 'fastify';
import type { z } from 'zod';
import { ResponseCache, stableKey } from '../lib/response-cache.js';

export const CATALOG_CHANNEL = 'catalog_changed';

declare module 'fastify' {
  interface FastifyInstance {
    catalogCache: ResponseCache;
  }
}

/**
 * Catalogue answers (listings, searches, product pages) are cached per process and dropped the
 * moment any process, or anyone with SQL, changes the catalogue: triggers NOTIFY on every write
 * (migration 0003) and each process LISTENs. While that channel is down nothing is cached.
 */
export function registerCatalogCache(app: FastifyInstance): void {
  const cache = new ResponseCache({
    maxEntries: app.config.catalogCacheMaxEntries,
    ttlMs: app.config.catalogCacheTtlMs,
  });
  app.decorate('catalogCache', cache);
  if (app.config.catalogCacheTtlMs <= 0) return;

  let unsubscribe: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    unsubscribe = await app.database.subscribe(CATALOG_CHANNEL, {
      onMessage: () => cache.invalidate(),
      onReady: () => cache.setLive(true),
      onInterrupted: () => {
        cache.setLive(false);
        app.log.warn('catalogue change notifications interrupted; caching paused');
      },
    });
  });
  app.addHook('onClose', async () => {
    await unsubscribe?.();
  });
}

/** Sends the cached JSON text for `key`, computing it on a miss. */
export async function sendCached<T extends z.ZodType>(
  app: FastifyInstance,
  reply: FastifyReply,
  key: [prefix: string, input: unknown],
  schema: T,
  compute: () => Promise<z.input<T>>,
): Promise<void> {
  const body = await app.catalogCache.json(stableKey(...key), schema, compute);
  // A string with a JSON content type is sent as it is, skipping the serializer: it was shaped by
  // the same schema when it was computed. Awaiting the reply keeps this async handler alive until
  // the body is written; otherwise a streamed (compressed) body can be cut off.
  await reply.type('application/json; charset=utf-8').send(body);
}
