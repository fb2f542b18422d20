/**
 * Measures the yardstick of issue 37's goals on the benchmark's seeded catalogue, before the store
 * starts: a plain Fastify server answering a product by random listed id with one query, on the
 * same database (baseline-server.ts, node-postgres and one worker per core, on PostgreSQL;
 * baseline-pglite-server.ts, PGlite in its one process, on the embedded database), with the mix's
 * warm-up pass, warm-up, connections and duration and nothing in the background. The store's
 * figures are then read as ratios of it (goals.ts): this machine's speed moves from session to
 * session and from run to run, and the yardstick moves with it.
 */
import { measureRandom, WARM_PASS_SECONDS, type EndpointResult, type LoadSettings } from './measure.js';
import { startServer } from './server-process.js';

export interface BaselineReport {
  /** Which yardstick: the server, its database client, its processes. */
  server: string;
  result: EndpointResult;
  distinctUrls: number;
}

const SERVERS = {
  postgres: { entry: 'bench/baseline-server.ts', server: 'plain Fastify + node-postgres, one worker per core' },
  pglite: { entry: 'bench/baseline-pglite-server.ts', server: 'plain Fastify + PGlite, one process' },
};

/**
 * `databaseUrl` names the PostgreSQL database; without it the yardstick opens the embedded one in
 * `dataDir`, and has exited (the folder closed) by the time this resolves. `ids`: the listed products.
 */
export async function measureBaseline(
  options: { repoRoot: string; dataDir: string; databaseUrl?: string | undefined; logFile: string },
  ids: readonly string[],
  settings: LoadSettings,
): Promise<BaselineReport> {
  if (ids.length === 0) throw new Error('the yardstick needs a seeded catalogue');
  const { entry, server: description } = SERVERS[options.databaseUrl ? 'postgres' : 'pglite'];
  const server = await startServer({ ...options, entry: ['--import', 'tsx', entry] });
  try {
    const endpoint = {
      name: 'yardstick: product by id',
      path: `GET /api/products/<random listed id>, ${description}`,
      nextPath: () => `/api/products/${ids[Math.floor(Math.random() * ids.length)]!}`,
    };
    // Warmed as the store is (mix.ts), so that neither is measured cold.
    await measureRandom(server.baseUrl, endpoint, { ...settings, duration: WARM_PASS_SECONDS }, async () => undefined);
    const { result, distinctUrls } = await measureRandom(server.baseUrl, endpoint, settings, async () => undefined);
    return { server: description, result, distinctUrls };
  } finally {
    await server.stop();
  }
}
