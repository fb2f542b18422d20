import type { FastifyInstance } from 'fastify';
import { runPeriodically } from '../../lib/periodic.js';
import { VitalsService } from './vitals.service.js';

const PRUNE_EVERY_MS = 3_600_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Deletes web-vitals samples past their retention now (the sweep does it hourly; tests call it). */
    pruneVitals(): Promise<number>;
  }
}

/** Every process sweeps on its own timer; the deletes skip each other's rows, so overlapping runs are harmless. */
export function registerVitalsSweep(app: FastifyInstance): void {
  const vitals = new VitalsService(app.database.db, app.clock);
  app.decorate('pruneVitals', () => vitals.prune());
  runPeriodically(app, PRUNE_EVERY_MS, 'could not delete old web-vitals samples', async () => {
    const pruned = await vitals.prune();
    if (pruned > 0) app.log.info({ pruned }, 'deleted old web-vitals samples');
  });
}
