import crypto from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { AVATAR_MAX_BYTES, AVATAR_MAX_PIXELS, AVATAR_SIZES, stripDataUrl } from '@planns/shared/users/users.rules';
import { AppError } from '../../http/app-error.ts';
import { withImageWork } from '../../media/image-work.ts';
import { sniffImage } from '../../media/sniff.ts';
import type { StorageProvider } from '../../providers/storage/storage-provider.ts';

export interface AvatarUrls {
  avatar: string;
  avatar_m: string;
  avatar_s: string;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Decodes the base64 the client sends (a data-URL prefix is tolerated). */
export function decodeBase64Image(input: string, field = 'base64'): Buffer {
  const clean = stripDataUrl(input).replace(/\s+/g, '');
  if (clean.length === 0 || clean.length % 4 === 1 || !BASE64.test(clean)) {
    throw new AppError('validation_failed', 'The picture is not valid base64', { [field]: 'The picture is not valid base64' });
  }
  if (Math.floor((clean.length * 3) / 4) > AVATAR_MAX_BYTES + 3) {
    throw new AppError('payload_too_large', 'The picture is larger than 10 MB', { [field]: 'The picture is larger than 10 MB' });
  }
  return Buffer.from(clean, 'base64');
}

/**
 * Checks the bytes are a PNG, JPEG or GIF (by content), within the pixel limit, and re-encodes
 * them as three square WebP sizes with orientation applied and metadata stripped. One picture of
 * the process-wide image-work bound.
 */
export function renderAvatar(bytes: Buffer, field = 'base64'): Promise<Record<keyof AvatarUrls, Buffer>> {
  return withImageWork(() => render(bytes, field));
}

async function render(bytes: Buffer, field: string): Promise<Record<keyof AvatarUrls, Buffer>> {
  const kind = sniffImage(bytes);
  if (kind !== 'png' && kind !== 'jpeg' && kind !== 'gif') {
    throw new AppError('unsupported_media_type', 'Upload a PNG, JPEG or GIF picture', { [field]: 'Upload a PNG, JPEG or GIF picture' });
  }
  const unreadable = () => new AppError('validation_failed', 'The picture could not be read', { [field]: 'The picture could not be read' });
  const tooManyPixels = () =>
    new AppError('payload_too_large', 'The picture has too many pixels', { [field]: 'The picture has too many pixels' });
  let meta: Metadata;
  try {
    // Reads only the header: a decompression bomb is refused here, before any pixel is decoded.
    meta = await sharp(bytes, { limitInputPixels: AVATAR_MAX_PIXELS, failOn: 'error' }).metadata();
  } catch (err) {
    throw /pixel limit/i.test(String(err)) ? tooManyPixels() : unreadable();
  }
  if (!meta.width || !meta.height) throw unreadable();
  if (meta.width * meta.height > AVATAR_MAX_PIXELS) throw tooManyPixels();
  try {
    // One size after another: a slot of the bound is one pipeline at a time.
    const images: Partial<Record<keyof AvatarUrls, Buffer>> = {};
    for (const name of Object.keys(AVATAR_SIZES) as (keyof AvatarUrls)[]) {
      const size = AVATAR_SIZES[name];
      images[name] = await sharp(bytes, { limitInputPixels: AVATAR_MAX_PIXELS, failOn: 'error' })
        .rotate()
        .resize(size, size, { fit: 'cover', position: 'centre', withoutEnlargement: false })
        .webp({ quality: 82 })
        .toBuffer();
    }
    return images as Record<keyof AvatarUrls, Buffer>;
  } catch {
    throw unreadable();
  }
}

export async function storeAvatar(storage: StorageProvider, userId: number, images: Record<keyof AvatarUrls, Buffer>): Promise<AvatarUrls> {
  const id = crypto.randomBytes(9).toString('base64url');
  const [avatar, avatar_m, avatar_s] = await Promise.all([
    storage.put(`avatars/${userId}/${id}-l.webp`, images.avatar, 'image/webp'),
    storage.put(`avatars/${userId}/${id}-m.webp`, images.avatar_m, 'image/webp'),
    storage.put(`avatars/${userId}/${id}-s.webp`, images.avatar_s, 'image/webp'),
  ]);
  return { avatar, avatar_m, avatar_s };
}

export async function deleteStoredFiles(storage: StorageProvider, urls: (string | null)[]): Promise<void> {
  await Promise.all(
    urls.map(async (url) => {
      const key = url ? storage.keyFromUrl(url) : null;
      if (key) await storage.delete(key).catch(() => {});
    }),
  );
}
