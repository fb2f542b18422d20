import { describe, expect, it } from 'vitest';
import { safeRedirect, withRedirect } from './redirect.js';

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

describe('withRedirect', () => {
  it('encodes the target', () => {
    expect(withRedirect('/login', '/order/o1?pay=1')).toBe('/login?redirect=%2Forder%2Fo1%3Fpay%3D1');
    expect(withRedirect('/register', '/')).toBe('/register?redirect=%2F');
  });
});
