/**
 * autocannon 9 ships no type declarations and @types/autocannon describes version 7, so this
 * declares the small part of the programmatic API the benchmark uses.
 */
declare module 'autocannon' {
  namespace autocannon {
    /** One request of a sequence; each connection sends them in turn, then starts over. */
    interface Request {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string;
      /** Called every time the request is about to be sent; returns the request to send. */
      setupRequest?: (request: Request, context: Record<string, unknown>) => Request | null | undefined;
    }

    interface Options {
      url: string;
      connections?: number;
      /** Seconds. */
      duration?: number;
      pipelining?: number;
      /** Seconds before a request counts as timed out (and as an error). */
      timeout?: number;
      headers?: Record<string, string>;
      requests?: Request[];
    }

    /** One histogram summary: mean and percentiles (p50, p97_5, p99...). */
    interface Histogram {
      average: number;
      mean: number;
      stddev: number;
      min: number;
      max: number;
      p50: number;
      p90: number;
      p97_5: number;
      p99: number;
    }

    interface Result {
      url: string;
      connections: number;
      /** Seconds actually run. */
      duration: number;
      start: Date;
      finish: Date;
      /** Latency in milliseconds. */
      latency: Histogram & { totalCount: number };
      /** Requests completed per one-second sample; `total` counts them all. */
      requests: Histogram & { total: number; sent: number };
      /** Bytes per one-second sample. */
      throughput: Histogram & { total: number };
      /** Connection errors and timeouts together. */
      errors: number;
      timeouts: number;
      non2xx: number;
      '2xx': number;
      statusCodeStats: Record<string, { count: number }>;
    }

    /** The running job: an event emitter that is also a promise of its result. */
    type Instance = PromiseLike<Result>;
  }

  function autocannon(options: autocannon.Options): autocannon.Instance;

  export = autocannon;
}
