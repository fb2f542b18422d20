import path from 'node:path';
import { z } from 'zod';
import { DEMO_GSTIN, gstinProblem, gstStateOf, normaliseGstin } from '@store/domain';

const booleanFromEnv = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** A limit written as `count/window`, e.g. `10/15m`, `20/1h`, `60/1m`; `off` turns it off. */
const UNIT_MS = { s: 1_000, m: 60_000, h: 3_600_000 } as const;
const rateLimit = z
  .string()
  .regex(/^(off|\d{1,7}\/\d{1,5}[smh])$/, 'must look like 10/15m (count per seconds, minutes or hours) or off')
  .transform((v): RateLimit | null => {
    if (v === 'off') return null;
    const [count, window] = v.split('/') as [string, string];
    const unit = window.slice(-1) as keyof typeof UNIT_MS;
    return { max: Number(count), windowMs: Number(window.slice(0, -1)) * UNIT_MS[unit] };
  })
  .refine((l) => l === null || (l.max > 0 && l.windowMs > 0), 'count and window must be above 0');

const duration = z
  .string()
  .regex(/^\d{1,5}[smh]$/, 'must look like 30m (seconds, minutes or hours)')
  .transform((v) => Number(v.slice(0, -1)) * UNIT_MS[v.slice(-1) as keyof typeof UNIT_MS])
  .refine((ms) => ms > 0, 'must be above 0');

/** A cap (on what unpaid orders may hold, say): a whole number from 1, or `off` for none (0 would close the store). */
const cap = z
  .string()
  .regex(/^(off|[1-9]\d{0,5})$/, 'must be a whole number from 1 to 999999, or off')
  .transform((v) => (v === 'off' ? null : Number(v)));

/** The demo gateway keys: they only ever work with the simulated Razorpay. */
export const DEMO_RAZORPAY = {
  keyId: 'rzp_test_demo',
  keySecret: 'demo_key_secret',
  webhookSecret: 'demo_webhook_secret',
} as const;

/** The made-up seller the demo store's invoices name, each of them saying so. */
export const DEMO_SELLER = {
  legalName: 'Phoolwala Gifts Private Limited',
  address: '14, 2nd Cross, Indiranagar, Bengaluru 560038',
  state: 'Karnataka',
} as const;

/**
 * The demo store's sender. Its address is also the one every email names for questions, since a
 * shopper's reply goes there anyway; production refuses it (a store's mail must not send shoppers
 * to the demo's inbox).
 */
export const DEMO_MAIL_FROM = 'Phoolwala Gifts <orders@phoolwala.in>';

/** The demo's support phone: a Bengaluru number no line can have, as no subscriber number starts with 0. */
export const DEMO_SUPPORT_PHONE = '+91 80 0000 0000';

/** 'orders@phoolwala.in' out of 'Phoolwala Gifts <orders@phoolwala.in>', or a bare address as it is. */
export function mailboxOf(from: string): string {
  return (/<([^<>]*)>\s*$/.exec(from)?.[1] ?? from).trim();
}

/** The shortest METRICS_TOKEN production accepts: past guessing, as a random 24-character string is. */
export const MIN_PRODUCTION_METRICS_TOKEN = 24;

export interface RateLimit {
  max: number;
  windowMs: number;
}

