import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { runPeriodically } from './periodic.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a periodic task', () => {
  it('runs one at a time, and closing the server tells the run in progress and waits for it', async () => {
    const app = Fastify();
    const events: string[] = [];
    let finish: () => void = () => undefined;
    let runs = 0;
    let seen: AbortSignal | undefined;
    runPeriodically(app, 5, 'the task failed', async (closing) => {
      runs += 1;
      seen = closing;
      await new Promise<void>((resolve) => (finish = resolve));
      events.push(closing.aborted ? 'run ended, told to close' : 'run ended');
    });
    await app.ready();
    await sleep(50);
    // Ten ticks have come and gone; the first run has not ended, so no other began.
    expect(runs).toBe(1);

    const closed = app.close().then(() => events.push('closed'));
    await sleep(20);
    expect(seen?.aborted).toBe(true);
    expect(events).toEqual([]);
    finish();
    await closed;
    expect(events).toEqual(['run ended, told to close', 'closed']);
    await sleep(30);
    expect(runs).toBe(1);
  });

  it('runs again at the next tick after a run that failed', async () => {
    const app = Fastify();
    let runs = 0;
    runPeriodically(app, 5, 'the task failed', async () => {
      runs += 1;
      throw new Error('boom');
    });
    await app.ready();
    await sleep(40);
    await app.close();
    expect(runs).toBeGreaterThan(1);
  });

  it('never starts when the app says its periodic tasks are off', async () => {
    const app = Fastify();
    app.decorate('periodicTasks', false);
    let runs = 0;
    runPeriodically(app, 5, 'the task failed', async () => {
      runs += 1;
    });
    await app.ready();
    await sleep(40);
    await app.close();
    expect(runs).toBe(0);
  });
});
