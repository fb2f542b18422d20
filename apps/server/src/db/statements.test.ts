import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, testDatabaseKind, type TestApp } from '../test/test-app.js';
import { MAX_NAMED_STATEMENTS, type Database } from './client.js';
import { users } from './schema.js';

let t: TestApp;
/**
 * The test app's database, opened again as a new process would: the names are counted per process,
 * and the test files sharing this one have named their own statements already.
 */
let database: Database;
beforeAll(async () => {
  t = await createTestApp();
  if (!t.databaseUrl) return;
  vi.resetModules();
  const { openDatabase } = await import('./client.js');
  database = await openDatabase({ databaseUrl: t.databaseUrl, poolSize: 1 });
});
afterAll(async () => {
  await database?.close();
  await t?.close();
});

/** What one connection holds prepared: run in the transaction that holds it. */
const preparedIn = (run: (q: ReturnType<typeof sql>) => Promise<unknown>) =>
  run(sql`SELECT name, statement FROM pg_prepared_statements`).then(
    (r) => (r as { rows: { name: string; statement: string }[] }).rows,
  );

describe.runIf(testDatabaseKind === 'postgres')('statements the store repeats, on PostgreSQL', () => {
  it('are prepared once on a connection and answer as before', async () => {
    const [first, again, prepared] = await database.transact(async (tx) => {
      const byEmail = (email: string) => tx.select({ id: users.id }).from(users).where(eq(users.email, email));
      const a = await byEmail('admin@example.com');
      const b = await byEmail('nobody@example.com');
      return [a, b, await preparedIn((q) => tx.execute(q))] as const;
    });
    expect(first).toHaveLength(1);
    expect(again).toEqual([]);
    const mine = prepared.filter((p) => p.statement.includes('from "users" where "users"."email" = $1'));
    expect(mine).toHaveLength(1);
    expect(mine[0]!.name).toMatch(/^s\d+$/);
  });

  it(`are named for at most ${MAX_NAMED_STATEMENTS} texts a process, the rest sent unnamed`, async () => {
    const texts = MAX_NAMED_STATEMENTS + 20;
    const [answers, prepared] = await database.transact(async (tx) => {
      const seen: number[] = [];
      for (let i = 0; i < texts; i++) {
        const r = (await tx.execute(sql.raw(`SELECT ${i}::int AS statement_cap_probe`))) as {
          rows: { statement_cap_probe: number }[];
        };
        seen.push(r.rows[0]!.statement_cap_probe);
      }
      return [seen, await preparedIn((q) => tx.execute(q))] as const;
    });
    expect(answers).toEqual(Array.from({ length: texts }, (_, i) => i));
    const probes = prepared.filter((p) => p.statement.includes('statement_cap_probe'));
    expect(probes.length).toBeGreaterThan(0);
    expect(probes.length).toBeLessThan(texts);
    expect(prepared.filter((p) => /^s\d+$/.test(p.name)).length).toBeLessThanOrEqual(MAX_NAMED_STATEMENTS);
  });
});
