import { mkdtemp, readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { registerCustomer, signInAsAdmin } from '../../test/accounts.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/test-app.js';
import { LocalImageStore } from '../../lib/image-store.js';
import { startTestS3Server, type TestS3Server } from '../../test/s3-server.js';

let t: TestApp;
let dataDir: string;
let admin: { cookie: string };
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'store-uploads-'));
  t = await createTestApp({ DATA_DIR: dataDir, UPLOAD_MAX_BYTES: '300000' });
  admin = await signInAsAdmin(t.app);
});
afterAll(async () => {
  await t?.close();
});

const photo = (format: 'png' | 'jpeg' | 'webp' | 'avif', width = 1200, height = 900) =>
  sharp({ create: { width, height, channels: 3, background: '#c8102e' } })
    .withExif({ IFD0: { Copyright: 'secret camera owner' } })
    .toFormat(format)
    .toBuffer();

function form(bytes: Buffer, filename: string, field = 'image', type = 'application/octet-stream') {
  const body = new FormData();
  body.append(field, new Blob([new Uint8Array(bytes)], { type }), filename);
  return body;
}

const upload = (app: TestApp['app'], body: FormData, cookie: string | null = admin.cookie) =>
  app.inject({ method: 'POST', url: '/api/upload', payload: body, ...(cookie ? { headers: { cookie } } : {}) });

describe(`picture uploads on ${testDatabaseKind}`, () => {
  it('re-encodes a PNG without its metadata and makes the thumbnail and detail copies', async () => {
    const res = await upload(t.app, form(await photo('png'), 'roses.png'));
    expect(res.statusCode).toBe(201);
    const { message, image } = res.json();
    expect(message).toBe('Image uploaded');
    expect(image).toMatch(/^\/uploads\/products\/[0-9a-f-]{36}\.png$/);
    const served = await t.app.inject({ url: image });
    expect(served.statusCode).toBe(200);
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.exif]).toEqual(['png', 1200, undefined]);
    const thumb = await sharp(
      (await t.app.inject({ url: image.replace('.png', '-thumb.webp') })).rawPayload,
    ).metadata();
    expect([thumb.format, thumb.width, thumb.height]).toEqual(['webp', 400, 400]);
    const detail = await sharp(
      (await t.app.inject({ url: image.replace('.png', '-detail.webp') })).rawPayload,
    ).metadata();
    expect([detail.format, detail.width]).toEqual(['webp', 800]);
  });

  it('judges JPEG, WebP and AVIF by their bytes, whatever the name says', async () => {
    for (const [format, ext] of [
      ['jpeg', 'jpg'],
      ['webp', 'webp'],
      ['avif', 'avif'],
    ] as const) {
      const res = await upload(t.app, form(await photo(format, 600, 600), 'picture.txt'));
      expect([format, res.statusCode]).toEqual([format, 201]);
      expect(res.json().image).toMatch(new RegExp(`\\.${ext}$`));
    }
  });

  it('refuses anything else with 415: a PDF named .jpg, an SVG with a script, a GIF', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF');
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer();
    for (const [bytes, name, type] of [
      [pdf, 'invoice.jpg', 'image/jpeg'],
      [svg, 'logo.svg', 'image/svg+xml'],
      [gif, 'anim.gif', 'image/gif'],
    ] as const) {
      const res = await upload(t.app, form(bytes, name, 'image', type));
      expect([name, res.statusCode, res.json().message]).toEqual([
        name,
        415,
        'Only JPEG, PNG, WebP and AVIF pictures can be uploaded',
      ]);
    }
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: { cookie: admin.cookie },
      payload: { image: 'x' },
    });
    expect(json.statusCode).toBe(415);
  });

  it('refuses an oversized file with 413, a wrong field with 400, guests and customers', async () => {
    const noisy = await sharp(
      Buffer.from(Array.from({ length: 700 * 700 * 3 }, () => Math.floor(Math.random() * 256))),
      {
        raw: { width: 700, height: 700, channels: 3 },
      },
    )
      .png()
      .toBuffer();
    expect(noisy.length).toBeGreaterThan(300_000);
    const big = await upload(t.app, form(noisy, 'huge.png'));
    expect(big.statusCode).toBe(413);
    const field = await upload(t.app, form(await photo('png', 50, 50), 'a.png', 'file'));
    expect([field.statusCode, field.json().message]).toEqual([400, 'Send the picture in the field "image"']);
    const small = form(await photo('png', 50, 50), 'a.png');
    expect((await upload(t.app, small, null)).statusCode).toBe(401);
    const customer = await registerCustomer(t.app);
    expect((await upload(t.app, form(await photo('png', 50, 50), 'a.png'), customer.cookie)).statusCode).toBe(403);
  });

  it('deletes a picture and its copies, and only names it made itself', async () => {
    const { image } = (await upload(t.app, form(await photo('jpeg', 300, 300), 'x.jpg'))).json();
    const id = image.split('/').pop();
    const del = (name: string) =>
      t.app.inject({ method: 'DELETE', url: `/api/upload/${name}`, headers: { cookie: admin.cookie } });
    for (const evil of ['..%2F..%2Fpackage.json', '..%2Fdemo%2Fred-roses.jpg', 'red-roses.jpg', `${id}%2F..`]) {
      expect([evil, (await del(evil)).statusCode]).toEqual([evil, 400]);
    }
    const res = await del(id);
    expect([res.statusCode, res.json().message]).toEqual([200, 'Image deleted']);
    const left = await readdir(path.join(dataDir, 'uploads', 'products'));
    expect(left.filter((f) => f.startsWith(id.split('.')[0]))).toEqual([]);
    expect((await del(id)).statusCode).toBe(404);
  });
});

