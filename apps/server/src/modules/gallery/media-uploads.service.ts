import fs from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { GALLERY_IMAGE_MAX_BYTES, GALLERY_UPLOAD_TTL_MS } from '@planns/shared/gallery/gallery.rules';
import type { UploadResult } from '@planns/shared/gallery/gallery.schemas';
import type { AppDeps } from '../../deps.ts';
import type { Actor } from '../../http/actor.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { storeGalleryMedia, type StoredMedia } from '../../media/gallery-media.ts';
import { imageTooBig, receiveUpload, unsupportedMedia } from '../../media/receive-upload.ts';
import { uploadTempFile } from '../../media/upload-temp-files.ts';
import { loadEventForUpload } from './gallery.service.ts';
import * as repo from './gallery.repo.ts';
import { deleteUploadFiles, newUploadId } from './upload-files.ts';

/** At most this many files waiting to be posted per person per day: a full disk is not a feature. */
export const MAX_UNPOSTED_UPLOADS = 200;
/** How long a presigned upload URL stays valid. */
const PRESIGN_SECONDS = 15 * 60;

const uploadNotFound = () => notFound('No such upload');

function resultOf(id: string, m: Pick<StoredMedia, 'url' | 'url_m' | 'url_l' | 'resource_type' | 'width' | 'height' | 'format' | 'bytes'>): UploadResult {
  return { id, url: m.url, url_m: m.url_m, url_l: m.url_l, resource_type: m.resource_type, width: m.width, height: m.height, format: m.format, bytes: m.bytes };
}

function rowResult(row: repo.UploadRow): UploadResult {
  if (row.state === 'incoming' || !row.resource_type || !row.url || !row.url_m || !row.url_l || !row.format || row.bytes === null) {
    throw new AppError('conflict', 'The file has not been uploaded yet');
  }
  return resultOf(row.id, { url: row.url, url_m: row.url_m, url_l: row.url_l, resource_type: row.resource_type, width: row.width, height: row.height, format: row.format, bytes: row.bytes });
}

async function checkQuota(deps: AppDeps, actor: Actor): Promise<void> {
  const since = new Date(deps.clock.now().getTime() - GALLERY_UPLOAD_TTL_MS);
  if ((await repo.countUnposted(deps.db, actor.userId, since)) >= MAX_UNPOSTED_UPLOADS) {
    throw new AppError('too_many_requests', 'Too many files waiting to be added: add or discard them first');
  }
}

/** Receives a stream into a temporary file, processes it and stores the result; nothing is left behind on failure. */
async function receiveAndStore(deps: AppDeps, eventId: number, id: string, source: Readable, declaredBytes?: number): Promise<StoredMedia> {
  const file = await uploadTempFile(deps.config.dataDir, id);
  try {
    const received = await receiveUpload(source, file, declaredBytes);
    return await storeGalleryMedia(deps.storage, file, received, `gallery/${eventId}/${id}`);
  } finally {
    await fs.rm(file, { force: true });
  }
}

/**
 * Records processed files in their upload row; when the write fails or answers false (another
 * request got there first) the files are removed again, so no stored file is left without a row.
 */
async function recordStored(deps: AppDeps, stored: StoredMedia, write: () => Promise<boolean>): Promise<boolean> {
  const discard = () => Promise.all(stored.keys.map((key) => deps.storage.delete(key).catch(() => {})));
  let written: boolean;
  try {
    written = await write();
  } catch (err) {
    await discard();
    throw err;
  }
  if (!written) await discard();
  return written;
}

/**
 * POST media/uploads?event_id=N with the file as the body: the one-step upload (API clients, and
 * the web app with the local store). Answers the upload result to post to POST gallery/{eventId}.
 */
export async function uploadDirect(deps: AppDeps, actor: Actor, eventId: number, source: Readable, declaredBytes?: number): Promise<UploadResult> {
  await loadEventForUpload(deps, actor, eventId);
  await checkQuota(deps, actor);
  const id = newUploadId();
  const stored = await receiveAndStore(deps, eventId, id, source, declaredBytes);
  await recordStored(deps, stored, async () => {
    await repo.insertUpload(deps.db, { id, user_id: actor.userId, event_id: eventId, state: 'ready', incoming_key: null, now: deps.clock.now(), stored });
    return true;
  });
  return resultOf(id, stored);
}

