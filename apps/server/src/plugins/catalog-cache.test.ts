import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { products } from '../db/schema.js';
import { insertProduct, uniqueCategory } from '../test/fixtures.js';
import { createTwoTestApps, testDatabaseKind, type TestApp } from '../test/test-app.js';

const cacheOn = { CATALOG_CACHE_TTL_MS: '60000' };
let first: TestApp;
/** A second server on the same database: another process on PostgreSQL, another app on PGlite. */
let second: TestApp;

beforeAll(async () => {
  [first, second] = await createTwoTestApps(cacheOn);
});
afterAll(async () => {
  await second?.close();
  await first?.close();
});

const names = async (t: TestApp, category: string) =>
  (await t.app.inject({ url: `/api/products?category=${encodeURIComponent(category)}&sortBy=name` }))
    .json()
    .products.map((p: { name: string }) => p.name);

async function eventually<T>(read: () => Promise<T>, expected: T, timeoutMs = 3_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: T;
  do {
    last = await read();
    if (JSON.stringify(last) === JSON.stringify(expected)) return;
    await new Promise((r) => setTimeout(r, 20));
  } while (Date.now() < deadline);
  expect(last).toEqual(expected);
}

/** Makes a catalogue write and waits until `t` has received its change notice. */
async function announcedWrite<T>(t: TestApp, write: () => Promise<T>): Promise<T> {
  const before = t.app.catalogCache.version;
  const result = await write();
  const deadline = Date.now() + 3_000;
  while (t.app.catalogCache.version === before) {
    if (Date.now() > deadline) throw new Error('no change notice arrived');
    await new Promise((r) => setTimeout(r, 5));
  }
  return result;
}

/** A write the triggers do not announce, as if the notification were lost. */
async function silentRename(db: Db, id: string, name: string) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL session_replication_role = replica`);
    await tx.update(products).set({ name }).where(eq(products.id, id));
  });
}

describe(`catalogue cache on ${testDatabaseKind}`, () => {
  it('keeps answering from memory until the catalogue changes', async () => {
    const category = uniqueCategory();
    const id = await announcedWrite(first, () => insertProduct(first.database.db, { name: 'Before', category }));
    expect(await names(first, category)).toEqual(['Before']);
    await silentRename(first.database.db, id, 'Unannounced');
    expect(await names(first, category)).toEqual(['Before']);
    expect((await first.app.inject({ url: `/api/products/${id}` })).json().name).toBe('Unannounced');
    expect((await first.app.inject({ url: `/api/products/${id}` })).json().name).toBe('Unannounced');
  });

  it('shows a change made by another server at once, on every server', async () => {
    const category = uniqueCategory();
    const id = await insertProduct(first.database.db, { name: 'Marigold', category });
    await eventually(() => names(first, category), ['Marigold']);
    await eventually(() => names(second, category), ['Marigold']);

    await second.database.db.update(products).set({ name: 'Marigold Deluxe' }).where(eq(products.id, id));
    await eventually(() => names(first, category), ['Marigold Deluxe'], 1_000);
    await eventually(() => names(second, category), ['Marigold Deluxe'], 1_000);

    await first.database.db.update(products).set({ available: false }).where(eq(products.id, id));
    await eventually(() => names(second, category), [], 1_000);
  });

  it.runIf(testDatabaseKind === 'postgres')(
    'drops what it cached when its cut-off notifications are back, then caches again',
    async () => {
      const category = uniqueCategory();
      const id = await announcedWrite(first, () => insertProduct(first.database.db, { name: 'Lily', category }));
      expect(await names(first, category)).toEqual(['Lily']);

      await first.database.db.execute(
        sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = current_database() AND query LIKE 'LISTEN%' AND pid <> pg_backend_pid()`,
      );
      // A write nobody announced is seen once the listener is back (about a second): the answers
      // cached before the cut-off, which kept being given meanwhile, are dropped then.
      await silentRename(first.database.db, id, 'Lily Unannounced');
      await eventually(() => names(first, category), ['Lily Unannounced'], 3_000);

      // Once the listener is back (about a second), answers are cached again.
      await new Promise((r) => setTimeout(r, 1_500));
      await names(first, category);
      await silentRename(first.database.db, id, 'Lily Hidden');
      expect(await names(first, category)).toEqual(['Lily Unannounced']);
    },
  );
});
