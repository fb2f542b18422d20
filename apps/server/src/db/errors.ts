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
