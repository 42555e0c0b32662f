import { SHARE_MESSAGES } from '@planns/shared/share/share.schemas';
import { inTransaction } from '../../db/database.ts';
import type { AppDeps } from '../../deps.ts';
import type { Actor } from '../../http/actor.ts';
import { AppError, forbidden } from '../../http/app-error.ts';
import { friendsAmong } from '../friends/friends.service.ts';
import * as events from '../events/events.service.ts';
import { notify } from '../notifications/notifications.service.ts';

/**
 * POST events/{id}/share {users}: invites friends. The invitation lets them see a private or
 * friends event (decision 0009), so only its owner, co-organisers and moderators may share one of
 * those; anyone who sees a public event may share it. Recipients must be the sharer's friends.
 */
export async function shareEvent(deps: AppDeps, actor: Actor, eventId: number, userIds: number[]): Promise<number[]> {
  const event = await events.loadVisible(deps, actor, eventId);
  if (event.deleted_by_moderator_at) throw new AppError('conflict', 'This event was deleted by a moderator');
  if (event.visibility !== 'public' && event.user_id !== actor.userId && !actor.isModerator) {
    if (!(await events.isOrganizer(deps.db, eventId, actor.userId))) throw forbidden(SHARE_MESSAGES.notAllowed);
  }
  const wanted = [...new Set(userIds)].filter((id) => id !== actor.userId);
  const friends = await friendsAmong(deps.db, actor.userId, wanted);
  if (friends.length !== wanted.length) throw new AppError('validation_failed', SHARE_MESSAGES.onlyFriends, { users: SHARE_MESSAGES.onlyFriends });
  if (friends.length === 0) return [];
  const now = deps.clock.now();
  await inTransaction(deps.db, async (tx) => {
    await tx
      .insertInto('event_invites')
      .values(friends.map((user_id) => ({ event_id: eventId, user_id, invited_by: actor.userId, created_at: now })))
      .onConflict((oc) => oc.columns(['event_id', 'user_id']).doNothing())
      .execute();
    await notify(tx, { recipients: friends, as: 'person', action: 'event_shared', authorId: actor.userId, eventId, now });
  });
  return friends;
}
