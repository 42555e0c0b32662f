import type { Readable } from 'node:stream';

/** A byte range of a stored file, both ends inclusive (HTTP Range semantics). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredFile {
  stream: Readable;
  /** The whole file's size, whatever range was asked for. */
  size: number;
}

/**
 * Where uploaded media lives (CONVENTIONS §6): `local` (DATA_DIR/media, served by planns' media
 * route) by default, `s3` (any S3-compatible store) by config. Every stored file has a public URL
 * path `/media/<key>`; with s3 the media route answers it with a redirect to a presigned GET URL.
 */
export interface StorageProvider {
  readonly name: 'local' | 's3';
  /** Stores bytes under a key like `avatars/12/abc.webp`; returns the public URL path. */
  put(key: string, body: Buffer, contentType: string): Promise<string>;
  /** Stores a file from local disk, streamed (never read whole); the source file is left in place. */
  putFile(key: string, filePath: string, contentType: string): Promise<string>;
  delete(key: string): Promise<void>;
  /** The stored file's size in bytes, without reading it; null when there is no such file. */
  size(key: string): Promise<number | null>;
  /** The stored file, or one byte range of it; null when there is no such file. */
  read(key: string, range?: ByteRange): Promise<StoredFile | null>;
  /** s3: a presigned GET URL for the media route to redirect to, valid `expiresInSeconds` (default: the configured lifetime). */
  presignGet?(key: string, expiresInSeconds?: number): Promise<string>;
  /** s3: a presigned PUT URL for a direct upload of exactly `bytes` bytes of `contentType`. */
  presignPut?(key: string, contentType: string, bytes: number, expiresInSeconds: number): Promise<{ url: string; headers: Record<string, string> }>;
  keyFromUrl(url: string): string | null;
}

export const MEDIA_URL_PREFIX = '/media/';

/** Keys are lower-case folders and random names; nothing else reaches the disk or the bucket. */
export const STORAGE_KEY_PATTERN = /^[a-z0-9_-]+(\/[a-zA-Z0-9_-]+)*\/[a-zA-Z0-9_-]+\.(webp|jpg|png|gif|mp4|webm|mov|bin)$/;

export function keyFromMediaUrl(url: string): string | null {
  if (!url.startsWith(MEDIA_URL_PREFIX)) return null;
  const key = url.slice(MEDIA_URL_PREFIX.length);
  return STORAGE_KEY_PATTERN.test(key) ? key : null;
}
