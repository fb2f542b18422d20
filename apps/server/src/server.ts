import { loadConfig, ConfigError, type Config } from './config.js';
import { buildApp } from './app.js';
import { openDatabase } from './db/client.js';
import { prepareDatabase } from './db/prepare.js';
import { defaultMaxConnections, limitConnections, openFileLimit } from './lib/connection-limits.js';

async function main(config: Config) {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
    poolTimeoutMs: config.databasePoolTimeoutMs,
  });
  const app = await buildApp(config, database);
  try {
    await prepareDatabase(database, config, app.log);
  } catch (err) {
    await database.close();
    throw err;
  }

  limitConnections(
    app.server,
    {
      perAddress: config.maxConnectionsPerAddress,
      total: config.maxConnections ?? defaultMaxConnections(config.databasePoolSize, openFileLimit()),
    },
    app.log,
  );

  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    app.log.info({ signal }, 'shutting down: draining in-flight requests');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    force.unref();
    // app.close() closes the connections idle at that moment; one whose last request finishes
    // while draining would otherwise stay open until its keep-alive times out.
    const idle = setInterval(() => app.server.closeIdleConnections(), 50);
    idle.unref();
    try {
      await app.close();
      await database.close();
      app.log.info('shutdown complete');
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
  app.log.info(`Store ready on http://localhost:${config.port} (${database.kind} database)`);
}

let config: Config;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
main(config).catch((err: unknown) => {
  console.error('Failed to start:', err);
  process.exit(1);
});
