import { loadConfig, ConfigError, type Config } from './config.js';
import { buildApp } from './app.js';
import { openDatabase } from './db/client.js';
import { DataDirInUseError } from './db/data-dir-lock.js';
import { prepareDatabase } from './db/prepare.js';
import { defaultMaxConnections, limitConnections, openFileLimit } from './lib/connection-limits.js';
import { trackConnections } from './lib/graceful-stop.js';

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
  const connections = trackConnections(app.server);

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
    try {
      // What is left of the time after draining is for the app's and the database's own closing.
      const reserve = Math.min(2_000, config.shutdownTimeoutMs / 4);
      const { cut } = await connections.drain({
        idleGraceMs: config.shutdownIdleGraceMs,
        deadline: performance.now() + config.shutdownTimeoutMs - reserve,
      });
      if (cut > 0) app.log.warn({ cut }, 'requests still running when the shutdown time ran out were cut off');
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
  console.error('Failed to start:', err instanceof DataDirInUseError ? err.message : err);
  process.exit(1);
});
