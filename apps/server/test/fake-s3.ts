import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Readable } from 'node:stream';
import { afterAll } from 'vitest';
import { S3StorageProvider } from '../src/providers/storage/s3-storage.ts';

/**
 * A small S3-compatible store: path-style `/<bucket>/<key>`, PUT, GET (with one Range), HEAD and
 * DELETE. It checks every request's SigV4 signature (header or presigned query) like S3 does, so
 * a presigned PUT whose signed Content-Length or Content-Type differs from the request's fails.
 */
interface StoredObject {
  body: Buffer;
  contentType: string;
}

interface SeenRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  presigned: boolean;
}

export const BUCKET = 'planns-media';
const ACCESS_KEY = 'PLANNSTESTKEY';
const SECRET_KEY = 'planns-test-secret';
const REGION = 'us-east-1';

const sha256 = (data: string | Buffer) => crypto.createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => crypto.createHmac('sha256', key).update(data).digest();
/** RFC 3986 encoding, as SigV4 wants it. */
const uriEncode = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The SigV4 signature of a request, given the parts the client said it signed. */
function signature(req: http.IncomingMessage, url: URL, o: { amzDate: string; scope: string; signedHeaders: string; payloadHash: string }): string {
  const query = [...url.searchParams.entries()]
    .filter(([k]) => k !== 'X-Amz-Signature')
    .map(([k, v]) => [uriEncode(k), uriEncode(v)] as const)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const headers = o.signedHeaders
    .split(';')
    .map((name) => `${name}:${String(req.headers[name] ?? '').trim().replace(/\s+/g, ' ')}\n`)
    .join('');
  const canonical = [req.method, url.pathname, query, headers, o.signedHeaders, o.payloadHash].join('\n');
  const [date, region, service] = o.scope.split('/') as [string, string, string];
  const key = hmac(hmac(hmac(hmac(`AWS4${SECRET_KEY}`, date), region), service), 'aws4_request');
  return hmac(key, ['AWS4-HMAC-SHA256', o.amzDate, o.scope, sha256(canonical)].join('\n')).toString('hex');
}

/** Null when the request is signed right, else the S3 error code to answer. */
function checkSignature(req: http.IncomingMessage, url: URL, body: Buffer): string | null {
  const q = url.searchParams;
  let given: string;
  let parts: { amzDate: string; scope: string; signedHeaders: string; payloadHash: string };
  if (q.has('X-Amz-Signature')) {
    const [accessKey, ...scope] = (q.get('X-Amz-Credential') ?? '').split('/');
    if (accessKey !== ACCESS_KEY) return 'InvalidAccessKeyId';
    const amzDate = q.get('X-Amz-Date') ?? '';
    const signedAt = Date.parse(amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'));
    if (!(signedAt + Number(q.get('X-Amz-Expires')) * 1000 > Date.now())) return 'AccessDenied';
    given = q.get('X-Amz-Signature')!;
    parts = { amzDate, scope: scope.join('/'), signedHeaders: q.get('X-Amz-SignedHeaders') ?? '', payloadHash: 'UNSIGNED-PAYLOAD' };
  } else {
    const m = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/([^,]+), ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]+)$/.exec(req.headers.authorization ?? '');
    if (!m) return 'AccessDenied';
    if (m[1] !== ACCESS_KEY) return 'InvalidAccessKeyId';
    const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
    if (/^[0-9a-f]{64}$/.test(payloadHash) && payloadHash !== sha256(body)) return 'XAmzContentSHA256Mismatch';
    given = m[4]!;
    parts = { amzDate: String(req.headers['x-amz-date'] ?? ''), scope: m[2]!, signedHeaders: m[3]!, payloadHash };
  }
  // The host is always signed; a presigned PUT made here also signs content-length and content-type.
  if (!parts.signedHeaders.split(';').includes('host')) return 'AccessDenied';
  return signature(req, url, parts) === given ? null : 'SignatureDoesNotMatch';
}

