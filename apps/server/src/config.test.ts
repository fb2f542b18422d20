import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('configuration', () => {
  it('has working defaults: embedded database in ./data, port 3000, demo seeding', () => {
    const c = loadConfig({ INIT_CWD: '/srv/store' });
    expect(c.port).toBe(3000);
    expect(c.dataDir).toBe(path.resolve('/srv/store/data'));
    expect(c.uploadsDir).toBe(path.resolve('/srv/store/data/uploads'));
    expect(c.databaseUrl).toBeUndefined();
    expect(c.seedDemo).toBe(true);
  });

  it('never seeds a real PostgreSQL server unless asked', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
  ])('%o stops start-up naming %s', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(variable);
  });
});
