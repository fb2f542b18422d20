import cluster, { type Worker } from 'node:cluster';

/**
 * One scrape covers every worker (ADR 066). The worker that got GET /metrics asks the primary
 * (SCRAPE); the primary asks each worker that offers metrics for its own (COLLECT), combines their
 * answers with prom-client's AggregatorRegistry and answers the asking worker (SCRAPED). The
 * primary listens on no port: it is reached only over the cluster's IPC channel.
 */
const OFFER = 'store:metrics-offer';
const WITHDRAW = 'store:metrics-withdraw';
const COLLECT = 'store:metrics-collect';
const COLLECTED = 'store:metrics-collected';
const SCRAPE = 'store:metrics-scrape';
const SCRAPED = 'store:metrics-scraped';

interface Message {
  type: string;
  id?: number;
  /** A worker's metrics (prom-client's JSON, see `encode`), or the combined text. */
  body?: string;
  error?: string;
}

const isMessage = (m: unknown, type: string): m is Message =>
  typeof m === 'object' && m !== null && (m as Message).type === type;

/**
 * prom-client's JSON with the values JSON cannot carry (NaN: a figure unknown this scrape) kept:
 * cluster IPC serialises as JSON, where NaN would arrive as null and be summed as 0.
 */
function encode(metrics: unknown): string {
  return JSON.stringify(metrics, (key, value: unknown) =>
    key === 'value' && typeof value === 'number' && !Number.isFinite(value) ? String(value) : value,
  );
}

function decode(body: string): unknown[] {
  return JSON.parse(body, (key, value: unknown) =>
    key === 'value' && typeof value === 'string' ? Number(value) : value,
  ) as unknown[];
}

function send(message: Message): void {
  if (process.connected) process.send!(message);
}

/**
 * In a worker: answers the primary's requests for this process's metrics (`collect`), from now
 * until the returned function is called. A worker still starting has not offered yet, so a scrape
 * never waits for it.
 */
export function offerWorkerMetrics(collect: () => Promise<unknown[]>): () => void {
  const onMessage = (message: unknown) => {
    if (!isMessage(message, COLLECT)) return;
    collect().then(
      (metrics) => send({ type: COLLECTED, id: message.id!, body: encode(metrics) }),
      (err: unknown) => send({ type: COLLECTED, id: message.id!, error: String(err) }),
    );
  };
  process.on('message', onMessage);
  send({ type: OFFER });
  return () => {
    process.off('message', onMessage);
    send({ type: WITHDRAW });
  };
}

let scrapes = 0;

/** In a worker: every worker's metrics combined by the primary, in Prometheus' text format. */
export function clusterMetrics(timeoutMs = 5_000): Promise<string> {
  const id = ++scrapes;
  return new Promise((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      process.off('message', onMessage);
    };
    const onMessage = (message: unknown) => {
      if (!isMessage(message, SCRAPED) || message.id !== id) return;
      done();
      if (message.error !== undefined) reject(new Error(message.error));
      else resolve(message.body!);
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error(`the primary did not answer within ${timeoutMs} ms`));
    }, timeoutMs);
    process.on('message', onMessage);
    send({ type: SCRAPE, id });
  });
}

interface Collection {
  waiting: Set<number>;
  answers: unknown[][];
  finish: () => void;
}

/**
 * In the primary: answers a worker's scrape with every offering worker's metrics combined. A
 * worker that has not answered within `collectTimeoutMs` (stuck, or stopping) is left out of that
 * scrape, which `store_workers_reporting` shows beside `store_workers`.
 */
export function serveClusterMetrics(log: { error(obj: object, msg: string): void }, collectTimeoutMs = 3_000): void {
  const offering = new Set<number>();
  const collections = new Map<number, Collection>();
  let collectionIds = 0;

  const leftOut = (workerId: number) => {
    for (const c of collections.values()) if (c.waiting.delete(workerId) && c.waiting.size === 0) c.finish();
  };

  const collect = (workers: Worker[]) =>
    new Promise<unknown[][]>((resolve) => {
      const id = ++collectionIds;
      const c: Collection = {
        waiting: new Set(workers.map((w) => w.id)),
        answers: [],
        finish: () => {
          clearTimeout(timer);
          collections.delete(id);
          resolve(c.answers);
        },
      };
      const timer = setTimeout(c.finish, collectTimeoutMs);
      collections.set(id, c);
      if (workers.length === 0) c.finish();
      for (const w of workers) w.send({ type: COLLECT, id });
    });

  const scrape = async (requester: Worker, requestId: number) => {
    try {
      const workers = [...offering].flatMap((id) => {
        const w = cluster.workers?.[id];
        return w?.isConnected() ? [w] : [];
      });
      const [answers, prom] = await Promise.all([collect(workers), import('prom-client')]);
      const registry = prom.AggregatorRegistry.aggregate(answers);
      new prom.Gauge({
        name: 'store_workers',
        help: 'Server workers running under the primary.',
        registers: [registry],
      }).set(Object.keys(cluster.workers ?? {}).length);
      new prom.Gauge({
        name: 'store_workers_reporting',
        help: 'Server workers whose metrics this scrape includes (one starting or stuck is left out).',
        registers: [registry],
      }).set(answers.length);
      if (requester.isConnected()) requester.send({ type: SCRAPED, id: requestId, body: await registry.metrics() });
    } catch (err) {
      log.error({ err }, 'could not combine the workers’ metrics');
      if (requester.isConnected()) requester.send({ type: SCRAPED, id: requestId, error: String(err) });
    }
  };

  cluster.on('message', (worker: Worker, message: unknown) => {
    if (isMessage(message, OFFER)) offering.add(worker.id);
    else if (isMessage(message, WITHDRAW)) {
      offering.delete(worker.id);
      leftOut(worker.id);
    } else if (isMessage(message, COLLECTED)) {
      const c = collections.get(message.id!);
      if (!c?.waiting.delete(worker.id)) return;
      if (message.body !== undefined) c.answers.push(decode(message.body));
      if (c.waiting.size === 0) c.finish();
    } else if (isMessage(message, SCRAPE)) void scrape(worker, message.id!);
  });
  cluster.on('exit', (worker: Worker) => {
    offering.delete(worker.id);
    leftOut(worker.id);
  });
}
