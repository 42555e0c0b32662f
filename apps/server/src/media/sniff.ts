/** Decides a file's type from its first bytes, never from its name or declared type. */
export type SniffedImage = 'png' | 'jpeg' | 'gif' | 'webp';

/** How many leading bytes sniffMedia wants to see (fewer only when the file is that short). */
export const SNIFF_BYTES = 64;

const ascii = (b: Uint8Array, start: number, end: number) => String.fromCharCode(...b.subarray(start, end));

export function sniffImage(bytes: Uint8Array): SniffedImage | null {
  const b = bytes;
  if (b.length >= 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47 && b[4] === 0x0d && b[5] === 0x0a && b[6] === 0x1a && b[7] === 0x0a) return 'png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 6) {
    const head = ascii(b, 0, 6);
    if (head === 'GIF87a' || head === 'GIF89a') return 'gif';
  }
  if (b.length >= 12 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP') return 'webp';
  return null;
}

export type SniffedMedia =
  | { kind: 'image'; format: SniffedImage | 'heic' | 'avif' }
  | { kind: 'video'; format: 'mp4' | 'mov' | 'webm' };

/** HEIF family brands (HEIC; AVIF is HEIF too, with AV1 inside): read by sharp where its libvips can. */
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);
const AVIF_BRANDS = new Set(['avif', 'avis']);
/** ISO base media brands that are ordinary MP4 video. */
const MP4_BRANDS = new Set(['isom', 'iso2', 'iso3', 'iso4', 'iso5', 'iso6', 'mp41', 'mp42', 'mp71', 'avc1', 'M4V ', 'M4VH', 'M4VP', 'dash', 'MSNV', 'NDAS', 'f4v ', '3gp4', '3gp5', '3gp6', '3g2a', 'mmp4']);
/** Top-level QuickTime atoms a .mov may start with when it has no ftyp box. */
const QUICKTIME_ATOMS = new Set(['moov', 'mdat', 'wide', 'free', 'skip', 'pnot']);

/**
 * Gallery media by content: the four web image formats, HEIC, and MP4, QuickTime or WebM video.
 * Anything else (HTML, SVG, PDF, Matroska that is not WebM, ...) is null.
 */
export function sniffMedia(bytes: Uint8Array): SniffedMedia | null {
  const image = sniffImage(bytes);
  if (image) return { kind: 'image', format: image };
  const b = bytes;
  if (b.length >= 12 && ascii(b, 4, 8) === 'ftyp') {
    const brand = ascii(b, 8, 12);
    if (AVIF_BRANDS.has(brand)) return { kind: 'image', format: 'avif' };
    if (HEIF_BRANDS.has(brand)) return { kind: 'image', format: 'heic' };
    if (brand === 'qt  ') return { kind: 'video', format: 'mov' };
    if (MP4_BRANDS.has(brand)) return { kind: 'video', format: 'mp4' };
    return null;
  }
  if (b.length >= 8 && QUICKTIME_ATOMS.has(ascii(b, 4, 8))) return { kind: 'video', format: 'mov' };
  if (b.length >= 4 && b[0] === 0x1a && b[1] === 0x45 && b[2] === 0xdf && b[3] === 0xa3) {
    // EBML: WebM says so in its DocType element (0x4282) near the start; other Matroska is refused.
    for (let i = 4; i + 6 <= b.length; i++) {
      if (b[i] === 0x42 && b[i + 1] === 0x82) {
        const size = b[i + 2]! & 0x7f; // a one-byte EBML size (0x84 = 4)
        return ascii(b, i + 3, i + 3 + size) === 'webm' ? { kind: 'video', format: 'webm' } : null;
      }
    }
  }
  return null;
}
