import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, testDatabaseKind, type TestApp } from '../test/test-app.js';
import { listProducts } from '../modules/products/products.repository.js';
import { EVERY_PRODUCT } from '../test/fixtures.js';
import { MAX_NAMED_STATEMENTS, PLANNED_ONCE, type Database } from './client.js';
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

/**
 * What one connection holds prepared, and how often each was planned for every value (generic) or
 * for its values (custom): run on the connection that holds them.
 */
const preparedIn = (run: (q: ReturnType<typeof sql>) => Promise<unknown>) =>
  run(sql`SELECT name, statement, generic_plans, custom_plans FROM pg_prepared_statements`).then((r) =>
    (r as { rows: { name: string; statement: string; generic_plans: string; custom_plans: string }[] }).rows.map(
      (p) => ({ ...p, generic: Number(p.generic_plans), custom: Number(p.custom_plans) }),
    ),
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
      // Each text twice: a text is named when it comes back.
      for (let i = 0; i < texts; i++) {
        for (const _ of [1, 2]) {
          const r = (await tx.execute(sql.raw(`SELECT ${i}::int AS statement_cap_probe`))) as {
            rows: { statement_cap_probe: number }[];
          };
          seen.push(r.rows[0]!.statement_cap_probe);
        }
      }
      return [seen, await preparedIn((q) => tx.execute(q))] as const;
    });
    expect(answers).toEqual(Array.from({ length: texts }, (_, i) => [i, i]).flat());
    const probes = prepared.filter((p) => p.statement.includes('statement_cap_probe'));
    expect(probes.length).toBeGreaterThan(0);
    expect(probes.length).toBeLessThan(texts);
    expect(prepared.filter((p) => /^s\d+$/.test(p.name)).length).toBeLessThanOrEqual(MAX_NAMED_STATEMENTS);
  });

  describe('planned once for all their values (ADR 096)', () => {
    const mode = sql<string>`current_setting('plan_cache_mode')`;
    /** The one connection's prepared statements (a pool of one). */
    const prepared = () => preparedIn((q) => database.db.execute(q));

    it('a statement named so runs on a plan made for every value; any other as the server plans it', async () => {
      const name = `${PLANNED_ONCE}mode_probe`;
      const once = database.db
        .select({ mode })
        .from(users)
        .where(eq(users.email, sql.placeholder('email')))
        .prepare(name);
      const other = (email: string) => database.db.select({ mode }).from(users).where(eq(users.email, email));

      expect(await once.execute({ email: 'admin@example.com' })).toEqual([{ mode: 'force_generic_plan' }]);
      expect(await other('admin@example.com')).toEqual([{ mode: 'auto' }]);
      expect(await once.execute({ email: 'customer@example.com' })).toEqual([{ mode: 'force_generic_plan' }]);
      // A transaction after it, rolled back: its statements and those after it are planned as usual.
      const inside = await database
        .transact(async (tx) => {
          const [row] = await tx.select({ mode }).from(users).where(eq(users.email, 'admin@example.com'));
          throw Object.assign(new Error('roll back'), { row });
        })
        .catch((err: { row?: unknown }) => err.row);
      expect(inside).toEqual({ mode: 'auto' });
      expect(await other('customer@example.com')).toEqual([{ mode: 'auto' }]);
      expect(await once.execute({ email: 'nobody@example.com' })).toEqual([]);
      expect(
        (await prepared()).filter((p) => p.name === name).map(({ generic, custom }) => ({ generic, custom })),
      ).toEqual([{ generic: 3, custom: 0 }]);
    });

    it('a listing that reads every match is planned once; one that walks its order is planned for its page', async () => {
      const now = new Date();
      const cheap = { ...EVERY_PRODUCT, maxPrice: 200_000 };
      for (const offset of [0, 12]) {
        await listProducts(database.db, cheap, { by: 'rating', direction: 'desc' }, { limit: 12, offset }, now);
        await listProducts(database.db, EVERY_PRODUCT, { by: 'rating', direction: 'desc' }, { limit: 12, offset }, now);
      }
      const listings = (await prepared()).filter((p) => p.name.includes('listing_'));
      const byPrice = listings.filter((p) => p.statement.includes('count(*) OVER ()'));
      const walking = listings.filter((p) => !p.statement.includes('count(*)'));
      expect(byPrice).toHaveLength(1);
      expect(byPrice[0]!.name.startsWith(PLANNED_ONCE)).toBe(true);
      expect(byPrice[0]!.generic).toBe(2);
      expect(byPrice[0]!.custom).toBe(0);
      expect(walking).toHaveLength(1);
      expect(walking[0]!.name.startsWith(PLANNED_ONCE)).toBe(false);
      expect(walking[0]!.custom).toBe(2);
    });
  });
});
