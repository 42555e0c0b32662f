import { GALLERY_IMAGE_MAX_BYTES, GALLERY_VIDEO_FORMATS, GALLERY_VIDEO_MAX_BYTES } from '@planns/shared/gallery/gallery.rules';
import { isApiError } from '../../lib/api-client.ts';
import { galleryMessageKey, type GalleryMessageKey } from './gallery-messages.ts';

/**
 * The gallery's upload queue (events §4 Gallery: "upload is sequential file by file with overall
 * progress in percent"). Files go up one at a time; unlike the spec's client, a failure does not
 * stall the queue: the failed file waits for Retry or Skip while the others go on. Pure (a
 * reducer and selectors), so it is unit-tested; gallery-upload-runner.ts does the uploading.
 */

export type UploadStatus = 'waiting' | 'uploading' | 'done' | 'failed';

export type UploadFailure = {
  /** The reason as one of the gallery's texts (translated), whether checked here or by the server. */
  messageKey: GalleryMessageKey | null;
  /** Otherwise the server's own message; with neither, the generic 'Upload failed'. */
  serverMessage: string | null;
  /** False for files refused before sending: trying again would change nothing. */
  canRetry: boolean;
};

export type UploadEntry = {
  key: string;
  name: string;
  bytes: number;
  kind: 'image' | 'video';
  status: UploadStatus;
  /** Bytes sent so far. */
  loaded: number;
  failure: UploadFailure | null;
  /** Once done: whether the item shows to everyone, or waits for the organiser's approval. */
  isApproved: boolean | null;
};

export type UploadQueue = { entries: readonly UploadEntry[] };

export type QueuedFile = { key: string; name: string; bytes: number; type: string };

export type UploadAction =
  | { type: 'add'; files: readonly QueuedFile[] }
  | { type: 'start'; key: string }
  | { type: 'progress'; key: string; loaded: number }
  | { type: 'done'; key: string; isApproved: boolean }
  | { type: 'fail'; key: string; failure: UploadFailure }
  | { type: 'retry'; key: string }
  | { type: 'skip'; key: string }
  | { type: 'clear' };

export const emptyUploadQueue: UploadQueue = { entries: [] };

const VIDEO_EXTENSIONS: ReadonlySet<string> = new Set([...GALLERY_VIDEO_FORMATS, 'm4v', 'qt']);

/** A video by its type, or by its name's extension when the browser gives no type. */
export function fileKind(file: { type: string; name: string }): 'image' | 'video' {
  if (file.type.startsWith('video/')) return 'video';
  if (file.type !== '') return 'image';
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  return VIDEO_EXTENSIONS.has(extension) ? 'video' : 'image';
}

const local = (messageKey: GalleryMessageKey): UploadFailure => ({ messageKey, serverMessage: null, canRetry: false });

/**
 * The server's limits checked before sending, so a file that cannot go fails at once with the
 * server's own words: empty, not a picture or video, over 15 MB (pictures) or 200 MB (videos).
 */
export function checkGalleryFile(file: { type: string; name: string; size: number }): UploadFailure | null {
  if (file.size === 0) return local('empty');
  if (file.type !== '' && !file.type.startsWith('image/') && !file.type.startsWith('video/')) return local('unsupportedType');
  if (fileKind(file) === 'video') return file.size > GALLERY_VIDEO_MAX_BYTES ? local('videoTooBig') : null;
  return file.size > GALLERY_IMAGE_MAX_BYTES ? local('imageTooBig') : null;
}

/**
 * Why an upload failed, as the row shows it: the server's message for a refused file (413, 415,
 * 422, and 403 when the user may no longer add photos), the generic 'Upload failed' for network
 * errors and anything else.
 */
export function uploadFailure(error: unknown, kind: 'image' | 'video'): UploadFailure {
  const generic: UploadFailure = { messageKey: null, serverMessage: null, canRetry: true };
  if (!isApiError(error)) return generic;
  const message = Object.values(error.fields)[0] ?? error.message;
  const messageKey = galleryMessageKey(message);
  switch (error.status) {
    case 413:
      return { messageKey: messageKey ?? (kind === 'video' ? 'videoTooBig' : 'imageTooBig'), serverMessage: null, canRetry: true };
    case 415:
      return { messageKey: messageKey ?? 'unsupportedType', serverMessage: null, canRetry: true };
    case 403:
    case 422:
      return { messageKey, serverMessage: messageKey ? null : message, canRetry: true };
    default:
      return generic;
  }
}