/** Server: how the store runs, is reached and watched. */
const serverSettings = {
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** The store's address as shoppers reach it; absolute links in the sitemap and share previews use it. */
  PUBLIC_URL: z.url({ message: 'must be an absolute URL such as https://phoolwala.in' }).optional(),
  /** Behind a reverse proxy: trust its X-Forwarded-For for the caller's address (true, false or a hop count). */
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|\d{1,2})$/, 'must be true, false or a number of proxy hops')
    .transform((v) => (v === 'true' ? true : v === 'false' ? false : Number(v)))
    .prefault('false'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** The bearer token Prometheus scrapes GET /metrics with; unset, there is no such address (ADR 066). */
  METRICS_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{1,200}$/, 'must be 1 to 200 printable characters without spaces')
    .optional(),
  /** In production, start even with demo keys, the simulated gateway or demo seeding (a demo store on purpose). */
  ALLOW_DEMO: booleanFromEnv.optional(),
  /** Seed the demo catalogue when the embedded database is empty; a real server is never seeded implicitly. */
  SEED_DEMO: booleanFromEnv.optional(),
  /** The OAuth client id of the store's Google sign-in; without it Google sign-in is off. */
  GOOGLE_CLIENT_ID: z.string().min(1).max(200).optional(),
  /** Where Google publishes the keys its ID tokens are signed with. */
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  /** Where the built web app lives; served by the API server in production. */
  WEB_DIST_DIR: z.string().min(1).optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8_000),
  /** The whole request, headers and body, must arrive within this; a client trickling bytes is cut off. */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(30_000),
  /** The request line and headers must arrive within this (at most REQUEST_TIMEOUT_MS). */
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(500).max(600_000).default(10_000),
  /** How long an idle keep-alive connection stays open; a reverse proxy's upstream idle timeout must be shorter. */
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(72_000),
};

/** Database and files: where the store keeps its data, counters and pictures. */
const databaseSettings = {
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** How long a request may wait for a pooled PostgreSQL connection before the server says it is busy. */
  DATABASE_POOL_TIMEOUT_MS: z.coerce.number().int().min(10).max(60_000).default(5_000),
  /** Shared counters for the sign-in and other limits when several server processes run. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  REDIS_KEY_PREFIX: z.string().min(1).max(64).default('store:'),
  /** `local`: pictures in DATA_DIR/uploads; `s3`: an S3-compatible bucket several servers share. */
  IMAGE_STORE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
};

/** Payments: the gateway, its keys, and how long an order waits to be paid. */
const paymentsSettings = {
  /** `razorpay` talks to Razorpay; `simulated` is a local stand-in. Default: razorpay once real keys are set. */
  PAYMENT_PROVIDER: z.enum(['razorpay', 'simulated']).optional(),
  RAZORPAY_KEY_ID: z
    .string()
    .regex(/^rzp_(test|live)_\w+$/, 'must be a Razorpay key id (rzp_test_… or rzp_live_…)')
    .default(DEMO_RAZORPAY.keyId),
  RAZORPAY_KEY_SECRET: z.string().min(8).default(DEMO_RAZORPAY.keySecret),
  RAZORPAY_WEBHOOK_SECRET: z.string().min(8).default(DEMO_RAZORPAY.webhookSecret),
  /** How long an order waits for payment before its stock goes back and it can no longer be paid. */
  ORDER_PAY_WITHIN: duration.prefault('15m'),
  /** The simulated gateway, like Razorpay, also reports each payment by webhook, this long after it. */
  SIMULATED_WEBHOOK_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(3_000),
};

/** Mail: where the store's email goes and how its outbox sends it. */
const mailSettings = {
  /** Where email goes: `smtp://user:pass@host:587` or `smtps://…:465`; unset, messages are written to DATA_DIR/mail. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  /** The sender of every email; its address is the one each email names for questions. */
  MAIL_FROM: z
    .string()
    .trim()
    .max(200)
    .refine(
      (v) => z.email().safeParse(mailboxOf(v)).success,
      'must be an email address, or a name and one in angle brackets: Phoolwala Gifts <orders@phoolwala.in>',
    )
    .default(DEMO_MAIL_FROM),
  /**
   * Where text messages go (issue 35): MSG91's flow API, `msg91://AUTHKEY@control.msg91.com?sign_in_code=TEMPLATE_ID`,
   * each message kind with the id of its DLT-approved template. Unset, texts are written to
   * DATA_DIR/sms, and production offers no codes by text message.
   */
  SMS_URL: z
    .url({ protocol: /^msg91$/, message: 'must be msg91://AUTHKEY@control.msg91.com?sign_in_code=TEMPLATE_ID' })
    .transform((v, ctx) => {
      const url = new URL(v);
      const authKey = decodeURIComponent(url.username);
      const templates = Object.fromEntries(url.searchParams);
      if (!authKey || !url.host) {
        ctx.addIssue({
          code: 'custom',
          message: "must carry MSG91's auth key and host: msg91://AUTHKEY@control.msg91.com",
        });
      }
      if (!templates.sign_in_code) {
        ctx.addIssue({
          code: 'custom',
          message: "must name the sign-in code's DLT template: ?sign_in_code=TEMPLATE_ID",
        });
      }
      return { authKey, apiUrl: `https://${url.host}/api/v5/flow`, templates };
    })
    .optional(),
  /** How often each server process looks for email due to go. */
  OUTBOX_POLL_MS: z.coerce.number().int().min(100).max(600_000).default(2_000),
  /**
   * How long a sender's claim on a message keeps other processes off it: longer than any send
   * takes; a message whose sender died mid-send goes again once it runs out.
   */
  OUTBOX_LEASE_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(120_000),
};

