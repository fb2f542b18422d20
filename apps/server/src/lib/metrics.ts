import type * as PromClient from 'prom-client';

/**
 * How the primary of several workers combines one metric's values from each (ADR 066): `sum` for
 * what each worker has or counts (requests, connections), `max` for the worst of them or for a
 * figure read from the shared database (every worker reads the same one), `min` for "all of them".
 */
export type Across = 'sum' | 'max' | 'min';

export interface Counter {
  inc(by?: number): void;
}

/** A value read when Prometheus scrapes: a gauge, or a total kept elsewhere that only grows. */
export interface Reading {
  name: string;
  help: string;
  type?: 'gauge' | 'counter';
  across: Across;
  /** The value now; undefined when it cannot be known now (reported as NaN). Never throws. */
  read(): number | undefined | Promise<number | undefined>;
}

/**
 * What the store measures for its operators, as modules see it (`app.metrics`): a module counts
 * its own events and reads its own figures without knowing how they are exposed.
 */
export interface Metrics {
  /** A counter; asking again for the same name gives the same one. */
  counter(name: string, help: string): Counter;
  reading(reading: Reading): void;
}

const NOTHING: Counter = { inc: () => undefined };

/** A store nobody scrapes (no METRICS_TOKEN) counts nothing and never loads prom-client. */
export const NO_METRICS: Metrics = { counter: () => NOTHING, reading: () => undefined };

/** Request durations from 5 ms to 5 s: a store's answers take milliseconds, its worst seconds. */
export const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5] as const;

type RequestLabels = Readonly<{ method: string; route: string; status: string }>;

/** One route, method and status's requests: how many, their seconds in all, how many per bucket. */
class Series {
  count = 0;
  sum = 0;
  /** Requests no slower than each bucket's bound and slower than the one before (cumulated when read). */
  readonly buckets = new Float64Array(DURATION_BUCKETS.length);

  constructor(readonly labels: RequestLabels) {}

  observe(seconds: number): void {
    this.count += 1;
    this.sum += seconds;
    let i = 0;
    while (i < DURATION_BUCKETS.length && seconds > DURATION_BUCKETS[i]!) i += 1;
    if (i < DURATION_BUCKETS.length) this.buckets[i]! += 1;
  }
}

/** What a route's hook calls once its response has gone. */
export type RecordRequest = (method: string, status: number, ms: number) => void;

/** A sample as prom-client's registries read it from a metric and aggregate it across workers. */
interface Sample {
  labels: Record<string, string | number>;
  value: number;
  metricName?: string;
}

/**
 * Requests answered by route pattern (never the raw URL), method and status, with how long each
 * took. prom-client's own Histogram builds a key from the labels at every observation (about
 * 0.85 µs); here each route's hook finds its series by method and status in two map lookups and
 * adds to it (about 15 ns), and the samples are made only when Prometheus scrapes.
 */
export class HttpRequests {
  private readonly all: Series[] = [];
  private readonly recorders = new Map<string, RecordRequest>();

  /**
   * The recorder for one route pattern, the same for every route counted under it (a GET and its
   * HEAD, the files of one folder); requests that match no route share UNMATCHED_ROUTE's.
   */
  route(route: string): RecordRequest {
    let recorder = this.recorders.get(route);
    if (!recorder) this.recorders.set(route, (recorder = this.recorder(route)));
    return recorder;
  }

  private recorder(route: string): RecordRequest {
    const byMethod = new Map<string, Map<number, Series>>();
    return (method, status, ms) => {
      let byStatus = byMethod.get(method);
      if (!byStatus) byMethod.set(method, (byStatus = new Map()));
      let series = byStatus.get(status);
      if (!series) {
        series = new Series({ method, route, status: String(status) });
        byStatus.set(status, series);
        this.all.push(series);
      }
      series.observe(ms / 1000);
    };
  }

  /** The two metrics as prom-client's registry reads a metric object (`get`), made when scraped. */
  metrics() {
    const metric = (name: string, help: string, type: string, values: () => Sample[]) => ({
      name,
      help,
      type,
      aggregator: 'sum' as const,
      get: async () => ({ name, help, type, aggregator: 'sum' as const, values: values() }),
      reset: () => undefined,
    });
    return [
      metric(
        'http_requests_total',
        'Requests answered, by route pattern (unmatched addresses as one), method and status.',
        'counter',
        () => this.all.map((s) => ({ labels: s.labels, value: s.count })),
      ),
      metric(
        'http_request_duration_seconds',
        'Seconds from a request arriving to its response sent, by route pattern, method and status.',
        'histogram',
        () => this.all.flatMap(histogramSamples),
      ),
    ];
  }
}

