import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { VitalsSummary } from '@store/contracts';
import { addDays, istDate, istInstant } from '@store/domain';
import type { FastifyInstance } from 'fastify';
import { registerCustomer, signInAsAdmin } from '../../test/accounts.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/test-app.js';
import { vitalsDays, vitalsSamples } from './vitals.table.js';

const DAY_MS = 86_400_000;

let t: TestApp;
let admin: { cookie: string };
let shopper: { cookie: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAsAdmin(t.app);
  shopper = await registerCustomer(t.app);
});
afterAll(async () => {
  await t?.close();
});

const lcp = (value: number) => ({ name: 'LCP', value, navigationType: 'navigate' });
/** A page view's id, as the browser makes one. */
const viewId = () => randomBytes(16).toString('hex');
/** A body as given, or with a page view's id of its own when it has none. */
const withView = (body: unknown) =>
  typeof body === 'object' && body !== null && !Array.isArray(body) && !('pageViewId' in body)
    ? { pageViewId: viewId(), ...body }
    : body;
const report = (body: unknown, contentType = 'text/plain;charset=UTF-8', app = t.app, remoteAddress = '127.0.0.1') =>
  app.inject({
    method: 'POST',
    url: '/api/vitals',
    headers: { 'content-type': contentType },
    payload: typeof body === 'string' ? body : JSON.stringify(withView(body)),
    remoteAddress,
  });