describe('the local picture store', () => {
  it('gives back what it stored with its type, and null for a picture it does not have', async () => {
    const store = new LocalImageStore(await mkdtemp(path.join(os.tmpdir(), 'store-local-images-')));
    const bytes = await photo('webp', 40, 40);
    await store.put('products/round-trip.webp', bytes);
    const found = await store.get('products/round-trip.webp');
    expect(found?.contentType).toBe('image/webp');
    expect(Buffer.from(found!.body).equals(bytes)).toBe(true);
    expect(await store.get('products/missing.webp')).toBeNull();
    await expect(store.get('../escape.webp')).rejects.toThrow('not an image store key');
  });
});

describe('the S3-compatible picture store', () => {
  let s3: TestS3Server;
  let s3App: TestApp;

  beforeAll(async () => {
    s3 = await startTestS3Server();
    s3App = await createTestApp({ ...s3.env(), DATA_DIR: dataDir }, { database: t.database });
  });
  afterAll(async () => {
    await s3App?.close();
    await s3?.close();
  });

  it('stores, serves and deletes pictures in the bucket under the same /uploads addresses', async () => {
    const res = await upload(s3App.app, form(await photo('webp', 500, 500), 'p.webp'));
    expect(res.statusCode).toBe(201);
    const image: string = res.json().image;
    const key = image.replace('/uploads/', '');
    const bucket = s3.buckets.get('store-pictures')!;
    expect([...bucket.keys()].sort()).toEqual(
      [key, key.replace('.webp', '-detail.webp'), key.replace('.webp', '-thumb.webp')].sort(),
    );
    const served = await s3App.app.inject({ url: image.replace('.webp', '-thumb.webp') });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await sharp(served.rawPayload).metadata()).width).toBe(400);
    expect((await s3App.app.inject({ url: '/uploads/products/../../secret.jpg' })).statusCode).toBe(404);
    const del = await s3App.app.inject({
      method: 'DELETE',
      url: `/api/upload/${image.split('/').pop()}`,
      headers: { cookie: admin.cookie },
    });
    expect(del.statusCode).toBe(200);
    expect(bucket.size).toBe(0);
    expect(s3.requests.filter((r) => r.status === 403)).toEqual([]);
  });

  it("still serves a demo picture that a store seeded before kept on this server's disk", async () => {
    const picture = await photo('webp', 40, 40);
    await new LocalImageStore(path.join(dataDir, 'uploads')).put('demo/legacy-roses-thumb.webp', picture);
    const res = await s3App.app.inject({ url: '/uploads/demo/legacy-roses-thumb.webp' });
    expect([res.statusCode, res.headers['content-type'], res.headers['cache-control']]).toEqual([
      200,
      'image/webp',
      'public, max-age=86400',
    ]);
    expect(res.rawPayload.equals(picture)).toBe(true);
    expect((await s3App.app.inject({ url: '/uploads/demo/missing-roses-thumb.webp' })).statusCode).toBe(404);
    expect((await s3App.app.inject({ url: '/uploads/demo/..%2F..%2Fstore.lock' })).statusCode).toBe(404);
  });

  it('is refused by the bucket when its key is wrong, and says so instead of storing nothing', async () => {
    const wrongKey = await createTestApp(
      { ...s3.env(), S3_SECRET_ACCESS_KEY: 'not-the-secret', DATA_DIR: dataDir },
      { database: t.database },
    );
    try {
      const res = await upload(wrongKey.app, form(await photo('webp', 300, 300), 'p.webp'));
      expect(res.statusCode).toBe(500);
      expect(s3.requests.at(-1)).toMatchObject({ method: 'PUT', status: 403 });
      expect(s3.buckets.get('store-pictures')!.size).toBe(0);
    } finally {
      await wrongKey.close();
    }
  });
});