function histogramSamples(s: Series): Sample[] {
  const name = 'http_request_duration_seconds';
  const samples: Sample[] = [];
  let cumulated = 0;
  DURATION_BUCKETS.forEach((le, i) => {
    cumulated += s.buckets[i]!;
    samples.push({ labels: { ...s.labels, le }, value: cumulated, metricName: `${name}_bucket` });
  });
  samples.push(
    { labels: { ...s.labels, le: '+Inf' }, value: s.count, metricName: `${name}_bucket` },
    { labels: s.labels, value: s.sum, metricName: `${name}_sum` },
    { labels: s.labels, value: s.count, metricName: `${name}_count` },
  );
  return samples;
}

/** The label every request that matched no route is counted under. */
export const UNMATCHED_ROUTE = '(unmatched)';

/** prom-client's process metrics (memory, CPU, the event loop's delay, GC): one set per process. */
let processMetrics: PromClient.Registry | undefined;

function processRegistry(prom: typeof PromClient): PromClient.Registry {
  if (!processMetrics) {
    processMetrics = new prom.Registry();
    prom.collectDefaultMetrics({ register: processMetrics });
  }
  return processMetrics;
}

/** The metrics of a store that is scraped: prom-client's registry, this process's default metrics beside it. */
export class PrometheusMetrics implements Metrics {
  readonly http = new HttpRequests();
  private readonly registry: PromClient.Registry;
  private readonly process: PromClient.Registry;

  private constructor(private readonly prom: typeof PromClient) {
    this.registry = new prom.Registry();
    this.process = processRegistry(prom);
    // Metric objects of our own, read the way prom-client reads its own (see HttpRequests).
    for (const metric of this.http.metrics()) this.registry.registerMetric(metric as unknown as PromClient.Metric);
  }

  /** prom-client takes about 100 ms to load: only a store with METRICS_TOKEN loads it (ADR 052, 066). */
  static async load(): Promise<PrometheusMetrics> {
    return new PrometheusMetrics(await import('prom-client'));
  }

  counter(name: string, help: string): Counter {
    const known = this.registry.getSingleMetric(name);
    if (known) return known as PromClient.Counter;
    return new this.prom.Counter({ name, help, registers: [this.registry] });
  }

  reading({ name, help, type = 'gauge', across, read }: Reading): void {
    const now = async () => {
      try {
        return await read();
      } catch {
        return undefined;
      }
    };
    if (type === 'counter') {
      new this.prom.Counter({
        name,
        help,
        aggregator: across,
        registers: [this.registry],
        async collect() {
          const value = await now();
          this.reset();
          if (value !== undefined) this.inc(value);
        },
      });
      return;
    }
    new this.prom.Gauge({
      name,
      help,
      aggregator: across,
      registers: [this.registry],
      async collect() {
        this.set((await now()) ?? NaN);
      },
    });
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** This process's metrics in Prometheus' text format. */
  text(): Promise<string> {
    return this.prom.Registry.merge([this.process, this.registry]).metrics();
  }

  /** This process's metrics as prom-client's JSON: what the primary of several workers aggregates. */
  async json(): Promise<unknown[]> {
    const [own, process] = await Promise.all([this.registry.getMetricsAsJSON(), this.process.getMetricsAsJSON()]);
    return [...process, ...own];
  }
}

/**
 * A database figure for a scrape: the metrics that show it share one query while it runs, and a
 * query that has not answered within `timeoutMs` gives undefined, so a database in trouble slows a
 * scrape by a second at most instead of failing it. Whatever the query does later is ignored.
 */
export function sharedReading<T>(query: () => Promise<T>, timeoutMs = 1_000): () => Promise<T | undefined> {
  let running: Promise<T | undefined> | undefined;
  return () => {
    running ??= new Promise<T | undefined>((resolve) => {
      const timer = setTimeout(() => resolve(undefined), timeoutMs);
      query().then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        () => {
          clearTimeout(timer);
          resolve(undefined);
        },
      );
    }).finally(() => {
      running = undefined;
    });
    return running;
  };
}
