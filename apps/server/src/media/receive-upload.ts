import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { GALLERY_IMAGE_MAX_BYTES, GALLERY_MESSAGES as M, GALLERY_VIDEO_MAX_BYTES } from '@planns/shared/gallery/gallery.rules';
import { AppError } from '../http/app-error.ts';
import { SNIFF_BYTES, sniffMedia, type SniffedMedia } from './sniff.ts';

export interface ReceivedFile {
  media: SniffedMedia;
  bytes: number;
}

export const unsupportedMedia = () => new AppError('unsupported_media_type', M.unsupportedType, { file: M.unsupportedType });
export const imageTooBig = () => new AppError('payload_too_large', M.imageTooBig, { file: M.imageTooBig });
export const videoTooBig = () => new AppError('payload_too_large', M.videoTooBig, { file: M.videoTooBig });
const emptyFile = () => new AppError('validation_failed', M.empty, { file: M.empty });

/**
 * Streams an upload to `file` (never held whole in memory), deciding its type by its first bytes
 * as they arrive and stopping as soon as it passes its type's limit (15 MB for pictures, 200 MB
 * for videos). On any failure the partial file is removed and an AppError says why.
 */
export async function receiveUpload(source: Readable, file: string, declaredBytes?: number): Promise<ReceivedFile> {
  if (declaredBytes !== undefined && declaredBytes > GALLERY_VIDEO_MAX_BYTES) {
    source.resume();
    throw videoTooBig();
  }
  let head = Buffer.alloc(0);
  const state: { media: SniffedMedia | null } = { media: null };
  let bytes = 0;

  const decide = (): AppError | null => {
    state.media = sniffMedia(head);
    if (!state.media) return unsupportedMedia();
    return checkSize();
  };
  const checkSize = (): AppError | null => {
    const media = state.media;
    if (!media) return null;
    if (media.kind === 'image' && bytes > GALLERY_IMAGE_MAX_BYTES) return imageTooBig();
    if (media.kind === 'video' && bytes > GALLERY_VIDEO_MAX_BYTES) return videoTooBig();
    return null;
  };

  const gate = new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      bytes += chunk.length;
      if (bytes > GALLERY_VIDEO_MAX_BYTES) return callback(videoTooBig());
      if (!state.media) {
        head = Buffer.concat([head, chunk.subarray(0, SNIFF_BYTES)]);
        if (head.length >= SNIFF_BYTES) {
          const problem = decide();
          if (problem) return callback(problem);
        }
      } else {
        const problem = checkSize();
        if (problem) return callback(problem);
      }
      callback(null, chunk);
    },
    flush(callback: TransformCallback) {
      if (bytes === 0) return callback(emptyFile());
      if (!state.media) {
        const problem = decide();
        if (problem) return callback(problem);
      }
      callback();
    },
  });

  try {
    // The request is piped, not put in the pipeline: a refused upload must not destroy the
    // request (and with it the socket) before the error answer is sent.
    const written = pipeline(gate, createWriteStream(file));
    source.on('error', (err) => gate.destroy(err));
    source.on('aborted', () => gate.destroy(new Error('upload aborted')));
    source.pipe(gate);
    await written;
  } catch (err) {
    source.unpipe(gate);
    await fs.rm(file, { force: true });
    // The client may still be sending: let the rest drain rather than stall the socket.
    source.resume();
    if (err instanceof AppError) throw err;
    throw new AppError('bad_request', 'The upload was interrupted', { file: 'The upload was interrupted' }, undefined, { cause: err });
  }
  if (!state.media) throw unsupportedMedia();
  return { media: state.media, bytes };
}
