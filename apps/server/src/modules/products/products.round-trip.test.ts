import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsAdmin } from '../../test/accounts.js';
import { FULL_PRODUCT_BODY as FULL } from '../../test/fixtures.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/test-app.js';
import { products } from './products.table.js';

let t: TestApp;
let admin: { cookie: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAsAdmin(t.app);
});
afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: admin.cookie }, ...(payload ? { payload } : {}) });

/** What a save changes whatever it is sent: when it happened, and the version. */
const unstamped = ({ updatedAt: _u, version: _v, ...product }: Record<string, unknown>) => product;

describe(`the admin product form's round trip on ${testDatabaseKind}`, () => {
  it('saves every seeded product exactly as the admin GET answers it, and reads the same after', async () => {
    const ids = (await t.database.db.select({ id: products.id }).from(products)).map((r) => r.id);
    expect(ids.length).toBeGreaterThan(80);
    for (const id of ids) {
      const opened = (await call('GET', `/api/products/${id}/admin`)).json();
      const saved = await call('PUT', `/api/products/${id}`, opened);
      expect([opened.name, saved.statusCode, saved.json().message]).toEqual([opened.name, 200, undefined]);
      const after = (await call('GET', `/api/products/${id}/admin`)).json();
      expect(unstamped(after)).toEqual(unstamped(opened));
      expect(after.version).toBe(opened.version + 1);
      expect((await call('GET', `/api/products/${id}`)).json()).toMatchObject({
        image: opened.image,
        optimizedImages: opened.optimizedImages,
        fragrance: opened.fragrance,
      });
    }
  });

  it('takes the demo pictures, no fragrance and nested delivery flags as the GET shows them', async () => {
    const draft = (await call('POST', '/api/products')).json();
    const id = draft._id;
    const picture = '/uploads/demo/red-roses.3f9a1c07b2-detail.webp';
    const saved = await call('PUT', `/api/products/${id}`, {
      ...FULL,
      version: draft.version,
      image: picture,
      productImages: ['/uploads/demo/red-roses-2.0a1b2c3d4e-detail.webp'],
      fragrance: '',
      sameDayDelivery: undefined,
      expressDelivery: undefined,
      deliveryOptions: { sameDayDelivery: false, expressDelivery: true },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      image: picture,
      optimizedImages: { thumbnail: '/uploads/demo/red-roses.3f9a1c07b2-thumb.webp', detail: picture },
      optimizedProductImages: [
        {
          original: '/uploads/demo/red-roses-2.0a1b2c3d4e-detail.webp',
          optimized: { detail: '/uploads/demo/red-roses-2.0a1b2c3d4e-detail.webp' },
        },
      ],
      fragrance: '',
      deliveryOptions: { sameDayDelivery: false, expressDelivery: true },
    });
    // The flat flags the spec's client sends are what counts; left out, the spec's default fragrance.
    const flat = await call('PUT', `/api/products/${id}`, {
      ...FULL,
      version: saved.json().version,
      fragrance: undefined,
      sameDayDelivery: true,
      expressDelivery: undefined,
      deliveryOptions: { sameDayDelivery: false, expressDelivery: true },
    });
    expect(flat.json()).toMatchObject({
      fragrance: 'Mild',
      deliveryOptions: { sameDayDelivery: true, expressDelivery: true },
    });

    const refused: [object, string][] = [
      [{ image: '/uploads/demo/red.roses.jpg' }, 'Top image must be an uploaded picture'],
      [{ image: '/uploads/demo/red-roses.3f9a1c07b2/../../etc.jpg' }, 'Top image must be an uploaded picture'],
      [{ image: '/uploads/demo/..3f9a1c07b2.jpg' }, 'Top image must be an uploaded picture'],
      [{ fragrance: 'Woody' }, "Fragrance is not one of the store's options"],
    ];
    for (const [change, message] of refused) {
      const res = await call('PUT', `/api/products/${id}`, { ...FULL, version: flat.json().version, ...change });
      expect([JSON.stringify(change), res.statusCode, res.json().message]).toEqual([
        JSON.stringify(change),
        400,
        expect.stringContaining(message),
      ]);
    }
  });
});
