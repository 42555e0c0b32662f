import { COMMENTS_PAGE_SIZE } from '@planns/shared/comments/comments.rules';
import type { Comment } from '@planns/shared/comments/comments.schemas';
import type { AppDeps } from '../../deps.ts';
import type { Actor } from '../../http/actor.ts';
import { AppError } from '../../http/app-error.ts';
import * as events from '../events/events.service.ts';
import { presentComment } from './comments.presenter.ts';
import { inTransaction } from '../../db/database.ts';
import { eventRoom } from '@planns/shared/realtime/realtime.rules';
import { notify } from '../notifications/notifications.service.ts';
import * as repo from './comments.repo.ts';

const unknownCursor = 'No such comment on this event: load the comments again from the newest';

/**
 * GET events/{id}/comments: whoever may see the event may read them (visitors: public events).
 * `before` pages back from that comment's place in the list (decision 0021). A cursor that is not a
 * comment of this event has no place, so it is refused rather than answered with a page that
 * could skip comments; this is checked only when the page is empty (a cursor that found older
 * comments existed when the page was read).
 */
export async function listComments(deps: AppDeps, viewer: Actor | null, eventId: number, before?: number): Promise<Comment[]> {
  await events.loadVisible(deps, viewer, eventId);
  const rows = await repo.listComments(deps.db, eventId, COMMENTS_PAGE_SIZE, before);
  if (before !== undefined && rows.length === 0 && !(await repo.commentInEvent(deps.db, eventId, before))) {
    throw new AppError('validation_failed', unknownCursor, { before: unknownCursor });
  }
  return rows.map(presentComment);
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
    await notify(tx, { ...base, recipients: (await repo.guestIds(tx, eventId)).filter((g) => g !== event.user_id), as: 'guest' });
    return commentId;
  });
  const row = await repo.findComment(deps.db, id);
  if (!row) throw new AppError('internal_error', 'Something went wrong');
  const comment = presentComment(row);
  deps.realtime?.emit(eventRoom('comment_posted', eventId), 'comment_posted', { event_id: eventId, by: actor.userId, comment });
  return comment;
}
