import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VitalsSummary } from '@store/contracts';
import { registerCustomer, signInAsAdmin } from '../../test/accounts.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/test-app.js';
import { vitalsSamples } from './vitals.table.js';

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
const report = (body: unknown, contentType = 'text/plain;charset=UTF-8', app = t.app) =>
  app.inject({
    method: 'POST',
    url: '/api/vitals',
    headers: { 'content-type': contentType },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
const summary = async (days?: number): Promise<VitalsSummary> => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/vitals/summary${days === undefined ? '' : `?days=${days}`}`,
    headers: { cookie: admin.cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const rowOf = (s: VitalsSummary, pageType: string, metric: string) =>
  s.rows.find((r) => r.pageType === pageType && r.metric === metric);

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
    ['an absurd value', { pageType: 'home', samples: [lcp(1e9)] }, 'must be at most 120000 for LCP'],
    ['an absurd CLS', { pageType: 'home', samples: [{ ...lcp(0), name: 'CLS', value: 50 }] }, 'for CLS'],
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

  it('throttles reports per address with 429 and Retry-After', async () => {
    const tight = await createTestApp({ RATE_LIMIT_VITALS: '2/1m' }, { database: t.database });
    try {
      const body = { pageType: 'home', samples: [lcp(900)] };
      const answers = [];
      for (let n = 0; n < 3; n++) answers.push(await report(body, 'text/plain', tight.app));
      expect(answers.map((a) => a.statusCode)).toEqual([204, 204, 429]);
      expect(Number(answers[2]!.headers['retry-after'])).toBeGreaterThan(0);
      expect(answers[2]!.json().message).toMatch(/^Too many web-vitals reports\. Please try again in 1 minute\.$/);
    } finally {
      await tight.close();
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
        recordedAt: new Date(now - 8 * DAY_MS),
        pageType: 'checkout',
        metric: 'LCP',
        value: 60_000,
        navigationType: 'navigate',
      },
      {
        recordedAt: new Date(now - 20 * DAY_MS),
        pageType: 'checkout',
        metric: 'LCP',
        value: 90_000,
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
    expect(month.p75).toBeCloseTo(p75([...values, 60_000, 90_000]), 6);
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

  it('the sweep deletes samples older than 30 days and keeps the rest', async () => {
    const now = Date.now();
    await t.database.db.insert(vitalsSamples).values([
      {
        recordedAt: new Date(now - 31 * DAY_MS),
        pageType: 'other',
        metric: 'TTFB',
        value: 1,
        navigationType: 'navigate',
      },
      {
        recordedAt: new Date(now - 29 * DAY_MS),
        pageType: 'other',
        metric: 'TTFB',
        value: 2,
        navigationType: 'navigate',
      },
    ]);
    expect(await t.app.pruneVitals()).toBe(1);
    expect(rowOf(await summary(30), 'other', 'TTFB')).toMatchObject({ samples: 1, p75: 2 });
  });
});
