export const NAME_MIN_LENGTH = 2;
export const NAME_PART_MAX_LENGTH = 100;
export const NAME_MAX_LENGTH = 201;
export const EMAIL_MAX_LENGTH = 254;
/** A confirmed new number that another account holds (decision 0018: only after its code is confirmed). */
export const PHONE_TAKEN_MESSAGE = 'This phone number belongs to another account';
/** Decoded avatar upload limit; the image is re-encoded anyway. */
export const AVATAR_MAX_BYTES = 10 * 1024 * 1024;
export const AVATAR_MAX_PIXELS = 40_000_000;
export const AVATAR_EXTENSIONS = ['png', 'jpeg', 'jpg', 'gif'] as const;
/** Output sizes (square, px): avatar, avatar_m, avatar_s. */
export const AVATAR_SIZES = { avatar: 512, avatar_m: 256, avatar_s: 96 } as const;
/** Cropper canvases (accounts §9). */
export const LOGIN_CROP_MAX = { width: 400, height: 500 } as const;
export const PROFILE_CROP_SIZE = 300;

/** First and last name trimmed and joined with one space (accounts §5). */
export function joinName(firstName: string, lastName: string): string {
  return [firstName.trim(), lastName.trim()].filter(Boolean).join(' ');
}

export function isNameValid(name: string): boolean {
  const n = name.trim();
  return n.length >= NAME_MIN_LENGTH && n.length <= NAME_MAX_LENGTH;
}

/** Splits a stored full name into first and last for the forms. */
export function splitName(name: string | null): { first_name: string; last_name: string } {
  const n = (name ?? '').trim().replace(/\s+/g, ' ');
  const i = n.indexOf(' ');
  return i < 0 ? { first_name: n, last_name: '' } : { first_name: n.slice(0, i), last_name: n.slice(i + 1) };
}

/** Strips a data-URL prefix (data:image/png;base64,) as the spec's client does before sending. */
export function stripDataUrl(value: string): string {
  const i = value.indexOf('base64,');
  return value.startsWith('data:') && i >= 0 ? value.slice(i + 7) : value;
}

export function extensionFromMime(mime: string): (typeof AVATAR_EXTENSIONS)[number] | null {
  if (mime === 'image/png') return 'png';
  if (mime === 'image/jpeg' || mime === 'image/jpg') return 'jpeg';
  if (mime === 'image/gif') return 'gif';
  return null;
}
