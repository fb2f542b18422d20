/**
 * Distinct statement texts this process names, at most: about 30 KB of parsed and planned
 * statement each, on each connection that runs it (measured with pg_log_backend_memory_contexts).
 * An order's flow sends about forty texts and a shopper's every read a handful; the texts that
 * vary (a list of ids of some length, a listing's shape, which names its own, ADR 088) would
 * otherwise fill a connection without end.
 */
export const MAX_NAMED_STATEMENTS = 128;
const statementNames = new Map<string, string>();

/**
 * Texts run once and not named yet, at most: a text is named when it comes back, so the ~350
 * statements of the migrations, each run once on a new database, never take a name. Past this
 * many the list starts again, which costs a text that does come back one more run unnamed.
 */
const MAX_SEEN_ONCE = 1_024;
const seenOnce = new Set<string>();

/**
 * The name a statement text is prepared under on every connection (the embedded database's one
 * too), or undefined the first time it is run and once MAX_NAMED_STATEMENTS texts have one. Sent
 * unnamed, PostgreSQL parses and plans a statement every time; a named one is parsed once per
 * connection and, from its sixth run, may run a plan kept for it. An order's flow then costs the
 * machine about an eighth less CPU (ADR 089). Names are numbered per process, and a text keeps its
 * name, so no connection is asked to prepare one name with two texts.
 */
export function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (name !== undefined || statementNames.size >= MAX_NAMED_STATEMENTS) return name;
  if (!seenOnce.delete(text)) {
    if (seenOnce.size >= MAX_SEEN_ONCE) seenOnce.clear();
    seenOnce.add(text);
    return undefined;
  }
  name = `s${statementNames.size}`;
  statementNames.set(text, name);
  return name;
}
