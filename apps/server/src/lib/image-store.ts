import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AwsClient } from 'aws4fetch';
import type { Config } from '../config.js';

/**
 * Keys are `folder/name.ext`, made by the server; nothing a client sends becomes a key unchecked.
 * A demo picture's name carries the hash of its bytes (`red-roses.0a1b2c3d4e-thumb.webp`, ADR 042).
 */
export const STORE_KEY = /^[a-z]+\/[A-Za-z0-9_-]+(?:\.[0-9a-f]{10}[A-Za-z0-9_-]*)?\.(?:jpg|png|webp|avif)$/;

/** Where seeding puts the demo catalogue's pictures; uploads go to `products`. */
export const DEMO_PICTURES_FOLDER = 'demo';

/**
 * A picture whose name changes whenever its content does: an upload's uuid, or a demo picture's
 * content hash (`<slug>.<hash>-detail.webp`, given at seeding; ADR 042).
 */
const NEVER_CHANGES =
  /(?:\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\.[0-9a-f]{10})(?:-thumb|-detail)?\.(?:jpg|png|webp|avif)$/;

/** Cached for a year when its name says it never changes; anything else (a demo picture seeded before names had hashes) daily. */
export function pictureCacheControl(pathOrKey: string): string {
  return NEVER_CHANGES.test(pathOrKey) ? 'public, max-age=31536000, immutable' : 'public, max-age=86400';
}

export interface StoredImage {
  body: ArrayBuffer;
  contentType: string;
}

/** Where uploaded pictures live: this server's disk, or an S3-compatible bucket shared by many servers. */
export interface ImageStore {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Null when there is no such picture. */
  get(key: string): Promise<StoredImage | null>;
  /** Whether the picture is there, without fetching it. */
  has(key: string): Promise<boolean>;
  /** False when there was nothing to delete. */
  delete(key: string): Promise<boolean>;
}

const IMAGE_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
};

function checkKey(key: string): string {
  if (!STORE_KEY.test(key)) throw new Error(`not an image store key: ${key}`);
  return key;
}

export class LocalImageStore implements ImageStore {
  readonly kind = 'local';

  constructor(private readonly root: string) {}

  private file(key: string) {
    return path.join(this.root, checkKey(key));
  }

  async put(key: string, body: Buffer): Promise<void> {
    const file = this.file(key);
    await mkdir(path.dirname(file), { recursive: true });
    // Written aside and renamed, so a reader never sees half a picture.
    const tmp = `${file}.${process.pid}.tmp`;
    await writeFile(tmp, body);
    await rename(tmp, file);
  }

  /** Pages get these pictures from the static file handler; this is for code that needs the bytes. */
  async get(key: string): Promise<StoredImage | null> {
    try {
      const body = await readFile(this.file(key));
      const type = IMAGE_TYPES[path.extname(key).slice(1)] ?? 'application/octet-stream';
      return {
        body: body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength) as ArrayBuffer,
        contentType: type,
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async has(key: string): Promise<boolean> {
    return stat(this.file(key)).then(
      () => true,
      () => false,
    );
  }

  async delete(key: string): Promise<boolean> {
    const existed = await this.has(key);
    await rm(this.file(key), { force: true });
    return existed;
  }
}

export interface S3Settings {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** Any S3-compatible store (AWS S3, Cloudflare R2, MinIO…), path-style, signed with SigV4. */
export class S3ImageStore implements ImageStore {
  readonly kind = 's3';
  private readonly client: AwsClient;
  private readonly base: string;

  constructor(s: S3Settings) {
    this.client = new AwsClient({
      accessKeyId: s.accessKeyId,
      secretAccessKey: s.secretAccessKey,
      region: s.region,
      service: 's3',
    });
    this.base = `${s.endpoint.replace(/\/+$/, '')}/${s.bucket}`;
  }

  private url(key: string) {
    return `${this.base}/${checkKey(key)}`;
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    const res = await this.client.fetch(this.url(key), {
      method: 'PUT',
      body: new Uint8Array(body),
      headers: { 'content-type': contentType, 'cache-control': 'public, max-age=31536000, immutable' },
    });
    if (!res.ok) throw new Error(`S3 PUT ${key} failed: ${res.status} ${await res.text()}`);
  }

  async get(key: string): Promise<StoredImage | null> {
    const res = await this.client.fetch(this.url(key));
    if (res.status === 404) return null;
    if (!res.ok) throw new Error(`S3 GET ${key} failed: ${res.status}`);
    return {
      body: await res.arrayBuffer(),
      contentType: res.headers.get('content-type') ?? 'application/octet-stream',
    };
  }

  async has(key: string): Promise<boolean> {
    const head = await this.client.fetch(this.url(key), { method: 'HEAD' });
    if (head.status === 404) return false;
    if (!head.ok) throw new Error(`S3 HEAD ${key} failed: ${head.status}`);
    return true;
  }

  async delete(key: string): Promise<boolean> {
    if (!(await this.has(key))) return false;
    const res = await this.client.fetch(this.url(key), { method: 'DELETE' });
    if (!res.ok && res.status !== 404) throw new Error(`S3 DELETE ${key} failed: ${res.status}`);
    return true;
  }
}

/** The store the configuration names: the server's, and seeding's, which must put pictures where the server reads them. */
export function imageStoreFor(config: Pick<Config, 'imageStore' | 's3' | 'uploadsDir'>): ImageStore {
  return config.imageStore === 's3' && config.s3 ? new S3ImageStore(config.s3) : new LocalImageStore(config.uploadsDir);
}
