import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { sql } from 'drizzle-orm';
import { createTestApp, testDatabaseKind, type TestApp } from '../test/test-app.js';

/** Holds the app's only connection until `release` is called. */
async function holdTheConnection(t: TestApp): Promise<{ release: () => void; done: Promise<void> }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held!: () => void;
  const holding = new Promise<void>((resolve) => (held = resolve));
  const done = t.app.database.transact(async () => {
    held();
    await released;
  });
  await holding;
  return { release, done };
}

/** Lets queued work reach the pool's queue before the connection is given back. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe.runIf(testDatabaseKind === 'postgres')('work that changes something, with every connection busy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ DATABASE_POOL_SIZE: '1' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gets the next free connection ahead of readers that waited longer, in its own order', async () => {
    const { release, done } = await holdTheConnection(t);
    const finished: string[] = [];
    const run = (name: string) =>
      t.app.database.db.execute(sql`SELECT 1`).then(() => {
        finished.push(name);
      });
    const work = [run('read 1'), run('read 2'), t.app.database.aheadOfReads(() => run('write 1')), run('read 3')];
    work.push(t.app.database.aheadOfReads(() => run('write 2')));
    await settle();
    release();
    await Promise.all([done, ...work]);
    expect(finished).toEqual(['write 1', 'write 2', 'read 1', 'read 2', 'read 3']);
  });

  it('serves a POST queued after GETs first, from its first query', async () => {
    const { release, done } = await holdTheConnection(t);
    const answered: string[] = [];
    const send = (name: string, options: InjectOptions) =>
      t.app.inject(options).then((res) => {
        answered.push(`${name} ${res.statusCode}`);
      });
    const requests = [
      send('GET', { method: 'GET', url: '/api/pincodes/682001' }),
      send('GET', { method: 'GET', url: '/api/pincodes/110001' }),
    ];
    await settle();
    requests.push(send('POST', { method: 'POST', url: '/api/users/pincode', payload: { pincode: '560001' } }));
    await settle();
    release();
    await Promise.all([done, ...requests]);
    expect(answered).toEqual(['POST 200', 'GET 200', 'GET 200']);
  });
});
