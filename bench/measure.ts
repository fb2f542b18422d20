import autocannon from 'autocannon';

/** A warm-up run fills the server's and the database's caches and JIT; its numbers are discarded. */
const WARMUP_SECONDS = 2;
/** Longest wait for the server to work off requests still queued when a run ends. */
const BACKLOG_TIMEOUT_MS = 120_000;
/** An idle server answers a health check in a few milliseconds; a busy one cannot. */
const IDLE_ANSWER_MS = 50;
const IDLE_STREAK = 3;

export interface Endpoint {
  name: string;
  path: string;
}

/** An endpoint asked with a different URL every request: `nextPath()` makes each one. */
export interface RandomEndpoint {
  name: string;
  /** What the URLs look like, for the report. */
  path: string;
  nextPath: () => string;
}

/**
 * Seconds each endpoint is asked for in a pass before any is measured (the mix's with orders in
 * the background, the yardstick's alone). A store that has been open a while has its code
 * compiled, its connections' statements prepared and its cache holding what shoppers ask for; one
 * just started has none of these. A run's own 2 s warm-up did not get there: the same product-page
 * run measured twice in a row gave 1,932 and then 2,290 req/s, its orders a p99 of 277 and then
 * 144 ms (2026-12-04).
 */
export const WARM_PASS_SECONDS = 3;

export interface LoadSettings {
  connections: number;
  /** Seconds per measured run. */
  duration: number;
}

export interface EndpointResult {
  endpoint: string;
  path: string;
  /** Mean of the one-second samples. */
  requestsPerSecond: number;
  totalRequests: number;
  latencyMs: { average: number; p50: number; p90: number; p99: number; max: number };
  non2xx: number;
  /** Connection errors and timeouts (timeouts are counted in both). */
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  /**
   * How long the server kept working on requests accepted before the run ended; null for the
   * last endpoint, whose backlog is cut short by stopping the server.
   */
  backlogSeconds: number | null;
}

interface ProductList {
  products: { _id: string }[];
}

/**
 * Checks go through fetch, which asks for gzip/br like a browser does, so a broken compressed
 * answer fails here even though autocannon itself only requests uncompressed ones.
 */
export async function getJson(baseUrl: string, path: string): Promise<unknown> {
  const res = await fetch(baseUrl + path);
  const body = await res.text();
  if (res.status !== 200) {
    throw new Error(`GET ${path} answered ${res.status}: ${body.slice(0, 300)}`);
  }
  try {
    return JSON.parse(body) as unknown;
  } catch {
    const encoding = res.headers.get('content-encoding') ?? 'none';
    throw new Error(
      `GET ${path} answered 200 with ${body.length} characters that are not JSON ` +
        `(content-encoding: ${encoding}, content-length: ${res.headers.get('content-length')}): ${body.slice(0, 300)}`,
    );
  }
}

function isProductList(body: unknown): body is ProductList {
  return typeof body === 'object' && body !== null && Array.isArray((body as ProductList).products);
}

/** Fails unless the listing answers 200 with at least one product. */
async function fetchProducts(baseUrl: string, path: string): Promise<ProductList['products']> {
  const body = await getJson(baseUrl, path);
  if (!isProductList(body) || body.products.length === 0) {
    throw new Error(`GET ${path} returned no products; the benchmark would measure an empty answer`);
  }
  return body.products;
}

/**
 * The endpoints to measure, each checked once to answer 200 with real data, so a broken query
 * or a filter matching nothing cannot pass for a fast one. Keyword search, the slowest, comes
 * last: a backlog it leaves behind then only delays stopping the server.
 */
