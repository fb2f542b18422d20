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

  it('caps unpaid orders at 3 and 20 items per account and 10 per address; off lifts a cap; 0 is refused', () => {
    expect(loadConfig({}).orderLimits).toEqual({ unpaidPerAccount: 3, unitsHeldPerAccount: 20, unpaidPerAddress: 10 });
    expect(loadConfig({}).payments.payWithinMs).toBe(15 * 60_000);
    const custom = loadConfig({
      ORDER_MAX_UNPAID_PER_ACCOUNT: '5',
      ORDER_MAX_UNITS_HELD_PER_ACCOUNT: 'off',
      ORDER_MAX_UNPAID_PER_ADDRESS: '40',
    });
    expect(custom.orderLimits).toEqual({ unpaidPerAccount: 5, unitsHeldPerAccount: null, unpaidPerAddress: 40 });
    for (const [variable, value] of [
      ['ORDER_MAX_UNPAID_PER_ACCOUNT', '0'],
      ['ORDER_MAX_UNITS_HELD_PER_ACCOUNT', '-1'],
      ['ORDER_MAX_UNPAID_PER_ADDRESS', 'ten'],
      ['ORDER_MAX_UNPAID_PER_ADDRESS', '2.5'],
    ] as const) {
      expect(() => loadConfig({ [variable]: value })).toThrow(`${variable}: must be a whole number from 1`);
    }
  });
});
