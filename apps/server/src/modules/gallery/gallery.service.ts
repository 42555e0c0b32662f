import { GALLERY_MESSAGES as M, GALLERY_PAGE_SIZE } from '@planns/shared/gallery/gallery.rules';
import type { GalleryItem, GalleryReportBody } from '@planns/shared/gallery/gallery.schemas';
import { inTransaction, type Executor } from '../../db/database.ts';
import type { AppDeps } from '../../deps.ts';
import type { Actor } from '../../http/actor.ts';
import { AppError, forbidden, notFound } from '../../http/app-error.ts';
import * as events from '../events/events.service.ts';
import * as rsvp from '../rsvp/rsvp.service.ts';
import { canDeleteItem, canModerateGallery, canSeeItem, canUpload, startsApproved } from './gallery.policy.ts';
import { presentItems } from './gallery.presenter.ts';
import * as repo from './gallery.repo.ts';
import { deleteUploadFiles } from './upload-files.ts';

const itemNotFound = () => notFound('No such photo or video');

/**
 * GET gallery/{eventId} (signed in) and gallery/{eventId}/unregistered (visitors, public events
 * only): newest first, as the viewer may see them.
 */
export async function listGallery(deps: AppDeps, viewer: Actor | null, eventId: number, before?: number): Promise<GalleryItem[]> {
  const event = await events.loadVisible(deps, viewer, eventId);
  if (!viewer && event.visibility !== 'public') throw events.eventNotFound();
  const rows = await repo.listItems(deps.db, eventId, { userId: viewer?.userId ?? null, seesAll: canModerateGallery(viewer, event) }, GALLERY_PAGE_SIZE, before);
  return presentItems(deps.db, viewer, event, rows);
}

/** The event a signed-in user may add to: visible, not removed by a moderator, and they are going, maybe or its owner. */
export async function loadEventForUpload(deps: AppDeps, actor: Actor, eventId: number) {
  const event = await events.loadVisible(deps, actor, eventId);
  if (event.deleted_by_moderator_at) throw new AppError('conflict', 'This event was deleted by a moderator');
  const status = await rsvp.currentStatus(deps.db, eventId, actor.userId);
  if (!canUpload(actor, event, status)) throw forbidden(M.uploadOnlyGuests);
  return event;
}

/** POST gallery/{eventId} {cloudinary_data}: an upload planns issued to this user for this event, once. */
export async function postItem(deps: AppDeps, actor: Actor, eventId: number, uploadId: string): Promise<GalleryItem> {
  const event = await loadEventForUpload(deps, actor, eventId);
  const itemId = await inTransaction(deps.db, async (tx) => {
    const upload = await repo.lockReadyUpload(tx, uploadId, actor.userId, eventId);
    if (!upload?.resource_type || !upload.url || !upload.url_m || !upload.url_l) {
      throw new AppError('validation_failed', M.uploadNotYours, { cloudinary_data: M.uploadNotYours });
    }
    const id = await repo.insertItem(tx, {
      event_id: eventId,
      user_id: actor.userId,
      upload_id: upload.id,
      type: upload.resource_type,
      url: upload.url,
      url_m: upload.url_m,
      url_l: upload.url_l,
      width: upload.width,
      height: upload.height,
      approved: startsApproved(actor, event),
      now: deps.clock.now(),
    });
    await repo.markUploadPosted(tx, upload.id);
    return id;
  });
  return presentOne(deps, actor, event, itemId);
}

async function presentOne(deps: AppDeps, viewer: Actor, event: { user_id: number }, id: number): Promise<GalleryItem> {
  const row = await repo.findItem(deps.db, id);
  if (!row) throw itemNotFound();
  const [item] = await presentItems(deps.db, viewer, event, [row]);
  return item!;
}

/** The item and its event, if the caller may see both; else a 404 exactly like a missing one. */
async function loadSeenItem(deps: AppDeps, actor: Actor, id: number) {
  const row = await repo.findItem(deps.db, id);
  if (!row) throw itemNotFound();
  let event;
  try {
    event = await events.loadVisible(deps, actor, row.event_id);
  } catch (err) {
    throw err instanceof AppError && err.code === 'not_found' ? itemNotFound() : err;
  }
  if (!canSeeItem(actor, event, row)) throw itemNotFound();
  return { row, event };
}

/** DELETE gallery/{id}: the event's owner, a moderator, or the uploader. */
export async function deleteItem(deps: AppDeps, actor: Actor, id: number): Promise<void> {
  const { row, event } = await loadSeenItem(deps, actor, id);
  if (!canDeleteItem(actor, event, row)) throw forbidden("Only the event's organiser or a moderator can delete this");
  const files = await inTransaction(deps.db, (tx) => repo.deleteItem(tx, id));
  if (files) await deleteUploadFiles(deps.storage, [files]);
}

/** POST gallery/{id}/like: toggles; answers the updated item. */
export async function likeItem(deps: AppDeps, actor: Actor, id: number): Promise<GalleryItem> {
  const { event } = await loadSeenItem(deps, actor, id);
  await inTransaction(deps.db, (tx) => repo.toggleLike(tx, id, actor.userId, deps.clock.now()));
  return presentOne(deps, actor, event, id);
}

/** POST gallery/{id}/abuse {reason, description}: once per person; a privacy report hides the item. */
export async function reportItem(deps: AppDeps, actor: Actor, id: number, body: GalleryReportBody) {
  await loadSeenItem(deps, actor, id);
  const report = await inTransaction(deps.db, (tx) =>
    repo.insertReport(tx, { gallery_id: id, user_id: actor.userId, reason: body.reason, description: body.description, now: deps.clock.now() }),
  );
  if (!report) throw new AppError('conflict', M.alreadyReported);
  return { id: report.id, gallery_id: report.gallery_id, reason: report.reason, created_at: report.created_at.toISOString() };
}

/** POST gallery/{id}/approve: the event's owner or a moderator approves a pending item or restores a hidden one. */
export async function approveItem(deps: AppDeps, actor: Actor, id: number): Promise<GalleryItem> {
  const { event } = await loadSeenItem(deps, actor, id);
  if (!canModerateGallery(actor, event)) throw forbidden("Only the event's organiser or a moderator can approve this");
  await repo.approveItem(deps.db, id);
  return presentOne(deps, actor, event, id);
}

/* ------------------------------------------------------------------ for other modules */

/** Every file of an event's uploads (its gallery, and unposted ones), read before the event is deleted. */
export async function uploadFilesOfEvent(db: Executor, eventId: number): Promise<repo.UploadFiles[]> {
  return repo.uploadFilesOfEvent(db, eventId);
}

/** Removes those files from storage once the event is gone (its rows go by cascade). */
export async function deleteEventUploadFiles(deps: Pick<AppDeps, 'storage'>, files: readonly repo.UploadFiles[]): Promise<void> {
  await deleteUploadFiles(deps.storage, files);
}
