import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, testDatabaseKind, type TestApp } from '../test/test-app.js';
import { openDatabase } from './client.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe.runIf(testDatabaseKind === 'postgres')('closing the database', () => {
  it('ends a connection nothing gives back, instead of waiting for it until the shutdown deadline', async () => {
    const warned: { obj: object; msg: string }[] = [];
    const log = { info: () => {}, warn: (obj: object, msg: string) => warned.push({ obj, msg }), error: () => {} };
    const database = await openDatabase({ databaseUrl: t.databaseUrl, poolSize: 2, log });
    // A transaction whose statement does not end before the shutdown's deadline would.
    const stuck = database.transact((tx) => tx.execute(sql`SELECT pg_sleep(20)`));
    stuck.catch(() => undefined);
    await new Promise((r) => setTimeout(r, 200));

    const started = performance.now();
    await database.close();
    const tookMs = performance.now() - started;
    expect(tookMs).toBeGreaterThanOrEqual(900);
    expect(tookMs).toBeLessThan(3_000);
    expect(warned).toEqual([
      {
        obj: { heldMs: expect.any(Number), statement: 'SELECT pg_sleep(20)' },
        msg: 'a database connection was still checked out when the store closed; ending it',
      },
    ]);
    await expect(stuck).rejects.toThrow();
  });

  it('takes back a connection its holder never gives back, with no statement running', async () => {
    const warned: object[] = [];
    const log = { info: () => {}, warn: (obj: object) => warned.push(obj), error: () => {} };
    const database = await openDatabase({ databaseUrl: t.databaseUrl, poolSize: 2, log });
    let locked!: () => void;
    const holding = new Promise<void>((resolve) => (locked = resolve));
    void database.withExclusiveLock(async () => {
      locked();
      await new Promise(() => undefined);
    });
    await holding;

    const started = performance.now();
    await database.close();
    expect(performance.now() - started).toBeLessThan(4_000);
    expect(warned).toEqual([{ heldMs: expect.any(Number), statement: null }]);
  });

  it('closes at once when every connection is back', async () => {
    const database = await openDatabase({ databaseUrl: t.databaseUrl, poolSize: 2 });
    await database.transact((tx) => tx.execute(sql`SELECT 1`));
    const started = performance.now();
    await database.close();
    expect(performance.now() - started).toBeLessThan(500);
  });
});
