import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.js';
import { changesState } from '../lib/http-methods.js';
import { ReadTurns } from '../lib/read-turns.js';
import { BUSY_MESSAGE, BUSY_RETRY_AFTER_SECONDS } from './error-handler.js';
import { METRICS_PATH } from './metrics.js';

/** How often the event loop's delay is judged; each judgement covers the time since the last. */
const SAMPLE_INTERVAL_MS = 1_000;
const RESOLUTION_MS = 10;
/**
 * Answered even when the server is shedding load, and without waiting in line behind reads: they
 * say whether the database answers and how the store fares, which matters most when it is busy.
 */
const EXEMPT_ROUTES = new Set(['/api/health', METRICS_PATH]);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What a read on this route takes of a turn, counted in API reads (ReadTurns); 1 when unset. */
    readCost?: number;
  }
}

/**
 * Answers 503 with Retry-After at once, before doing any work, when more than
 * MAX_IN_FLIGHT_REQUESTS are being handled or requests have been waiting for the CPU for more than
 * MAX_EVENT_LOOP_DELAY_MS on average over the last second: the event loop running that late, or
 * reads waiting that long for their turn. Past those points every extra request only waits longer
 * in a queue (for the database, or for the CPU) and makes everyone else wait too; a quick refusal
 * lets clients back off and the server catch up (ADR 018).
 *
 * Requests let in are then scheduled: reads take turns, a few per turn of the event loop, so that
 * orders, payments and admin saves never wait behind a crowd of shoppers browsing (ADR 057).
 */
export function registerLoadShedding(app: FastifyInstance): void {
  const { maxInFlightRequests, maxEventLoopDelayMs } = app.config.loadShedding;
  const turns = new ReadTurns();
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
        const loopDelayMs = Number.isNaN(histogram.mean) ? now - judgedAt : histogram.mean / 1e6 - RESOLUTION_MS;
        const delayMs = Math.max(loopDelayMs, turns.takeWaitedMs());
        histogram.reset();
        judgedAt = now;
        const late = delayMs > maxEventLoopDelayMs;
        if (late && !loopLate)
          app.log.warn({ delayMs: Math.round(delayMs), readsQueued: turns.queued }, 'running late: shedding load');
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
    // Reads take turns (ReadTurns); a request that changes something goes first.
    if (!changesState(req.method)) await turns.enter(req.routeOptions.config.readCost);
  });
}
