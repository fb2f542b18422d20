import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, PRODUCTION_ENV, testDatabaseKind, type TestApp } from '../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://shop.example.in' });
});
afterAll(async () => {
  await t?.close();
});

const check = (headers: Record<string, string> = {}, payload: unknown = { pincode: '682001' }) =>
  t.app.inject({ method: 'POST', url: '/api/users/pincode', headers, payload: payload as object });

describe(`protection on ${testDatabaseKind}`, () => {
  it('sends security headers on every response, and no X-Powered-By', async () => {
    for (const url of ['/api/health', '/api/products?pageLimit=1', '/api/nope']) {
      const res = await t.app.inject({ url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toMatch(
        /script-src 'self' https:\/\/checkout\.razorpay\.com .*https:\/\/accounts\.google\.com\/gsi\/client/,
      );
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-powered-by']).toBeUndefined();
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('adds HSTS in production', async () => {
    const prod = await createTestApp(PRODUCTION_ENV);
    const res = await prod.app.inject({ url: '/api/health' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    await prod.close();
  });

  it('refuses a state-changing request from another site with 403', async () => {
    for (const origin of ['https://evil.example', 'http://localhost:81', 'null', 'not a url']) {
      const res = await check({ origin });
      expect(res.statusCode, origin).toBe(403);
      expect(res.json()).toEqual({ message: 'Cross-site request refused', code: 'FORBIDDEN' });
    }
  });

  it('accepts the store itself, its public address, and callers that send no Origin', async () => {
    expect((await check({ origin: 'http://localhost:80' })).statusCode).toBe(200);
    expect((await check({ origin: 'https://shop.example.in' })).statusCode).toBe(200);
    expect((await check()).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/health', headers: { origin: 'https://evil.example' } })).statusCode).toBe(
      200,
    );
  });

  it('takes JSON bodies only: a form-style text/plain post gets 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/pincode',
      headers: { 'content-type': 'text/plain' },
      payload: '{"pincode":"682001"}',
    });
    expect(res.statusCode).toBe(415);
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/users/pincode',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'pincode=682001',
    });
    expect(form.statusCode).toBe(415);
  });
});
