import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTestApp } from './harness.ts';

const ctx = await createTestApp();
const { app, deps } = ctx;

const SIZE = 100_000;
const bytes = crypto.randomBytes(SIZE);
// An avatar folder: public to everyone, so these tests are about serving alone (media-access.test.ts checks who may).
const key = `avatars/1/${crypto.randomBytes(8).toString('hex')}.mp4`;
const url = await deps.storage.put(key, bytes, 'video/mp4');

/** The headers every served file carries, whole or in part. */
function expectSafeHeaders(headers: Record<string, unknown>) {
  expect(headers['content-type']).toBe('video/mp4');
  expect(headers['accept-ranges']).toBe('bytes');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['content-security-policy']).toBe("default-src 'none'; sandbox");
  expect(headers['cross-origin-resource-policy']).toBe('same-origin');
  expect(headers['cache-control']).toBe('public, max-age=31536000, immutable');
}

async function get(range?: string, method: 'GET' | 'HEAD' = 'GET') {
  return app.inject({ method, url, headers: range === undefined ? {} : { range } });
}

describe('the media route (local storage)', () => {
  it('serves the whole file, saying it takes byte ranges', async () => {
    expect(url).toBe(`/media/${key}`);
    const res = await get();
    expect(res.statusCode).toBe(200);
    expectSafeHeaders(res.headers);
    expect(res.headers['content-length']).toBe(String(SIZE));
    expect(res.headers['content-range']).toBeUndefined();
    expect(res.rawPayload.equals(bytes)).toBe(true);
  });

  it('answers one range with 206: first bytes, an open end, a suffix', async () => {
    const cases: Array<[string, number, number]> = [
      ['bytes=0-99', 0, 99],
      ['bytes=99900-', 99_900, SIZE - 1],
      ['bytes=-100', SIZE - 100, SIZE - 1],
      ['bytes=50000-50000', 50_000, 50_000],
      // An end past the file is cut to its last byte; a suffix longer than the file is all of it.
      ['bytes=99990-200000', 99_990, SIZE - 1],
      ['bytes=-300000', 0, SIZE - 1],
    ];
    for (const [range, start, end] of cases) {
      const res = await get(range);
      expect(res.statusCode, range).toBe(206);
      expectSafeHeaders(res.headers);
      expect(res.headers['content-range'], range).toBe(`bytes ${start}-${end}/${SIZE}`);
      expect(res.headers['content-length'], range).toBe(String(end - start + 1));
      expect(res.rawPayload.length, range).toBe(end - start + 1);
      expect(res.rawPayload.equals(bytes.subarray(start, end + 1)), range).toBe(true);
    }
  });

  it('answers 416 with the size for a range that starts past the end', async () => {
    for (const range of ['bytes=200000-', `bytes=${SIZE}-${SIZE + 10}`, 'bytes=-0']) {
      const res = await get(range);
      expect(res.statusCode, range).toBe(416);
      expect(res.headers['content-range'], range).toBe(`bytes */${SIZE}`);
      expect(res.rawPayload.length, range).toBe(0);
    }
  });

  it('serves the whole file for a malformed header or several ranges', async () => {
    for (const range of ['bytes=abc', 'items=0-99', 'bytes=100-50', 'bytes=-', 'bytes=0-99,200-299', '0-99']) {
      const res = await get(range);
      expect(res.statusCode, range).toBe(200);
      expect(res.headers['content-range'], range).toBeUndefined();
      expect(res.headers['content-length'], range).toBe(String(SIZE));
      expect(res.rawPayload.equals(bytes), range).toBe(true);
    }
  });

  it('answers HEAD with the headers a GET would carry and no body', async () => {
    const whole = await get(undefined, 'HEAD');
    expect(whole.statusCode).toBe(200);
    expectSafeHeaders(whole.headers);
    expect(whole.headers['content-length']).toBe(String(SIZE));
    expect(whole.rawPayload.length).toBe(0);

    const part = await get('bytes=0-99', 'HEAD');
    expect(part.statusCode).toBe(206);
    expectSafeHeaders(part.headers);
    expect(part.headers['content-range']).toBe(`bytes 0-99/${SIZE}`);
    expect(part.headers['content-length']).toBe('100');
    expect(part.rawPayload.length).toBe(0);
  });

  it('answers 404 for a missing file and for a key that is no storage key', async () => {
    for (const missing of ['/media/events/1/nothing-here.mp4', '/media/events/1/../../secret.mp4', '/media/events/1/x.html', '/media/']) {
      const res = await app.inject({ method: 'GET', url: missing });
      expect(res.statusCode, missing).toBe(404);
      expect(res.json()).toMatchObject({ error: { code: 'not_found' } });
    }
    expect((await app.inject({ method: 'HEAD', url: '/media/events/1/nothing-here.mp4' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/media/events/1/nothing-here.mp4', headers: { range: 'bytes=0-1' } })).statusCode).toBe(404);
  });

  it('serves ranges and HEAD over a real connection too', async () => {
    const origin = await app.listen({ port: 0, host: '127.0.0.1' });
    const part = await fetch(`${origin}${url}`, { headers: { range: 'bytes=1000-1999' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 1000-1999/${SIZE}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(1000, 2000))).toBe(true);
    const head = await fetch(`${origin}${url}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(SIZE));
    expect((await head.arrayBuffer()).byteLength).toBe(0);
    // The connection is still usable after a HEAD (no stray body on it).
    const whole = await fetch(`${origin}${url}`);
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('types other media by extension', async () => {
    const imageKey = `avatars/1/${crypto.randomBytes(8).toString('hex')}.webp`;
    await deps.storage.put(imageKey, Buffer.from('RIFF0000WEBP'), 'image/webp');
    const res = await app.inject({ method: 'GET', url: `/media/${imageKey}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.body).toBe('RIFF0000WEBP');
  });
});
