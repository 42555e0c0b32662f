import { describe, expect, it } from 'vitest';
import { GALLERY_IMAGE_MAX_BYTES, GALLERY_MESSAGES, GALLERY_VIDEO_MAX_BYTES } from '@planns/shared/gallery/gallery.rules';
import { ApiError } from '../../lib/api-client.ts';
import {
  checkGalleryFile,
  currentUpload,
  emptyUploadQueue,
  fileKind,
  isQueueActive,
  nextUpload,
  queueCounts,
  queueProgress,
  uploadFailure,
  uploadQueueReducer,
  type QueuedFile,
  type UploadAction,
  type UploadQueue,
} from './gallery-upload-queue.ts';

const MB = 1024 * 1024;

function file(key: string, bytes = 100, type = 'image/jpeg', name = `${key}.jpg`): QueuedFile {
  return { key, name, bytes, type };
}

function run(...actions: UploadAction[]): UploadQueue {
  return actions.reduce(uploadQueueReducer, emptyUploadQueue);
}

const networkFailure = uploadFailure(new ApiError(0, 'network_error', 'The server could not be reached'), 'image');

describe('the queue', () => {
  it('sends one file at a time, in the order they were chosen', () => {
    let queue = run({ type: 'add', files: [file('a'), file('b'), file('c')] });
    expect(nextUpload(queue)?.key).toBe('a');
    queue = uploadQueueReducer(queue, { type: 'start', key: 'a' });
    expect(currentUpload(queue)?.key).toBe('a');
    expect(nextUpload(queue)).toBeNull(); // b waits while a is on its way
    queue = uploadQueueReducer(queue, { type: 'done', key: 'a', isApproved: true });
    expect(nextUpload(queue)?.key).toBe('b');
  });

  it('goes on with the next file after a failure (the spec client stalled)', () => {
    const queue = run(
      { type: 'add', files: [file('a'), file('b')] },
      { type: 'start', key: 'a' },
      { type: 'fail', key: 'a', failure: networkFailure },
    );
    expect(queue.entries[0]).toMatchObject({ status: 'failed', failure: { messageKey: null, serverMessage: null, canRetry: true } });
    expect(nextUpload(queue)?.key).toBe('b');
    expect(isQueueActive(queue)).toBe(true);
  });

  it('puts a retried file back in the line and a skipped one out of it', () => {
    const failed = run(
      { type: 'add', files: [file('a'), file('b')] },
      { type: 'start', key: 'a' },
      { type: 'fail', key: 'a', failure: networkFailure },
      { type: 'start', key: 'b' },
      { type: 'done', key: 'b', isApproved: true },
    );
    expect(isQueueActive(failed)).toBe(false);

    const retried = uploadQueueReducer(failed, { type: 'retry', key: 'a' });
    expect(retried.entries[0]).toMatchObject({ status: 'waiting', failure: null });
    expect(nextUpload(retried)?.key).toBe('a');

    const skipped = uploadQueueReducer(failed, { type: 'skip', key: 'a' });
    expect(skipped.entries.map((entry) => entry.key)).toEqual(['b']);
  });

  it('does not skip the file on its way or one already done', () => {
    const queue = run({ type: 'add', files: [file('a'), file('b')] }, { type: 'start', key: 'a' });
    expect(uploadQueueReducer(queue, { type: 'skip', key: 'a' })).toBe(queue);
    const done = uploadQueueReducer(queue, { type: 'done', key: 'a', isApproved: true });
    expect(uploadQueueReducer(done, { type: 'skip', key: 'a' })).toBe(done);
  });

  it('refuses too large, empty and unsupported files as they are added, with the server texts, and never sends them', () => {
    const queue = run({
      type: 'add',
      files: [
        file('big', GALLERY_IMAGE_MAX_BYTES + 1),
        file('film', GALLERY_VIDEO_MAX_BYTES + 1, 'video/mp4', 'film.mp4'),
        file('empty', 0),
        file('doc', 10, 'application/pdf', 'doc.pdf'),
        file('ok', 10),
      ],
    });
    expect(queue.entries.map((entry) => [entry.key, entry.status, entry.failure?.messageKey ?? null])).toEqual([
      ['big', 'failed', 'imageTooBig'],
      ['film', 'failed', 'videoTooBig'],
      ['empty', 'failed', 'empty'],
      ['doc', 'failed', 'unsupportedType'],
      ['ok', 'waiting', null],
    ]);
    expect(nextUpload(queue)?.key).toBe('ok');
    // Retrying a refused file would change nothing.
    expect(uploadQueueReducer(queue, { type: 'retry', key: 'big' })).toEqual(queue);
  });

  it('ignores a file added twice', () => {
    const queue = run({ type: 'add', files: [file('a')] });
    expect(uploadQueueReducer(queue, { type: 'add', files: [file('a')] })).toBe(queue);
  });

  it('clears the finished list, but not while a file is on its way', () => {
    const busy = run({ type: 'add', files: [file('a')] }, { type: 'start', key: 'a' });
    expect(uploadQueueReducer(busy, { type: 'clear' })).toBe(busy);
    expect(uploadQueueReducer(uploadQueueReducer(busy, { type: 'done', key: 'a', isApproved: true }), { type: 'clear' })).toEqual(emptyUploadQueue);
  });
});