function update(queue: UploadQueue, key: string, change: (entry: UploadEntry) => UploadEntry): UploadQueue {
  return { entries: queue.entries.map((entry) => (entry.key === key ? change(entry) : entry)) };
}

export function uploadQueueReducer(queue: UploadQueue, action: UploadAction): UploadQueue {
  switch (action.type) {
    case 'add': {
      const known = new Set(queue.entries.map((entry) => entry.key));
      const added = action.files
        .filter((file) => !known.has(file.key))
        .map<UploadEntry>((file) => {
          // Checked as it is added: a file that cannot go fails at once, not when its turn comes.
          const failure = checkGalleryFile({ type: file.type, name: file.name, size: file.bytes });
          return {
            key: file.key,
            name: file.name,
            bytes: file.bytes,
            kind: fileKind(file),
            status: failure ? 'failed' : 'waiting',
            loaded: 0,
            failure,
            isApproved: null,
          };
        });
      return added.length === 0 ? queue : { entries: [...queue.entries, ...added] };
    }
    case 'start':
      return update(queue, action.key, (entry) => (entry.status === 'waiting' ? { ...entry, status: 'uploading', loaded: 0 } : entry));
    case 'progress':
      return update(queue, action.key, (entry) =>
        entry.status === 'uploading' ? { ...entry, loaded: Math.min(Math.max(action.loaded, entry.loaded), entry.bytes) } : entry,
      );
    case 'done':
      return update(queue, action.key, (entry) => ({ ...entry, status: 'done', loaded: entry.bytes, failure: null, isApproved: action.isApproved }));
    case 'fail':
      return update(queue, action.key, (entry) => ({ ...entry, status: 'failed', loaded: 0, failure: action.failure }));
    case 'retry':
      return update(queue, action.key, (entry) =>
        entry.status === 'failed' && entry.failure?.canRetry !== false ? { ...entry, status: 'waiting', loaded: 0, failure: null } : entry,
      );
    case 'skip': {
      const entries = queue.entries.filter((entry) => !(entry.key === action.key && (entry.status === 'failed' || entry.status === 'waiting')));
      return entries.length === queue.entries.length ? queue : { entries };
    }
    case 'clear':
      return isUploading(queue) ? queue : emptyUploadQueue;
  }
}

/** The file to send next: the first waiting one, once no file is on its way. */
export function nextUpload(queue: UploadQueue): UploadEntry | null {
  if (isUploading(queue)) return null;
  return queue.entries.find((entry) => entry.status === 'waiting') ?? null;
}

export function currentUpload(queue: UploadQueue): UploadEntry | null {
  return queue.entries.find((entry) => entry.status === 'uploading') ?? null;
}

export function isUploading(queue: UploadQueue): boolean {
  return queue.entries.some((entry) => entry.status === 'uploading');
}

/** Files are waiting or on their way. */
export function isQueueActive(queue: UploadQueue): boolean {
  return queue.entries.some((entry) => entry.status === 'waiting' || entry.status === 'uploading');
}

/**
 * The overall progress: bytes sent of all the queue's bytes, in whole percent (100 only when every
 * file is done; a failed file counts as not sent until it is retried or skipped, a file refused
 * before sending does not count).
 */
export function queueProgress(queue: UploadQueue): { loaded: number; total: number; percent: number } {
  let loaded = 0;
  let total = 0;
  for (const entry of queue.entries) {
    if (entry.status === 'failed' && entry.failure?.canRetry === false) continue; // never going to be sent
    total += entry.bytes;
    if (entry.status === 'done') loaded += entry.bytes;
    else if (entry.status === 'uploading') loaded += entry.loaded;
  }
  const percent = total === 0 ? 0 : Math.floor((loaded * 100) / total);
  return { loaded, total, percent };
}

export function queueCounts(queue: UploadQueue): { done: number; failed: number; total: number; awaitingApproval: number } {
  let done = 0;
  let failed = 0;
  let awaitingApproval = 0;
  for (const entry of queue.entries) {
    if (entry.status === 'done') {
      done += 1;
      if (entry.isApproved === false) awaitingApproval += 1;
    } else if (entry.status === 'failed') failed += 1;
  }
  return { done, failed, total: queue.entries.length, awaitingApproval };
}
