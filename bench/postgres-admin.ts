import pg from 'pg';

/** Databases an admin connection may use to issue CREATE/DROP DATABASE, tried in order. */
const ADMIN_DATABASES = ['postgres', 'test'];

/**
 * Drops and re-creates the benchmark database so every run starts from the same empty state.
 * Because this destroys data, it refuses any database whose name does not contain "bench".
 */
export async function recreateDatabase(databaseUrl: string): Promise<void> {
  const target = new URL(databaseUrl);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
  if (!name.includes('bench')) {
    throw new Error(
      `refusing to drop database "${name}": BENCH_DATABASE_URL must name a throwaway database containing "bench"`,
    );
  }
  const admin = await connectAdmin(target);
  try {
    const quoted = admin.escapeIdentifier(name);
    // FORCE ends sessions left behind by an interrupted run, which would otherwise block the drop.
    await admin.query(`DROP DATABASE IF EXISTS ${quoted} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${quoted}`);
  } finally {
    await admin.end();
  }
}

async function connectAdmin(target: URL): Promise<pg.Client> {
  const failures: string[] = [];
  for (const database of ADMIN_DATABASES) {
    const url = new URL(target);
    url.pathname = `/${database}`;
    const client = new pg.Client({ connectionString: url.href, connectionTimeoutMillis: 5_000 });
    try {
      await client.connect();
      return client;
    } catch (err) {
      failures.push(`${database}: ${(err as Error).message}`);
      await client.end().catch(() => {});
    }
  }
  throw new Error(`cannot open an admin connection to PostgreSQL at ${target.host} (${failures.join('; ')})`);
}
