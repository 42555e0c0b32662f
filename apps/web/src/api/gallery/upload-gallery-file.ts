import type { QueryClient } from '@tanstack/react-query';
import type { GalleryItem, UploadResult } from '@planns/shared/gallery/gallery.schemas';
import { ApiError, apiRequest, readErrorBody } from '../../lib/api-client.ts';
import { galleryQueryKey, prependGalleryItem, type GalleryPages } from './list-gallery.ts';

/** Loaded with the first upload, not with the event page (issue 16: the page's first load evaluates no zod). */
const gallerySchemas = () => import('@planns/shared/gallery/gallery.schemas');

/** Where and how to send one file's bytes (POST media/uploads/presign). */
export type UploadTarget = { id: string; method: 'PUT'; url: string; headers: Record<string, string>; expires_at: string };

type Progress = (loadedBytes: number) => void;

/** Headers a page may not set (the browser sets them itself and logs a refusal). */
const FORBIDDEN_HEADERS = new Set(['content-length', 'host', 'connection', 'expect']);

function abortError(): DOMException {
  return new DOMException('The upload was stopped', 'AbortError');
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** An error body ({error: {code, message, fields}}) as an ApiError; a store's own error (XML, nothing) as a generic one. */
function uploadError(status: number, body: unknown): ApiError {
  const parsed = readErrorBody(body);
  if (parsed) return new ApiError(status, parsed.code, parsed.message, parsed.fields, parsed.retryAfter);
  const code = status === 413 ? 'payload_too_large' : status >= 500 ? 'internal_error' : 'bad_request';
  return new ApiError(status, code, `Upload failed with status ${status}`);
}

/**
 * Step 1, POST /api/media/uploads/presign?event_id=N {content_type, bytes}: where to PUT the
 * file. 403 forbidden when the user may not add to this gallery, 413/422 for a declared size
 * over the limit.
 */
export async function presignUpload(eventId: number, file: Pick<Blob, 'type' | 'size'>, signal?: AbortSignal): Promise<UploadTarget> {
  const body = { content_type: file.type || 'application/octet-stream', bytes: file.size };
  const reply = await apiRequest(`/api/media/uploads/presign?event_id=${eventId}`, { method: 'POST', body, schema: () => gallerySchemas().then((m) => m.presignReplySchema), signal });
  return reply.data;
}

/**
 * Step 2: PUT the bytes to the target with its headers, through XMLHttpRequest for its upload
 * progress (fetch has none). planns' own /api/media/uploads/{id} answers {data: UploadResult} or an
 * error body (413, 415, 422); a store's presigned URL answers 200 with no JSON (null here).
 */
export function putUploadBytes(
  target: Pick<UploadTarget, 'url' | 'headers'>,
  file: Blob,
  options: { onProgress?: Progress; signal?: AbortSignal; createRequest?: () => XMLHttpRequest } = {},
): Promise<UploadResult | null> {
  const { onProgress, signal, createRequest = () => new XMLHttpRequest() } = options;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const request = createRequest();
    const onAbortSignal = () => request.abort();
    const settle = () => signal?.removeEventListener('abort', onAbortSignal);
    request.open('PUT', target.url);
    for (const [name, value] of Object.entries(target.headers)) {
      if (!FORBIDDEN_HEADERS.has(name.toLowerCase())) request.setRequestHeader(name, value);
    }
    request.upload.onprogress = (event) => onProgress?.(Math.min(event.loaded, file.size));
    request.onload = () => {
      settle();
      const json = parseJson(request.responseText);
      if (request.status < 200 || request.status >= 300) {
        reject(uploadError(request.status, json));
        return;
      }
      onProgress?.(file.size);
      gallerySchemas().then(({ uploadResultReplySchema }) => {
        const parsed = uploadResultReplySchema.safeParse(json);
        resolve(parsed.success ? parsed.data.data : null);
      }, reject);
    };
    request.onerror = () => {
      settle();
      reject(new ApiError(0, 'network_error', 'The server could not be reached'));
    };
    request.ontimeout = request.onerror;
    request.onabort = () => {
      settle();
      reject(abortError());
    };
    signal?.addEventListener('abort', onAbortSignal, { once: true });
    request.send(file);
  });
}

/** Step 3, POST /api/media/uploads/{id}/complete: the processed file (also 413, 415, 422: the s3 store's file is checked here). */
export async function completeUpload(id: string, signal?: AbortSignal): Promise<UploadResult> {
  const reply = await apiRequest(`/api/media/uploads/${encodeURIComponent(id)}/complete`, { method: 'POST', schema: () => gallerySchemas().then((m) => m.uploadResultReplySchema), signal });
  return reply.data;
}

/** Step 4, POST /api/gallery/{eventId} {cloudinary_data}: the file becomes a gallery item. */
export async function postGalleryItem(eventId: number, result: UploadResult, signal?: AbortSignal): Promise<GalleryItem> {
  const reply = await apiRequest(`/api/gallery/${eventId}`, { method: 'POST', body: { cloudinary_data: result }, schema: () => gallerySchemas().then((m) => m.galleryItemReplySchema), signal });
  return reply.data;
}

type UploadOptions = {
  eventId: number;
  file: File;
  /** Bytes of this file sent so far. */
  onProgress?: Progress;
  signal?: AbortSignal;
  /** Tests pass a fake XMLHttpRequest. */
  createRequest?: () => XMLHttpRequest;
};

/**
 * One file into an event's gallery: presign, PUT the bytes (with progress), complete, post. The
 * same steps whichever store planns uses. Failures are ApiErrors (the server's code, message and
 * fields; network_error when it could not be reached); a stop through `signal` is an AbortError.
 */
export async function uploadGalleryFile({ eventId, file, onProgress, signal, createRequest }: UploadOptions): Promise<GalleryItem> {
  const target = await presignUpload(eventId, file, signal);
  await putUploadBytes(target, file, { onProgress, signal, createRequest });
  const result = await completeUpload(target.id, signal);
  return postGalleryItem(eventId, result, signal);
}

/** A new item on top of the uploader's cached gallery (the grid shows it at once). */
export function addUploadedGalleryItem(queryClient: QueryClient, item: GalleryItem): void {
  const key = galleryQueryKey(item.event_id, true);
  if (queryClient.getQueryData<GalleryPages>(key) === undefined) void queryClient.invalidateQueries({ queryKey: key });
  else queryClient.setQueryData<GalleryPages>(key, (data) => prependGalleryItem(data, item));
}
