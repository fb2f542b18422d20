import { describe, expect, it } from 'vitest';
import { oneAtATime } from './one-at-a-time.js';

/** A task that records when it starts and finishes, and finishes when told to. */
function controlled(name: string, events: string[]) {
  let finish!: (fail: boolean) => void;
  const task = () =>
    new Promise<string>((resolve, reject) => {
      events.push(`start ${name}`);
      finish = (fail) => {
        events.push(`end ${name}`);
        if (fail) reject(new Error(`${name} failed`));
        else resolve(name);
      };
    });
  return { task, finish: (fail = false) => finish(fail) };
}

const settle = () => new Promise((r) => setImmediate(r));

describe('oneAtATime', () => {
  it('starts a task only once the one before it has finished, in the order given', async () => {
    const events: string[] = [];
    const run = oneAtATime();
    const [a, b, c] = ['a', 'b', 'c'].map((n) => controlled(n, events));
    const results = [run(a!.task), run(b!.task), run(c!.task)];
    await settle();
    expect(events).toEqual(['start a']);
    a!.finish();
    await settle();
    expect(events).toEqual(['start a', 'end a', 'start b']);
    b!.finish();
    await settle();
    c!.finish();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c']);
    expect(events).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });

  it('goes on to the next task after one fails, and gives the failure to its caller alone', async () => {
    const events: string[] = [];
    const run = oneAtATime();
    const [a, b] = ['a', 'b'].map((n) => controlled(n, events));
    const first = run(a!.task);
    const second = run(b!.task);
    await settle();
    a!.finish(true);
    await expect(first).rejects.toThrow('a failed');
    await settle();
    expect(events).toEqual(['start a', 'end a', 'start b']);
    b!.finish();
    await expect(second).resolves.toBe('b');
  });

  it('keeps separate lines apart', async () => {
    const events: string[] = [];
    const [a, b] = ['a', 'b'].map((n) => controlled(n, events));
    void oneAtATime()(a!.task);
    void oneAtATime()(b!.task);
    await settle();
    expect(events).toEqual(['start a', 'start b']);
    a!.finish();
    b!.finish();
  });
});
