import zlib from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { compress, pickEncoding, registerCompression } from './compression.ts';

describe('compression', () => {
  it('picks zstd, else brotli, else gzip, honouring q=0', () => {
    expect(pickEncoding(undefined)).toBeNull();
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('zstd');
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip, br, zstd;q=0')).toBe('br');
    expect(pickEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding('*')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0.0')).toBeNull();
  });

  it('compresses JSON and pages above 1 KiB in one call; small answers, streams and what asks for none stay as they are', async () => {
    const app = Fastify();
    registerCompression(app);
    const big = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Event ${i}` })) };
    app.get('/big', async () => big);
    app.get('/small', async () => ({ ok: true }));
    app.get('/page', async (_request, reply) => reply.type('text/html; charset=utf-8').send(`<p>${'planns '.repeat(400)}</p>`));
    app.get('/picture', async (_request, reply) => reply.type('image/webp').send(Buffer.alloc(4096, 7)));
    const br = await app.inject({ method: 'GET', url: '/big', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(big);
    const zs = await app.inject({ method: 'GET', url: '/big', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(zs.headers['content-encoding']).toBe('zstd');
    expect(JSON.parse(zlib.zstdDecompressSync(zs.rawPayload).toString())).toEqual(big);
    const gz = await app.inject({ method: 'GET', url: '/page', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toContain('planns planns');
    const none = await app.inject({ method: 'GET', url: '/big' });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.headers.vary).toBe('Accept-Encoding');
    expect(none.json()).toEqual(big);
    expect((await app.inject({ method: 'GET', url: '/small', headers: { 'accept-encoding': 'br' } })).headers['content-encoding']).toBeUndefined();
    expect((await app.inject({ method: 'GET', url: '/picture', headers: { 'accept-encoding': 'br' } })).headers['content-encoding']).toBeUndefined();
    await app.close();
  });

  it('gives back the same bytes whatever the body\'s size, zstd sized to it (decision 0050)', async () => {
    // Sizes around the windows' and tables' edges, of text like an events page's.
    for (const length of [1_500, 65_536, 200_000, 1_100_000]) {
      let text = '';
      for (let i = 0; text.length < length; i += 1) text += JSON.stringify({ id: i, name: `Event ${(i * 7919) % 1000}`, at: 1_700_000_000 + i * 37 }) + ',';
      const body = Buffer.from(text.slice(0, length));
      expect(zlib.zstdDecompressSync(await compress(body, 'zstd')).equals(body)).toBe(true);
      expect(zlib.brotliDecompressSync(await compress(body, 'br')).equals(body)).toBe(true);
      expect(zlib.gunzipSync(await compress(body, 'gzip')).equals(body)).toBe(true);
    }
  });
});
