import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { sql } from 'drizzle-orm';
import { createTestApp, holdConnection, testDatabaseKind, type TestApp } from '../test/test-app.js';

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
    const release = await holdConnection(t.database);
    const finished: string[] = [];
    const run = (name: string) =>
      t.app.database.db.execute(sql`SELECT 1`).then(() => {
        finished.push(name);
      });
    const work = [run('read 1'), run('read 2'), t.app.database.aheadOfReads(() => run('write 1')), run('read 3')];
    work.push(t.app.database.aheadOfReads(() => run('write 2')));
    await settle();
    await Promise.all([release(), ...work]);
    expect(finished).toEqual(['write 1', 'write 2', 'read 1', 'read 2', 'read 3']);
  });

  it('serves a POST queued after GETs first, from its first query', async () => {
    const release = await holdConnection(t.database);
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
    await Promise.all([release(), ...requests]);
    expect(answered).toEqual(['POST 200', 'GET 200', 'GET 200']);
  });
});
