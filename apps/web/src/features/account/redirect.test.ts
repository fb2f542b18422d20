import { describe, expect, it } from 'vitest';
import { safeRedirect, withRedirect } from './redirect.js';

describe('safeRedirect', () => {
  it.each(['/', '/shipping', '/order/o1?pay=1', '/products/red%20roses#reviews', '/search/a//b'])(
    'keeps the same-site path %s',
    (path) => expect(safeRedirect(path)).toBe(path),
  );

  it.each([
    null,
    undefined,
    '',
    'shipping',
    '//evil.com',
    '//evil.com/path',
    '/\\evil.com',
    '/\t/evil.com',
    '/\n/evil.com',
    'https://evil.com',
    'http:/evil.com',
    'javascript:alert(1)',
    ' /shipping',
  ])('turns %j into /', (raw) => expect(safeRedirect(raw)).toBe('/'));
});

describe('withRedirect', () => {
  it('encodes the target', () => {
    expect(withRedirect('/login', '/order/o1?pay=1')).toBe('/login?redirect=%2Forder%2Fo1%3Fpay%3D1');
    expect(withRedirect('/register', '/')).toBe('/register?redirect=%2F');
  });
});
