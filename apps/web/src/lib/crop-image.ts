import { extensionFromMime, stripDataUrl, type AVATAR_EXTENSIONS } from '@planns/shared/users/users.rules';

export type CropArea = { x: number; y: number; width: number; height: number };
export type AvatarExtension = (typeof AVATAR_EXTENSIONS)[number];
export type AvatarUpload = { extension: AvatarExtension; base64: string; dataUrl: string };

/** Image types the avatar pickers accept. */
export const AVATAR_ACCEPT = 'image/png,image/jpeg,image/gif';

export function isAcceptedImage(mime: string): boolean {
  return extensionFromMime(mime) !== null;
}

/** Scales a crop down (never up) so it fits inside max width x max height, keeping its ratio. */
export function fitWithin(width: number, height: number, maxWidth: number, maxHeight: number): { width: number; height: number } {
  if (width <= 0 || height <= 0) return { width: 0, height: 0 };
  const scale = Math.min(1, maxWidth / width, maxHeight / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * Canvases encode png and jpeg; a gif is re-encoded as png. Returns the mime to encode with.
 */
export function outputMime(sourceMime: string): 'image/png' | 'image/jpeg' {
  return extensionFromMime(sourceMime) === 'jpeg' ? 'image/jpeg' : 'image/png';
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The image could not be read'));
    image.src = src;
  });
}

/**
 * Draws the cropped area onto a canvas of the given size and returns what the avatar endpoints
 * take: the extension and base64 without the data-URL prefix.
 */
export async function cropImage(
  src: string,
  area: CropArea,
  size: { width: number; height: number },
  sourceMime: string,
): Promise<AvatarUpload> {
  const image = await loadImage(src);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('Canvas is not available');
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, size.width, size.height);
  const mime = outputMime(sourceMime);
  const dataUrl = canvas.toDataURL(mime, 0.9);
  const extension = extensionFromMime(mime) ?? 'png';
  return { extension, base64: stripDataUrl(dataUrl), dataUrl };
}
