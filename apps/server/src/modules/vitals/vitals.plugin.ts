import type { FastifyInstance } from 'fastify';
import { runPeriodically } from '../../lib/periodic.js';
import { VitalsService } from './vitals.service.js';

const SWEEP_EVERY_MS = 3_600_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Rolls up the web-vitals samples of past IST days and deletes days past the retention now (hourly otherwise; tests call it). */
    sweepVitals(): Promise<{ rolledUp: number; pruned: number }>;
  }
}

/** Every process sweeps on its own timer; each takes rows the others have not locked, so overlapping runs are harmless. */
export function registerVitalsSweep(app: FastifyInstance): void {
  const vitals = new VitalsService(app.database.db, app.clock);
  app.decorate('sweepVitals', () => vitals.sweep());
  runPeriodically(app, SWEEP_EVERY_MS, 'could not roll up web-vitals samples', async () => {
    const swept = await vitals.sweep();
    if (swept.rolledUp > 0 || swept.pruned > 0) app.log.info(swept, 'rolled up web-vitals samples');
  });
}
