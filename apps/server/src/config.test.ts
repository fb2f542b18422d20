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
      couponPerShopper: { max: 20, windowMs: 3_600_000 },
      couponPerAddress: { max: 200, windowMs: 3_600_000 },
      passwordResetPerAddress: { max: 20, windowMs: 3_600_000 },
      passwordResetPerAccount: { max: 5, windowMs: 3_600_000 },
      vitals: { max: 6, windowMs: 60_000 },
    });
    expect(c.vitals.perAddressPerDay).toBe(10);
    expect(loadConfig({ RATE_LIMIT_VITALS_DAY: 'off' }).vitals.perAddressPerDay).toBeNull();
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
    [{ SMTP_URL: 'https://mail.example.in' }, 'SMTP_URL: must be an smtp:// or smtps:// URL'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ RATE_LIMIT_REGISTER: '20 per hour' }, 'RATE_LIMIT_REGISTER'],
    [{ RATE_LIMIT_PINCODE: '0/1m' }, 'RATE_LIMIT_PINCODE'],
    [{ REDIS_URL: 'localhost:6379' }, 'REDIS_URL'],
    [{ TRUST_PROXY: 'yes' }, 'TRUST_PROXY'],
    [{ GOOGLE_JWKS_URL: 'not a url' }, 'GOOGLE_JWKS_URL'],
    [{ RATE_LIMIT_SEARCH: '60 a minute' }, 'RATE_LIMIT_SEARCH'],
    [{ RATE_LIMIT_LOGIN_ACCOUNT_ADDRESS: 'ten' }, 'RATE_LIMIT_LOGIN_ACCOUNT_ADDRESS'],
    [{ RATE_LIMIT_LOGIN_MAX_DELAY: '0s' }, 'RATE_LIMIT_LOGIN_MAX_DELAY'],
    [{ RATE_LIMIT_PASSWORD_RESET_ADDRESS: '20/hour' }, 'RATE_LIMIT_PASSWORD_RESET_ADDRESS'],
    [{ RATE_LIMIT_PASSWORD_RESET_ACCOUNT: '0/1h' }, 'RATE_LIMIT_PASSWORD_RESET_ACCOUNT'],
    [{ MAX_IN_FLIGHT_REQUESTS: '-1' }, 'MAX_IN_FLIGHT_REQUESTS'],
    [{ MAX_EVENT_LOOP_DELAY_MS: 'soon' }, 'MAX_EVENT_LOOP_DELAY_MS'],
    [{ VITALS_SAMPLE_RATE: '10%' }, 'VITALS_SAMPLE_RATE: must be a number from 0 to 1'],
    [{ VITALS_SAMPLE_RATE: '1.5' }, 'VITALS_SAMPLE_RATE'],
    [{ RATE_LIMIT_VITALS: 'lots' }, 'RATE_LIMIT_VITALS'],
    [{ RATE_LIMIT_VITALS_DAY: '0' }, 'RATE_LIMIT_VITALS_DAY: must be a whole number'],
    [{ LOW_STOCK_THRESHOLD: 'few' }, 'LOW_STOCK_THRESHOLD: must be a whole number'],
    [{ LOW_STOCK_THRESHOLD: '2.5' }, 'LOW_STOCK_THRESHOLD: must be a whole number'],
    [{ LOW_STOCK_THRESHOLD: '0' }, 'LOW_STOCK_THRESHOLD: must be at least 1'],
  ])('%o stops start-up naming %s', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(variable);
  });

  it('samples every page view of a demo store for web vitals, a tenth of a real one, or VITALS_SAMPLE_RATE', () => {
    expect(loadConfig({}).vitals.sampleRate).toBe(1);
    expect(loadConfig({ NODE_ENV: 'production', ALLOW_DEMO: 'true' }).vitals.sampleRate).toBe(1);
    expect(loadConfig({ RAZORPAY_KEY_ID: 'rzp_test_N8fX2kQ9pLm3Zt' }).vitals.sampleRate).toBe(0.1);
    expect(loadConfig({ VITALS_SAMPLE_RATE: '0.25' }).vitals.sampleRate).toBe(0.25);
    expect(loadConfig({ VITALS_SAMPLE_RATE: '0' }).vitals.sampleRate).toBe(0);
  });

  it('calls stock under 5 low on the dashboard, or under LOW_STOCK_THRESHOLD', () => {
    expect(loadConfig({}).lowStockThreshold).toBe(5);
    expect(loadConfig({ LOW_STOCK_THRESHOLD: '12' }).lowStockThreshold).toBe(12);
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

  it('keeps demo defaults outside production: simulated payments and the demo banner', () => {
    const c = loadConfig({});
    expect([c.payments.provider, c.demo, c.allowDemo]).toEqual(['simulated', true, false]);
    const real = loadConfig({ RAZORPAY_KEY_ID: 'rzp_test_Abc123', RAZORPAY_KEY_SECRET: 'real_key_secret_1' });
    expect([real.payments.provider, real.demo]).toEqual(['razorpay', false]);
  });
});