/**
 * POST media/uploads/presign?event_id=N {content_type, bytes}: where to PUT the file. With the
 * s3 store a presigned URL of the bucket (the bytes never pass through planns); with the local
 * store planns' own PUT media/uploads/{id}.
 */
export async function presignUpload(deps: AppDeps, actor: Actor, eventId: number, body: { content_type: string; bytes: number }) {
  await loadEventForUpload(deps, actor, eventId);
  const declared = body.content_type.toLowerCase();
  if (declared.startsWith('image/') && body.bytes > GALLERY_IMAGE_MAX_BYTES) throw imageTooBig();
  if (!declared.startsWith('image/') && !declared.startsWith('video/') && declared !== 'application/octet-stream') throw unsupportedMedia();
  await checkQuota(deps, actor);
  const id = newUploadId();
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + PRESIGN_SECONDS * 1000).toISOString();
  if (deps.storage.presignPut) {
    const key = `incoming/${actor.userId}/${id}.bin`;
    await repo.insertUpload(deps.db, { id, user_id: actor.userId, event_id: eventId, state: 'incoming', incoming_key: key, now });
    const signed = await deps.storage.presignPut(key, body.content_type, body.bytes, PRESIGN_SECONDS);
    return { id, method: 'PUT' as const, url: signed.url, headers: signed.headers, expires_at: expiresAt };
  }
  await repo.insertUpload(deps.db, { id, user_id: actor.userId, event_id: eventId, state: 'incoming', incoming_key: null, now });
  return { id, method: 'PUT' as const, url: `/api/media/uploads/${id}`, headers: { 'content-type': body.content_type }, expires_at: expiresAt };
}

/** PUT media/uploads/{id}: the bytes of a presigned local upload, streamed through planns. */
export async function receivePresigned(deps: AppDeps, actor: Actor, id: string, source: Readable, declaredBytes?: number): Promise<UploadResult> {
  const row = await repo.findUpload(deps.db, id, actor.userId);
  if (!row) {
    source.resume();
    throw uploadNotFound();
  }
  if (row.state !== 'incoming' || row.incoming_key !== null) {
    source.resume();
    throw new AppError('conflict', row.incoming_key ? 'Upload this file to its presigned URL' : 'This file was already uploaded');
  }
  const stored = await receiveAndStore(deps, row.event_id, id, source, declaredBytes);
  if (!(await recordStored(deps, stored, () => repo.markUploadReady(deps.db, id, stored)))) {
    throw new AppError('conflict', 'This file was already uploaded');
  }
  return resultOf(id, stored);
}

/**
 * POST media/uploads/{id}/complete: the upload result. For an s3 upload, the object the browser
 * PUT is fetched, checked and processed exactly like a direct upload, then removed.
 */
export async function completeUpload(deps: AppDeps, actor: Actor, id: string): Promise<UploadResult> {
  const row = await repo.findUpload(deps.db, id, actor.userId);
  if (!row) throw uploadNotFound();
  if (row.state !== 'incoming') return rowResult(row);
  if (!row.incoming_key) throw new AppError('conflict', 'The file has not been uploaded yet');
  const incomingKey = row.incoming_key;
  const object = await deps.storage.read(incomingKey);
  if (!object) throw new AppError('conflict', 'The file has not been uploaded yet');
  let stored: StoredMedia;
  try {
    stored = await receiveAndStore(deps, row.event_id, id, object.stream, object.size);
  } catch (err) {
    if (err instanceof AppError) await deps.storage.delete(incomingKey).catch(() => {});
    throw err;
  }
  if (!(await recordStored(deps, stored, () => repo.markUploadReady(deps.db, id, stored)))) {
    const again = await repo.findUpload(deps.db, id, actor.userId);
    if (!again) throw uploadNotFound();
    return rowResult(again);
  }
  await deps.storage.delete(incomingKey).catch(() => {});
  return resultOf(id, stored);
}

/** Removes uploads never posted to a gallery within a day, with their files. */
export async function sweepStaleUploads(deps: AppDeps): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - GALLERY_UPLOAD_TTL_MS);
  const stale = await repo.deleteStaleUploads(deps.db, before);
  await deleteUploadFiles(deps.storage, stale);
  return stale.length;
}

