import { once } from 'node:events';
import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READS_PER_TURN, ReadTurns } from './read-turns.js';

/** Keeps the CPU busy for `ms`, as a read that renders its answer does. */
function busy(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // nothing else runs on this loop meanwhile
  }
}

/** A socket to a local echo server: each round trip is a real wait for the loop to poll its sockets. */
let server: Server;
let socket: Socket;
beforeAll(async () => {
  server = createServer((s) => s.pipe(s));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  socket = connect((server.address() as AddressInfo).port, '127.0.0.1');
  await once(socket, 'connect');
});
afterAll(async () => {
  socket.destroy();
  server.close();
  await once(server, 'close');
});

async function roundTrip() {
  const answered = once(socket, 'data');
  socket.write('x');
  await answered;
}

describe('ReadTurns', () => {
  it('starts reads in order, a few per turn, so that a write waiting on I/O goes on between them', async () => {
    const turns = new ReadTurns();
    const started: number[] = [];
    const reads = Array.from({ length: 100 }, async (_, i) => {
      await turns.enter();
      started.push(i);
      busy(1);
    });
    // An order: three statements one after another, each a round trip on a socket. It notes how
    // many reads had started by the time each answer was read.
    const seenAt: number[] = [];
    const write = (async () => {
      for (let n = 1; n <= 3; n++) {
        await roundTrip();
        seenAt.push(started.length);
      }
    })();
    await Promise.all([...reads, write]);

    expect(started).toEqual(Array.from({ length: 100 }, (_, i) => i));
    // Run all at once, the hundred reads would take 100 ms of CPU before the first answer was
    // read. Taking turns, each round trip (two turns: out to the echo server and back) waits for
    // a few turns' reads at most.
    const during = seenAt.map((n, i) => n - (seenAt[i - 1] ?? 0));
    for (const reads of during) expect(reads).toBeLessThanOrEqual(3 * READS_PER_TURN);
    expect(turns.queued).toBe(0);
  });

  it('lets a read start at once when the turn is free, and again once the line has cleared', async () => {
    const turns = new ReadTurns();
    expect(turns.enter()).toBeUndefined();
    const second = turns.enter();
    expect(second).toBeInstanceOf(Promise);
    expect(turns.queued).toBe(1);
    await second;
    expect(turns.queued).toBe(0);
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(turns.enter()).toBeUndefined();
  });

  it('starts reads by their cost: as many as a turn holds, and at least one however costly', async () => {
    const turns = new ReadTurns();
    turns.enter();
    const costs = [3 * READS_PER_TURN, READS_PER_TURN, 4, 4, 4, 1, 1, 1, 1, 1];
    const waiting = costs.map((cost) => turns.enter(cost));
    const inLine: number[] = [];
    while (turns.queued > 0) {
      await new Promise((resolve) => setImmediate(resolve));
      inLine.push(turns.queued);
    }
    // Turn by turn: the costly read alone, a whole turn's read, two halves, a half and four API
    // reads, the last API read.
    expect(inLine).toEqual([9, 8, 6, 1, 0]);
    await Promise.all(waiting);
  });

  it('reports how long reads waited: the mean of those started, or the oldest still in line', async () => {
    let clock = 0;
    const turns = new ReadTurns(() => clock);
    turns.enter();
    const waited = Array.from({ length: READS_PER_TURN + 1 }, () => turns.enter());
    clock = 30;
    expect(turns.takeWaitedMs()).toBe(30);
    await waited[0];
    clock = 50;
    await waited[READS_PER_TURN];
    // A turn's worth started after 30 ms, the last one a turn later, after 50 ms.
    expect(turns.takeWaitedMs()).toBeCloseTo((READS_PER_TURN * 30 + 50) / (READS_PER_TURN + 1));
    expect(turns.takeWaitedMs()).toBe(0);
  });
});
