import type { Actor } from '../../http/actor.ts';

/** Companions are private to the user who created them. */
export function canManageCompanion(actor: Actor, companion: { user_id: number }): boolean {
  return companion.user_id === actor.userId;
}
