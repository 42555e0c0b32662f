import { UPLOAD_ID_PATTERN } from '@planns/shared/gallery/gallery.rules';
import type { AppDeps } from '../../deps.ts';
import type { Actor } from '../../http/actor.ts';
import { MEDIA_URL_PREFIX } from '../../providers/storage/storage-provider.ts';
import { eventPictureAccess, galleryMediaAccess, type MediaAccess } from './media-access.policy.ts';
import * as repo from './media-access.repo.ts';

/**
 * The upload ids a gallery key `gallery/<event>/<upload id>[-l|-m].<ext>` may name: the name
 * itself, and without a size suffix (an id may itself end in `-l`, so both are asked; the URL
 * match in the query settles which).
 */
function uploadIdsOfKey(key: string): string[] {
  const file = key.slice(key.lastIndexOf('/') + 1);
  const name = file.slice(0, file.lastIndexOf('.'));
  const ids = /-[lm]$/.test(name) ? [name, name.slice(0, -2)] : [name];
  return ids.filter((id) => UPLOAD_ID_PATTERN.test(id));
}

/**
 * Whether this requester (a visitor: null) may have the file under /media/<key>, and how it may be
 * cached; null: not at all (answered exactly like a missing file). At most one indexed query.
 */
export async function mediaAccess(deps: Pick<AppDeps, 'db'>, viewer: Actor | null, key: string): Promise<MediaAccess | null> {
  const url = MEDIA_URL_PREFIX + key;
  const viewerId = viewer?.userId ?? null;
  switch (key.slice(0, key.indexOf('/'))) {
    case 'avatars':
      // A profile picture shows wherever its person does, to visitors too.
      return 'immutable';
    case 'events':
      return eventPictureAccess(viewer, await repo.findEventsOfPicture(deps.db, url, viewerId));
    case 'gallery': {
      const ids = uploadIdsOfKey(key);
      return ids.length === 0 ? null : galleryMediaAccess(viewer, await repo.findGalleryMedia(deps.db, ids, url, viewerId));
    }
    default:
      // incoming/: an s3 upload before processing (its metadata still in it), read by planns alone;
      // and any folder nothing stores in.
      return null;
  }
}
