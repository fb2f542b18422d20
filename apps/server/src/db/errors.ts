const UNIQUE_VIOLATION = '23505';

/**
 * True when a unique index refused a write, however the driver wrapped the error (pg and PGlite
 * put the SQLSTATE on the error itself; Drizzle puts theirs in `cause`).
 */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    if ((e as { code?: unknown }).code === UNIQUE_VIOLATION) return true;
  }
  return false;
}
