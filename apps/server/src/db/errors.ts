const UNIQUE_VIOLATION = '23505';
const FOREIGN_KEY_VIOLATION = '23503';
const UNDEFINED_TABLE = '42P01';

function hasCode(err: unknown, code: string): boolean {
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    if ((e as { code?: unknown }).code === code) return true;
  }
  return false;
}

/**
 * True when a unique index refused a write, however the driver wrapped the error (pg and PGlite
 * put the SQLSTATE on the error itself; Drizzle puts theirs in `cause`).
 */
export function isUniqueViolation(err: unknown): boolean {
  return hasCode(err, UNIQUE_VIOLATION);
}

/** True when a write named a row that is not there (deleted since it was looked up), however wrapped. */
export function isForeignKeyViolation(err: unknown): boolean {
  return hasCode(err, FOREIGN_KEY_VIOLATION);
}

/** True when a statement named a table the database does not have (yet: before its first migration). */
export function isUndefinedTable(err: unknown): boolean {
  return hasCode(err, UNDEFINED_TABLE);
}

/**
 * Thrown instead of trying the database while it is known to be unreachable (db/client.ts): a
 * request then fails at once with 503 instead of waiting for a connection that cannot come.
 */
export class DatabaseUnavailableError extends Error {
  constructor(cause?: unknown) {
    super('The database is unreachable', { cause });
    this.name = 'DatabaseUnavailableError';
  }
}

/** Socket errors of a connection that could not be made or was lost. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/**
 * SQLSTATEs of a server that is going away or not taking connections: shutting down (57P01,
 * 57P02), starting or recovering (57P03), or a lost connection (class 08).
 */
const UNREACHABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03']);
/** node-postgres says these in words only. */
const UNREACHABLE_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'connection timeout',
];

/**
 * True when a statement failed because the database could not be reached or went away under it,
 * however the driver wrapped the error: not the request's fault, and worth trying again shortly.
 */
export function isDatabaseUnreachable(err: unknown): boolean {
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    if (e instanceof DatabaseUnavailableError) return true;
    const code = (e as { code?: unknown }).code;
    if (
      typeof code === 'string' &&
      (NETWORK_CODES.has(code) || UNREACHABLE_SQLSTATES.has(code) || code.startsWith('08'))
    ) {
      return true;
    }
    if (UNREACHABLE_MESSAGES.some((m) => e instanceof Error && e.message.includes(m))) return true;
  }
  return false;
}

/** An I/O error of the database's own files (58030), and a system error under them (58000). */
const STORAGE_SQLSTATES = new Set(['58000', '58030']);

/**
 * True when the database could not write: for want of room (class 53: a full disk, memory,
 * connections) or because its files could not be written (class 58). The statement's transaction
 * is rolled back whole, so nothing is half-written; the database itself stays up and writes again
 * once the disk has room or answers.
 */
export function isDatabaseUnableToWrite(err: unknown): boolean {
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (code.startsWith('53') || STORAGE_SQLSTATES.has(code))) return true;
  }
  return false;
}
