import zlib from 'node:zlib';
import sharp from 'sharp';

/** Test files for the gallery: real pictures from sharp, and hand-built containers and bombs. */

export async function jpegBytes(width = 300, height = 200, options: { orientation?: number; noise?: boolean } = {}): Promise<Buffer> {
  const raw = options.noise
    ? sharp(Buffer.from(Array.from({ length: width * height * 3 }, (_, i) => (i * 7919) % 251)), { raw: { width, height, channels: 3 } })
    : sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 40 } } });
  let pipeline = raw.jpeg({ quality: 90 });
  if (options.orientation) pipeline = pipeline.withMetadata({ orientation: options.orientation, exif: { IFD0: { Copyright: 'secret-exif-marker', Artist: 'Jane Doe' } } });
  return pipeline.toBuffer();
}

export function pngBytes(width = 120, height = 80): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 10, g: 200, b: 90, alpha: 1 } } }).png().toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A decompression bomb: a valid 1-bit PNG of side x side pixels of one colour (20,000 x 20,000 is
 * 400 megapixels, over a gigabyte once decoded to RGB), about 50 KB on disk.
 */
export function pngBomb(side = 20_000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  const row = 1 + Math.ceil(side / 8);
  const idat = zlib.deflateSync(Buffer.alloc(row * side), { level: 9 });
  return Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), pngChunk('IHDR', ihdr), pngChunk('IDAT', idat), pngChunk('IEND', Buffer.alloc(0))]);
}

function box(type: string, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
}

/** A minimal MP4 (or QuickTime with brand 'qt  '): ftyp, a moov whose track header says width x height, and an mdat. */
export function mp4Bytes(width = 640, height = 360, brand = 'isom', mdatBytes = 4096): Buffer {
  const ftyp = box('ftyp', Buffer.from(brand, 'latin1'), Buffer.from([0, 0, 2, 0]), Buffer.from(`${brand}mp41`, 'latin1'));
  const tkhd = Buffer.alloc(84); // version 0: flags, times, track id, duration, layer, volume, matrix, then width and height
  tkhd.writeUInt32BE(0x00000003, 0);
  tkhd.writeUInt32BE(1, 12);
  tkhd.writeUInt32BE(width * 65536, 76);
  tkhd.writeUInt32BE(height * 65536, 80);
  const moov = box('moov', box('mvhd', Buffer.alloc(100)), box('trak', box('tkhd', tkhd)));
  return Buffer.concat([ftyp, box('mdat', Buffer.alloc(mdatBytes, 7)), moov]);
}

function ebml(id: number[], data: Buffer): Buffer {
  // Sizes as 8-byte vints (0x01 then 7 bytes) keep the builder simple.
  const size = Buffer.alloc(8);
  size[0] = 0x01;
  size.writeUIntBE(data.length, 2, 6);
  return Buffer.concat([Buffer.from(id), size, data]);
}

/** A minimal WebM: EBML header with DocType webm, and a Segment whose video track says width x height. */
export function webmBytes(width = 320, height = 240): Buffer {
  const header = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x8f]), Buffer.from([0x42, 0x82, 0x84]), Buffer.from('webm'), Buffer.from([0x42, 0x87, 0x81, 0x04, 0x42, 0x85, 0x81, 0x02]), Buffer.alloc(0)]);
  const u16 = (n: number) => {
    const b = Buffer.alloc(2);
    b.writeUInt16BE(n);
    return b;
  };
  const video = ebml([0xe0], Buffer.concat([ebml([0xb0], u16(width)), ebml([0xba], u16(height))]));
  const track = ebml([0xae], Buffer.concat([ebml([0xd7], Buffer.from([1])), ebml([0x83], Buffer.from([1])), video]));
  const segment = ebml([0x18, 0x53, 0x80, 0x67], Buffer.concat([ebml([0x15, 0x49, 0xa9, 0x66], Buffer.alloc(4)), ebml([0x16, 0x54, 0xae, 0x6b], track), ebml([0x1f, 0x43, 0xb6, 0x75], Buffer.alloc(512, 3))]));
  return Buffer.concat([header, segment]);
}
