import { describe, expect, it } from 'vitest';
import { passwordProblem } from './password.js';

describe('password policy', () => {
  it.each([
    ['short', 'Password must be at least 8 characters'],
    ['x'.repeat(129), 'Password must be at most 128 characters'],
    ['password', 'This password is too common and easy to guess; please choose another'],
    ['PassWord123', 'This password is too common and easy to guess; please choose another'],
    ['12345678', 'This password is too common and easy to guess; please choose another'],
  ])('%j is refused', (password, message) => {
    expect(passwordProblem(password)).toBe(message);
  });

  it.each(['gulmohar in bloom', 'x'.repeat(128), 'exactly8', 'अनार-के-फूल-12'])('%j is accepted', (password) => {
    expect(passwordProblem(password)).toBeNull();
  });
});
