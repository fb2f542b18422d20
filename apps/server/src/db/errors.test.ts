import { describe, expect, it } from 'vitest';
import { DatabaseUnavailableError, isDatabaseUnableToWrite, isDatabaseUnreachable } from './errors.js';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('isDatabaseUnreachable', () => {
  it.each([
    ['a refused connection', withCode('ECONNREFUSED')],
    ['a reset connection', withCode('ECONNRESET')],
    ['a server shutting down (57P01)', withCode('57P01', 'terminating connection due to administrator command')],
    ['a server starting up (57P03)', withCode('57P03', 'the database system is starting up')],
    ['a connection failure (08006)', withCode('08006')],
    ['node-postgres losing its connection', new Error('Connection terminated unexpectedly')],
    ['a connection that could not be made in time', new Error('Connection terminated due to connection timeout')],
    ['the store refusing while the server is away', new DatabaseUnavailableError()],
    ['any of these wrapped by Drizzle', new Error('Failed query: select 1', { cause: withCode('ECONNREFUSED') })],
  ])('is true for %s', (_, err) => {
    expect(isDatabaseUnreachable(err)).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('23505')],
    ['a serialization failure', withCode('40001')],
    ['a pool with every connection busy', new Error('timeout exceeded when trying to connect')],
    ['a plain error', new Error('boom')],
    ['not an error', 'ECONNREFUSED'],
  ])('is false for %s', (_, err) => {
    expect(isDatabaseUnreachable(err)).toBe(false);
  });
});

describe('isDatabaseUnableToWrite', () => {
  it.each([
    ['a full disk (53100)', withCode('53100', 'could not extend file: No space left on device')],
    ['out of memory (53200)', withCode('53200')],
    ['an I/O error of its files (58030)', withCode('58030', 'could not write to file')],
    ['any of these wrapped by Drizzle', new Error('Failed query: insert', { cause: withCode('53100') })],
  ])('is true for %s', (_, err) => {
    expect(isDatabaseUnableToWrite(err)).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('23505')],
    ['a lost connection', withCode('ECONNRESET')],
    ['a plain error', new Error('boom')],
  ])('is false for %s', (_, err) => {
    expect(isDatabaseUnableToWrite(err)).toBe(false);
  });
});
