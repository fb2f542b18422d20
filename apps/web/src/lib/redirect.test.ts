import { describe, expect, it } from 'vitest';
import { homeOf, safeRedirect, withRedirect } from './redirect.js';

describe('safeRedirect', () => {
  it.each([
    // Same-site paths are kept as they are.
    ['/', '/'],
    ['/shipping', '/shipping'],
    ['/order/o1?pay=1', '/order/o1?pay=1'],
    ['/products/red%20roses#reviews', '/products/red%20roses#reviews'],
    ['/search/a//b', '/search/a//b'],
    ['/%2F%2Fevil.com', '/%2F%2Fevil.com'],
    // Nothing, or not a path: home.
    [null, '/'],
    [undefined, '/'],
    ['', '/'],
    ['shipping', '/'],
    [' /shipping', '/'],
    ['%2Fshipping', '/'],
    // Another origin, however it is spelt: home.
    ['//evil.com', '/'],
    ['//evil.com/path', '/'],
    ['///evil.com', '/'],
    ['/\\evil.com', '/'],
    ['\\\\evil.com', '/'],
    ['/\t/evil.com', '/'],
    ['/\n/evil.com', '/'],
    ['https://evil.com', '/'],
    ['HTTPS://evil.com/shipping', '/'],
    ['http:/evil.com', '/'],
    ['javascript:alert(1)', '/'],
    ['data:text/html,<script>alert(1)</script>', '/'],
  ])('%j → %s', (raw, expected) => expect(safeRedirect(raw)).toBe(expected));
});

describe('safeRedirect with a place to fall back to', () => {
  it('goes there without a redirect or with an unsafe one, and to a safe redirect otherwise', () => {
    expect(safeRedirect(null, '/partner')).toBe('/partner');
    expect(safeRedirect('//evil.com', '/partner')).toBe('/partner');
    expect(safeRedirect('/order/o1', '/partner')).toBe('/order/o1');
  });
});

describe('homeOf', () => {
  it("is a partner's orders for their people, and home for everyone else", () => {
    expect(homeOf({ isPartner: true })).toBe('/partner');
    expect(homeOf({ isPartner: false })).toBe('/');
    expect(homeOf({})).toBe('/');
    expect(homeOf(null)).toBe('/');
  });
});

describe('withRedirect', () => {
  it('encodes the target', () => {
    expect(withRedirect('/login', '/order/o1?pay=1')).toBe('/login?redirect=%2Forder%2Fo1%3Fpay%3D1');
    expect(withRedirect('/register', '/')).toBe('/register?redirect=%2F');
  });
});
