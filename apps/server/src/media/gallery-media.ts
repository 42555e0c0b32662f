import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { GALLERY_IMAGE_MAX_PIXELS, GALLERY_IMAGE_SIZES, GALLERY_MESSAGES as M } from '@planns/shared/gallery/gallery.rules';
import type { UploadResult } from '@planns/shared/gallery/gallery.schemas';
import { AppError } from '../http/app-error.ts';
import type { StorageProvider } from '../providers/storage/storage-provider.ts';
import { withImageWork } from './image-work.ts';
import type { ReceivedFile } from './receive-upload.ts';
import { probeVideoSize } from './video-probe.ts';

const VIDEO_TYPES = { mp4: 'video/mp4', mov: 'video/quicktime', webm: 'video/webm' } as const;

export type StoredMedia = Omit<UploadResult, 'id'> & { keys: string[] };

const tooManyPixels = () => new AppError('payload_too_large', M.tooManyPixels, { file: M.tooManyPixels });
const unreadable = () => new AppError('validation_failed', M.unreadable, { file: M.unreadable });
const heicUnreadable = () => new AppError('unsupported_media_type', M.heicUnreadable, { file: M.heicUnreadable });

/**
 * Turns a received gallery file into what the gallery stores: pictures re-encoded
 * (renderGalleryImage), videos stored as they came under the extension of the type their bytes
 * showed. Every stored key is returned, so that a caller that fails afterwards can remove them.
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

  const rendered = await renderGalleryImage(file, media.format === 'heic' || media.format === 'avif');
  const stored = await storeRenderedImage(storage, keyBase, rendered);
  return { ...stored, resource_type: 'image', format: media.format, bytes: received.bytes };
}

export interface RenderedImage {
  full: Buffer;
  large: Buffer;
  medium: Buffer;
  width: number;
  height: number;
}

/**
 * A picture file (or bytes) checked and re-encoded: the pixel count is read from the header
 * before anything is decoded (a decompression bomb stops there), then the picture is decoded
 * once, strictly (a truncated or damaged file is refused), turned upright, stripped of its
 * metadata and encoded as WebP in three sizes. One picture of the process-wide image-work bound.
 */
export function renderGalleryImage(input: string | Buffer, isHeic = false): Promise<RenderedImage> {
  return withImageWork(() => render(input, isHeic));
}

async function render(input: string | Buffer, isHeic: boolean): Promise<RenderedImage> {
  const source = () => sharp(input, { limitInputPixels: GALLERY_IMAGE_MAX_PIXELS, failOn: 'error', sequentialRead: true });
  const refuse = (err: unknown) => {
    if (/pixel limit/i.test(String(err))) return tooManyPixels();
    return isHeic ? heicUnreadable() : unreadable();
  };
  let meta: Metadata;
  try {
    meta = await source().metadata();
  } catch (err) {
    throw refuse(err);
  }
  if (!meta.width || !meta.height) throw refuse(null);
  if (meta.width * meta.height > GALLERY_IMAGE_MAX_PIXELS) throw tooManyPixels();

  let full: { data: Buffer; info: OutputInfo };
  try {
    full = await source()
      .rotate()
      .resize({ width: GALLERY_IMAGE_SIZES.url, height: GALLERY_IMAGE_SIZES.url, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
  } catch (err) {
    throw refuse(err);
  }
  // The smaller sizes come from the re-encoded picture: the original is decoded only once. One
  // after another: a slot of the bound is one pipeline at a time.
  const smaller = (side: number) =>
    sharp(full.data).resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();
  const large = await smaller(GALLERY_IMAGE_SIZES.url_l);
  const medium = await smaller(GALLERY_IMAGE_SIZES.url_m);
  return { full: full.data, large, medium, width: full.info.width, height: full.info.height };
}

/** Stores the three sizes under keyBase(.webp, -l.webp, -m.webp); on failure removes what it stored. */
export async function storeRenderedImage(storage: StorageProvider, keyBase: string, rendered: RenderedImage) {
  const keys = [`${keyBase}.webp`, `${keyBase}-l.webp`, `${keyBase}-m.webp`] as const;
  const bodies = [rendered.full, rendered.large, rendered.medium] as const;
  const urls: string[] = [];
  try {
    for (const [i, key] of keys.entries()) urls.push(await storage.put(key, bodies[i]!, 'image/webp'));
  } catch (err) {
    await Promise.all(keys.map((key) => storage.delete(key).catch(() => {})));
    throw err;
  }
  return { url: urls[0]!, url_l: urls[1]!, url_m: urls[2]!, width: rendered.width, height: rendered.height, keys: [...keys] };
}
