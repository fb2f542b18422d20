/**
 * Measures baseline-server.ts on the benchmark's seeded PostgreSQL catalogue: random product ids,
 * the mix's connections and duration, nothing in the background. Its req/s scales issue 13's
 * goals, set on a machine where the same server gave about 9,000, to the machine at hand.
 */
import pg from 'pg';
import { measureRandom, type EndpointResult, type LoadSettings } from './measure.js';
import { startServer } from './server-process.js';

/** What the baseline answered on the machine issue 13's goals were set on. */
export const ISSUE_BASELINE_RPS = 9_000;

export interface BaselineReport {
  result: EndpointResult;
  distinctUrls: number;
  /** This machine's baseline over issue 13's: the goals times this are the goals here. */
  machineFactor: number;
}

async function listedIds(databaseUrl: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>('SELECT id FROM products WHERE available');
    return rows.map((r) => r.id);
  } finally {
    await client.end();
  }
}

export async function measureBaseline(
  options: { repoRoot: string; dataDir: string; databaseUrl: string; logFile: string },
  settings: LoadSettings,
): Promise<BaselineReport> {
  const ids = await listedIds(options.databaseUrl);
  if (ids.length === 0) throw new Error('the baseline needs a seeded catalogue');
  const server = await startServer({ ...options, entry: ['--import', 'tsx', 'bench/baseline-server.ts'] });
  try {
    const { result, distinctUrls } = await measureRandom(
      server.baseUrl,
      {
        name: 'baseline: product by id',
        path: 'GET /api/products/<random listed id>, plain Fastify + node-postgres',
        nextPath: () => `/api/products/${ids[Math.floor(Math.random() * ids.length)]!}`,
      },
      settings,
      async () => undefined,
    );
    return { result, distinctUrls, machineFactor: result.requestsPerSecond / ISSUE_BASELINE_RPS };
  } finally {
    await server.stop();
  }
}