describe('queueProgress', () => {
  it('is the percent of all the queue bytes sent', () => {
    let queue = run({ type: 'add', files: [file('a', 300), file('b', 700)] }, { type: 'start', key: 'a' });
    expect(queueProgress(queue)).toEqual({ loaded: 0, total: 1000, percent: 0 });
    queue = uploadQueueReducer(queue, { type: 'progress', key: 'a', loaded: 150 });
    expect(queueProgress(queue).percent).toBe(15);
    queue = uploadQueueReducer(queue, { type: 'done', key: 'a', isApproved: true });
    queue = uploadQueueReducer(queue, { type: 'start', key: 'b' });
    queue = uploadQueueReducer(queue, { type: 'progress', key: 'b', loaded: 120 });
    expect(queueProgress(queue).percent).toBe(42);
    queue = uploadQueueReducer(queue, { type: 'done', key: 'b', isApproved: true });
    expect(queueProgress(queue).percent).toBe(100);
  });

  it('never goes back or past the file size with late progress events', () => {
    let queue = run({ type: 'add', files: [file('a', 100)] }, { type: 'start', key: 'a' }, { type: 'progress', key: 'a', loaded: 60 });
    queue = uploadQueueReducer(queue, { type: 'progress', key: 'a', loaded: 40 });
    expect(queue.entries[0]?.loaded).toBe(60);
    queue = uploadQueueReducer(queue, { type: 'progress', key: 'a', loaded: 500 });
    expect(queue.entries[0]?.loaded).toBe(100);
  });

  it('stays under 100 while a failed file waits, and leaves refused files out', () => {
    const queue = run(
      { type: 'add', files: [file('a', 500), file('b', 500), file('big', GALLERY_IMAGE_MAX_BYTES + 1)] },
      { type: 'start', key: 'a' },
      { type: 'done', key: 'a', isApproved: true },
      { type: 'start', key: 'b' },
      { type: 'progress', key: 'b', loaded: 250 },
      { type: 'fail', key: 'b', failure: networkFailure },
    );
    expect(queueProgress(queue)).toEqual({ loaded: 500, total: 1000, percent: 50 });
    expect(queueProgress(uploadQueueReducer(queue, { type: 'skip', key: 'b' })).percent).toBe(100);
    expect(queueProgress(emptyUploadQueue).percent).toBe(0);
  });
});

describe('queueCounts', () => {
  it('counts done, failed and the files waiting for approval', () => {
    const queue = run(
      { type: 'add', files: [file('a'), file('b'), file('c')] },
      { type: 'start', key: 'a' },
      { type: 'done', key: 'a', isApproved: false },
      { type: 'start', key: 'b' },
      { type: 'fail', key: 'b', failure: networkFailure },
    );
    expect(queueCounts(queue)).toEqual({ done: 1, failed: 1, total: 3, awaitingApproval: 1 });
  });
});

describe('checkGalleryFile and fileKind', () => {
  it('applies the picture limit to pictures and the video limit to videos', () => {
    expect(checkGalleryFile({ type: 'image/png', name: 'a.png', size: GALLERY_IMAGE_MAX_BYTES })).toBeNull();
    expect(checkGalleryFile({ type: 'video/mp4', name: 'a.mp4', size: 100 * MB })).toBeNull();
    expect(checkGalleryFile({ type: 'video/quicktime', name: 'a.mov', size: GALLERY_VIDEO_MAX_BYTES + 1 })?.messageKey).toBe('videoTooBig');
  });

  it('tells a video by its name when the browser gives no type (HEIC and MOV often come without one)', () => {
    expect(fileKind({ type: '', name: 'IMG_1.MOV' })).toBe('video');
    expect(fileKind({ type: '', name: 'IMG_1.HEIC' })).toBe('image');
    expect(checkGalleryFile({ type: '', name: 'IMG_1.HEIC', size: 20 * MB })?.messageKey).toBe('imageTooBig');
  });
});

describe('uploadFailure', () => {
  it("shows the server's message for a refused file, translated when it is one of the gallery texts", () => {
    const unreadable = new ApiError(422, 'validation_failed', 'Invalid input', { file: GALLERY_MESSAGES.unreadable });
    expect(uploadFailure(unreadable, 'image')).toEqual({ messageKey: 'unreadable', serverMessage: null, canRetry: true });
    const other = new ApiError(422, 'validation_failed', 'Something new');
    expect(uploadFailure(other, 'image')).toMatchObject({ messageKey: null, serverMessage: 'Something new' });
    const forbidden = new ApiError(403, 'forbidden', GALLERY_MESSAGES.uploadOnlyGuests);
    expect(uploadFailure(forbidden, 'image').messageKey).toBe('uploadOnlyGuests');
  });

  it('says too big for a 413 and unsupported for a 415 even without a readable body (a store answered)', () => {
    expect(uploadFailure(new ApiError(413, 'payload_too_large', 'Upload failed with status 413'), 'video').messageKey).toBe('videoTooBig');
    expect(uploadFailure(new ApiError(413, 'payload_too_large', GALLERY_MESSAGES.tooManyPixels), 'image').messageKey).toBe('tooManyPixels');
    expect(uploadFailure(new ApiError(415, 'unsupported_media_type', GALLERY_MESSAGES.heicUnreadable), 'image').messageKey).toBe('heicUnreadable');
    expect(uploadFailure(new ApiError(415, 'unsupported_media_type', 'x'), 'image').messageKey).toBe('unsupportedType');
  });

  it("is the generic 'Upload failed' for network and server errors", () => {
    expect(networkFailure).toEqual({ messageKey: null, serverMessage: null, canRetry: true });
    expect(uploadFailure(new ApiError(500, 'internal_error', 'Boom'), 'image').serverMessage).toBeNull();
    expect(uploadFailure(new Error('?'), 'image').messageKey).toBeNull();
  });
});
