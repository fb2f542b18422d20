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

  it('reads limits as count per window, with the defaults the README lists', () => {
    const c = loadConfig({});
    expect(c.rateLimits).toEqual({
      loginPerAccount: { max: 10, windowMs: 15 * 60_000 },
      loginPerAddress: { max: 100, windowMs: 15 * 60_000 },
      register: { max: 20, windowMs: 3_600_000 },
      pincode: { max: 60, windowMs: 60_000 },
    });
    const custom = loadConfig({ RATE_LIMIT_LOGIN_ACCOUNT: '3/30s', RATE_LIMIT_PINCODE: 'off' }).rateLimits;
    expect(custom.loginPerAccount).toEqual({ max: 3, windowMs: 30_000 });
    expect(custom.pincode).toBeNull();
    expect(c.googleClientId).toBeUndefined();
    expect(c.trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ RATE_LIMIT_REGISTER: '20 per hour' }, 'RATE_LIMIT_REGISTER'],
    [{ RATE_LIMIT_PINCODE: '0/1m' }, 'RATE_LIMIT_PINCODE'],
    [{ REDIS_URL: 'localhost:6379' }, 'REDIS_URL'],
    [{ TRUST_PROXY: 'yes' }, 'TRUST_PROXY'],
    [{ GOOGLE_JWKS_URL: 'not a url' }, 'GOOGLE_JWKS_URL'],
  ])('%o stops start-up naming %s', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(variable);
  });
});

describe('timeouts and connection limits', () => {
  it('has the defaults the README lists', () => {
    const c = loadConfig({});
    expect(c.requestTimeoutMs).toBe(30_000);
    expect(c.headersTimeoutMs).toBe(10_000);
    expect(c.keepAliveTimeoutMs).toBe(72_000);
    expect(c.maxConnectionsPerAddress).toBe(256);
    expect(c.maxConnections).toBeUndefined();
    expect(c.shutdownIdleGraceMs).toBe(1_000);
  });

  it('never gives the headers longer than the whole request', () => {
    const c = loadConfig({ REQUEST_TIMEOUT_MS: '2000' });
    expect(c.requestTimeoutMs).toBe(2_000);
    expect(c.headersTimeoutMs).toBe(2_000);
  });

  it('turns the per-address cap off behind a proxy, unless it is set', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).maxConnectionsPerAddress).toBe(0);
    expect(loadConfig({ TRUST_PROXY: '1' }).maxConnectionsPerAddress).toBe(0);
    expect(loadConfig({ TRUST_PROXY: '0' }).maxConnectionsPerAddress).toBe(256);
    expect(loadConfig({ TRUST_PROXY: '1', MAX_CONNECTIONS_PER_ADDRESS: '1000' }).maxConnectionsPerAddress).toBe(1000);
  });

  it('keeps the idle grace within a short shutdown time', () => {
    expect(loadConfig({ SHUTDOWN_TIMEOUT_MS: '400' }).shutdownIdleGraceMs).toBe(100);
  });

  it.each([
    [{ REQUEST_TIMEOUT_MS: 'soon' }, 'REQUEST_TIMEOUT_MS'],
    [{ REQUEST_TIMEOUT_MS: '10' }, 'REQUEST_TIMEOUT_MS'],
    [{ HEADERS_TIMEOUT_MS: '-1' }, 'HEADERS_TIMEOUT_MS'],
    [{ KEEP_ALIVE_TIMEOUT_MS: '5s' }, 'KEEP_ALIVE_TIMEOUT_MS'],
    [{ MAX_CONNECTIONS_PER_ADDRESS: 'lots' }, 'MAX_CONNECTIONS_PER_ADDRESS'],
    [{ MAX_CONNECTIONS: '3' }, 'MAX_CONNECTIONS'],
    [{ SHUTDOWN_IDLE_GRACE_MS: '9000' }, 'SHUTDOWN_IDLE_GRACE_MS'],
  ])('%o stops start-up naming %s', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(variable);
  });
});
