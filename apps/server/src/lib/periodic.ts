import type { FastifyInstance } from 'fastify';
import { isDatabaseUnreachable } from '../db/errors.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether the periodic tasks' timers start (an app's option, true unless a test says). */
    periodicTasks?: boolean;
  }
}

/**
 * Runs `task` every `ms` from when the server is ready until it closes: never two runs at once
 * (a slow run makes the next tick skip), a failure logged rather than thrown (one caused by the
 * database being away is left to the next tick quietly), and a timer that never keeps a process
 * alive that has nothing else to do.
 *
 * Closing aborts `closing` and waits for the run in progress: the database is closed after the
 * server's hooks, and a run cut off under it would leave half its work to be done again (an email
 * sent and not marked sent goes out twice). A task that can stop early watches `closing`.
 */
export function runPeriodically(
  app: FastifyInstance,
  ms: number,
  failure: string,
  task: (closing: AbortSignal) => Promise<void>,
): void {
  const closing = new AbortController();
  let run: Promise<void> | undefined;
  const tick = () => {
    run ??= task(closing.signal)
      .catch((err: unknown) => {
        // A database that went away is logged once, where it is noticed (db/client.ts), not every tick.
        if (!isDatabaseUnreachable(err)) app.log.error({ err }, failure);
      })
      .finally(() => {
        run = undefined;
      });
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    if (app.periodicTasks === false) return;
    timer = setInterval(tick, ms);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    closing.abort();
    await run;
  });
}
