import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PICTURES_DIR, DEMO_PRODUCTS, picturesOf } from '@store/demo-catalogue';
import { loadConfig } from '../config.js';
import { pincodes } from '../modules/pincodes/pincodes.table.js';
import { startTestS3Server, type TestS3Server } from '../test/s3-server.js';
import { createEmptyTestDatabase, createTestApp, testDatabaseKind } from '../test/test-app.js';
import { openDatabase } from './client.js';
import { prepareDatabase } from './prepare.js';

const PICTURE_FILES = DEMO_PRODUCTS.flatMap(picturesOf).length * 2;
/** Uploads the bucket takes before it drops every connection, in the first start cut short. */
const UPLOADS_BEFORE_THE_CUT = 10;

let s3: TestS3Server;
const closing: (() => Promise<unknown>)[] = [];
const tempDir = async (name: string) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), `store-${name}-`));
  closing.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
};

/** An empty database, as a first start finds it, and the start of a server with a disk of its own on it. */
async function firstStart() {
  const empty = await createEmptyTestDatabase();
  closing.push(() => empty.close());
  // The postal directory is someone else's test; with one PIN code in, the start skips loading it.
  await empty.database.db.insert(pincodes).values({ pincode: '560001', district: 'Bengaluru', state: 'Karnataka' });
  const dataDir = await tempDir('node-a');
  const config = loadConfig({ ...s3.env(), DATA_DIR: dataDir, SEED_DEMO: 'true', LOG_LEVEL: 'silent' });
  return { empty, dataDir, start: () => prepareDatabase(empty.database, config, pino({ level: 'silent' })) };
}

beforeAll(async () => {
  s3 = await startTestS3Server();
});
afterEach(() => {
  s3.cutConnection = undefined;
  s3.buckets.get('store-pictures')!.clear();
});
afterAll(async () => {
  for (const close of closing.reverse()) await close();
  await s3?.close();
});

/**
 * Each test seeds the demo catalogue and uploads its pictures to the S3 server in this process,
 * twice over in the second. Beside the browser suite on a two-core CI machine that took 14–30 s
 * (6 s alone), past the suite's 30 s default.
 */
const seedsWithPictures = { timeout: 90_000 };

describe(`the demo catalogue seeded with IMAGE_STORE=s3 on ${testDatabaseKind}`, seedsWithPictures, () => {
  it('has its pictures served by another server, with a disk of its own, on the same bucket and database', async () => {
    const nodeA = await firstStart();
    await expect(nodeA.start()).resolves.toEqual({ bulkLoaded: true });

    const { databaseUrl } = nodeA.empty;
    const database = databaseUrl ? await openDatabase({ databaseUrl, poolSize: 2 }) : nodeA.empty.database;
    if (databaseUrl) closing.push(() => database.close());
    const nodeB = await createTestApp({ ...s3.env(), DATA_DIR: await tempDir('node-b') }, { database, databaseUrl });
    closing.push(() => nodeB.close());
    const demo = DEMO_PRODUCTS.find((p) => (p.extraImages ?? 0) > 0)!;
    const listed = (await nodeB.app.inject({ url: `/api/products?keyword=${encodeURIComponent(demo.name)}` })).json();
    const summary = listed.products.find((p: { name: string }) => p.name === demo.name);
    const product = (await nodeB.app.inject({ url: `/api/products/${summary._id}` })).json();
    const urls: string[] = [
      product.optimizedImages.thumbnail,
      product.optimizedImages.detail,
      ...product.productImages,
    ];
    expect(urls).toHaveLength(2 + (demo.extraImages ?? 0));
    for (const url of urls) {
      const res = await nodeB.app.inject({ url });
      expect([url, res.statusCode, res.headers['content-type']]).toEqual([url, 200, 'image/webp']);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const shipped = path.basename(url).replace(/\.[0-9a-f]{10}-/, '-');
      expect(res.rawPayload.equals(await readFile(path.join(DEMO_PICTURES_DIR, shipped)))).toBe(true);
    }
    expect(s3.buckets.get('store-pictures')!.size).toBe(PICTURE_FILES);
    expect(existsSync(path.join(nodeA.dataDir, 'uploads', 'demo'))).toBe(false);

    // A restart of a seeded store asks the bucket nothing.
    const seeded = s3.requests.length;
    await expect(nodeA.start()).resolves.toEqual({ bulkLoaded: false });
    expect(s3.requests.length).toBe(seeded);
  });

  it('uploads only what the bucket lacks when a first start cut short by it is tried again', async () => {
    const nodeA = await firstStart();
    const bucket = s3.buckets.get('store-pictures')!;
    let uploads = 0;
    let cut = false;
    s3.cutConnection = (req) => (cut ||= req.method === 'PUT' && ++uploads > UPLOADS_BEFORE_THE_CUT);
    await expect(nodeA.start()).rejects.toThrow();
    s3.cutConnection = undefined;
    expect(bucket.size).toBe(UPLOADS_BEFORE_THE_CUT);

    const before = s3.requests.length;
    await expect(nodeA.start()).resolves.toEqual({ bulkLoaded: true });
    const retried = s3.requests.slice(before);
    expect(retried.filter((r) => r.method === 'PUT')).toHaveLength(PICTURE_FILES - UPLOADS_BEFORE_THE_CUT);
    expect(retried.filter((r) => r.method === 'HEAD')).toHaveLength(PICTURE_FILES);
    expect(retried.filter((r) => r.status !== 200 && !(r.method === 'HEAD' && r.status === 404))).toEqual([]);
    expect(bucket.size).toBe(PICTURE_FILES);
  });
});
