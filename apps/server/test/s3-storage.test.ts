import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { storageOrigins } from '../src/http/security.ts';
import { BUCKET, fakeS3Env, fakeS3Storage, startFakeS3 } from './fake-s3.ts';
import { createTestApp } from './harness.ts';

const fake = await startFakeS3();
const { endpoint } = fake;
const tmpDir = await fs.mkdtemp(path.join(os.tmpdir(), 'planns-s3-'));
afterAll(async () => {
  await fs.rm(tmpDir, { recursive: true, force: true });
});

const PRESIGN_SECONDS = 600;
const storage = fakeS3Storage(endpoint, PRESIGN_SECONDS);

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

const ctx = await createTestApp({ storage, env: fakeS3Env(endpoint, PRESIGN_SECONDS) });

describe('the media route with s3 storage', () => {
  it('redirects /media/<key> to a presigned URL on the store, which serves the bytes', async () => {
    // An avatar: public to everyone (media-access.test.ts checks the rest).
    const key = `avatars/7/${crypto.randomBytes(8).toString('hex')}.mp4`;
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
