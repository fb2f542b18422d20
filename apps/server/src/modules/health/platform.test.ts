import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_SUBCATEGORIES } from '@store/domain';
import { createTestApp, holdConnection, testDatabaseKind, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe(`platform on ${testDatabaseKind}`, () => {
  it('reports health, with a request id on every response', async () => {
    const res = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'trace-123' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', details: { database: 'up', rateLimits: 'memory' } });
    expect(res.headers['x-request-id']).toBe('trace-123');
    const generated = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'bad id\n' } });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('serves the catalogue vocabularies', async () => {
    const res = await t.app.inject({ url: '/api/catalog' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.categories).toEqual(
      Object.entries(CATEGORY_SUBCATEGORIES).map(([name, subcategories]) => ({ name, subcategories })),
    );
    expect(body.colorPalettes.Flowers.map((c: { name: string }) => c.name)).toEqual([
      'Red',
      'Pink',
      'White',
      'Yellow',
      'Purple',
      'Orange',
    ]);
    expect(body.recipients).toHaveLength(9);
    expect(body.occasions).toContain('Weddings and Engagements');
    expect(body.defaultCareInstructions).toBe('Keep in a cool place, avoid direct sunlight.');
  });

  it('publishes OpenAPI generated from the route schemas, and browsable docs', async () => {
    const spec = (await t.app.inject({ url: '/api/openapi.json' })).json();
    expect(spec.openapi).toMatch(/^3\./);
    for (const path of [
      '/api/products',
      '/api/products/{id}',
      '/api/users/pincode',
      '/api/pincodes/{pincode}',
      '/api/catalog',
    ]) {
      expect(spec.paths, path).toHaveProperty([path]);
    }
    const params = spec.paths['/api/products'].get.parameters.map((p: { name: string }) => p.name);
    expect(params).toEqual(expect.arrayContaining(['keyword', 'pageNumber', 'color', 'sortBy', 'sameDayDelivery']));
    const docs = await t.app.inject({ url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toMatch(/html/);
  });

  it('compresses JSON answers for clients that accept gzip, whole', async () => {
    const id = (await t.app.inject({ url: '/api/products?pageLimit=1' })).json().products[0]._id;
    for (const url of [
      '/api/products',
      '/api/products?pageLimit=100',
      '/api/products/top',
      `/api/products/${id}`,
      '/api/catalog',
    ]) {
      const plain = await t.app.inject({ url });
      const zipped = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
      expect(zipped.headers['content-encoding'], url).toBe('gzip');
      expect(JSON.parse(gunzipSync(zipped.rawPayload).toString()), url).toEqual(plain.json());
    }
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.app.inject({ url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });

  it('serves the demo pictures as WebP', async () => {
    const products = (await t.app.inject({ url: '/api/products?pageLimit=3' })).json().products;
    for (const p of products) {
      const thumb = await t.app.inject({ url: p.optimizedImages.thumbnail });
      expect(thumb.statusCode).toBe(200);
      expect(thumb.headers['content-type']).toBe('image/webp');
      expect(thumb.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    }
  });

  it.runIf(testDatabaseKind === 'postgres')(
    'sheds load with 503 and Retry-After when no connection frees up',
    async () => {
      // One connection: the wait allowed must cover the start's own queries on a busy machine,
      // not only the moment this test holds it.
      const busy = await createTestApp({ DATABASE_POOL_SIZE: '1', DATABASE_POOL_TIMEOUT_MS: '1000' });
      const release = await holdConnection(busy.database);
      const res = await busy.app.inject({ url: '/api/pincodes/560001' });
      await release();
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('2');
      expect(res.json().code).toBe('UNAVAILABLE');
      expect((await busy.app.inject({ url: '/api/pincodes/560001' })).statusCode).toBe(200);
      await busy.close();
    },
  );

  it('answers 503 when the database is gone', async () => {
    const other = await createTestApp();
    await other.database.close();
    const res = await other.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable', details: { database: 'down', rateLimits: 'memory' } });
    await other.close();
  });
});
