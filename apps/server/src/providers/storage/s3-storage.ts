import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { keyFromMediaUrl, MEDIA_URL_PREFIX, STORAGE_KEY_PATTERN, type ByteRange, type StorageProvider, type StoredFile } from './storage-provider.ts';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** Any S3-compatible store (MinIO, R2, ...); unset: AWS S3 itself. */
  endpoint?: string;
  /** Unset: the SDK's default chain (environment, shared files, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** `https://endpoint/bucket/key` rather than `https://bucket.endpoint/key` (MinIO needs it). */
  forcePathStyle?: boolean;
  /** Lifetime of the presigned GET URLs the media route redirects to. */
  presignSeconds: number;
}

/** SigV4 presigned URLs live at most a week. */
const MAX_PRESIGN_SECONDS = 7 * 24 * 3600;
const presignLifetime = (seconds: number) => Math.min(Math.max(1, Math.floor(seconds)), MAX_PRESIGN_SECONDS);

function isNotFound(err: unknown): boolean {
  return err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404);
}

/** The total size in `bytes 0-99/100000`, or null when the store does not say (`/*`). */
function totalFromContentRange(contentRange: string | undefined): number | null {
  const total = contentRange?.match(/\/(\d+)\s*$/)?.[1];
  return total === undefined ? null : Number(total);
}

/**
 * Media in an S3-compatible bucket. planns' media route redirects `/media/<key>` to a presigned
 * GET URL, and direct uploads PUT to a presigned URL whose type and size are signed: the bytes
 * never pass through planns. The bucket itself stays private.
 */
export class S3StorageProvider implements StorageProvider {
  readonly name = 's3' as const;
  private readonly presignSeconds: number;
  private readonly bucket: string;
  private readonly client: S3Client;

  constructor(opts: S3StorageOptions) {
    this.bucket = opts.bucket;
    this.presignSeconds = presignLifetime(opts.presignSeconds);
    this.client = new S3Client({
      region: opts.region,
      ...(opts.endpoint ? { endpoint: opts.endpoint } : {}),
      ...(opts.credentials ? { credentials: opts.credentials } : {}),
      forcePathStyle: opts.forcePathStyle ?? false,
      // Checksums only where the API requires them: many S3-compatible stores refuse the newer
      // checksum headers and the aws-chunked uploads they bring.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      requestHandler: { connectionTimeout: 10_000 },
    });
  }

  private checkKey(key: string): void {
    if (!STORAGE_KEY_PATTERN.test(key)) throw new Error(`invalid storage key ${key}`);
  }

  async put(key: string, body: Buffer, contentType: string): Promise<string> {
    this.checkKey(key);
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: contentType, ContentLength: body.length }));
    return MEDIA_URL_PREFIX + key;
  }

  async putFile(key: string, filePath: string, contentType: string): Promise<string> {
    this.checkKey(key);
    const { size } = await fs.stat(filePath);
    const body = createReadStream(filePath);
    try {
      await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: contentType, ContentLength: size }));
    } finally {
      body.destroy();
    }
    return MEDIA_URL_PREFIX + key;
  }

  async delete(key: string): Promise<void> {
    this.checkKey(key);
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
  }

  async size(key: string): Promise<number | null> {
    if (!STORAGE_KEY_PATTERN.test(key)) return null;
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return head.ContentLength ?? 0;
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async read(key: string, range?: ByteRange): Promise<StoredFile | null> {
    if (!STORAGE_KEY_PATTERN.test(key)) return null;
    try {
      const out = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
      );
      if (!(out.Body instanceof Readable)) throw new Error('the S3 client answered a body that is not a Node stream');
      const size = (range ? totalFromContentRange(out.ContentRange) : null) ?? out.ContentLength ?? 0;
      return { stream: out.Body, size };
    } catch (err) {
      if (isNotFound(err)) return null;
      // A range that starts past the end: nothing to read, like a local file read past its end.
      if (range && err instanceof S3ServiceException && err.$metadata.httpStatusCode === 416) {
        const size = await this.size(key);
        return size === null ? null : { stream: Readable.from([]), size };
      }
      throw err;
    }
  }

  async presignGet(key: string, expiresInSeconds = this.presignSeconds): Promise<string> {
    this.checkKey(key);
    return getSignedUrl(this.client, new GetObjectCommand({ Bucket: this.bucket, Key: key }), { expiresIn: presignLifetime(expiresInSeconds) });
  }

  /**
   * A PUT URL for exactly `bytes` bytes of `contentType`: both headers are signed (the presigner
   * leaves content-type out unless told), so the store refuses any other size or type.
   */
  async presignPut(key: string, contentType: string, bytes: number, expiresInSeconds: number): Promise<{ url: string; headers: Record<string, string> }> {
    this.checkKey(key);
    if (!Number.isSafeInteger(bytes) || bytes < 0) throw new Error(`invalid upload size ${bytes}`);
    const url = await getSignedUrl(this.client, new PutObjectCommand({ Bucket: this.bucket, Key: key, ContentType: contentType, ContentLength: bytes }), {
      expiresIn: presignLifetime(expiresInSeconds),
      signableHeaders: new Set(['content-type', 'content-length']),
    });
    // The browser sets Content-Length from the body itself (fetch may not set it).
    return { url, headers: { 'content-type': contentType } };
  }

  keyFromUrl(url: string): string | null {
    return keyFromMediaUrl(url);
  }
}
