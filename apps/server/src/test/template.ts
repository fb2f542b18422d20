import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/**
 * Names the shared test files and the PostgreSQL template after this checkout, so two checkouts
 * on one machine (worktrees, a CI clone beside a working copy) can run their suites at once.
 */
const checkout = createHash('sha1')
  .update(fileURLToPath(new URL('../../../..', import.meta.url)))
  .digest('hex')
  .slice(0, 8);

/** Demo pictures are drawn once per checkout and reused by every run (the seeder skips existing files). */
export const TEST_DATA_DIR = path.join(os.tmpdir(), `gifting-store-test-${checkout}`);
export const TEST_UPLOADS_DIR = path.join(TEST_DATA_DIR, 'uploads');
export const PGLITE_TEMPLATE_FILE = path.join(os.tmpdir(), `gifting-store-test-template-${checkout}.tar`);
export const PG_TEMPLATE_DATABASE = `store_test_template_${checkout}`;

/** Connection string for another database on the same PostgreSQL server as `url`. */
export function databaseUrlFor(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export async function withAdminClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