export async function prepareEndpoints(baseUrl: string): Promise<Endpoint[]> {
  const listings: Endpoint[] = [
    { name: 'default listing', path: '/api/products' },
    {
      name: 'filtered listing',
      path: '/api/products?category=Cakes&minPrice=500&maxPrice=1500&sortBy=price&color=Red&color=Pink',
    },
  ];
  const search: Endpoint = { name: 'keyword search', path: '/api/products?keyword=chocolate%20cake' };
  const [firstPage] = await Promise.all([...listings, search].map((e) => fetchProducts(baseUrl, e.path)));
  const id = firstPage![0]!._id;
  const detail: Endpoint = { name: 'product by id', path: `/api/products/${id}` };
  const product = await getJson(baseUrl, detail.path);
  if (typeof product !== 'object' || product === null || (product as { _id?: unknown })._id !== id) {
    throw new Error(`GET ${detail.path} did not return product ${id}`);
  }
  return [...listings, detail, search];
}

function summarise(endpoint: Pick<Endpoint, 'name' | 'path'>, r: autocannon.Result): EndpointResult {
  return {
    endpoint: endpoint.name,
    path: endpoint.path,
    requestsPerSecond: r.requests.average,
    totalRequests: r.requests.total,
    latencyMs: {
      average: r.latency.average,
      p50: r.latency.p50,
      p90: r.latency.p90,
      p99: r.latency.p99,
      max: r.latency.max,
    },
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    statusCodes: Object.fromEntries(Object.entries(r.statusCodeStats).map(([code, s]) => [code, s.count])),
    backlogSeconds: null,
  };
}

/**
 * autocannon stops counting when its time is up, but a server slower than the load still holds
 * the requests it accepted (up to one per connection) and keeps working on them. The next run
 * starts only once the server answers health checks promptly several times in a row, so that
 * backlog does not count against the next endpoint. Returns the seconds that took.
 */
export async function waitUntilIdle(baseUrl: string): Promise<number> {
  const started = performance.now();
  let streak = 0;
  while (streak < IDLE_STREAK) {
    if (performance.now() - started > BACKLOG_TIMEOUT_MS) {
      throw new Error(`the server was still busy ${BACKLOG_TIMEOUT_MS / 1000} s after the run ended`);
    }
    const asked = performance.now();
    let ok = false;
    try {
      const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(BACKLOG_TIMEOUT_MS) });
      await res.arrayBuffer();
      ok = res.ok;
    } catch {
      // No answer yet: still busy.
    }
    streak = ok && performance.now() - asked < IDLE_ANSWER_MS ? streak + 1 : 0;
  }
  return Math.round(performance.now() - started) / 1000;
}

/** Warms up, then measures one endpoint under a fixed number of concurrent keep-alive connections. */
export async function measure(baseUrl: string, endpoint: Endpoint, settings: LoadSettings): Promise<EndpointResult> {
  const url = baseUrl + endpoint.path;
  await autocannon({ url, connections: settings.connections, duration: WARMUP_SECONDS });
  const result = await autocannon({ url, connections: settings.connections, duration: settings.duration });
  return summarise(endpoint, result);
}

/**
 * Like measure(), but every request asks `endpoint.nextPath()`: autocannon calls setupRequest
 * before each request it sends, on every connection. `alongside` starts when the measured run
 * does (after the warm-up) and is awaited with it: the background buyer. Also counts the distinct
 * URLs sent during the measured run.
 */
export async function measureRandom<T>(
  baseUrl: string,
  endpoint: RandomEndpoint,
  settings: LoadSettings,
  alongside: () => Promise<T>,
): Promise<{ result: EndpointResult; distinctUrls: number; alongside: T }> {
  const seen = new Set<string>();
  let counting = false;
  const requests: autocannon.Request[] = [
    {
      method: 'GET',
      setupRequest: (request) => {
        const path = endpoint.nextPath();
        if (counting) seen.add(path);
        return { ...request, path };
      },
    },
  ];
  const run = (duration: number) => autocannon({ url: baseUrl, connections: settings.connections, duration, requests });
  await run(WARMUP_SECONDS);
  counting = true;
  const [result, other] = await Promise.all([run(settings.duration), alongside()]);
  return { result: summarise(endpoint, result), distinctUrls: seen.size, alongside: other };
}
