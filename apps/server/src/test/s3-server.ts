import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How far a request's X-Amz-Date may be from the server's clock, as S3 allows. */
const MAX_CLOCK_SKEW_MS = 15 * 60 * 1000;
const AUTHORIZATION =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/;

export interface S3Object {
  body: Buffer;
  contentType: string;
  cacheControl: string | undefined;
}

export interface S3Request {
  method: string;
  bucket: string;
  key: string;
  /** The status the server answered; 0 when the test cut the connection. */
  status: number;
}

export interface TestS3Server {
  /** The endpoint, for S3_ENDPOINT. */
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** bucket → key → object. */
  buckets: Map<string, Map<string, S3Object>>;
  /** Every request received, in order. */
  requests: S3Request[];
  /** When it answers true for a request, the connection is cut before the request is served. */
  cutConnection: ((req: S3Request) => boolean) | undefined;
  /** The environment that points the store at this server's first bucket. */
  env(): Record<string, string>;
  close(): Promise<void>;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
const rfc3986 = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function fail(res: ServerResponse, status: number, code: string, message: string, head = false): void {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(
    head
      ? undefined
      : `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`,
  );
}

/**
 * An S3-compatible server for tests, in memory: path-style PUT, GET, HEAD and DELETE of objects in
 * the buckets it was given, each request checked against its AWS Signature Version 4 (header form)
 * as S3 checks it: the credential's key and scope, the signed headers, the date, and the payload's
 * hash when one is sent instead of UNSIGNED-PAYLOAD. Anything else is refused as S3 refuses it.
 */
export async function startTestS3Server(
  options: { buckets?: string[]; region?: string; accessKeyId?: string; secretAccessKey?: string } = {},
): Promise<TestS3Server> {
  const region = options.region ?? 'ap-south-1';
  const accessKeyId = options.accessKeyId ?? 'AKIATESTSTORE0000001';
  const secretAccessKey = options.secretAccessKey ?? 'test-secret-key-for-the-fake-s3-server';
  const buckets = new Map((options.buckets ?? ['store-pictures']).map((b) => [b, new Map<string, S3Object>()]));
  const requests: S3Request[] = [];

  const verify = (req: IncomingMessage, path: string, query: string, body: Buffer): string | undefined => {
    const auth = AUTHORIZATION.exec(String(req.headers.authorization ?? ''));
    if (!auth) return 'AccessDenied: no AWS4-HMAC-SHA256 authorization';
    const [, keyId, day, scopeRegion, signedHeaderList, signature] = auth as unknown as string[];
    if (keyId !== accessKeyId) return 'InvalidAccessKeyId';
    if (scopeRegion !== region) return `AuthorizationHeaderMalformed: region ${scopeRegion}, expected ${region}`;
    const amzDate = String(req.headers['x-amz-date'] ?? '');
    const when = Date.parse(amzDate.replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/, '$1-$2-$3T$4:$5:$6Z'));
    if (Number.isNaN(when) || !amzDate.startsWith(day!)) return 'AccessDenied: bad X-Amz-Date';
    if (Math.abs(Date.now() - when) > MAX_CLOCK_SKEW_MS) return 'RequestTimeTooSkewed';
    const signed = signedHeaderList!.split(';');
    for (const required of ['host', 'x-amz-date', 'x-amz-content-sha256']) {
      if (!signed.includes(required)) return `AccessDenied: ${required} is not signed`;
    }
    const payloadHash = String(req.headers['x-amz-content-sha256']);
    if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256(body)) return 'XAmzContentSHA256Mismatch';
    const canonicalQuery = [...new URLSearchParams(query)]
      .map(([k, v]) => [rfc3986(k), rfc3986(v)])
      .sort(([a], [b]) => (a! < b! ? -1 : a! > b! ? 1 : 0))
      .map(([k, v]) => `${k}=${v}`)
      .join('&');
    const canonicalPath = path
      .split('/')
      .map((segment) => rfc3986(decodeURIComponent(segment)))
      .join('/');
    const canonicalHeaders = signed
      .map(
        (name) =>
          `${name}:${String(req.headers[name] ?? '')
            .trim()
            .replace(/\s+/g, ' ')}\n`,
      )
      .join('');
    const canonicalRequest = [
      req.method,
      canonicalPath,
      canonicalQuery,
      canonicalHeaders,
      signedHeaderList,
      payloadHash,
    ].join('\n');
    const scope = `${day}/${region}/s3/aws4_request`;
    const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
    const signingKey = hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, day!), region), 's3'), 'aws4_request');
    const expected = Buffer.from(hmac(signingKey, stringToSign).toString('hex'));
    const given = Buffer.from(signature!);
    return given.length === expected.length && timingSafeEqual(given, expected) ? undefined : 'SignatureDoesNotMatch';
  };

  const handle = (req: IncomingMessage, res: ServerResponse, body: Buffer) => {
    const [path = '/', query = ''] = (req.url ?? '/').split('?');
    const [, bucketName = '', ...keyParts] = path.split('/');
    const key = keyParts.map(decodeURIComponent).join('/');
    const method = req.method ?? 'GET';
    const seen: S3Request = { method, bucket: bucketName, key, status: 0 };
    requests.push(seen);
    if (server.cutConnection?.(seen)) {
      req.socket.destroy();
      return;
    }
    const answer = (status: number) => (seen.status = status);
    const head = method === 'HEAD';
    const refused = verify(req, path, query, body);
    if (refused) {
      const code = refused.split(':')[0]!;
      return fail(res, answer(code === 'XAmzContentSHA256Mismatch' ? 400 : 403), code, refused, head);
    }
    const bucket = buckets.get(bucketName);
    if (!bucket) return fail(res, answer(404), 'NoSuchBucket', bucketName, head);
    if (!key) return fail(res, answer(405), 'MethodNotAllowed', 'only objects are served', head);
    if (method === 'PUT') {
      bucket.set(key, {
        body,
        contentType: String(req.headers['content-type'] ?? 'binary/octet-stream'),
        cacheControl: req.headers['cache-control'],
      });
      res.writeHead(answer(200), { etag: `"${createHash('md5').update(body).digest('hex')}"` });
      return res.end();
    }
    if (method === 'DELETE') {
      bucket.delete(key);
      res.writeHead(answer(204));
      return res.end();
    }
    if (method !== 'GET' && !head) return fail(res, answer(405), 'MethodNotAllowed', method, head);
    const found = bucket.get(key);
    if (!found) return fail(res, answer(404), 'NoSuchKey', key, head);
    res.writeHead(answer(200), {
      'content-type': found.contentType,
      'content-length': found.body.length,
      etag: `"${createHash('md5').update(found.body).digest('hex')}"`,
      ...(found.cacheControl ? { 'cache-control': found.cacheControl } : {}),
    });
    res.end(head ? undefined : found.body);
  };

  const http: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => handle(req, res, Buffer.concat(chunks)));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const server: TestS3Server = {
    endpoint,
    region,
    accessKeyId,
    secretAccessKey,
    buckets,
    requests,
    cutConnection: undefined,
    env: () => ({
      IMAGE_STORE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: [...buckets.keys()][0]!,
      S3_REGION: region,
      S3_ACCESS_KEY_ID: accessKeyId,
      S3_SECRET_ACCESS_KEY: secretAccessKey,
    }),
    close: () =>
      new Promise<void>((resolve, reject) => {
        http.closeAllConnections();
        http.close((err) => (err ? reject(err) : resolve()));
      }),
  };
  return server;
}
