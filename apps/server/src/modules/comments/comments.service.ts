import { COMMENTS_PAGE_SIZE, type Comment } from '@planns/shared/comments/comments.schemas';
import type { AppDeps } from '../../deps.ts';
import type { Actor } from '../../http/actor.ts';
import { AppError } from '../../http/app-error.ts';
import * as events from '../events/events.service.ts';
import { presentComment } from './comments.presenter.ts';
import { inTransaction } from '../../db/database.ts';
import { notify } from '../notifications/notifications.service.ts';
import * as repo from './comments.repo.ts';

/** GET events/{id}/comments: whoever may see the event may read them (visitors: public events). */
export async function listComments(deps: AppDeps, viewer: Actor | null, eventId: number, before?: number): Promise<Comment[]> {
  await events.loadVisible(deps, viewer, eventId);
  return (await repo.listComments(deps.db, eventId, COMMENTS_PAGE_SIZE, before)).map(presentComment);
}

/** POST events/{id}/comment: any signed-in person who may see the event. */
export async function addComment(deps: AppDeps, actor: Actor, eventId: number, text: string): Promise<Comment> {
  const event = await events.loadVisible(deps, actor, eventId);
  if (event.deleted_by_moderator_at) throw new AppError('conflict', 'This event was deleted by a moderator');
  const now = deps.clock.now();
  const id = await inTransaction(deps.db, async (tx) => {
    const commentId = await repo.insertComment(tx, { event_id: eventId, user_id: actor.userId, comment: text, created_at: now });
    const base = { action: 'comment_posted', authorId: actor.userId, eventId, commentId, now } as const;
    await notify(tx, { ...base, recipients: [event.user_id], as: 'host' });
    await notify(tx, { ...base, recipients: (await repo.guestIds(tx, eventId)).filter((id) => id !== event.user_id), as: 'guest' });
    return commentId;
  });
  const row = await repo.findComment(deps.db, id);
  if (!row) throw new AppError('internal_error', 'Something went wrong');
  return presentComment(row);
}
