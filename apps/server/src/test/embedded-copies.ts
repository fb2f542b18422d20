import { readFile } from 'node:fs/promises';
import { sql, type SQL } from 'drizzle-orm';
import { openDatabase, queryRows, type Database } from '../db/client.js';
import { PGLITE_TEMPLATE_FILE } from './template.js';

/**
 * Starting PGlite from the template is most of an API test file's set-up: about half a second of
 * CPU, some sixty times a run. A worker runs its files one after another and keeps its modules
 * between them (isolate: false, ADR 071), so it keeps the database a finished file leaves and,
 * before the next file takes it, puts back every row, sequence and lock that file changed: each
 * file still starts from the seeded template (ADR 074).
 */

interface Kept {
  database: Database;
  busy: boolean;
  /** The public tables, with their columns a row can be written back with. */
  tables: { name: string; columns: string; rows: number }[];
  sequences: { name: string; value: string; called: boolean }[];
  /** Tables, columns, constraints and functions: a file that changed any gets no reuse. */
  shape: string;
  /** A row written after this transaction is one to put back. */
  xid: string;
}

/**
 * Most files use one database at a time; a few start a second or third server beside the first
 * (metrics, vitals, limits), each on a database of its own. Those are kept too, so opening a copy
 * (seconds of a busy worker) happens a few times a worker instead of once for every such server.
 */
const KEPT_PER_WORKER = 4;
const kept: Kept[] = [];

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

const SHAPE = sql`
  SELECT md5(string_agg(x, ',' ORDER BY x)) AS shape FROM (
    SELECT format('%s:%s:%s', c.relname, c.relkind, string_agg(
             format('%s %s %s %s', a.attname, a.atttypid, a.attnotnull, a.attgenerated), ';' ORDER BY a.attnum)) AS x
      FROM pg_class c
      LEFT JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
     WHERE c.relnamespace = 'public'::regnamespace
     GROUP BY c.oid, c.relname, c.relkind
    UNION ALL SELECT format('constraint:%s', conname) FROM pg_constraint WHERE connamespace = 'public'::regnamespace
    UNION ALL SELECT format('trigger:%s', tgname) FROM pg_trigger WHERE NOT tgisinternal
    UNION ALL SELECT format('function:%s', proname) FROM pg_proc WHERE pronamespace = 'public'::regnamespace
  ) objects`;

async function one<T>(database: Database, query: SQL): Promise<T> {
  return (await queryRows<T>(database.db, query))[0]!;
}

let template: Promise<Buffer> | undefined;

async function openTemplateCopy(): Promise<Database> {
  template ??= readFile(PGLITE_TEMPLATE_FILE);
  return openDatabase({ loadDataDir: await template });
}

/** Each table's rows, and how many of them were written after transaction `xid`. */
async function rowCounts(database: Database, tables: { name: string }[], xid: string) {
  const rows = await queryRows<{ name: string; rows: number; touched: number }>(
    database.db,
    sql.raw(
      tables
        .map(
          (t) =>
            `SELECT '${t.name}' AS name, count(*)::int AS rows,
                    count(*) FILTER (WHERE xmin::text::bigint > ${xid}::bigint % 4294967296)::int AS touched
               FROM public.${ident(t.name)}`,
        )
        .join(' UNION ALL '),
    ),
  );
  return new Map(rows.map((r) => [r.name, r]));
}

/** Copies every public table aside, once per worker, as what later files are put back to. */
async function keep(database: Database): Promise<Kept> {
  const tables = await queryRows<{ name: string; columns: string }>(
    database.db,
    sql`SELECT c.relname AS name,
               string_agg(quote_ident(a.attname), ', ' ORDER BY a.attnum) AS columns
          FROM pg_class c
          JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
         WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'r'
         GROUP BY c.relname ORDER BY c.relname`,
  );
  await database.db.execute(sql.raw('CREATE SCHEMA test_template'));
  for (const table of tables) {
    await database.db.execute(
      sql.raw(`CREATE TABLE test_template.${ident(table.name)} AS TABLE public.${ident(table.name)}`),
    );
  }
  const sequences = await queryRows<{ name: string; value: string; called: boolean }>(
    database.db,
    sql`SELECT format('%I.%I', schemaname, sequencename) AS name,
               coalesce(last_value, start_value)::text AS value, last_value IS NOT NULL AS called
          FROM pg_sequences`,
  );
  const { shape } = await one<{ shape: string }>(database, SHAPE);
  const { xid } = await one<{ xid: string }>(database, sql`SELECT pg_current_xact_id()::text AS xid`);
  const counts = await rowCounts(database, tables, xid);
  const counted = tables.map((t) => ({ ...t, rows: counts.get(t.name)!.rows }));
  return { database, busy: true, tables: counted, sequences, shape, xid };
}

/** Puts back what the last file changed; false when it cannot be (the file closed or reshaped the database). */
async function restore(k: Kept): Promise<boolean> {
  try {
    const { shape } = await one<{ shape: string }>(k.database, SHAPE);
    if (shape !== k.shape) return false;
    const counts = await rowCounts(k.database, k.tables, k.xid);
    const changed = k.tables.filter((t) => {
      const now = counts.get(t.name)!;
      return now.rows !== t.rows || now.touched > 0;
    });
    await k.database.transact(async (tx) => {
      if (changed.length > 0) {
        // As pg_restore does: foreign keys and triggers stay quiet while whole tables are rewritten.
        await tx.execute(sql`SET LOCAL session_replication_role = replica`);
        for (const t of changed) {
          await tx.execute(sql.raw(`DELETE FROM public.${ident(t.name)}`));
          await tx.execute(
            sql.raw(
              `INSERT INTO public.${ident(t.name)} (${t.columns}) OVERRIDING SYSTEM VALUE
               SELECT ${t.columns} FROM test_template.${ident(t.name)}`,
            ),
          );
        }
      }
      await tx.execute(
        sql`SELECT ${sql.join(
          k.sequences.map((s) => sql`setval(${s.name}::regclass, ${s.value}::bigint, ${s.called})`),
          sql`, `,
        )}`,
      );
      await tx.execute(sql`SELECT pg_advisory_unlock_all()`);
      k.xid = (await queryRows<{ xid: string }>(tx, sql`SELECT pg_current_xact_id()::text AS xid`))[0]!.xid;
    });
    return true;
  } catch {
    return false;
  }
}

/** A database as the template left it, for one test file; give it back with `releaseEmbeddedCopy`. */
export async function takeEmbeddedCopy(): Promise<Database> {
  for (let free = kept.find((k) => !k.busy); free; free = kept.find((k) => !k.busy)) {
    free.busy = true;
    if (await restore(free)) return free.database;
    kept.splice(kept.indexOf(free), 1);
    await free.database.close().catch(() => undefined);
  }
  const database = await openTemplateCopy();
  if (kept.length < KEPT_PER_WORKER) kept.push(await keep(database));
  return database;
}

/** Ends a file's use of its database: the worker keeps it for its next file, or closes it. */
export async function releaseEmbeddedCopy(database: Database): Promise<void> {
  const mine = kept.find((k) => k.database === database);
  if (mine) mine.busy = false;
  else await database.close();
}
