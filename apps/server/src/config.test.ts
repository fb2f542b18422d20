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
      loginPerAccountAddress: { max: 10, windowMs: 15 * 60_000 },
      search: { max: 60, windowMs: 60_000 },
    });
    expect(c.loginMaxDelayMs).toBe(60_000);
    expect(c.loadShedding).toEqual({ maxInFlightRequests: 200, maxEventLoopDelayMs: 1_000 });
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
    [{ RATE_LIMIT_SEARCH: '60 a minute' }, 'RATE_LIMIT_SEARCH'],
    [{ RATE_LIMIT_LOGIN_ACCOUNT_ADDRESS: 'ten' }, 'RATE_LIMIT_LOGIN_ACCOUNT_ADDRESS'],
    [{ RATE_LIMIT_LOGIN_MAX_DELAY: '0s' }, 'RATE_LIMIT_LOGIN_MAX_DELAY'],
    [{ MAX_IN_FLIGHT_REQUESTS: '-1' }, 'MAX_IN_FLIGHT_REQUESTS'],
    [{ MAX_EVENT_LOOP_DELAY_MS: 'soon' }, 'MAX_EVENT_LOOP_DELAY_MS'],
  ])('%o stops start-up naming %s', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(variable);
  });
});