/** Real-looking Razorpay settings and seller; each test swaps one back to its demo value. */
const REAL = {
  NODE_ENV: 'production',
  RAZORPAY_KEY_ID: 'rzp_live_N8fX2kQ9pLm3Zt',
  RAZORPAY_KEY_SECRET: 'Hq7Yw2RzVb9Kx4Lm8Ns1Pt6D',
  RAZORPAY_WEBHOOK_SECRET: 'whsec_7f3c9a1e5b2d8c4f',
  STORE_GSTIN: '29ABCDE1234F1ZW',
  SMTP_URL: 'smtp://mailer:s3cret@127.0.0.1:2525',
  MAIL_FROM: 'Kochi Blooms <help@kochiblooms.test>',
  STORE_SUPPORT_PHONE: '+91 484 000 1234',
};

function refusal(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error('loadConfig accepted a production configuration with demo settings');
}

describe('production fails closed', () => {
  it('starts with real keys, seeds nothing by default, and is no demo', () => {
    const c = loadConfig(REAL);
    expect(c.payments).toMatchObject({ provider: 'razorpay', webhookSecret: REAL.RAZORPAY_WEBHOOK_SECRET });
    expect([c.seedDemo, c.demo, c.demoSettings]).toEqual([false, false, []]);
    // Even on the embedded database, where development seeds by default.
    expect(loadConfig({ ...REAL, DATABASE_URL: 'postgres://u@h/db' }).seedDemo).toBe(false);
  });

  it('refuses the defaults, naming every demo setting in one message', () => {
    const message = refusal({ NODE_ENV: 'production' });
    expect(message).toContain('RAZORPAY_KEY_ID is the demo key id rzp_test_demo (the default when unset)');
    expect(message).toContain('RAZORPAY_KEY_SECRET is the published demo secret (the default when unset)');
    expect(message).toContain('RAZORPAY_WEBHOOK_SECRET is the published demo secret (the default when unset)');
    expect(message).toContain('PAYMENT_PROVIDER is simulated (implied by the demo RAZORPAY_KEY_ID)');
    expect(message).toContain('POST /api/payments/simulated/pay');
    expect(message).toContain('STORE_GSTIN is the made-up demo GSTIN 29AAAAA0000A1ZY (the default when unset)');
    expect(message).toContain('SMTP_URL is unset: order and account emails would be written to files');
    expect(message).toContain(
      "MAIL_FROM is the demo sender Phoolwala Gifts <orders@phoolwala.in> (the default when unset): every email would come from it and send shoppers' questions to it",
    );
    expect(message).toContain(
      'STORE_SUPPORT_PHONE is the made-up demo number +91 80 0000 0000 (the default when unset): every email would give shoppers a number nobody answers',
    );
    expect(message).toContain('ALLOW_DEMO=true');
    // The embedded default does not seed in production, so SEED_DEMO is not among them.
    expect(message).not.toContain('SEED_DEMO');
    expect(message.split('\n').filter((line) => line.startsWith('  - '))).toHaveLength(8);
  });

  it.each([
    [{ RAZORPAY_KEY_ID: 'rzp_test_demo', PAYMENT_PROVIDER: 'simulated' }, ['RAZORPAY_KEY_ID', 'PAYMENT_PROVIDER']],
    [{ RAZORPAY_KEY_SECRET: 'demo_key_secret' }, ['RAZORPAY_KEY_SECRET']],
    [{ RAZORPAY_WEBHOOK_SECRET: 'demo_webhook_secret' }, ['RAZORPAY_WEBHOOK_SECRET']],
    [{ PAYMENT_PROVIDER: 'simulated' }, ['PAYMENT_PROVIDER']],
    [{ SEED_DEMO: 'true' }, ['SEED_DEMO']],
    [{ SEED_DEMO: '1', RAZORPAY_WEBHOOK_SECRET: 'demo_webhook_secret' }, ['RAZORPAY_WEBHOOK_SECRET', 'SEED_DEMO']],
    [{ STORE_GSTIN: '29AAAAA0000A1ZY' }, ['STORE_GSTIN']],
    [{ MAIL_FROM: 'Phoolwala Gifts <orders@phoolwala.in>' }, ['MAIL_FROM']],
    [{ STORE_SUPPORT_PHONE: '+91 80 0000 0000' }, ['STORE_SUPPORT_PHONE']],
  ])('refuses %o, naming %o', (change, named) => {
    const message = refusal({ ...REAL, ...change });
    const listed = message.split('\n').filter((line) => line.startsWith('  - '));
    expect(listed.map((line) => line.slice(4).split(' ')[0])).toEqual(named);
    expect(message).not.toContain('(the default when unset)');
  });

  it('refuses a webhook secret left unset: a webhook signed with demo_webhook_secret could mark an order paid', () => {
    const { RAZORPAY_WEBHOOK_SECRET: _unset, ...withoutWebhookSecret } = REAL;
    const message = refusal(withoutWebhookSecret);
    expect(message).toContain(
      'RAZORPAY_WEBHOOK_SECRET is the published demo secret (the default when unset): anyone could sign a webhook that marks an order paid',
    );
    expect(message).not.toContain('RAZORPAY_KEY_ID');
  });

  it('names other problems in the same message', () => {
    const message = refusal({ NODE_ENV: 'production', IMAGE_STORE: 's3', S3_BUCKET: 'pictures' });
    expect(message).toContain('IMAGE_STORE=s3 needs S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY');
    expect(message).toContain('RAZORPAY_WEBHOOK_SECRET');
  });

  it('starts a demo store on purpose with ALLOW_DEMO=true, and says it is one', () => {
    const c = loadConfig({ NODE_ENV: 'production', ALLOW_DEMO: 'true', SEED_DEMO: 'true' });
    expect([c.payments.provider, c.seedDemo, c.allowDemo, c.demo]).toEqual(['simulated', true, true, true]);
    expect(c.demoSettings.map((s) => s.split(' ')[0])).toEqual([
      'RAZORPAY_KEY_ID',
      'RAZORPAY_KEY_SECRET',
      'RAZORPAY_WEBHOOK_SECRET',
      'PAYMENT_PROVIDER',
      'STORE_GSTIN',
      'SMTP_URL',
      'MAIL_FROM',
      'STORE_SUPPORT_PHONE',
      'SEED_DEMO',
    ]);
    expect(() => loadConfig({ NODE_ENV: 'production', ALLOW_DEMO: 'false' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', ALLOW_DEMO: 'sure' })).toThrow('ALLOW_DEMO');
  });

  it('refuses a METRICS_TOKEN shorter than 24 characters, whatever ALLOW_DEMO says; development takes any', () => {
    const short = 'prom-scrape-2026';
    expect(() => loadConfig({ ...REAL, METRICS_TOKEN: short })).toThrow(
      'Invalid configuration: METRICS_TOKEN: must be at least 24 characters in production',
    );
    expect(() => loadConfig({ NODE_ENV: 'production', ALLOW_DEMO: 'true', METRICS_TOKEN: short })).toThrow(
      'METRICS_TOKEN',
    );
    expect(loadConfig({ ...REAL, METRICS_TOKEN: 'k7Qm2xVb9Lr4Tz8Np3Hd6Wf1' }).metricsToken).toBe(
      'k7Qm2xVb9Lr4Tz8Np3Hd6Wf1',
    );
    expect(loadConfig({ METRICS_TOKEN: short }).metricsToken).toBe(short);
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(() => loadConfig({ METRICS_TOKEN: 'has a space' })).toThrow('METRICS_TOKEN');
  });

  it('lets create-admin read the database settings of a store still on demo keys', () => {
    const c = loadConfig({ NODE_ENV: 'production' }, { refuseDemoInProduction: false });
    expect(c.nodeEnv).toBe('production');
  });
});

describe('the support contact every email names', () => {
  it("is MAIL_FROM's address and STORE_SUPPORT_PHONE, the demo's by default", () => {
    expect(loadConfig({}).mail.support).toEqual({ email: 'orders@phoolwala.in', phone: '+91 80 0000 0000' });
    const own = loadConfig({
      MAIL_FROM: ' Kochi Blooms <help@kochiblooms.test> ',
      STORE_SUPPORT_PHONE: '1800-123-4567',
    });
    expect(own.mail).toMatchObject({
      from: 'Kochi Blooms <help@kochiblooms.test>',
      support: { email: 'help@kochiblooms.test', phone: '1800-123-4567' },
    });
    expect(loadConfig({ MAIL_FROM: 'help@kochiblooms.test' }).mail.support.email).toBe('help@kochiblooms.test');
  });

  it('refuses a sender without an address to write to, and a phone that is not a number', () => {
    for (const from of ['Kochi Blooms', 'Kochi Blooms <help>', 'help@', '<>']) {
      expect(() => loadConfig({ MAIL_FROM: from })).toThrow('MAIL_FROM: must be an email address');
    }
    for (const phone of ['call us', '12345', '+91 80 0000 0000 ext 4', '+91 (80) 4000 1234']) {
      expect(() => loadConfig({ STORE_SUPPORT_PHONE: phone })).toThrow('STORE_SUPPORT_PHONE: must be a phone number');
    }
  });
});

describe('the seller on tax invoices', () => {
  it('is the made-up demo seller by default, and says so', () => {
    expect(loadConfig({}).store).toEqual({
      legalName: 'Phoolwala Gifts Private Limited',
      address: '14, 2nd Cross, Indiranagar, Bengaluru 560038',
      state: 'Karnataka',
      stateCode: '29',
      gstin: '29AAAAA0000A1ZY',
      demo: true,
    });
  });

  it('takes a real seller, normalising the GSTIN and the state name', () => {
    const c = loadConfig({
      STORE_LEGAL_NAME: 'Blooms Retail LLP',
      STORE_ADDRESS: '5 Linking Road, Bandra West, Mumbai 400050',
      STORE_STATE: 'maharashtra',
      STORE_GSTIN: ' 27abcde1234f1z0 ',
    });
    expect(c.store).toEqual({
      legalName: 'Blooms Retail LLP',
      address: '5 Linking Road, Bandra West, Mumbai 400050',
      state: 'Maharashtra',
      stateCode: '27',
      gstin: '27ABCDE1234F1Z0',
      demo: false,
    });
  });

  it.each([
    [{ STORE_GSTIN: '29ABCDE1234F1ZX' }, 'STORE_GSTIN'],
    [{ STORE_GSTIN: '29ABCDE1234F1Z' }, 'STORE_GSTIN'],
    [{ STORE_STATE: 'Atlantis' }, 'STORE_STATE: must be an Indian state or union territory'],
    [{ STORE_GSTIN: '27ABCDE1234F1Z0' }, 'STORE_GSTIN: a GSTIN registered in Karnataka starts with 29'],
  ])('refuses %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
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
  ])('%o stops start-up naming %s', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(variable);
  });
});

describe('text messages (SMS_URL)', () => {
  it('offers codes by text outside production without a provider (written to files), and in production only with one', () => {
    expect(loadConfig({}).sms).toEqual({ msg91: undefined, offered: true });
    expect(loadConfig(REAL).sms).toEqual({ msg91: undefined, offered: false });
    const withMsg91 = loadConfig({ ...REAL, SMS_URL: 'msg91://k3y%2Fauth@control.msg91.com?sign_in_code=65f1a2b3c4' });
    expect(withMsg91.sms).toEqual({
      msg91: {
        authKey: 'k3y/auth',
        apiUrl: 'https://control.msg91.com/api/v5/flow',
        templates: { sign_in_code: '65f1a2b3c4' },
      },
      offered: true,
    });
  });

  it.each([
    ['https://control.msg91.com', 'must be msg91://'],
    ['msg91://control.msg91.com?sign_in_code=65f1', "MSG91's auth key"],
    ['msg91://key@control.msg91.com', "sign-in code's DLT template"],
  ])('refuses %s, saying what is missing', (url, said) => {
    expect(() => loadConfig({ SMS_URL: url })).toThrow(said);
  });
});
