import { EVENT_IMAGE_MAX_BYTES } from '@planns/shared/events/events.rules';
import { stripDataUrl } from '@planns/shared/users/users.rules';
import { cropImage, fitWithin } from '../../../lib/crop-image.ts';
import type { ImageExtension } from './event-form-state.ts';

/** The file input's filter: the spec's jpeg, jpg, gif and png. */
export const EVENT_IMAGE_ACCEPT = 'image/jpeg,image/jpg,image/gif,image/png,.jpeg,.jpg,.gif,.png';

/** Pictures bigger than this (bytes or px) are scaled down before upload; the server keeps 1200 px. */
const DOWNSCALE_ABOVE_BYTES = 2 * 1024 * 1024;
const MAX_UPLOAD_SIDE = 2400;

export type ReadImageError = 'type' | 'size' | 'unreadable';

export function imageExtension(file: Pick<File, 'type' | 'name'>): ImageExtension | null {
  const fromMime: Record<string, ImageExtension> = { 'image/jpeg': 'jpeg', 'image/jpg': 'jpg', 'image/gif': 'gif', 'image/png': 'png' };
  if (fromMime[file.type]) return fromMime[file.type]!;
  const ext = /\.(jpe?g|gif|png)$/i.exec(file.name)?.[1]?.toLowerCase();
  return ext === 'jpeg' || ext === 'jpg' || ext === 'gif' || ext === 'png' ? ext : null;
}

function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

function imageSize(src: string): Promise<{ width: number; height: number }> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve({ width: image.naturalWidth, height: image.naturalHeight });
    image.onerror = () => reject(new Error('The image could not be read'));
    image.src = src;
  });
}

export type ReadImage = { base64: string; extension: ImageExtension; previewUrl: string };

/**
 * Reads a picked picture for upload: base64 without the data-URL prefix plus its extension.
 * Large photos are scaled down first (GIFs are sent as they are, to keep their frames).
 */
export async function readEventImage(file: File): Promise<ReadImage | ReadImageError> {
  const extension = imageExtension(file);
  if (!extension) return 'type';
  if (file.size > EVENT_IMAGE_MAX_BYTES) return 'size';
  try {
    const dataUrl = await readAsDataUrl(file);
    const { width, height } = await imageSize(dataUrl);
    const isLarge = file.size > DOWNSCALE_ABOVE_BYTES || Math.max(width, height) > MAX_UPLOAD_SIDE;
    if (extension === 'gif' || !isLarge) return { base64: stripDataUrl(dataUrl), extension, previewUrl: dataUrl };
    const size = fitWithin(width, height, MAX_UPLOAD_SIDE, MAX_UPLOAD_SIDE);
    const scaled = await cropImage(dataUrl, { x: 0, y: 0, width, height }, size, file.type === 'image/png' ? 'image/png' : 'image/jpeg');
    return { base64: scaled.base64, extension: scaled.extension, previewUrl: scaled.dataUrl };
  } catch {
    return 'unreadable';
  }
}