const summary = async (days?: number, app: FastifyInstance = t.app): Promise<VitalsSummary> => {
  const res = await app.inject({
    method: 'GET',
    url: `/api/vitals/summary${days === undefined ? '' : `?days=${days}`}`,
    headers: { cookie: admin.cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const rowOf = (s: VitalsSummary, pageType: string, metric: string) =>
  s.rows.find((r) => r.pageType === pageType && r.metric === metric);
/** What the store kept of one page view. */
const rowsOf = (pageViewId: string) =>
  t.database.db
    .select({ metric: vitalsSamples.metric, value: vitalsSamples.value })
    .from(vitalsSamples)
    .where(eq(vitalsSamples.pageViewId, pageViewId));

/** percentile_cont's definition: the value at rank 0.75·(n−1), interpolated between its neighbours. */
function p75(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = 0.75 * (sorted.length - 1);
  const below = Math.floor(rank);
  const above = Math.min(below + 1, sorted.length - 1);
  return sorted[below]! + (sorted[above]! - sorted[below]!) * (rank - below);
}

describe(`POST /api/vitals on ${testDatabaseKind}`, () => {
  it('records a beacon (text/plain) and a fetch (application/json) with 204', async () => {
    const beacon = await report({
      pageType: 'product',
      samples: [lcp(1800), { name: 'CLS', value: 0.02, navigationType: 'navigate' }],
    });
    expect(beacon.statusCode, beacon.body).toBe(204);
    expect(beacon.body).toBe('');
    const fetched = await report(
      { pageType: 'product', samples: [{ name: 'INP', value: 120, navigationType: 'back-forward-cache' }] },
      'application/json',
    );
    expect(fetched.statusCode, fetched.body).toBe(204);
  });

  it('refuses a body over 4 KB with 413 and a message, whatever its content type says', async () => {
    const padded = JSON.stringify({ pageType: 'home', samples: [lcp(1000)], pad: 'x'.repeat(5000) });
    for (const type of ['text/plain', 'application/json']) {
      const res = await report(padded, type);
      expect(res.statusCode, res.body).toBe(413);
      expect(res.json().message).toBe('A web-vitals report must be at most 4096 bytes');
    }
  });

  it.each<[string, unknown, string]>([
    ['not JSON', '{"pageType": "home", "samples": [', 'The report is not valid JSON'],
    ['not an object', '[1, 2, 3]', 'expected object'],
    ['an unknown page type (a URL)', { pageType: '/product/123?email=a@b.in', samples: [lcp(1)] }, 'pageType'],
    ['an unknown metric', { pageType: 'home', samples: [{ ...lcp(1), name: 'FID' }] }, 'samples.0.name'],
    ['a value as text', { pageType: 'home', samples: [{ ...lcp(1), value: '1200' }] }, 'samples.0.value'],
    ['a negative value', { pageType: 'home', samples: [lcp(-1)] }, 'samples.0.value'],
    [
      'a value past what a number holds',
      '{"pageViewId": "' +
        'a'.repeat(32) +
        '", "pageType": "home", "samples": [{"name": "LCP", "value": 1e999, "navigationType": "navigate"}]}',
      'samples.0.value: must be a number',
    ],
    ['no page view id', { pageViewId: undefined, pageType: 'home', samples: [lcp(1)] }, 'pageViewId'],
    ['a page view id that is not one', { pageViewId: '../../etc', pageType: 'home', samples: [lcp(1)] }, 'pageViewId'],
    ['no samples', { pageType: 'home', samples: [] }, 'at least one sample'],
    ['too many samples', { pageType: 'home', samples: Array.from({ length: 6 }, () => lcp(1)) }, 'at most 5'],
    ['a metric twice', { pageType: 'home', samples: [lcp(1), lcp(2)] }, 'each metric at most once'],
    ['an unknown field', { pageType: 'home', samples: [lcp(1)], url: 'https://x' }, 'url'],
    ['an unknown sample field', { pageType: 'home', samples: [{ ...lcp(1), userId: 'u' }] }, 'userId'],
    ['an unknown navigation type', { pageType: 'home', samples: [{ ...lcp(1), navigationType: 'x' }] }, 'navigate'],
  ])('refuses %s with 400 and a message', async (_, body, message) => {
    const res = await report(body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it('refuses an empty body with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/vitals',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe('The report is empty');
  });

  it('refuses other content types with 415, and the rest of the API still refuses text/plain', async () => {
    const form = await report('pageType=home', 'application/x-www-form-urlencoded');
    expect(form.statusCode, form.body).toBe(415);
    expect(form.json().message).toBe('Send the report as JSON (application/json or text/plain)');
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/users/pincode',
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify({ pincode: '560038' }),
    });
    expect(elsewhere.statusCode).toBe(415);
  });

  it('takes a handful of reports a minute per address and drops the rest, still with 204', async () => {
    const tight = await createTestApp({ RATE_LIMIT_VITALS: '2/1m' }, { database: t.database });
    try {
      const ids = [viewId(), viewId(), viewId()];
      const answers = [];
      for (const pageViewId of ids) {
        answers.push(
          await report({ pageViewId, pageType: 'home', samples: [lcp(900)] }, 'text/plain', tight.app, '203.0.113.30'),
        );
      }
      expect(answers.map((a) => a.statusCode)).toEqual([204, 204, 204]);
      const stored = await Promise.all(ids.map((id) => rowsOf(id)));
      expect(stored.map((rows) => rows.length)).toEqual([1, 1, 0]);
      // Another address has its own handful.
      expect(
        (await report({ pageType: 'home', samples: [lcp(900)] }, 'text/plain', tight.app, '203.0.113.31')).statusCode,
      ).toBe(204);
    } finally {
      await tight.close();
    }
  });

  it('keeps one row per metric of a page view: a repeated beacon counts once, a later one adds what was missing', async () => {
    const pageViewId = viewId();
    const cls = { name: 'CLS', value: 0.02, navigationType: 'navigate' };
    const first = { pageViewId, pageType: 'listing', samples: [lcp(1500), cls] };
    expect((await report(first)).statusCode).toBe(204);
    expect((await report(first)).statusCode).toBe(204);
    const later = {
      pageViewId,
      pageType: 'listing',
      samples: [lcp(9000), { name: 'INP', value: 96, navigationType: 'navigate' }],
    };
    expect((await report(later)).statusCode).toBe(204);
    const rows = await rowsOf(pageViewId);
    expect(rows.map((r) => [r.metric, r.value]).sort()).toEqual([
      ['CLS', 0.02],
      ['INP', 96],
      ['LCP', 1500],
    ]);
  });

  it('keeps a value past what a browser can report as that bound, so it counts as the slowest', async () => {
    const pageViewId = viewId();
    const samples = [
      lcp(1e9),
      { name: 'INP', value: 7_200_000, navigationType: 'navigate' },
      { name: 'CLS', value: 50, navigationType: 'navigate' },
      { name: 'FCP', value: 59_999, navigationType: 'navigate' },
      { name: 'TTFB', value: 0, navigationType: 'navigate' },
    ];
    expect((await report({ pageViewId, pageType: 'other', samples })).statusCode).toBe(204);
    const rows = await rowsOf(pageViewId);
    expect(Object.fromEntries(rows.map((r) => [r.metric, r.value]))).toEqual({
      LCP: 60_000,
      INP: 10_000,
      CLS: 5,
      FCP: 59_999,
      TTFB: 0,
    });
  });
});

describe(`one address's weight on ${testDatabaseKind}`, () => {
  /** Good home-page loads from forty phones on forty addresses, each its own page view. */
  const BASELINE = Array.from({ length: 40 }, (_, i) => 1000 + i * 35);

  it("65 reports at the largest values from one address leave the home page's p75 as it was rated", async () => {
    // A database of its own, and the limits a store runs with (the defaults).
    const own = await createTestApp({ RATE_LIMIT_VITALS: '6/1m', RATE_LIMIT_VITALS_DAY: '10' });
    try {
      const ownAdmin = await signInAsAdmin(own.app);
      const homeLcp = async () => {
        const res = await own.app.inject({
          method: 'GET',
          url: '/api/vitals/summary',
          headers: { cookie: ownAdmin.cookie },
        });
        return rowOf(res.json(), 'home', 'LCP')!;
      };
      for (const [i, value] of BASELINE.entries()) {
        const res = await report(
          { pageType: 'home', samples: [lcp(value)] },
          'text/plain',
          own.app,
          `198.51.100.${i + 1}`,
        );
        expect(res.statusCode).toBe(204);
      }
      const before = await homeLcp();
      expect(before).toMatchObject({ samples: 40, rating: 'good' });

      for (let n = 0; n < 65; n++) {
        const samples = [lcp(120_000), { name: 'CLS', value: 10, navigationType: 'navigate' }];
        const res = await report({ pageType: 'home', samples }, 'text/plain', own.app, '203.0.113.66');
        expect(res.statusCode).toBe(204);
      }
      const after = await homeLcp();
      expect(after.samples).toBe(46);
      expect(after.rating).toBe('good');
      expect(after.p75).toBeLessThanOrEqual(Math.max(...BASELINE));
    } finally {
      await own.close();
    }
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
/** The counters in this process's memory, and in Redis (under a prefix of this run's own) when there is one. */
const counterStores: [string, () => Record<string, string>][] = [
  ['memory', () => ({})],
  ...(redisUrl
    ? [
        [
          'Redis',
          () => ({ REDIS_URL: redisUrl, REDIS_KEY_PREFIX: `test-vitals-${randomBytes(4).toString('hex')}:` }),
        ] as [string, () => Record<string, string>],
      ]
    : []),
];

describe.each(counterStores)(`reports per address per day (%s counters, ${testDatabaseKind})`, (_, counters) => {
  it('counts at most RATE_LIMIT_VITALS_DAY reports per address in an IST day, and again the next day', async () => {
    let now = new Date();
    const own = await createTestApp(
      { RATE_LIMIT_VITALS: 'off', RATE_LIMIT_VITALS_DAY: '10', ...counters() },
      { database: t.database },
      { clock: () => now },
    );
    try {
      const ids = Array.from({ length: 65 }, viewId);
      for (const pageViewId of ids) {
        const res = await report(
          { pageViewId, pageType: 'cart', samples: [lcp(120_000)] },
          'text/plain',
          own.app,
          '203.0.113.77',
        );
        expect(res.statusCode).toBe(204);
      }
      const kept = (await Promise.all(ids.map(rowsOf))).filter((rows) => rows.length > 0);
      expect(kept).toHaveLength(10);
      now = istInstant(addDays(istDate(now), 1), 60);
      const tomorrow = viewId();
      await report(
        { pageViewId: tomorrow, pageType: 'cart', samples: [lcp(900)] },
        'text/plain',
        own.app,
        '203.0.113.77',
      );
      expect(await rowsOf(tomorrow)).toHaveLength(1);
    } finally {
      await own.close();
    }
  });
});

describe(`GET /api/vitals/summary on ${testDatabaseKind}`, () => {
  it('is for admins only: 401 signed out, 403 for a shopper', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/vitals/summary' })).statusCode).toBe(401);
    const res = await t.app.inject({ method: 'GET', url: '/api/vitals/summary', headers: { cookie: shopper.cookie } });
    expect(res.statusCode).toBe(403);
  });

  it('refuses a window past the 30 days kept', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/vitals/summary?days=31',
      headers: { cookie: admin.cookie },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('days must be at most 30');
  });

  it("answers each page type's p75 as percentile_cont defines it, rated, over the last 7 days only", async () => {
    // Twenty checkout page views through the API, in no order, and older ones straight into the table.
    const values = [
      3100, 1200, 2400, 5200, 980, 2600, 1750, 4300, 2210, 3900, 1500, 2890, 760, 3350, 2050, 1400, 6100, 2700, 1980,
      3020,
    ];
    for (const value of values)
      expect((await report({ pageType: 'checkout', samples: [lcp(value)] })).statusCode).toBe(204);
    const now = Date.now();
    await t.database.db.insert(vitalsSamples).values([
      {
        pageViewId: viewId(),
        recordedAt: new Date(now - 8 * DAY_MS),
        pageType: 'checkout',
        metric: 'LCP',
        value: 50_000,
        navigationType: 'navigate',
      },
      {
        pageViewId: viewId(),
        recordedAt: new Date(now - 20 * DAY_MS),
        pageType: 'checkout',
        metric: 'LCP',
        value: 55_000,
        navigationType: 'navigate',
      },
    ]);

    const week = await summary();
    expect(week.days).toBe(7);
    const row = rowOf(week, 'checkout', 'LCP')!;
    expect(row.samples).toBe(20);
    expect(row.p75).toBeCloseTo(p75(values), 6);
    expect(row.p75).toBeCloseTo(3162.5, 6);
    expect(row.rating).toBe('needs-improvement');

    const month = rowOf(await summary(30), 'checkout', 'LCP')!;
    expect(month.samples).toBe(22);
    expect(month.p75).toBeCloseTo(p75([...values, 50_000, 55_000]), 6);
    expect(month.rating).toBe('needs-improvement');
  });

  it("rates each metric's p75 by Google's thresholds", async () => {
    for (const [value, cls] of [
      [90, 0.05],
      [150, 0.3],
      [600, 0.4],
      [700, 0.5],
    ] as const) {
      const samples = [
        { name: 'INP', value, navigationType: 'navigate' },
        { name: 'CLS', value: cls, navigationType: 'reload' },
      ];
      expect((await report({ pageType: 'cart', samples })).statusCode).toBe(204);
    }
    const s = await summary();
    expect(rowOf(s, 'cart', 'INP')).toMatchObject({ samples: 4, rating: 'poor', p75: p75([90, 150, 600, 700]) });
    expect(rowOf(s, 'cart', 'CLS')).toMatchObject({ samples: 4, rating: 'poor' });
    expect(rowOf(s, 'cart', 'CLS')!.p75).toBeCloseTo(0.425, 9);
    expect(rowOf(s, 'product', 'LCP')).toMatchObject({ samples: 1, p75: 1800, rating: 'good' });
  });
});

/** A steady stream of made-up but plausible values: the same every run. */
function values(n: number, seed: number, scale: (u: number) => number) {
  let x = seed;
  return Array.from({ length: n }, () => {
    x = (x * 1_103_515_245 + 12_345) % 2 ** 31;
    return scale(x / 2 ** 31);
  });
}

describe(`whole IST days rolled up on ${testDatabaseKind}`, () => {
  /** A store of its own whose clock the test turns, and its admin's view of the summary. */
  async function storeAt(now: { at: Date }) {
    const own = await createTestApp({}, undefined, { clock: () => now.at });
    const { cookie } = await signInAsAdmin(own.app);
    const summaryOf = async (days: number): Promise<VitalsSummary> =>
      (await own.app.inject({ method: 'GET', url: `/api/vitals/summary?days=${days}`, headers: { cookie } })).json();
    return { own, summaryOf };
  }
  const WIDTH = { LCP: 10, INP: 4, CLS: 0.001 } as const;

  it('gives the p75 the raw rows gave, within a bucket, keeps today raw and deletes what it rolled up', async () => {
    const today = istDate(new Date());
    const now = { at: new Date() };
    const { own, summaryOf } = await storeAt(now);
    try {
      const lcps = values(90, 7, (u) => 400 + u * u * 9000);
      const inps = values(90, 11, (u) => Math.round(16 + u * 700));
      const clss = values(90, 13, (u) => Math.round(u * u * 0.6 * 10_000) / 10_000);
      for (let i = 0; i < 90; i++) {
        // Thirty page views on each of the three days before today, then ten today.
        now.at = istInstant(addDays(today, -3 + Math.floor(i / 30)), 9 * 60 + i);
        const samples = [
          lcp(lcps[i]!),
          { name: 'INP', value: inps[i]!, navigationType: 'navigate' },
          { name: 'CLS', value: clss[i]!, navigationType: 'navigate' },
        ];
        expect((await report({ pageType: 'product', samples }, 'text/plain', own.app)).statusCode).toBe(204);
      }
      now.at = istInstant(today, 10 * 60);
      for (const value of [2600, 2700, 2800, 900, 1000, 1100, 1200, 1300, 1400, 1500]) {
        expect((await report({ pageType: 'product', samples: [lcp(value)] }, 'text/plain', own.app)).statusCode).toBe(
          204,
        );
      }
      const raw = await summaryOf(7);

      expect(await own.app.sweepVitals()).toEqual({ rolledUp: 270, pruned: 0 });
      const left = await own.database.db.select({ at: vitalsSamples.recordedAt }).from(vitalsSamples);
      expect(left).toHaveLength(10);
      const buckets = await own.database.db.select().from(vitalsDays);
      expect(buckets.reduce((n, b) => n + b.count, 0)).toBe(270);
      expect(new Set(buckets.map((b) => b.day))).toEqual(new Set([-3, -2, -1].map((d) => addDays(today, d))));
      expect(await own.app.sweepVitals()).toEqual({ rolledUp: 0, pruned: 0 });

      const rolled = await summaryOf(7);
      expect(rolled.rows.map((r) => [r.pageType, r.metric, r.samples, r.rating])).toEqual(
        raw.rows.map((r) => [r.pageType, r.metric, r.samples, r.rating]),
      );
      for (const metric of ['LCP', 'INP', 'CLS'] as const) {
        const before = rowOf(raw, 'product', metric)!.p75;
        const after = rowOf(rolled, 'product', metric)!.p75;
        expect(after).toBeGreaterThanOrEqual(before - 1e-9);
        expect(after - before).toBeLessThanOrEqual(WIDTH[metric] + 1e-9);
      }
      expect(rowOf(rolled, 'product', 'LCP')!.samples).toBe(100);
      // A window that starts after the rolled-up days reads today's rows alone.
      expect(rowOf(await summaryOf(1), 'product', 'LCP')).toMatchObject({ samples: 10, p75: 2325 });
    } finally {
      await own.close();
    }
  });

  it('keeps 30 IST days of roll-ups and deletes older ones', async () => {
    const now = { at: new Date() };
    const { own, summaryOf } = await storeAt(now);
    try {
      const at = now.at.getTime();
      await own.database.db.insert(vitalsSamples).values(
        [31, 29].map((days, i) => ({
          pageViewId: viewId(),
          recordedAt: new Date(at - days * DAY_MS),
          pageType: 'other' as const,
          metric: 'TTFB' as const,
          value: 10 * (i + 1),
          navigationType: 'navigate',
        })),
      );
      expect(await own.app.sweepVitals()).toEqual({ rolledUp: 2, pruned: 1 });
      expect(rowOf(await summaryOf(30), 'other', 'TTFB')).toMatchObject({ samples: 1, p75: 20 });
    } finally {
      await own.close();
    }
  });
});
