import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startServer, type RunningServer } from './support/server.js';

const REQUEST_TIMEOUT_MS = 2_000;
const HEADERS_TIMEOUT_MS = 1_000;
const PER_ADDRESS = 5;

let server: RunningServer;
let port: number;

beforeAll(async () => {
  server = await startServer({
    env: {
      REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
      HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
      MAX_CONNECTIONS_PER_ADDRESS: String(PER_ADDRESS),
    },
    copyOf: inject('seededDir') || undefined,
  });
  port = Number(new URL(server.url).port);
});

afterAll(async () => {
  server?.process.kill('SIGTERM');
  await server?.exited;
});

interface RawConnection {
  socket: Socket;
  /** Everything the server has sent. */
  received: () => string;
  /** Resolves with the time (performance.now()) the connection closed, however it closed. */
  closed: Promise<number>;
}

/**
 * A bare TCP connection to the server. Every loopback address reaches it, so each test connects
 * from an address of its own and counts only its own connections against the per-address cap.
 */
function open(from: string): Promise<RawConnection> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port, localAddress: from });
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => (data += d));
    socket.on('error', () => undefined); // a reset is one way of being closed
    const closed = new Promise<number>((r) => socket.once('close', () => r(performance.now())));
    socket.once('connect', () => resolve({ socket, received: () => data, closed }));
    socket.once('error', reject);
  });
}

function within<T>(promise: Promise<T>, ms: number): Promise<T | 'still open'> {
  return Promise.race([promise, new Promise<'still open'>((r) => setTimeout(() => r('still open'), ms))]);
}

async function served(connection: RawConnection): Promise<boolean> {
  const before = connection.received().length;
  connection.socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
  const deadline = performance.now() + 5_000;
  while (performance.now() < deadline) {
    if (connection.received().slice(before).includes('HTTP/1.1 200')) return true;
    if (connection.socket.destroyed) return false;
    await new Promise((r) => setTimeout(r, 20));
  }
  return false;
}

describe('a client that sends slowly', () => {
  it('is cut off once its declared body has not arrived within REQUEST_TIMEOUT_MS', async () => {
    const connection = await open('127.0.0.2');
    const started = performance.now();
    connection.socket.write(
      'POST /api/users/auth HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
    );
    const trickle = setInterval(() => connection.socket.writable && connection.socket.write(' '), 1_000);
    try {
      const closedAt = await within(connection.closed, 12_000);
      expect(closedAt).not.toBe('still open');
      const after = (closedAt as number) - started;
      expect(after).toBeGreaterThan(REQUEST_TIMEOUT_MS - 500);
      expect(after).toBeLessThan(REQUEST_TIMEOUT_MS + 6_000);
      expect(connection.received()).toMatch(/^HTTP\/1\.1 408 /);
    } finally {
      clearInterval(trickle);
      connection.socket.destroy();
    }
  });

  it('is cut off once its headers have not arrived within HEADERS_TIMEOUT_MS', async () => {
    const connection = await open('127.0.0.3');
    const started = performance.now();
    connection.socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
    const trickle = setInterval(() => connection.socket.writable && connection.socket.write('a'), 200);
    try {
      const closedAt = await within(connection.closed, 12_000);
      expect(closedAt).not.toBe('still open');
      const after = (closedAt as number) - started;
      expect(after).toBeGreaterThan(HEADERS_TIMEOUT_MS - 500);
      expect(after).toBeLessThan(HEADERS_TIMEOUT_MS + 6_000);
      expect(connection.received()).toMatch(/^HTTP\/1\.1 408 /);
    } finally {
      clearInterval(trickle);
      connection.socket.destroy();
    }
  });
});

describe('connections from one address', () => {
  it(`are closed at once beyond MAX_CONNECTIONS_PER_ADDRESS (${PER_ADDRESS}), and allowed again when one closes`, async () => {
    const from = '127.0.0.4';
    const allowed: RawConnection[] = [];
    for (let i = 0; i < PER_ADDRESS; i++) {
      const connection = await open(from);
      allowed.push(connection);
      expect(await served(connection)).toBe(true);
    }
    const extra = await Promise.all([open(from), open(from), open(from)]);
    for (const connection of extra) {
      expect(await within(connection.closed, 2_000)).not.toBe('still open');
      expect(connection.received()).toBe('');
    }
    // The ones within the cap are untouched: still open and still served.
    for (const connection of allowed) expect(await served(connection)).toBe(true);
    // Another address is not affected by this one's connections.
    const other = await open('127.0.0.5');
    expect(await served(other)).toBe(true);
    other.socket.destroy();

    allowed.pop()!.socket.destroy();
    let again: RawConnection | undefined;
    for (let attempt = 0; attempt < 50 && !again; attempt++) {
      const connection = await open(from);
      if (await served(connection)) again = connection;
      else await new Promise((r) => setTimeout(r, 20));
    }
    expect(again).toBeDefined();
    for (const connection of [...allowed, again!]) connection.socket.destroy();
  });
});
