import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { testDatabaseKind } from '../test/test-app.js';
import type { Database } from './client.js';
import { migrateDatabase } from './migrate.js';

/**
 * An embedded database of its own, in memory, opened by a client module loaded afresh: names are
 * counted per process, and the test files sharing this worker have named their own statements.
 */
let database: Database;
beforeAll(async () => {
  vi.resetModules();
  const { openDatabase } = await import('./client.js');
  database = await openDatabase({});
  await migrateDatabase(database);
  await database.db.execute(sql`CREATE TABLE gifts (id int PRIMARY KEY, sent_at timestamptz)`);
});
afterAll(async () => {
  await database?.close();
});

/** A statement's rows, as the store's code reads them through Drizzle. */
const rowsOf = async <T>(statement: SQL) => ((await database.db.execute(statement)) as unknown as { rows: T[] }).rows;
const count = async () => Number((await rowsOf<{ n: string }>(sql`SELECT count(*) AS n FROM gifts`))[0]!.n);
const add = (id: number) => database.db.execute(sql`INSERT INTO gifts (id, sent_at) VALUES (${id}, ${new Date()})`);
const prepared = () =>
  rowsOf<{ name: string; statement: string; plans: number }>(
    sql`SELECT name, statement, (generic_plans + custom_plans)::int AS plans FROM pg_prepared_statements`,
  );

describe.runIf(testDatabaseKind === 'pglite')('statements the store repeats, in the embedded database', () => {
  it('are parsed once under a name when they come back, and answer each run with its own values', async () => {
    const twice = (n: number) => rowsOf<{ twice: number }>(sql`SELECT ${n}::int * 2 AS twice`);
    expect(await twice(21)).toEqual([{ twice: 42 }]);
    expect(await twice(5)).toEqual([{ twice: 10 }]);
    expect(await twice(-1)).toEqual([{ twice: -2 }]);
    // This database was migrated from empty: its ~350 statements, nearly all run once, left names.
    const mine = (await prepared()).filter((p) => p.statement.includes('* 2 AS twice'));
    expect(mine).toEqual([{ name: expect.stringMatching(/^s\d+$/), statement: expect.any(String), plans: 2 }]);
  });

  it('fail with PostgreSQL’s error and leave the database working; in a transaction they roll it back', async () => {
    await add(1);
    await expect(add(1)).rejects.toMatchObject({ cause: { code: '23505' } });
    await expect(database.db.execute(sql`SELECT * FROM gifts WHERE`)).rejects.toMatchObject({
      cause: { code: '42601' },
    });
    expect(await count()).toBe(1);
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO gifts (id) VALUES (${2})`);
        await tx.execute(sql`INSERT INTO gifts (id) VALUES (${1})`);
      }),
    ).rejects.toMatchObject({ cause: { code: '23505' } });
    expect(await count()).toBe(1);
  });

  it('outside a transaction wait for the one in progress instead of running inside it', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const before = await count();
    const transaction = database.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO gifts (id) VALUES (${10})`);
      await held;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    let answered = false;
    const outside = count().then((n) => {
      answered = true;
      return n;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answered).toBe(false);
    release();
    await transaction;
    expect(await outside).toBe(before + 1);
  });
});
