import { describe, expect, it } from 'vitest';
import { SIGN_IN_CODE_TRIES, signInCodeOf, signInCodeUsable } from './sign-in-code.js';

describe('a sign-in code as typed', () => {
  it.each([
    ['482913', '482913'],
    [' 482 913 ', '482913'],
    ['482-913', '482913'],
    ['048291', '048291'],
    ['48291', null],
    ['4829131', null],
    ['48291a', null],
    ['', null],
    ['４８２９１３', null],
  ])('%j reads as %j', (typed, code) => {
    expect(signInCodeOf(typed)).toBe(code);
  });
});

describe('whether a code may still be tried', () => {
  const now = new Date('2026-12-01T10:00:00Z');
  const later = (ms: number) => new Date(now.getTime() + ms);
  it.each([
    [{ expiresAt: later(1), tries: 0 }, true],
    [{ expiresAt: later(600_000), tries: SIGN_IN_CODE_TRIES - 1 }, true],
    [{ expiresAt: later(600_000), tries: SIGN_IN_CODE_TRIES }, false],
    [{ expiresAt: now, tries: 0 }, false],
    [{ expiresAt: later(-1), tries: 0 }, false],
  ])('%j: %s', (code, usable) => {
    expect(signInCodeUsable(code, now)).toBe(usable);
  });
});
