import crypto from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { EVENT_IMAGE_MAX_PIXELS, EVENT_IMAGE_WIDTHS } from '@planns/shared/events/events.rules';
import { AppError } from '../../http/app-error.ts';
import { withImageWork } from '../../media/image-work.ts';
import { sniffImage } from '../../media/sniff.ts';
import type { StorageProvider } from '../../providers/storage/storage-provider.ts';

export interface EventImageUrls {
  image: string;
  m_image: string;
}
export type RenderedEventImage = Record<keyof EventImageUrls, Buffer>;

/**
 * Checks the bytes are a PNG, JPEG or GIF by content and within the pixel limit, then re-encodes
 * them (orientation applied, metadata stripped) as WebP: image 1200 px wide, m_image 600 px wide,
 * never enlarged, aspect ratio kept (at most 2:1 tall). One picture of the process-wide image-work
 * bound.
 */
export function renderEventImage(bytes: Buffer, field = 'base64'): Promise<RenderedEventImage> {
  return withImageWork(() => render(bytes, field));
}

async function render(bytes: Buffer, field: string): Promise<RenderedEventImage> {
  const kind = sniffImage(bytes);
  if (kind !== 'png' && kind !== 'jpeg' && kind !== 'gif') {
    throw new AppError('unsupported_media_type', 'Upload a JPEG, GIF or PNG picture', { [field]: 'Upload a JPEG, GIF or PNG picture' });
  }
  const unreadable = () => new AppError('validation_failed', 'The picture could not be read', { [field]: 'The picture could not be read' });
  const tooManyPixels = () => new AppError('payload_too_large', 'The picture has too many pixels', { [field]: 'The picture has too many pixels' });
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: EVENT_IMAGE_MAX_PIXELS, failOn: 'error' }).metadata();
  } catch (err) {
    throw /pixel limit/i.test(String(err)) ? tooManyPixels() : unreadable();
  }
  if (!meta.width || !meta.height) throw unreadable();
  if (meta.width * meta.height > EVENT_IMAGE_MAX_PIXELS) throw tooManyPixels();
  try {
    const resized = (width: number) =>
      sharp(bytes, { limitInputPixels: EVENT_IMAGE_MAX_PIXELS, failOn: 'error' })
        .rotate()
        .resize({ width, height: width * 2, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer();
    // One size after another: a slot of the bound is one pipeline at a time.
    const image = await resized(EVENT_IMAGE_WIDTHS.image);
    const m_image = await resized(EVENT_IMAGE_WIDTHS.m_image);
    return { image, m_image };
  } catch {
    throw unreadable();
  }
}

/** Stores both sizes under events/<owner>/<random>-{l,m}.webp; returns their public URLs. */
export async function storeEventImage(storage: StorageProvider, ownerId: number, rendered: RenderedEventImage): Promise<EventImageUrls> {
  const id = crypto.randomBytes(9).toString('base64url');
  const [image, m_image] = await Promise.all([
    storage.put(`events/${ownerId}/${id}-l.webp`, rendered.image, 'image/webp'),
    storage.put(`events/${ownerId}/${id}-m.webp`, rendered.m_image, 'image/webp'),
  ]);
  return { image, m_image };
}

/** Copies a stored event image (clone without a new picture): the copy outlives the source. */
export async function copyEventImage(storage: StorageProvider, ownerId: number, source: EventImageUrls): Promise<EventImageUrls | null> {
  const read = async (url: string) => {
    const key = storage.keyFromUrl(url);
    const file = key ? await storage.read(key) : null;
    if (!file) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of file.stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };
  const [image, m_image] = await Promise.all([read(source.image), read(source.m_image)]);
  if (!image || !m_image) return null;
  return storeEventImage(storage, ownerId, { image, m_image });
}
