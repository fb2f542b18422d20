import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Runs `fn` with the URL of a new, empty database on the PostgreSQL server at `serverUrl`
 * (E2E_DATABASE_URL), dropped afterwards whatever happens.
 */
export async function withScratchDatabase(
  serverUrl: string,
  prefix: string,
  fn: (databaseUrl: string) => Promise<void>,
): Promise<void> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    await fn(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}
