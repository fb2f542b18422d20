import path from 'node:path';
import { z } from 'zod';

const booleanFromEnv = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** How long a request may wait for a pooled PostgreSQL connection before the server says it is busy. */
  DATABASE_POOL_TIMEOUT_MS: z.coerce.number().int().min(10).max(60_000).default(5_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Seed the demo catalogue when the embedded database is empty; a real server is never seeded implicitly. */
  SEED_DEMO: booleanFromEnv.optional(),
  /** Where the built web app lives; served by the API server in production. */
  WEB_DIST_DIR: z.string().min(1).optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8_000),
  /** The store's address as shoppers reach it; absolute links in the sitemap and share previews use it. */
  PUBLIC_URL: z.url({ message: 'must be an absolute URL such as https://phoolwala.in' }).optional(),
  /** How long a cached catalogue answer may live at most; 0 turns the cache off. */
  CATALOG_CACHE_TTL_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  CATALOG_CACHE_MAX_ENTRIES: z.coerce.number().int().min(0).max(100_000).default(2_000),
});

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  uploadsDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  databasePoolTimeoutMs: number;
  logLevel: string;
  seedDemo: boolean;
  webDistDir: string;
  shutdownTimeoutMs: number;
  catalogCacheTtlMs: number;
  catalogCacheMaxEntries: number;
  publicUrl: string;
}

export class ConfigError extends Error {}

/**
 * Reads the environment once. A bad value stops start-up with a message naming the variable,
 * rather than surfacing later as a confusing runtime failure.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new ConfigError(`Invalid configuration: ${problems}`);
  }
  const c = parsed.data;
  // npm runs workspace scripts inside the workspace folder; INIT_CWD is where the user typed the
  // command, so a relative DATA_DIR means the same folder whichever way the server was started.
  const dataDir = path.resolve(env.INIT_CWD ?? process.cwd(), c.DATA_DIR);
  return {
    nodeEnv: c.NODE_ENV,
    host: c.HOST,
    port: c.PORT,
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    databaseUrl: c.DATABASE_URL,
    databasePoolSize: c.DATABASE_POOL_SIZE,
    databasePoolTimeoutMs: c.DATABASE_POOL_TIMEOUT_MS,
    logLevel: c.LOG_LEVEL,
    seedDemo: c.SEED_DEMO ?? c.DATABASE_URL === undefined,
    webDistDir: path.resolve(c.WEB_DIST_DIR ?? new URL('../../web/dist', import.meta.url).pathname),
    shutdownTimeoutMs: c.SHUTDOWN_TIMEOUT_MS,
    catalogCacheTtlMs: c.CATALOG_CACHE_TTL_MS,
    catalogCacheMaxEntries: c.CATALOG_CACHE_MAX_ENTRIES,
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/+$/, ''),
  };
}