/** Store identity: the seller on the invoices, the phone shoppers call, and what the owner's dashboard watches. */
const storeSettings = {
  /** The seller on every tax invoice (ADR 028); the defaults are a made-up demo seller. */
  STORE_LEGAL_NAME: z.string().trim().min(2).max(120).default(DEMO_SELLER.legalName),
  STORE_ADDRESS: z.string().trim().min(10).max(300).default(DEMO_SELLER.address),
  STORE_STATE: z
    .string()
    .refine((v) => gstStateOf(v) !== undefined, 'must be an Indian state or union territory, e.g. Karnataka')
    .default(DEMO_SELLER.state),
  STORE_GSTIN: z
    .string()
    .transform(normaliseGstin)
    .superRefine((v, ctx) => {
      const problem = gstinProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .default(DEMO_GSTIN),
  /**
   * The number every email gives shoppers to call, beside MAIL_FROM's address: a gift that has not
   * arrived by the evening is a call, not a letter. Printed as written; the default is made up.
   */
  STORE_SUPPORT_PHONE: z
    .string()
    .trim()
    .regex(/^\+?\d[\d -]{6,18}\d$/, 'must be a phone number in digits, spaces and dashes, such as +91 80 4567 8900')
    .default(DEMO_SUPPORT_PHONE),
  /** The owner's dashboard lists products and sizes on sale with fewer than this many in stock. */
  LOW_STOCK_THRESHOLD: z.coerce
    .number({ message: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(100_000, 'must be at most 100000')
    .default(5),
  /** The share of page views that report their Core Web Vitals (ADR 043). Default: 1 in a demo store, else 0.1. */
  VITALS_SAMPLE_RATE: z
    .string()
    .regex(/^(0(\.\d{1,4})?|1(\.0{1,4})?)$/, 'must be a number from 0 to 1, such as 0.1 (0 turns reporting off)')
    .transform(Number)
    .optional(),
};

/** Limits: what one client, address or account may ask for or hold. */
const limitsSettings = {
  RATE_LIMIT_LOGIN_ACCOUNT: rateLimit.prefault('10/15m'),
  RATE_LIMIT_LOGIN_ADDRESS: rateLimit.prefault('100/15m'),
  RATE_LIMIT_REGISTER: rateLimit.prefault('20/1h'),
  RATE_LIMIT_PINCODE: rateLimit.prefault('60/1m'),
  /** Failed sign-ins to one account from one address before that address is refused for it. */
  RATE_LIMIT_LOGIN_ACCOUNT_ADDRESS: rateLimit.prefault('10/15m'),
  /** The longest wait between sign-in attempts on an account past its free allowance (ADR 018). */
  RATE_LIMIT_LOGIN_MAX_DELAY: duration.prefault('60s'),
  /** Keyword searches per address: far above a shopper's pace, well below a scraper's. */
  RATE_LIMIT_SEARCH: rateLimit.prefault('60/1m'),
  /**
   * Coupon codes tried (validated or ordered with) that do not exist: per shopper (a signed-in
   * account, or a guest's device cookie), and per address as a backstop ten shoppers wide, so one
   * client changing cookies is still bounded and a shared address is not (ADR 067).
   */
  RATE_LIMIT_COUPON_ACCOUNT: rateLimit.prefault('20/1h'),
  RATE_LIMIT_COUPON_ADDRESS: rateLimit.prefault('200/1h'),
  /** Reset links asked for per address (and, counted apart, links tried), and per email whether or not it has an account. */
  RATE_LIMIT_PASSWORD_RESET_ADDRESS: rateLimit.prefault('20/1h'),
  RATE_LIMIT_PASSWORD_RESET_ACCOUNT: rateLimit.prefault('5/1h'),
  /**
   * Web-vitals reports per address that count (ADR 068): a handful a minute, and a few a day so one
   * address's weight in a day's p75 is bounded; the rest are dropped, answered 204 all the same.
   */
  RATE_LIMIT_VITALS: rateLimit.prefault('6/1m'),
  RATE_LIMIT_VITALS_DAY: cap.prefault('10'),
  /** Unpaid orders hold stock nobody else can buy; these caps stop one buyer holding it all (ADR 017). */
  ORDER_MAX_UNPAID_PER_ACCOUNT: cap.prefault('3'),
  ORDER_MAX_UNITS_HELD_PER_ACCOUNT: cap.prefault('20'),
  ORDER_MAX_UNPAID_PER_ADDRESS: cap.prefault('10'),
  /** Largest picture an admin may upload, in bytes; bigger ones get 413. */
  UPLOAD_MAX_BYTES: z.coerce.number().int().min(10_000).max(50_000_000).default(5_242_880),
  /** Open connections one client address may hold; 0 turns the cap off. Default: 256, or off behind a proxy. */
  MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).max(1_000_000).optional(),
  /** Open connections in all. Default: the process's open-file limit less room for the database and files. */
  MAX_CONNECTIONS: z.coerce.number().int().min(16).max(10_000_000).optional(),
};

/** Performance: each has a default derived from the machine or the catalogue, or one measured
 * right for every store (ADR 072, 073); set one only to measure or to work around a fault. */
const performanceSettings = {
  /** Server processes (ADR 025): unset, one per core on PostgreSQL and one on the embedded database. */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  /** How long the server may take to render a storefront page before sending the browser-rendered shell; 0 never renders (ADR 049). */
  SERVER_RENDER_TIMEOUT_MS: z.coerce.number().int().min(0).max(10_000).default(500),
  /** The time a process spends rendering storefront pages in each second at most; past it pages render in the browser; 1000 sets no limit (ADR 060). */
  SERVER_RENDER_MS_PER_SECOND: z.coerce.number().int().min(1).max(1_000).default(250),
  /** How long a cached catalogue answer may live at most; 0 turns the cache off. */
  CATALOG_CACHE_TTL_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  /** Requests handled at once before new ones get 503 (0: no bound). */
  MAX_IN_FLIGHT_REQUESTS: z.coerce.number().int().min(0).max(100_000).default(200),
  /**
   * Mean wait for the CPU over the last second (the event loop's delay, or reads' wait for their
   * turn) above which new requests get 503 (0: not watched).
   */
  MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
};

/** Every setting, by group (docs/configuration.md lists them in the same groups). */
const configSchema = z.object({
  ...serverSettings,
  ...databaseSettings,
  ...paymentsSettings,
  ...mailSettings,
  ...storeSettings,
  ...limitsSettings,
  ...performanceSettings,
});

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  uploadsDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  /** As set; `workerCount` decides what it means for the database in use. */
  webConcurrency: number | undefined;
  databasePoolTimeoutMs: number;
  logLevel: string;
  seedDemo: boolean;
  webDistDir: string;
  /** 0: every page is rendered in the browser. */
  serverRenderTimeoutMs: number;
  serverRenderMsPerSecond: number;
  shutdownTimeoutMs: number;
  catalogCacheTtlMs: number;
  publicUrl: string;
  trustProxy: boolean | number;
  redisUrl: string | undefined;
  redisKeyPrefix: string;
  rateLimits: {
    loginPerAccount: RateLimit | null;
    loginPerAddress: RateLimit | null;
    register: RateLimit | null;
    pincode: RateLimit | null;
    loginPerAccountAddress: RateLimit | null;
    search: RateLimit | null;
    couponPerShopper: RateLimit | null;
    couponPerAddress: RateLimit | null;
    passwordResetPerAddress: RateLimit | null;
    passwordResetPerAccount: RateLimit | null;
    vitals: RateLimit | null;
  };
  mail: {
    smtpUrl: string | undefined;
    from: string;
    pollMs: number;
    leaseMs: number;
    /** Named at the foot of every email: MAIL_FROM's address and STORE_SUPPORT_PHONE. */
    support: { email: string; phone: string };
  };
  /**
   * Text messages: MSG91 when SMS_URL is set, else written to DATA_DIR/sms; `offered` says whether
   * shoppers may ask for codes by text, which production does only with a provider.
   */
  sms: { msg91: { authKey: string; apiUrl: string; templates: Record<string, string> } | undefined; offered: boolean };
  /** Field Core Web Vitals (ADR 043, 068): the share of page views that report them; reports kept per address per IST day. */
  vitals: { sampleRate: number; perAddressPerDay: number | null };
  /** The seller printed on tax invoices; `demo` when it is the made-up demo seller. */
  store: { legalName: string; address: string; state: string; stateCode: string; gstin: string; demo: boolean };
  /** Past RATE_LIMIT_LOGIN_ACCOUNT, the delay between attempts on an account doubles up to this. */
  loginMaxDelayMs: number;
  loadShedding: { maxInFlightRequests: number; maxEventLoopDelayMs: number };
  googleClientId: string | undefined;
  googleJwksUrl: string;
  uploadMaxBytes: number;
  imageStore: 'local' | 's3';
  s3: { endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string } | undefined;
  payments: {
    provider: 'razorpay' | 'simulated';
    keyId: string;
    keySecret: string;
    webhookSecret: string;
    payWithinMs: number;
    simulatedWebhookDelayMs: number;
  };
  /** ALLOW_DEMO: production may run with the demo settings below (a demo store on purpose). */
  allowDemo: boolean;
  /** The demo settings in use, each naming its variable; production refuses them unless allowDemo. */
  demoSettings: string[];
  /** Whether the web app says this is a demo store on every page. */
  demo: boolean;
  requestTimeoutMs: number;
  headersTimeoutMs: number;
  keepAliveTimeoutMs: number;
  /** 0: no cap. */
  maxConnectionsPerAddress: number;
  /** Unset: derived from the process's open-file limit when the server starts. */
  maxConnections: number | undefined;
  shutdownIdleGraceMs: number;
  /** Caps on unpaid orders, which hold stock until paid or expired; null is no cap. */
  orderLimits: OrderLimits;
  /** Stock under this is low on the dashboard. */
  lowStockThreshold: number;
  /** What GET /metrics must be asked with; undefined: it answers 404 (ADR 066). */
  metricsToken: string | undefined;
}

export interface OrderLimits {
  unpaidPerAccount: number | null;
  unitsHeldPerAccount: number | null;
  /** Per client address (an IPv6 client's /64 network), whatever the accounts. */
  unpaidPerAddress: number | null;
}

export class ConfigError extends Error {}

type Settings = z.infer<typeof configSchema>;

/**
 * The settings that make this a demo store, each with what it would let anyone do. Unset
 * variables count too: their defaults are the demo values the README publishes.
 */
function findDemoSettings(
  c: Settings,
  env: NodeJS.ProcessEnv,
  provider: 'razorpay' | 'simulated',
  seedDemo: boolean,
): string[] {
  const origin = (name: string) => (env[name] === undefined ? ' (the default when unset)' : '');
  const found: string[] = [];
  if (c.RAZORPAY_KEY_ID === DEMO_RAZORPAY.keyId) {
    found.push(
      `RAZORPAY_KEY_ID is the demo key id ${DEMO_RAZORPAY.keyId}${origin('RAZORPAY_KEY_ID')}: set your Razorpay key id`,
    );
  }
  if (c.RAZORPAY_KEY_SECRET === DEMO_RAZORPAY.keySecret) {
    found.push(
      `RAZORPAY_KEY_SECRET is the published demo secret${origin('RAZORPAY_KEY_SECRET')}: anyone could sign a checkout payment; set your Razorpay key secret`,
    );
  }
  if (c.RAZORPAY_WEBHOOK_SECRET === DEMO_RAZORPAY.webhookSecret) {
    found.push(
      `RAZORPAY_WEBHOOK_SECRET is the published demo secret${origin('RAZORPAY_WEBHOOK_SECRET')}: anyone could sign a webhook that marks an order paid; set your Razorpay webhook's secret`,
    );
  }
  if (provider === 'simulated') {
    const implied = c.PAYMENT_PROVIDER === undefined ? ' (implied by the demo RAZORPAY_KEY_ID)' : '';
    found.push(
      `PAYMENT_PROVIDER is simulated${implied}: anyone could pay any order for free at POST /api/payments/simulated/pay; use razorpay with your keys`,
    );
  }
  if (c.STORE_GSTIN === DEMO_GSTIN) {
    found.push(
      `STORE_GSTIN is the made-up demo GSTIN ${DEMO_GSTIN}${origin('STORE_GSTIN')}: tax invoices would name a seller that does not exist; set your GSTIN, STORE_LEGAL_NAME, STORE_ADDRESS and STORE_STATE`,
    );
  }
  if (c.SMTP_URL === undefined) {
    found.push(
      'SMTP_URL is unset: order and account emails would be written to files under DATA_DIR/mail, not sent; set your SMTP server',
    );
  }
  if (c.MAIL_FROM === DEMO_MAIL_FROM) {
    found.push(
      `MAIL_FROM is the demo sender ${DEMO_MAIL_FROM}${origin('MAIL_FROM')}: every email would come from it and send shoppers' questions to it; set your store's own`,
    );
  }
  if (c.STORE_SUPPORT_PHONE === DEMO_SUPPORT_PHONE) {
    found.push(
      `STORE_SUPPORT_PHONE is the made-up demo number ${DEMO_SUPPORT_PHONE}${origin('STORE_SUPPORT_PHONE')}: every email would give shoppers a number nobody answers; set the one your support answers`,
    );
  }
  if (seedDemo) {
    found.push(
      'SEED_DEMO is true: it creates the demo accounts, whose passwords the README publishes; create your admin with npm run create-admin',
    );
  }
  return found;
}

export interface LoadConfigOptions {
  /**
   * Refuse demo settings in production (the default). Only `npm run create-admin` turns it off: it
   * touches neither payments nor seeding, and is how a store gets its real admin.
   */
  refuseDemoInProduction?: boolean;
}

/**
 * Reads the environment once. A bad value stops start-up with a message naming the variable,
 * rather than surfacing later as a confusing runtime failure. Production fails closed: demo keys,
 * the simulated gateway or demo seeding stop it, all named at once, unless ALLOW_DEMO=true.
 */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  { refuseDemoInProduction = true }: LoadConfigOptions = {},
): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new ConfigError(`Invalid configuration: ${problems}`);
  }
  const c = parsed.data;
  const production = c.NODE_ENV === 'production';
  const provider = c.PAYMENT_PROVIDER ?? (c.RAZORPAY_KEY_ID === DEMO_RAZORPAY.keyId ? 'simulated' : 'razorpay');
  // Production never seeds unless asked: a forgotten DATABASE_URL must not hand out demo accounts.
  const seedDemo = c.SEED_DEMO ?? (!production && c.DATABASE_URL === undefined);
  const allowDemo = c.ALLOW_DEMO ?? false;
  const demoSettings = findDemoSettings(c, env, provider, seedDemo);
  const refuseDemo = production && demoSettings.length > 0 && !allowDemo && refuseDemoInProduction;

  // Every problem at once, so fixing the environment takes one round, not one per variable.
  const problems: string[] = [];
  const s3Missing = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].filter(
    (k) => c[k as keyof typeof c] === undefined,
  );
  if (c.IMAGE_STORE === 's3' && s3Missing.length) problems.push(`IMAGE_STORE=s3 needs ${s3Missing.join(', ')}`);
  if (refuseDemo) {
    problems.push(...demoSettings);
  } else if (c.PAYMENT_PROVIDER === 'razorpay' && c.RAZORPAY_KEY_ID === DEMO_RAZORPAY.keyId) {
    problems.push('RAZORPAY_KEY_ID: set your Razorpay keys to use PAYMENT_PROVIDER=razorpay');
  }
  // The metrics tell a stranger how much the store sells and how its servers fare: the token is a
  // secret like the gateway's, and one short enough to guess is refused where it matters.
  if (production && c.METRICS_TOKEN !== undefined && c.METRICS_TOKEN.length < MIN_PRODUCTION_METRICS_TOKEN) {
    problems.push(
      `METRICS_TOKEN: must be at least ${MIN_PRODUCTION_METRICS_TOKEN} characters in production (e.g. openssl rand -hex 16)`,
    );
  }
  const storeState = gstStateOf(c.STORE_STATE)!;
  if (c.STORE_GSTIN.slice(0, 2) !== storeState.code) {
    problems.push(
      `STORE_GSTIN: a GSTIN registered in ${storeState.name} starts with ${storeState.code}; this one is for state code ${c.STORE_GSTIN.slice(0, 2)}`,
    );
  }
  if (problems.length === 1 && !refuseDemo) throw new ConfigError(`Invalid configuration: ${problems[0]}`);
  if (problems.length) {
    throw new ConfigError(
      [
        'Invalid configuration:',
        ...problems.map((p) => `  - ${p}`),
        ...(refuseDemo
          ? [
              'Production (NODE_ENV=production) refuses demo settings. Set ALLOW_DEMO=true only to run a demo store on purpose: every page then says so.',
            ]
          : []),
      ].join('\n'),
    );
  }
  // Behind a proxy every connection comes from the proxy's own address, so a per-address cap
  // would cap the whole site; the proxy is the one that sees clients and must limit them.
  const behindProxy = c.TRUST_PROXY === true || (typeof c.TRUST_PROXY === 'number' && c.TRUST_PROXY > 0);
  // npm runs workspace scripts inside the workspace folder; INIT_CWD is where the user typed the
  // command, so a relative DATA_DIR means the same folder whichever way the server was started.
  // Outside production the simulated gateway is the demo (`npm start`); in production any demo
  // setting that ALLOW_DEMO let through is.
  const demo = production ? demoSettings.length > 0 : provider === 'simulated';
  const dataDir = path.resolve(env.INIT_CWD ?? process.cwd(), c.DATA_DIR);
  return {
    nodeEnv: c.NODE_ENV,
    host: c.HOST,
    port: c.PORT,
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    databaseUrl: c.DATABASE_URL,
    databasePoolSize: c.DATABASE_POOL_SIZE,
    webConcurrency: c.WEB_CONCURRENCY,
    databasePoolTimeoutMs: c.DATABASE_POOL_TIMEOUT_MS,
    logLevel: c.LOG_LEVEL,
    seedDemo,
    webDistDir: path.resolve(c.WEB_DIST_DIR ?? new URL('../../web/dist', import.meta.url).pathname),
    serverRenderTimeoutMs: c.SERVER_RENDER_TIMEOUT_MS,
    serverRenderMsPerSecond: c.SERVER_RENDER_MS_PER_SECOND,
    shutdownTimeoutMs: c.SHUTDOWN_TIMEOUT_MS,
    catalogCacheTtlMs: c.CATALOG_CACHE_TTL_MS,
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/+$/, ''),
    trustProxy: c.TRUST_PROXY,
    redisUrl: c.REDIS_URL,
    redisKeyPrefix: c.REDIS_KEY_PREFIX,
    rateLimits: {
      loginPerAccount: c.RATE_LIMIT_LOGIN_ACCOUNT,
      loginPerAddress: c.RATE_LIMIT_LOGIN_ADDRESS,
      register: c.RATE_LIMIT_REGISTER,
      pincode: c.RATE_LIMIT_PINCODE,
      loginPerAccountAddress: c.RATE_LIMIT_LOGIN_ACCOUNT_ADDRESS,
      search: c.RATE_LIMIT_SEARCH,
      couponPerShopper: c.RATE_LIMIT_COUPON_ACCOUNT,
      couponPerAddress: c.RATE_LIMIT_COUPON_ADDRESS,
      passwordResetPerAddress: c.RATE_LIMIT_PASSWORD_RESET_ADDRESS,
      passwordResetPerAccount: c.RATE_LIMIT_PASSWORD_RESET_ACCOUNT,
      vitals: c.RATE_LIMIT_VITALS,
    },
    loginMaxDelayMs: c.RATE_LIMIT_LOGIN_MAX_DELAY,
    loadShedding: {
      maxInFlightRequests: c.MAX_IN_FLIGHT_REQUESTS,
      maxEventLoopDelayMs: c.MAX_EVENT_LOOP_DELAY_MS,
    },
    googleClientId: c.GOOGLE_CLIENT_ID,
    googleJwksUrl: c.GOOGLE_JWKS_URL,
    uploadMaxBytes: c.UPLOAD_MAX_BYTES,
    imageStore: c.IMAGE_STORE,
    s3:
      c.IMAGE_STORE === 's3'
        ? {
            endpoint: c.S3_ENDPOINT!,
            bucket: c.S3_BUCKET!,
            region: c.S3_REGION,
            accessKeyId: c.S3_ACCESS_KEY_ID!,
            secretAccessKey: c.S3_SECRET_ACCESS_KEY!,
          }
        : undefined,
    payments: {
      provider,
      keyId: c.RAZORPAY_KEY_ID,
      keySecret: c.RAZORPAY_KEY_SECRET,
      webhookSecret: c.RAZORPAY_WEBHOOK_SECRET,
      payWithinMs: c.ORDER_PAY_WITHIN,
      simulatedWebhookDelayMs: c.SIMULATED_WEBHOOK_DELAY_MS,
    },
    mail: {
      smtpUrl: c.SMTP_URL,
      from: c.MAIL_FROM,
      pollMs: c.OUTBOX_POLL_MS,
      leaseMs: c.OUTBOX_LEASE_MS,
      support: { email: mailboxOf(c.MAIL_FROM), phone: c.STORE_SUPPORT_PHONE },
    },
    sms: { msg91: c.SMS_URL, offered: c.SMS_URL !== undefined || !production },
    store: {
      legalName: c.STORE_LEGAL_NAME,
      address: c.STORE_ADDRESS,
      state: storeState.name,
      stateCode: storeState.code,
      gstin: c.STORE_GSTIN,
      demo: c.STORE_GSTIN === DEMO_GSTIN,
    },
    allowDemo,
    demoSettings,
    demo,
    // A demo store's every visit counts: it has few. A real store's tenth is plenty for a p75.
    vitals: { sampleRate: c.VITALS_SAMPLE_RATE ?? (demo ? 1 : 0.1), perAddressPerDay: c.RATE_LIMIT_VITALS_DAY },
    orderLimits: {
      unpaidPerAccount: c.ORDER_MAX_UNPAID_PER_ACCOUNT,
      unitsHeldPerAccount: c.ORDER_MAX_UNITS_HELD_PER_ACCOUNT,
      unpaidPerAddress: c.ORDER_MAX_UNPAID_PER_ADDRESS,
    },
    lowStockThreshold: c.LOW_STOCK_THRESHOLD,
    metricsToken: c.METRICS_TOKEN,
    requestTimeoutMs: c.REQUEST_TIMEOUT_MS,
    headersTimeoutMs: Math.min(c.HEADERS_TIMEOUT_MS, c.REQUEST_TIMEOUT_MS),
    keepAliveTimeoutMs: c.KEEP_ALIVE_TIMEOUT_MS,
    maxConnectionsPerAddress: c.MAX_CONNECTIONS_PER_ADDRESS ?? (behindProxy ? 0 : 256),
    maxConnections: c.MAX_CONNECTIONS,
    // A keep-alive connection quiet this long while stopping is idle, not between two requests of a
    // page: a second, or less when the whole stop has less time (ADR 019, 073).
    shutdownIdleGraceMs: Math.min(1_000, Math.floor(c.SHUTDOWN_TIMEOUT_MS / 4)),
  };
}