const ERROR_STATUS: Record<string, number> = {
  AccessDenied: 403,
  InvalidAccessKeyId: 403,
  SignatureDoesNotMatch: 403,
  XAmzContentSHA256Mismatch: 400,
  NoSuchBucket: 404,
  NoSuchKey: 404,
  InvalidRange: 416,
  MethodNotAllowed: 405,
};

function createFakeS3() {
  const objects = new Map<string, StoredObject>();
  const seen: SeenRequest[] = [];
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req as Readable) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(req.url ?? '/', 'http://fake-s3');
    const fail = (code: string) => {
      res.writeHead(ERROR_STATUS[code] ?? 400, { 'content-type': 'application/xml' });
      res.end(req.method === 'HEAD' ? undefined : `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`);
    };
    const [, bucket, ...keyParts] = url.pathname.split('/');
    const key = decodeURIComponent(keyParts.join('/'));
    seen.push({ method: req.method ?? '', path: url.pathname, headers: req.headers, presigned: url.searchParams.has('X-Amz-Signature') });
    const bad = checkSignature(req, url, body);
    if (bad) return fail(bad);
    if (bucket !== BUCKET) return fail('NoSuchBucket');
    if (req.method === 'PUT') {
      if (body.length !== Number(req.headers['content-length'])) return fail('IncompleteBody');
      objects.set(key, { body, contentType: req.headers['content-type'] ?? 'binary/octet-stream' });
      res.writeHead(200, { etag: `"${crypto.createHash('md5').update(body).digest('hex')}"` });
      return res.end();
    }
    if (req.method === 'DELETE') {
      objects.delete(key);
      res.writeHead(204);
      return res.end();
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return fail('MethodNotAllowed');
    const object = objects.get(key);
    if (!object) return fail('NoSuchKey');
    const size = object.body.length;
    const range = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? '');
    if (!range) {
      res.writeHead(200, { 'content-type': object.contentType, 'content-length': size, 'accept-ranges': 'bytes' });
      return res.end(req.method === 'HEAD' ? undefined : object.body);
    }
    const start = range[1] === '' ? Math.max(0, size - Number(range[2])) : Number(range[1]);
    const end = range[1] === '' || range[2] === '' ? size - 1 : Math.min(Number(range[2]), size - 1);
    if (start >= size) return fail('InvalidRange');
    res.writeHead(206, { 'content-type': object.contentType, 'content-length': end - start + 1, 'content-range': `bytes ${start}-${end}/${size}` });
    return res.end(req.method === 'HEAD' ? undefined : object.body.subarray(start, end + 1));
  });
  return { server, objects, seen };
}

export type FakeS3 = ReturnType<typeof createFakeS3> & { endpoint: string };

/** The fake store listening on a free port, closed after the test file. Call it at the top level of the file. */
export async function startFakeS3(): Promise<FakeS3> {
  const fake = createFakeS3();
  await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
  afterAll(async () => {
    fake.server.closeAllConnections();
    await new Promise((resolve) => fake.server.close(resolve));
  });
  return { ...fake, endpoint: `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}` };
}

/** The s3 provider on the fake store. */
export function fakeS3Storage(endpoint: string, presignSeconds: number): S3StorageProvider {
  return new S3StorageProvider({
    bucket: BUCKET,
    region: REGION,
    endpoint,
    credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: SECRET_KEY },
    forcePathStyle: true,
    presignSeconds,
  });
}

/** The environment of an app whose storage is the fake store (createTestApp's env, with fakeS3Storage as its storage). */
export function fakeS3Env(endpoint: string, presignSeconds: number): Record<string, string> {
  return {
    STORAGE_PROVIDER: 's3',
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: endpoint,
    S3_FORCE_PATH_STYLE: 'true',
    S3_ACCESS_KEY_ID: ACCESS_KEY,
    S3_SECRET_ACCESS_KEY: SECRET_KEY,
    S3_PRESIGN_SECONDS: String(presignSeconds),
  };
}
