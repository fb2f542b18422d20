import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, testDatabaseKind, type TestApp } from '../test/test-app.js';
import { Pipeline } from './pipeline.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

class RolledBack extends Error {}

describe(`a pipeline in a transaction on ${testDatabaseKind}`, () => {
  it('runs its statements in the order they were added, each seeing what the ones before it wrote', async () => {
    const seen = await t.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`CREATE TEMP TABLE pipeline_probe (n int) ON COMMIT DROP`);
        const pipeline = new Pipeline();
        pipeline.add(tx.execute(sql`INSERT INTO pipeline_probe VALUES (1)`));
        const first = pipeline.add(tx.execute(sql`SELECT count(*)::int AS n FROM pipeline_probe`));
        pipeline.add(tx.execute(sql`INSERT INTO pipeline_probe VALUES (2), (3)`));
        const second = pipeline.add(tx.execute(sql`SELECT sum(n)::int AS n FROM pipeline_probe`));
        await pipeline.flush();
        const rowsOf = (answer: unknown) => (answer as { rows: { n: number }[] }).rows[0]!.n;
        throw Object.assign(new RolledBack(), { seen: [rowsOf(first()), rowsOf(second())] });
      })
      .catch((err: unknown) => (err instanceof RolledBack ? (err as RolledBack & { seen: number[] }).seen : err));
    expect(seen).toEqual([1, 6]);
  });

  it('throws the first statement that failed, and keeps the answers of those before it', async () => {
    const outcome = await t.database.db
      .transaction(async (tx) => {
        const pipeline = new Pipeline();
        const before = pipeline.add(tx.execute(sql`SELECT 41 + 1 AS n`));
        pipeline.add(tx.execute(sql`SELECT 1 / 0`));
        const after = pipeline.add(tx.execute(sql`SELECT 7 AS n`));
        const failure = await pipeline.flush().then(
          () => null,
          (err: unknown) => err,
        );
        throw Object.assign(new RolledBack(), {
          failure,
          before: (before() as unknown as { rows: { n: number }[] }).rows[0]!.n,
          after: (() => {
            try {
              return after();
            } catch (err) {
              return err;
            }
          })(),
        });
      })
      .catch((err: unknown) => err as RolledBack & { failure: Error; before: number; after: unknown });
    expect(String(outcome.failure.cause ?? outcome.failure)).toMatch(/division by zero/);
    expect(outcome.before).toBe(42);
    expect(outcome.after).toBeInstanceOf(Error);
    expect(String((outcome.after as Error).cause ?? outcome.after)).not.toMatch(/division by zero/);
  });

  it('refuses a read before it is flushed and a statement after', async () => {
    const pipeline = new Pipeline();
    const answer = pipeline.add(t.database.db.execute(sql`SELECT 1 AS n`));
    expect(() => answer()).toThrow('Read an answer after the pipeline is flushed');
    await pipeline.flush();
    expect(() => pipeline.add(t.database.db.execute(sql`SELECT 2 AS n`))).toThrow('This pipeline has been flushed');
  });
});

describe(`a transaction begun with its first statements on ${testDatabaseKind}`, () => {
  const countOf = async (tag: string) => {
    const { rows } = (await t.database.db.execute(
      sql`SELECT count(*)::int AS n FROM transact_probe WHERE tag = ${tag}`,
    )) as unknown as { rows: { n: number }[] };
    return rows[0]!.n;
  };
  beforeAll(async () => {
    await t.database.db.execute(sql`CREATE TABLE transact_probe (tag text NOT NULL)`);
  });

  it('runs its first statements inside the transaction and commits what is written after them', async () => {
    const timeout = await t.database.transact(async (tx, first) => {
      // A transaction-local setting outlives its statement only inside a transaction.
      first.add(tx.execute(sql`SELECT set_config('statement_timeout', '1234ms', true)`));
      await first.flush();
      await tx.execute(sql`INSERT INTO transact_probe VALUES ('committed')`);
      const shown = (await tx.execute(sql`SHOW statement_timeout`)) as unknown as {
        rows: { statement_timeout: string }[];
      };
      return shown.rows[0]!.statement_timeout;
    });
    expect(timeout).toBe('1234ms');
    expect(await countOf('committed')).toBe(1);
  });

  it('rolls back everything when its function throws, and leaves the connection fit for the next caller', async () => {
    const failure = await t.database
      .transact(async (tx, first) => {
        first.add(tx.execute(sql`SELECT 1`));
        await first.flush();
        await tx.execute(sql`INSERT INTO transact_probe VALUES ('rolled back')`);
        throw new RolledBack();
      })
      .catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(RolledBack);
    expect(await countOf('rolled back')).toBe(0);
    // Every pooled connection, the one that rolled back among them, answers outside any transaction.
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.database.transact(async (tx, first) => {
          const depth = first.add(tx.execute(sql`SELECT count(*)::int AS n FROM transact_probe`));
          await first.flush();
          return (depth() as unknown as { rows: { n: number }[] }).rows[0]!.n;
        }),
      ),
    );
    expect(answers).toEqual(Array(10).fill(1));
  });

  it('rolls back when one of its first statements fails, and says which', async () => {
    const failure = await t.database
      .transact(async (tx, first) => {
        first.add(tx.execute(sql`SELECT 1 / 0`));
        await first.flush();
        await tx.execute(sql`INSERT INTO transact_probe VALUES ('after a failure')`);
      })
      .then(
        () => new Error('the transaction committed'),
        (err: Error) => err,
      );
    expect(String(failure.cause ?? failure)).toMatch(/division by zero/);
    expect(await countOf('after a failure')).toBe(0);
  });
});
