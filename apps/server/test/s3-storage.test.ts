import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { storageOrigins } from '../src/http/security.ts';
import { S3StorageProvider } from '../src/providers/storage/s3-storage.ts';
import { createTestApp } from './harness.ts';

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

const BUCKET = 'planns-media';
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

function startFakeS3() {
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

const fake = startFakeS3();
await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
const endpoint = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
const tmpDir = await fs.mkdtemp(path.join(os.tmpdir(), 'planns-s3-'));
afterAll(async () => {
  fake.server.closeAllConnections();
  await new Promise((resolve) => fake.server.close(resolve));
  await fs.rm(tmpDir, { recursive: true, force: true });
});

const PRESIGN_SECONDS = 600;
const storage = new S3StorageProvider({
  bucket: BUCKET,
  region: REGION,
  endpoint,
  credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: SECRET_KEY },
  forcePathStyle: true,
  presignSeconds: PRESIGN_SECONDS,
});

const newKey = (ext: string) => `events/7/${crypto.randomBytes(8).toString('hex')}.${ext}`;

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

beforeEach(() => {
  fake.seen.length = 0;
});

describe('S3StorageProvider through the AWS SDK', () => {
  it('puts, reads whole and in part, deletes; a missing object reads as null', async () => {
    const key = newKey('webp');
    const body = crypto.randomBytes(10_000);
    expect(await storage.put(key, body, 'image/webp')).toBe(`/media/${key}`);
    expect(fake.objects.get(key)?.contentType).toBe('image/webp');
    expect(fake.objects.get(key)?.body.equals(body)).toBe(true);

    const whole = await storage.read(key);
    expect(whole?.size).toBe(10_000);
    expect((await readAll(whole!.stream)).equals(body)).toBe(true);

    const part = await storage.read(key, { start: 100, end: 199 });
    // The size is the whole object's, whatever range was read.
    expect(part?.size).toBe(10_000);
    expect((await readAll(part!.stream)).equals(body.subarray(100, 200))).toBe(true);
    expect(fake.seen.at(-1)?.headers.range).toBe('bytes=100-199');

    // A range past the end reads nothing (like a local file), still with the size.
    const past = await storage.read(key, { start: 20_000, end: 20_099 });
    expect(past?.size).toBe(10_000);
    expect((await readAll(past!.stream)).length).toBe(0);

    await storage.delete(key);
    expect(fake.objects.has(key)).toBe(false);
    expect(await storage.read(key)).toBeNull();
    expect(await storage.read(key, { start: 0, end: 9 })).toBeNull();
    // Deleting what is not there is fine.
    await storage.delete(key);
  });

  it('refuses keys that are no storage keys', async () => {
    await expect(storage.put('../etc/passwd', Buffer.from('x'), 'text/plain')).rejects.toThrow(/invalid storage key/);
    await expect(storage.presignGet('events/1/x.html')).rejects.toThrow(/invalid storage key/);
    await expect(storage.presignPut('Events/1/x.mp4', 'video/mp4', 1, 60)).rejects.toThrow(/invalid storage key/);
    expect(await storage.read('events/1/x.html')).toBeNull();
    expect(fake.seen).toHaveLength(0);
  });

  it('streams a file from disk with its length (putFile)', async () => {
    const file = path.join(tmpDir, 'clip.mp4');
    const content = crypto.randomBytes(5 * 1024 * 1024 + 123);
    await fs.writeFile(file, content);
    const key = newKey('mp4');
    expect(await storage.putFile(key, file, 'video/mp4')).toBe(`/media/${key}`);
    const put = fake.seen.find((r) => r.method === 'PUT');
    // Sent with its length, not chunked: any S3-compatible store takes it.
    expect(put?.headers['content-length']).toBe(String(content.length));
    expect(put?.headers['transfer-encoding']).toBeUndefined();
    // Streamed: the SDK signs the request but never reads the file to hash it.
    expect(put?.headers['x-amz-content-sha256']).toBe('UNSIGNED-PAYLOAD');
    expect(fake.objects.get(key)?.contentType).toBe('video/mp4');
    expect(fake.objects.get(key)?.body.equals(content)).toBe(true);
    // The source file stays in place.
    expect((await fs.stat(file)).size).toBe(content.length);
    const tail = await storage.read(key, { start: content.length - 10, end: content.length - 1 });
    expect(tail?.size).toBe(content.length);
    expect((await readAll(tail!.stream)).equals(content.subarray(-10))).toBe(true);
  });

  it('presigns a PUT that signs its size and type: the store takes exactly that upload', async () => {
    const key = newKey('mp4');
    const content = crypto.randomBytes(4096);
    const { url, headers } = await storage.presignPut(key, 'video/mp4', content.length, 300);
    expect(headers).toEqual({ 'content-type': 'video/mp4' });
    const signed = new URL(url);
    expect(signed.origin).toBe(endpoint);
    expect(signed.pathname).toBe(`/${BUCKET}/${key}`);
    expect(signed.searchParams.get('X-Amz-SignedHeaders')?.split(';')).toEqual(expect.arrayContaining(['content-length', 'content-type', 'host']));
    expect(signed.searchParams.get('X-Amz-Expires')).toBe('300');

    // Another size or another type: the signature no longer matches.
    const bigger = await fetch(url, { method: 'PUT', headers, body: Buffer.concat([content, Buffer.from('x')]) });
    expect(bigger.status).toBe(403);
    expect(await bigger.text()).toContain('SignatureDoesNotMatch');
    const html = await fetch(url, { method: 'PUT', headers: { 'content-type': 'text/html' }, body: content });
    expect(html.status).toBe(403);
    expect(fake.objects.has(key)).toBe(false);

    const ok = await fetch(url, { method: 'PUT', headers, body: content });
    expect(ok.status).toBe(200);
    const read = await storage.read(key);
    expect(read?.size).toBe(content.length);
    expect((await readAll(read!.stream)).equals(content)).toBe(true);
    expect(fake.objects.get(key)?.contentType).toBe('video/mp4');
  });

  it('presigns a GET that serves the object, and one that has expired does not', async () => {
    const key = newKey('jpg');
    const body = crypto.randomBytes(2048);
    await storage.put(key, body, 'image/jpeg');
    const url = await storage.presignGet(key);
    expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe(String(PRESIGN_SECONDS));
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await res.arrayBuffer()).equals(body)).toBe(true);

    const ranged = await fetch(url, { headers: { range: 'bytes=0-9' } });
    expect(ranged.status).toBe(206);
    expect(Buffer.from(await ranged.arrayBuffer()).equals(body.subarray(0, 10))).toBe(true);

    // The fake checks signatures for real: a tampered URL is refused.
    const tampered = new URL(url);
    tampered.searchParams.set('X-Amz-Expires', '604800');
    expect((await fetch(tampered)).status).toBe(403);
  });
});

