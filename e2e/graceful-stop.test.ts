import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { describe, expect, inject, it } from 'vitest';
import { withScratchDatabase } from './support/postgres.js';
import { deliveryFor } from './support/shopper.js';
import { startServer } from './support/server.js';

const json = { 'content-type': 'application/json' };
const REQUESTS = 500;
const CONNECTIONS = 24;
/** The signal goes once this many responses have come back, with the rest sent or queued. */
const SIGNAL_AFTER = 150;

interface Product {
  _id: string;
  countInStock: number;
  available: boolean;
  variants?: unknown[];
}

interface Outcome {
  i: number;
  kind: 'products' | 'order';
  /** When the whole request had been handed to the operating system (performance.now()). */
  sentAt?: number;
  /** Sent on a keep-alive connection an earlier request had opened. */
  reused?: boolean;
  answeredAt?: number;
  status?: number;
  connection?: string;
  error?: string;
}

async function signUp(base: string): Promise<string> {
  const res = await fetch(`${base}/api/users`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({
      name: 'Drain Tester',
      email: `drain.${randomBytes(5).toString('hex')}@example.in`,
      password: 'stop me gently',
    }),
  });
  if (res.status !== 201) throw new Error(await res.text());
  return res.headers.getSetCookie()[0]!.split(';')[0]!;
}

const address = {
  firstName: 'Meera',
  lastName: 'Iyer',
  address2: '7 Residency Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  postalCode: '560025',
  phone: '9845012345',
};

/** Connections that have carried a whole response; a request sent on one rides a kept-alive connection. */
const used = new WeakSet<object>();

function send(agent: http.Agent, base: string, outcome: Outcome, cookie: string, productId: string) {
  return new Promise<void>((resolve) => {
    const order = outcome.kind === 'order';
    const body = order
      ? JSON.stringify({
          orderItems: [{ _id: productId, qty: 1 }],
          shippingAddress: address,
          delivery: deliveryFor(outcome.i),
          paymentMethod: 'Razorpay',
        })
      : undefined;
    const req = http.request(order ? `${base}/api/orders` : `${base}/api/products?pageNumber=${(outcome.i % 3) + 1}`, {
      agent,
      method: order ? 'POST' : 'GET',
      headers: order ? { ...json, cookie } : {},
    });
    let connection: object | undefined;
    req.once('socket', (socket) => {
      connection = socket;
      outcome.reused = used.has(socket);
    });
    req.once('finish', () => (outcome.sentAt = performance.now()));
    req.once('response', (res) => {
      outcome.answeredAt = performance.now();
      outcome.status = res.statusCode;
      outcome.connection = res.headers.connection;
      res.resume();
      // Before the agent, on the next tick, hands the connection to the next request.
      res.once('end', () => used.add(connection!));
      res.once('close', () => {
        if (!res.complete) outcome.error = 'response cut short';
        resolve();
      });
    });
    req.once('error', (err: NodeJS.ErrnoException) => {
      outcome.error = err.code ?? err.message;
      resolve();
    });
    req.end(body);
  });
}

/** A real answer: the request was handled, or deliberately declined with a 503 (stopping, or busy). */
function answered(o: Outcome): boolean {
  if (o.error !== undefined || o.status === undefined) return false;
  return o.status < 500 || o.status === 503;
}

const describeOutcome = (o: Outcome) =>
  `#${o.i} ${o.kind}${o.reused ? ' (kept-alive connection)' : ''}: ${o.error ?? `${o.status} connection=${o.connection}`}`;

/**
 * Shoppers browse and place orders over keep-alive connections while the server is told to
 * stop: every request that had left the client before the signal must get its answer, and the
 * process must still exit cleanly.
 */
async function stopUnderLoad(env: Record<string, string> = {}) {
  const server = await startServer({
    env: {
      ...env,
      RATE_LIMIT_REGISTER: '1000/1h',
      ORDER_MAX_UNPAID_PER_ACCOUNT: '1000',
      ORDER_MAX_UNITS_HELD_PER_ACCOUNT: '100000',
      ORDER_MAX_UNPAID_PER_ADDRESS: '100000',
    },
    copyOf: inject('seededDir') || undefined,
  });
  const base = server.url;
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  try {
    const list = (await (await fetch(`${base}/api/products?pageLimit=40`)).json()) as { products: Product[] };
    const products: string[] = [];
    for (const p of list.products.filter((x) => x.available && x.countInStock >= 10)) {
      const detail = (await (await fetch(`${base}/api/products/${p._id}`)).json()) as Product;
      if (detail.variants?.length === 0) products.push(detail._id);
    }
    expect(products.length).toBeGreaterThan(0);
    const shoppers = await Promise.all(Array.from({ length: 4 }, () => signUp(base)));

    const outcomes: Outcome[] = Array.from({ length: REQUESTS }, (_, i) => ({
      i,
      kind: i % 4 === 0 ? 'order' : 'products',
    }));
    let signalAt = Infinity;
    let responses = 0;
    const all = outcomes.map((o) =>
      send(agent, base, o, shoppers[o.i % shoppers.length]!, products[o.i % products.length]!).then(() => {
        if (++responses === SIGNAL_AFTER) {
          // Taken before the kill: a request whose bytes were handed over before this moment was
          // sent before the signal, whatever order the callbacks run in afterwards.
          signalAt = performance.now();
          server.process.kill('SIGTERM');
        }
      }),
    );
    await Promise.all(all);
    const code = await server.exited;

    const beforeSignal = outcomes.filter((o) => o.sentAt !== undefined && o.sentAt < signalAt);
    const inFlight = beforeSignal.filter((o) => o.answeredAt === undefined || o.answeredAt > signalAt);
    expect(beforeSignal.filter((o) => !answered(o)).map(describeOutcome)).toEqual([]);
    expect(beforeSignal.length).toBeGreaterThanOrEqual(SIGNAL_AFTER);
    // The stop really had requests to finish: ones sent but not yet answered when it came.
    expect(inFlight.length).toBeGreaterThan(0);
    expect(inFlight.filter((o) => o.kind === 'order').length).toBeGreaterThan(0);
    // A request sent after the signal on a connection the server already had open is answered
    // too; only a new connection, which the stopping server no longer accepts, may be refused.
    const afterSignal = outcomes.filter((o) => !beforeSignal.includes(o));
    expect(afterSignal.filter((o) => o.reused && !answered(o)).map(describeOutcome)).toEqual([]);
    expect(afterSignal.filter((o) => o.status !== undefined && !answered(o)).map(describeOutcome)).toEqual([]);
    expect(code).toBe(0);
    expect(server.output()).toContain('shutdown complete');
  } finally {
    agent.destroy();
    if (server.process.exitCode === null) server.process.kill('SIGKILL');
  }
}

describe('stopping the server under load', () => {
  it('answers every request sent before SIGTERM and exits 0 (embedded database)', async () => {
    await stopUnderLoad();
  });

  const postgres = process.env.E2E_DATABASE_URL;
  it.runIf(postgres)('does the same on PostgreSQL with two workers', async () => {
    await withScratchDatabase(postgres!, 'store_drain', (url) =>
      stopUnderLoad({ DATABASE_URL: url, SEED_DEMO: 'true', WEB_CONCURRENCY: '2' }),
    );
  });
});
