import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { GALLERY_IMAGE_MAX_PIXELS, GALLERY_IMAGE_SIZES, GALLERY_MESSAGES as M } from '@planns/shared/gallery/gallery.rules';
import type { UploadResult } from '@planns/shared/gallery/gallery.schemas';
import { AppError } from '../http/app-error.ts';
import type { StorageProvider } from '../providers/storage/storage-provider.ts';
import type { ReceivedFile } from './receive-upload.ts';
import { probeVideoSize } from './video-probe.ts';

const VIDEO_TYPES = { mp4: 'video/mp4', mov: 'video/quicktime', webm: 'video/webm' } as const;

export type StoredMedia = Omit<UploadResult, 'id'> & { keys: string[] };

const tooManyPixels = () => new AppError('payload_too_large', M.tooManyPixels, { file: M.tooManyPixels });
const unreadable = () => new AppError('validation_failed', M.unreadable, { file: M.unreadable });
const heicUnreadable = () => new AppError('unsupported_media_type', M.heicUnreadable, { file: M.heicUnreadable });

/**
 * Turns a received gallery file into what the gallery stores. Pictures: the pixel count is read
 * from the header before anything is decoded (a decompression bomb stops there), then the
 * picture is decoded once, strictly (a truncated or damaged file is refused), turned upright,
 * stripped of its metadata and re-encoded as WebP in three sizes. Videos are stored as they came,
 * under the extension of the type their bytes showed. Every stored key is returned, so that a
 * caller that fails afterwards can remove them.
 */
export async function storeGalleryMedia(storage: StorageProvider, file: string, received: ReceivedFile, keyBase: string): Promise<StoredMedia> {
  const { media } = received;
  if (media.kind === 'video') {
    const size = await probeVideoSize(file, media.format);
    const key = `${keyBase}.${media.format}`;
    const url = await storage.putFile(key, file, VIDEO_TYPES[media.format]);
    return {
      url,
      url_m: url,
      url_l: url,
      resource_type: 'video',
      width: size?.width ?? null,
      height: size?.height ?? null,
      format: media.format,
      bytes: received.bytes,
      keys: [key],
    };
  }

  const isHeic = media.format === 'heic';
  const input = () => sharp(file, { limitInputPixels: GALLERY_IMAGE_MAX_PIXELS, failOn: 'error', sequentialRead: true });
  let meta: Metadata;
  try {
    meta = await input().metadata();
  } catch (err) {
    if (/pixel limit/i.test(String(err))) throw tooManyPixels();
    throw isHeic ? heicUnreadable() : unreadable();
  }
  if (!meta.width || !meta.height) throw isHeic ? heicUnreadable() : unreadable();
  if (meta.width * meta.height > GALLERY_IMAGE_MAX_PIXELS) throw tooManyPixels();

  let full: { data: Buffer; info: OutputInfo };
  try {
    full = await input()
      .rotate()
      .resize({ width: GALLERY_IMAGE_SIZES.url, height: GALLERY_IMAGE_SIZES.url, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
  } catch (err) {
    if (/pixel limit/i.test(String(err))) throw tooManyPixels();
    throw isHeic ? heicUnreadable() : unreadable();
  }
  // The smaller sizes come from the re-encoded picture: the original is decoded only once.
  const smaller = (side: number) =>
    sharp(full.data).resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();
  const [large, medium] = await Promise.all([smaller(GALLERY_IMAGE_SIZES.url_l), smaller(GALLERY_IMAGE_SIZES.url_m)]);

  const keys = [`${keyBase}.webp`, `${keyBase}-l.webp`, `${keyBase}-m.webp`];
  const stored: string[] = [];
  const urls: string[] = [];
  try {
    for (const [key, body] of [
      [keys[0]!, full.data],
      [keys[1]!, large],
      [keys[2]!, medium],
    ] as const) {
      urls.push(await storage.put(key, body, 'image/webp'));
      stored.push(key);
    }
  } catch (err) {
    await Promise.all(stored.map((key) => storage.delete(key).catch(() => {})));
    throw err;
  }
  return {
    url: urls[0]!,
    url_l: urls[1]!,
    url_m: urls[2]!,
    resource_type: 'image',
    width: full.info.width,
    height: full.info.height,
    format: media.format,
    bytes: received.bytes,
    keys,
  };
}