const ctx = await createTestApp({
  storage,
  env: {
    STORAGE_PROVIDER: 's3',
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: endpoint,
    S3_FORCE_PATH_STYLE: 'true',
    S3_ACCESS_KEY_ID: ACCESS_KEY,
    S3_SECRET_ACCESS_KEY: SECRET_KEY,
    S3_PRESIGN_SECONDS: String(PRESIGN_SECONDS),
  },
});

describe('the media route with s3 storage', () => {
  it('redirects /media/<key> to a presigned URL on the store, which serves the bytes', async () => {
    const key = newKey('mp4');
    const body = crypto.randomBytes(3000);
    const mediaUrl = await ctx.deps.storage.put(key, body, 'video/mp4');
    for (const method of ['GET', 'HEAD'] as const) {
      const res = await ctx.app.inject({ method, url: mediaUrl });
      expect(res.statusCode).toBe(302);
      expect(res.headers['cache-control']).toBe(`private, max-age=${PRESIGN_SECONDS - 60}`);
      const location = String(res.headers.location);
      expect(location.startsWith(`${endpoint}/${BUCKET}/${key}?`)).toBe(true);
      const fetched = await fetch(location);
      expect(fetched.status).toBe(200);
      expect(Buffer.from(await fetched.arrayBuffer()).equals(body)).toBe(true);
    }
    // No file passes through planns: the route asked the store nothing.
    expect(fake.seen.filter((r) => !r.presigned).map((r) => r.method)).toEqual(['PUT']);
  });

  it('answers 404 itself for a key that is no storage key', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/media/events/1/x.html' });
    expect(res.statusCode).toBe(404);
  });

  it("lets the pages load media from and upload to the store's origin (CSP)", async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    for (const directive of ['img-src', 'media-src', 'connect-src']) {
      const sources = csp
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .find(([name]) => name === directive);
      expect(sources, directive).toContain(endpoint);
    }
    expect(csp).toMatch(/script-src 'self';/);
  });
});

describe('storageOrigins (the CSP sources for the store)', () => {
  const origins = (env: Record<string, string>) => storageOrigins(loadConfig({ STORAGE_PROVIDER: 's3', S3_BUCKET: 'media', ...env }));

  it('names AWS S3 in the region, virtual-hosted and path style', () => {
    expect(origins({ S3_REGION: 'eu-west-3' })).toEqual(['https://media.s3.eu-west-3.amazonaws.com', 'https://s3.eu-west-3.amazonaws.com']);
  });

  it("names the endpoint's origin, and the bucket's sub-domain of it unless path style", () => {
    expect(origins({ S3_ENDPOINT: 'https://acc.r2.cloudflarestorage.com' })).toEqual(['https://acc.r2.cloudflarestorage.com', 'https://media.acc.r2.cloudflarestorage.com']);
    expect(origins({ S3_ENDPOINT: 'http://minio:9000/', S3_FORCE_PATH_STYLE: 'true' })).toEqual(['http://minio:9000']);
  });

  it('names nothing for local storage', () => {
    expect(storageOrigins(loadConfig({}))).toEqual([]);
  });
});
