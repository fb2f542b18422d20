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
 * The name a statement text is prepared under on every connection (the embedded database's one
 * too), or undefined once
 * MAX_NAMED_STATEMENTS texts have one. Sent unnamed, PostgreSQL parses and plans a statement every
 * time; a named one is parsed once per connection and, from its sixth run, may run a plan kept
 * for it. An order's flow then costs the machine about an eighth less CPU (ADR 089). Names are
 * numbered per process, and a text keeps its name, so no connection is asked to prepare one name
 * with two texts.
 */
export function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < MAX_NAMED_STATEMENTS) {
    name = `s${statementNames.size}`;
    statementNames.set(text, name);
  }
  return name;
}
