import type { FastifyInstance } from 'fastify';
import { CatalogReadModel } from './catalog.read-model.js';

export const CATALOG_ROW_CHANNEL = 'catalog_row_changed';

declare module 'fastify' {
  interface FastifyInstance {
    /** Null when CATALOG_READ_MODEL=false: every catalogue read asks the database. */
    catalogReadModel: CatalogReadModel | null;
  }
}

/** How long after a change could not be read (the database went away) it is read again. */
const RETRY_MS = 1_000;

/**
 * The catalogue read model of this process (ADR 024): loaded before the server answers, then kept
 * current by the database's row notices. Listening starts before the load, so nothing committed
 * in between is missed. While the notices are cut off (the database went away), shoppers keep
 * being answered from the model: nothing can change a catalogue whose database is down, and the
 * model is all that can answer them. When the notices are back the model is read again whole,
 * catching up on whatever changed meanwhile, and the database answers during that reload (ADR 062).
 */
export function registerCatalogReadModel(app: FastifyInstance): void {
  if (!app.config.catalogReadModel) {
    app.decorate('catalogReadModel', null);
    return;
  }
  const model = new CatalogReadModel(app.database.db);
  app.decorate('catalogReadModel', model);
  let unsubscribe: (() => Promise<void>) | undefined;
  let retry: NodeJS.Timeout | undefined;
  let closed = false;
  /**
   * Reads the whole catalogue again, then answers from it (and from nothing cached before). The
   * old copy goes first (a worker's heap is sized for one, ADR 059); the database answers meanwhile.
   */
  const reload = () => {
    reloading = true;
    model.live = false;
    app.catalogCache.setLive(false);
    return model.changed('*').then(() => {
      reloading = false;
      model.live = true;
      app.catalogCache.setLive(true);
    });
  };
  let reloading = false;
  /**
   * A change the model could not read stays pending (catalog.read-model.ts) and is read again
   * shortly; so is a reload, which also makes the model answer again once it has worked.
   */
  const applyLater = (err: unknown) => {
    if (closed || retry) return;
    app.log.warn({ err }, 'catalogue read model could not read the catalogue; trying again shortly');
    retry = setTimeout(() => {
      retry = undefined;
      (reloading ? reload() : model.retry()).catch(applyLater);
    }, RETRY_MS);
    retry.unref();
  };
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
    help: '1 when every worker answers the catalogue from its in-memory copy; 0 while one asks the database instead (loading, or reading the catalogue again after its change notices were cut off).',
    across: 'min',
    read: () => (model.live ? 1 : 0),
  });
  let connectedBefore = false;
  app.addHook('onReady', async () => {
    const started = Date.now();
    unsubscribe = await app.database.subscribe(CATALOG_ROW_CHANNEL, {
      onMessage: (payload) => {
        model.changed(payload).catch(applyLater);
      },
      onReady: () => {
        if (connectedBefore) app.log.info('catalogue change notices are back; reading the catalogue again');
        connectedBefore = true;
        reload().catch(applyLater);
      },
      onInterrupted: () => {
        app.log.warn("catalogue change notices interrupted; answering from this worker's copy until they are back");
      },
    });
    await model.settled();
    if (model.live) app.log.info({ products: model.size, ms: Date.now() - started }, 'catalogue read model loaded');
    else app.log.warn('catalogue read model not loaded: the database did not answer; it loads once it does');
  });
  app.addHook('onClose', async () => {
    closed = true;
    clearTimeout(retry);
    await unsubscribe?.();
    await model.settled().catch(() => undefined);
  });
}
