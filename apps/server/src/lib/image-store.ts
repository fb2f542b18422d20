import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AwsClient } from 'aws4fetch';

/** Keys are `folder/name.ext`, made by the server; nothing a client sends becomes a key unchecked. */
export const STORE_KEY = /^[a-z]+\/[A-Za-z0-9_-]+\.(?:jpg|png|webp|avif)$/;

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

  async delete(key: string): Promise<boolean> {
    const file = this.file(key);
    const existed = await stat(file).then(
      () => true,
      () => false,
    );
    await rm(file, { force: true });
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

  async delete(key: string): Promise<boolean> {
    const head = await this.client.fetch(this.url(key), { method: 'HEAD' });
    if (head.status === 404) return false;
    const res = await this.client.fetch(this.url(key), { method: 'DELETE' });
    if (!res.ok && res.status !== 404) throw new Error(`S3 DELETE ${key} failed: ${res.status}`);
    return true;
  }
}
