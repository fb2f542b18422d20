import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { appendFile, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCustomer } from '../test/accounts.js';
import { orderBody, placeOrder, UNCAPPED_ORDERS } from '../test/orders.js';
import { PGLITE_TEMPLATE_FILE } from '../test/template.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../test/test-app.js';
import { openDatabase, queryRows, type Database } from './client.js';

/**
 * A disk of its own, small enough to fill: a tmpfs, which only root may mount (CI runs as root).
 * The embedded database's files live on it; a filler file takes whatever room is left.
 */
const canMount = process.platform === 'linux' && process.getuid?.() === 0;

describe.runIf(testDatabaseKind === 'pglite' && canMount)('the embedded database on a full disk', () => {
  let disk: string;
  let database: Database;
  let t: TestApp;
  const filler = () => path.join(disk, 'filler');

  beforeAll(async () => {
    disk = mkdtempSync(path.join(os.tmpdir(), 'store-small-disk-'));
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=400m', 'tmpfs', disk]);
    const template = await readFile(PGLITE_TEMPLATE_FILE);
    database = await openDatabase({ dataDir: path.join(disk, 'store'), loadDataDir: template });
    t = await createTestApp(UNCAPPED_ORDERS, { database });
  });

  afterAll(async () => {
    await t?.close();
    await database?.close();
    execFileSync('umount', [disk]);
    await rm(disk, { recursive: true, force: true });
  });

  it('refuses an order with a clear 503 and keeps nothing of it, then takes orders again once there is room', async () => {
    const shopper = await registerCustomer(t.app);
    const [product] = await queryRows<{ id: string }>(
      database.db,
      sql`SELECT p.id FROM products p
           WHERE p.available AND p.name <> 'Sample Product' AND NOT EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = p.id)
             AND NOT EXISTS (SELECT 1 FROM jsonb_array_elements(p.options) o WHERE (o->>'required')::boolean)
           ORDER BY p.id LIMIT 1`,
    );
    await database.db.execute(sql`UPDATE products SET count_in_stock = 1000 WHERE id = ${product!.id}`);
    const stock = async () =>
      (
        await queryRows<{ n: number }>(
          database.db,
          sql`SELECT count_in_stock AS n FROM products WHERE id = ${product!.id}`,
        )
      )[0]!.n;
    const orders = async () =>
      (
        await queryRows<{ n: number }>(
          database.db,
          sql`SELECT count(*)::int AS n FROM orders WHERE user_id = ${shopper.id}`,
        )
      )[0]!.n;
    const order = () =>
      placeOrder(t.app, shopper.cookie, orderBody([{ _id: product!.id, qty: 1 }]), randomBytes(8).toString('hex'));

    expect((await order()).statusCode).toBe(201);
    // Fill the disk to the last byte.
    const block = Buffer.alloc(1024 * 1024);
    for (let size = block.length; size >= 1;) {
      try {
        await appendFile(filler(), block.subarray(0, size));
      } catch {
        size = Math.floor(size / 2);
      }
    }

    // Rows still fit in pages the files already have; the first that needs a new one is refused.
    const answers: number[] = [];
    let refused:
      { statusCode: number; headers: Record<string, unknown>; json(): { message: string; code: string } } | undefined;
    for (let i = 0; i < 400 && !refused; i++) {
      const res = await order();
      answers.push(res.statusCode);
      if (res.statusCode !== 201) refused = res;
    }
    expect(refused, `orders placed on a full disk: ${answers.length}`).toBeDefined();
    expect(refused!.statusCode).toBe(503);
    expect(refused!.json()).toEqual({
      code: 'UNAVAILABLE',
      message: "This couldn't be saved: our store can't save anything right now. Please try again in a few minutes.",
    });
    expect(refused!.headers['retry-after']).toBe('300');

    // Exactly the orders answered 201 exist, and each took its unit: the refused one left nothing.
    const placed = 1 + answers.filter((s) => s === 201).length;
    expect(await orders()).toBe(placed);
    expect(await stock()).toBe(1000 - placed);

    await rm(filler());
    expect((await order()).statusCode).toBe(201);
    expect(await orders()).toBe(placed + 1);
    expect(await stock()).toBe(1000 - placed - 1);
  });
});
