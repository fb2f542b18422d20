import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { registerCustomer, signInAsAdmin } from '../../test/accounts.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/test-app.js';
import { LocalImageStore } from '../../lib/image-store.js';

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
  let s3: Server;
  const objects = new Map<string, { body: Buffer; type: string }>();
  const unsigned: string[] = [];
  let s3App: TestApp;

  beforeAll(async () => {
    // A tiny S3 stand-in: keeps objects in memory and insists on SigV4-signed requests.
    s3 = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        if (!String(req.headers.authorization).startsWith('AWS4-HMAC-SHA256 Credential=test-key/')) {
          unsigned.push(req.url ?? '');
          return res.writeHead(403).end();
        }
        const key = req.url ?? '';
        const found = objects.get(key);
        if (req.method === 'PUT') {
          objects.set(key, { body: Buffer.concat(chunks), type: String(req.headers['content-type']) });
          return res.writeHead(200).end();
        }
        if (!found) return res.writeHead(404).end();
        if (req.method === 'DELETE') {
          objects.delete(key);
          return res.writeHead(204).end();
        }
        res.writeHead(200, { 'content-type': found.type, 'content-length': found.body.length });
        return res.end(req.method === 'HEAD' ? undefined : found.body);
      });
    });
    await new Promise<void>((resolve) => s3.listen(0, '127.0.0.1', resolve));
    s3App = await createTestApp(
      {
        IMAGE_STORE: 's3',
        S3_ENDPOINT: `http://127.0.0.1:${(s3.address() as AddressInfo).port}`,
        S3_BUCKET: 'store-pictures',
        S3_ACCESS_KEY_ID: 'test-key',
        S3_SECRET_ACCESS_KEY: 'test-secret',
      },
      { database: t.database },
    );
  });
  afterAll(async () => {
    await s3App?.close();
    await new Promise((resolve) => s3?.close(resolve));
  });

  it('stores, serves and deletes pictures in the bucket under the same /uploads addresses', async () => {
    const res = await upload(s3App.app, form(await photo('webp', 500, 500), 'p.webp'));
    expect(res.statusCode).toBe(201);
    const image: string = res.json().image;
    const key = `/store-pictures/${image.replace('/uploads/', '')}`;
    expect([...objects.keys()].sort()).toEqual(
      [key, key.replace('.webp', '-detail.webp'), key.replace('.webp', '-thumb.webp')].sort(),
    );
    const served = await s3App.app.inject({ url: image.replace('.webp', '-thumb.webp') });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect((await sharp(served.rawPayload).metadata()).width).toBe(400);
    expect((await s3App.app.inject({ url: '/uploads/products/../../secret.jpg' })).statusCode).toBe(404);
    const del = await s3App.app.inject({
      method: 'DELETE',
      url: `/api/upload/${image.split('/').pop()}`,
      headers: { cookie: admin.cookie },
    });
    expect(del.statusCode).toBe(200);
    expect(objects.size).toBe(0);
    expect(unsigned).toEqual([]);
  });
});
