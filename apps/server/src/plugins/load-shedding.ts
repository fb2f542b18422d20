import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.js';
import { BUSY_MESSAGE, BUSY_RETRY_AFTER_SECONDS } from './error-handler.js';

/** How often the event loop's delay is judged; each judgement covers the time since the last. */
const SAMPLE_INTERVAL_MS = 1_000;
const RESOLUTION_MS = 10;
/** Answered even when the server is shedding load: it says whether the database answers. */
const EXEMPT_ROUTES = new Set(['/api/health']);

/**
 * Answers 503 with Retry-After at once, before doing any work, when more than
 * MAX_IN_FLIGHT_REQUESTS are being handled or the event loop has been running late by more than
 * MAX_EVENT_LOOP_DELAY_MS on average over the last second. Past those points every extra request
 * only waits longer in a queue (for the database, or for the CPU) and makes everyone else wait
 * too; a quick refusal lets clients back off and the server catch up (ADR 018).
 */
export function registerLoadShedding(app: FastifyInstance): void {
  const { maxInFlightRequests, maxEventLoopDelayMs } = app.config.loadShedding;
  let inFlight = 0;
  let loopLate = false;

  if (maxEventLoopDelayMs > 0) {
    const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
    let timer: NodeJS.Timeout | undefined;
    // Started once the app is ready, so the work of starting up (migrations, loading the PIN
    // codes) is not taken for overload.
    app.addHook('onReady', async () => {
      histogram.enable();
      let judgedAt = performance.now();
      timer = setInterval(() => {
        const now = performance.now();
        // No sample at all means no 10 ms timer ran since the last judgement: the loop was that late.
        const delayMs = Number.isNaN(histogram.mean) ? now - judgedAt : histogram.mean / 1e6 - RESOLUTION_MS;
        histogram.reset();
        judgedAt = now;
        const late = delayMs > maxEventLoopDelayMs;
        if (late && !loopLate)
          app.log.warn({ eventLoopDelayMs: Math.round(delayMs) }, 'event loop late: shedding load');
        loopLate = late;
      }, SAMPLE_INTERVAL_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      histogram.disable();
    });
  }

  app.addHook('onRequest', async (req, reply) => {
    if (EXEMPT_ROUTES.has(req.routeOptions.url ?? '')) return;
    if (loopLate || (maxInFlightRequests > 0 && inFlight >= maxInFlightRequests)) {
      throw new AppError('UNAVAILABLE', BUSY_MESSAGE, undefined, { 'retry-after': String(BUSY_RETRY_AFTER_SECONDS) });
    }
    inFlight += 1;
    // 'close' comes once the response is sent or the client has gone, whichever is first.
    reply.raw.once('close', () => {
      inFlight -= 1;
    });
  });
}
