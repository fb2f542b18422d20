import type { FastifyInstance } from 'fastify';
import { CatalogReadModel } from './catalog.read-model.js';

export const CATALOG_ROW_CHANNEL = 'catalog_row_changed';

declare module 'fastify' {
  interface FastifyInstance {
    /** Null when CATALOG_READ_MODEL=false: every catalogue read asks the database. */
    catalogReadModel: CatalogReadModel | null;
  }
}

/**
 * The catalogue read model of this process (ADR 024): loaded before the server answers, then kept
 * current by the database's row notices. Listening starts before the load, so nothing committed
 * in between is missed; after a lost connection the model is reloaded whole, and until then it is
 * not live and shoppers are answered from the database rather than from a copy that may be stale.
 */
export function registerCatalogReadModel(app: FastifyInstance): void {
  if (!app.config.catalogReadModel) {
    app.decorate('catalogReadModel', null);
    return;
  }
  const model = new CatalogReadModel(app.database.db);
  app.decorate('catalogReadModel', model);
  let unsubscribe: (() => Promise<void>) | undefined;
  /** Reads the whole catalogue again, then answers from it (and from nothing cached before). */
  const reload = () =>
    model.changed('*').then(() => {
      model.live = true;
      app.catalogCache.setLive(true);
    });
  // A sale drops only the cached answers that show what it sold; any other change drops them all.
  model.onApplied = (change) => {
    if (change !== 'everything' && change.onlyStock) app.catalogCache.invalidateProducts(change.ids);
    else app.catalogCache.invalidate();
  };
  app.metrics.reading({
    name: 'store_catalog_change_lag_seconds',
    help: "Seconds since the oldest catalogue change notice a worker's in-memory catalogue has received and not yet applied (the largest of any worker's; 0 when all are current).",
    across: 'max',
    read: () => model.changeLagMs() / 1000,
  });
  app.metrics.reading({
    name: 'store_catalog_read_model_live',
    help: '1 when every worker answers the catalogue from its in-memory copy; 0 while one asks the database instead (loading, or its change notices cut off).',
    across: 'min',
    read: () => (model.live ? 1 : 0),
  });
  app.addHook('onReady', async () => {
    const started = Date.now();
    unsubscribe = await app.database.subscribe(CATALOG_ROW_CHANNEL, {
      onMessage: (payload) => {
        model.changed(payload).catch((err: unknown) => {
          // A product that could not be read again leaves the copy unsure: ask the database until a reload works.
          model.live = false;
          app.catalogCache.setLive(false);
          app.log.error({ err }, 'catalogue read model could not apply a change; reloading');
          reload().catch(() => undefined);
        });
      },
      onReady: () => {
        reload().catch((err: unknown) => app.log.error({ err }, 'catalogue read model could not load'));
      },
      onInterrupted: () => {
        model.live = false;
        app.catalogCache.setLive(false);
        app.log.warn('catalogue change notices interrupted; answering from the database until they are back');
      },
    });
    await model.settled();
    app.log.info({ products: model.size, ms: Date.now() - started }, 'catalogue read model loaded');
  });
  app.addHook('onClose', async () => {
    await unsubscribe?.();
    await model.settled().catch(() => undefined);
  });
}
