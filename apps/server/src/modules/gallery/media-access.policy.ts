import type { Actor } from '../../http/actor.ts';
import { canViewEvent } from '../events/events.policy.ts';
import { canSeeItem } from './gallery.policy.ts';

/**
 * Who may have a file under /media, and how it may be cached (docs/decisions/0019-media-access.md):
 * - `immutable`: anyone, for good (avatars, pictures of public events): cached a year by anyone;
 * - `public`: anyone for now, but it can still be hidden (an approved gallery item of a public
 *   event): cached by anyone for a few minutes only;
 * - `private`: this requester only (pending, hidden, unposted, or of an event not everyone sees):
 *   cached by their browser alone, for a few minutes.
 * A file nobody may have, or this requester may not, is null: answered as a missing file.
 */
export type MediaAccess = 'immutable' | 'public' | 'private';

/**
 * How long a cache may keep a file that can still be hidden (a privacy report, a deletion, an
 * event made private): the time a hidden picture may still show where it was already fetched.
 */
export const HIDEABLE_MEDIA_MAX_AGE_SECONDS = 5 * 60;

/** s3: the lifetime of a presigned GET URL for a file that can still be hidden. */
export const HIDEABLE_MEDIA_PRESIGN_SECONDS = 5 * 60;

/** The Cache-Control of a file served with this access. */
export function mediaCacheControl(access: MediaAccess): string {
  if (access === 'immutable') return 'public, max-age=31536000, immutable';
  return `${access}, max-age=${HIDEABLE_MEDIA_MAX_AGE_SECONDS}`;
}

/** What the media route knows of a gallery file: its upload, the item it was posted as (if any), and the event. */
export interface GalleryMediaFacts {
  uploader_id: number;
  state: 'incoming' | 'ready' | 'posted';
  owner_id: number;
  visibility: 'public' | 'private' | 'friends';
  /** events/event-visibility.ts visibleTo for the requester. */
  is_visible: boolean;
  /** The gallery item; null when the upload was never posted (or its item is gone). */
  item: { user_id: number; approved: boolean; hidden_at: Date | null } | null;
}

/**
 * A gallery file is seen by whoever sees its item in the gallery (decision 0016: the event
 * visible to them, then canSeeItem); an upload not posted yet by its uploader alone; a deleted
 * item by nobody.
 */
export function galleryMediaAccess(viewer: Actor | null, facts: GalleryMediaFacts | undefined): MediaAccess | null {
  if (!facts) return null;
  if (!facts.item) return facts.state !== 'posted' && viewer !== null && viewer.userId === facts.uploader_id ? 'private' : null;
  const event = { user_id: facts.owner_id, is_visible: facts.is_visible };
  if (!canViewEvent(viewer, event) || !canSeeItem(viewer, event, facts.item)) return null;
  return facts.visibility === 'public' && facts.item.approved && !facts.item.hidden_at ? 'public' : 'private';
}

/**
 * An event picture is seen by whoever sees its event (decision 0009; moderators open any event).
 * A picture of a public event is a poster, public for good; others are checked on every request.
 */
export function eventPictureAccess(viewer: Actor | null, events: readonly { user_id: number; visibility: string; is_visible: boolean }[]): MediaAccess | null {
  if (events.some((e) => e.visibility === 'public')) return 'immutable';
  return events.some((e) => canViewEvent(viewer, e)) ? 'private' : null;
}
