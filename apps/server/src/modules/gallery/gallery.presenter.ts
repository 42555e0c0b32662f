import { GALLERY_LIKES_SHOWN } from '@planns/shared/gallery/gallery.rules';
import type { GalleryItem } from '@planns/shared/gallery/gallery.schemas';
import type { Executor } from '../../db/database.ts';
import type { Actor } from '../../http/actor.ts';
import { canDeleteItem, canModerateGallery } from './gallery.policy.ts';
import * as repo from './gallery.repo.ts';

/** Gallery items as this viewer sees them (events §3): three queries for any number of items. */
export async function presentItems(db: Executor, viewer: Actor | null, event: { user_id: number }, rows: repo.ItemRow[]): Promise<GalleryItem[]> {
  const ids = rows.map((r) => r.id);
  const [likers, marks] = await Promise.all([
    repo.likersOf(db, ids, GALLERY_LIKES_SHOWN),
    viewer ? repo.viewerMarks(db, ids, viewer.userId) : Promise.resolve({ liked: new Set<number>(), reported: new Set<number>() }),
  ]);
  const likesByItem = new Map<number, GalleryItem['likes']>();
  for (const l of likers) {
    const list = likesByItem.get(l.gallery_id) ?? [];
    list.push({ user_id: l.user_id, user: { id: l.user_id, name: l.name, avatar: l.avatar, avatar_m: l.avatar_m, avatar_s: l.avatar_s } });
    likesByItem.set(l.gallery_id, list);
  }
  const moderates = canModerateGallery(viewer, event);
  return rows.map((row) => ({
    id: row.id,
    event_id: row.event_id,
    url: row.url,
    url_m: row.url_m,
    url_l: row.url_l,
    type: row.type,
    width: row.width,
    height: row.height,
    created_at: row.created_at.toISOString(),
    user_uploaded: { id: row.user_id, name: row.user_name, avatar: row.user_avatar, avatar_m: row.user_avatar_m, avatar_s: row.user_avatar_s },
    likes: likesByItem.get(row.id) ?? [],
    likes_count: row.likes_count,
    is_liked: marks.liked.has(row.id),
    is_abused: marks.reported.has(row.id),
    approved: row.approved,
    is_hidden: row.hidden_at !== null,
    reports_count: moderates ? row.reports_count : 0,
    can_delete: canDeleteItem(viewer, event, row),
    can_moderate: moderates,
  }));
}
