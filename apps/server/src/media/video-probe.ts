import fs from 'node:fs/promises';

export interface VideoSize {
  width: number;
  height: number;
}

const MAX_MOOV_BYTES = 32 * 1024 * 1024;
const WEBM_HEAD_BYTES = 2 * 1024 * 1024;

/**
 * A video's frame size read from its container, without decoding: the first video track's tkhd
 * box (MP4, QuickTime) or PixelWidth/PixelHeight (WebM). Null when the file does not say.
 */
export async function probeVideoSize(file: string, format: 'mp4' | 'mov' | 'webm'): Promise<VideoSize | null> {
  const handle = await fs.open(file, 'r');
  try {
    const { size } = await handle.stat();
    if (format === 'webm') {
      const length = Math.min(size, WEBM_HEAD_BYTES);
      const buf = Buffer.alloc(length);
      await handle.read(buf, 0, length, 0);
      return webmSize(buf);
    }
    const moov = await findTopLevelBox(handle, size, 'moov');
    return moov ? mp4Size(moov) : null;
  } catch {
    return null;
  } finally {
    await handle.close();
  }
}

/** Walks the top-level boxes by their headers only; reads the one asked for. */
async function findTopLevelBox(handle: fs.FileHandle, fileSize: number, type: string): Promise<Buffer | null> {
  const header = Buffer.alloc(16);
  let offset = 0;
  while (offset + 8 <= fileSize) {
    await handle.read(header, 0, 16, offset);
    let boxSize = header.readUInt32BE(0);
    let headerSize = 8;
    if (boxSize === 1) {
      boxSize = Number(header.readBigUInt64BE(8));
      headerSize = 16;
    } else if (boxSize === 0) {
      boxSize = fileSize - offset;
    }
    if (boxSize < headerSize) return null;
    if (header.toString('latin1', 4, 8) === type) {
      const bodySize = Math.min(boxSize - headerSize, fileSize - offset - headerSize);
      if (bodySize > MAX_MOOV_BYTES) return null;
      const body = Buffer.alloc(bodySize);
      await handle.read(body, 0, bodySize, offset + headerSize);
      return body;
    }
    offset += boxSize;
  }
  return null;
}

function* boxes(buf: Buffer): Generator<{ type: string; body: Buffer }> {
  let offset = 0;
  while (offset + 8 <= buf.length) {
    let size = buf.readUInt32BE(offset);
    let headerSize = 8;
    if (size === 1 && offset + 16 <= buf.length) {
      size = Number(buf.readBigUInt64BE(offset + 8));
      headerSize = 16;
    } else if (size === 0) {
      size = buf.length - offset;
    }
    if (size < headerSize || offset + size > buf.length) return;
    yield { type: buf.toString('latin1', offset + 4, offset + 8), body: buf.subarray(offset + headerSize, offset + size) };
    offset += size;
  }
}

function mp4Size(moov: Buffer): VideoSize | null {
  for (const trak of boxes(moov)) {
    if (trak.type !== 'trak') continue;
    for (const box of boxes(trak.body)) {
      if (box.type !== 'tkhd') continue;
      const version = box.body[0];
      const at = version === 1 ? 88 : 76; // width and height, 16.16 fixed point, at the box's end
      if (box.body.length < at + 8) continue;
      const width = Math.round(box.body.readUInt32BE(at) / 65536);
      const height = Math.round(box.body.readUInt32BE(at + 4) / 65536);
      if (width > 0 && height > 0) return { width, height };
    }
  }
  return null;
}

/** EBML variable-length integer at `offset`: its length in bytes and its value (marker bit removed unless keepMarker). */
function vint(buf: Buffer, offset: number, keepMarker: boolean): { length: number; value: number; unknown: boolean } | null {
  const first = buf[offset];
  if (first === undefined || first === 0) return null;
  let length = 1;
  while (length <= 8 && !(first & (0x80 >> (length - 1)))) length++;
  if (length > 8 || offset + length > buf.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const byte = buf[offset + i]!;
    value = value * 256 + byte;
    if (byte !== 0xff) allOnes = false;
  }
  return { length, value, unknown: !keepMarker && allOnes };
}

const SEGMENT = 0x18538067;
const TRACKS = 0x1654ae6b;
const TRACK_ENTRY = 0xae;
const VIDEO = 0xe0;
const PIXEL_WIDTH = 0xb0;
const PIXEL_HEIGHT = 0xba;
const CLUSTER = 0x1f43b675;
const CONTAINERS = new Set([SEGMENT, TRACKS, TRACK_ENTRY, VIDEO]);

function webmSize(buf: Buffer): VideoSize | null {
  let width = 0;
  let height = 0;
  let offset = 0;
  while (offset < buf.length) {
    const id = vint(buf, offset, true);
    if (!id) return null;
    const size = vint(buf, offset + id.length, false);
    if (!size) return null;
    const dataStart = offset + id.length + size.length;
    if (id.value === CLUSTER) break;
    if (CONTAINERS.has(id.value)) {
      offset = dataStart; // descend
      continue;
    }
    if (size.unknown) return null;
    if (id.value === PIXEL_WIDTH || id.value === PIXEL_HEIGHT) {
      let value = 0;
      for (let i = 0; i < size.value && dataStart + i < buf.length; i++) value = value * 256 + buf[dataStart + i]!;
      if (id.value === PIXEL_WIDTH) width = value;
      else height = value;
      if (width > 0 && height > 0) return { width, height };
    }
    offset = dataStart + size.value;
  }
  return width > 0 && height > 0 ? { width, height } : null;
}
