import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Answers that compress are compressed (issue 16): an API answer or page above THRESHOLD bytes,
 * to the browsers that accept it, zstd (level 3), else brotli (quality 4), else gzip (level 6).
 * zstd first: on a 100-event page (190 KB of JSON) it took 0.19 ms for 14.2 KB where brotli 4 took
 * 0.77 ms for 13.2 KB and gzip 6 0.96 ms for 14.1 KB (this machine); Chrome and Firefox accept it.
 *
 * In one call on the whole body, in libuv's thread pool: @fastify/compress, used before, pushed
 * each body through a stream of zlib chunks, which bench:events measured at about 10 ms of the
 * server's CPU for a 100-event page (0.3 ms without compression): the events list could not pass
 * 150 answers a second. Streams (static files, which the build precompressed, media, downloads)
 * and answers that carry their own encoding are left alone.
 */
const THRESHOLD = 1024;
const COMPRESSIBLE = /^(?:application\/(?:json|javascript|xml|[\w.+-]+\+json)|text\/|image\/svg\+xml)/i;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/**
 * Node 22.15 and later (the pinned Node 24 has it). In the calling thread: 0.23 ms of CPU for a
 * 100-event page where the thread pool's call took 0.45 ms (handing 16 KB chunks back and forth);
 * brotli and gzip, four to five times slower, stay in the pool.
 */
const zstdSync = typeof zlib.zstdCompressSync === 'function' ? zlib.zstdCompressSync : null;

export type Encoding = 'zstd' | 'br' | 'gzip';

/** The encoding to use for this Accept-Encoding: zstd, else br, else gzip, else none (a q=0 refuses one). */
export function pickEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((p) => /^\s*q\s*=\s*0(?:\.0*)?\s*$/.test(p));
    if (name && !refused) accepted.add(name.trim());
  }
  if (zstdSync && accepted.has('zstd')) return 'zstd';
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

/**
 * zstd's options for a body of `length` bytes. Each call's compressor is allocated and freed with
 * it, and the server's allocator settings (decision 0022) map and unmap every block above 128 KB,
 * so its tables are faulted in and cleared again for every answer. Given the body's size
 * (pledgedSrcSize), zstd fits its window to it, and its two hash tables are held to 2^14 entries
 * (level 3 takes 2^17 and 2^16 for a 200 KB body): the same bytes within a few tens, a fifth less
 * CPU (decision 0050).
 */
const zstdOptions = (length: number): zlib.ZstdOptions => ({
  params: { [zlib.constants.ZSTD_c_compressionLevel]: 3, [zlib.constants.ZSTD_c_hashLog]: 14, [zlib.constants.ZSTD_c_chainLog]: 14 },
  pledgedSrcSize: length,
});

/** `bytes` compressed in `encoding`, as every answer is (zstd 3 in this thread, brotli 4 and gzip 6 in the pool). */
export async function compress(bytes: Buffer, encoding: Encoding): Promise<Buffer> {
  if (encoding === 'zstd' && zstdSync) return zstdSync(bytes, zstdOptions(bytes.length));
  if (encoding === 'br') {
    return brotli(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    });
  }
  return gzip(bytes, { level: 6 });
}

/** Whether the hook compresses this answer at all (not for HEAD, small answers, or what does not compress). */
function compressible(request: FastifyRequest, reply: FastifyReply, length: number): boolean {
  if (request.method === 'HEAD' || reply.getHeader('content-encoding')) return false;
  return length >= THRESHOLD && COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''));
}

function varyOnEncoding(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
}

/**
 * For a body many requests share (GET seats): what to send, its compressed copy in the encoding
 * the hook would choose taken from `encoded` (kept with the body, so compressed once), with the
 * headers the hook would set; the hook then leaves it alone (it carries its encoding). An answer
 * that is not compressed is left to the hook as any other.
 */
export async function sendShared(request: FastifyRequest, reply: FastifyReply, bytes: Buffer, encoded: (encoding: Encoding) => Promise<Buffer>): Promise<Buffer> {
  const encoding = compressible(request, reply, bytes.length) ? pickEncoding(request.headers['accept-encoding']) : null;
  if (!encoding) return bytes;
  const compressed = await encoded(encoding);
  varyOnEncoding(reply);
  reply.header('content-encoding', encoding);
  reply.removeHeader('content-length');
  return compressed;
}

export function registerCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const bytes = typeof payload === 'string' ? Buffer.from(payload) : payload;
    if (!compressible(request, reply, bytes.length)) return payload;
    varyOnEncoding(reply);
    const encoding = pickEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    const compressed = await compress(bytes, encoding);
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return compressed;
  });
}
