import type { Actor } from '../../http/actor.ts';

/** Who may do what in an event's gallery (events spec §4, §6; docs/decisions/0016-gallery.md). */
type EventFacts = { user_id: number };
type ItemFacts = { user_id: number; approved: boolean; hidden_at: Date | null };

/** Upload: the owner, or a guest who is going or maybe (events §4 Upload permission). */
export function canUpload(actor: Actor, event: EventFacts, status: string | null): boolean {
  return actor.userId === event.user_id || status === 'going' || status === 'maybe';
}

/** Approve, restore, see everything, see report counts: the event's owner or a moderator. */
export function canModerateGallery(actor: Actor | null, event: EventFacts): boolean {
  return actor !== null && (actor.userId === event.user_id || actor.isModerator);
}

/** Delete: the event's owner or a moderator (events §6), and the uploader their own item. */
export function canDeleteItem(actor: Actor | null, event: EventFacts, item: ItemFacts): boolean {
  return canModerateGallery(actor, event) || (actor !== null && actor.userId === item.user_id);
}

/**
 * Seeing an item, among those who may see the event: a privacy-hidden item only its owner and
 * moderators; a pending one also its uploader; an approved one everyone.
 */
export function canSeeItem(actor: Actor | null, event: EventFacts, item: ItemFacts): boolean {
  if (canModerateGallery(actor, event)) return true;
  if (item.hidden_at) return false;
  return item.approved || (actor !== null && actor.userId === item.user_id);
}

/** An item a new upload starts as: approved unless the owner requires approval (the owner's own are approved). */
export function startsApproved(actor: Actor, event: EventFacts & { gallery_requires_approval: boolean }): boolean {
  return !event.gallery_requires_approval || actor.userId === event.user_id;
}
