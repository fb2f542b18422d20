import type { FastifyInstance } from 'fastify';

/**
 * Runs `task` every `ms` from when the server is ready until it closes: never two runs at once
 * (a slow run makes the next tick skip), a failure logged rather than thrown, and a timer that
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
      app.log.error({ err }, failure);
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
