import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** Demo pictures are drawn once per machine and reused by every run (the seeder skips existing files). */
export const TEST_DATA_DIR = path.join(os.tmpdir(), 'gifting-store-test');
export const TEST_UPLOADS_DIR = path.join(TEST_DATA_DIR, 'uploads');
export const PGLITE_TEMPLATE_FILE = path.join(os.tmpdir(), 'gifting-store-test-template.tar');
export const PG_TEMPLATE_DATABASE = 'store_test_template';

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
