import type { FastifyInstance } from 'fastify';
import { isDatabaseUnreachable } from '../db/errors.js';

/**
 * Runs `task` every `ms` from when the server is ready until it closes: never two runs at once
 * (a slow run makes the next tick skip), a failure logged rather than thrown (one caused by the
 * database being away is left to the next tick quietly), and a timer that
 * never keeps a process alive that has nothing else to do.
 */
export function runPeriodically(app: FastifyInstance, ms: number, failure: string, task: () => Promise<void>): void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await task();
    } catch (err) {
      // A database that went away is logged once, where it is noticed (db/client.ts), not every tick.
      if (!isDatabaseUnreachable(err)) app.log.error({ err }, failure);
    } finally {
      running = false;
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => void tick(), ms);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
