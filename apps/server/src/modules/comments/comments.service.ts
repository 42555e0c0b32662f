import { COMMENTS_PAGE_SIZE, type Comment } from '@planns/shared/comments/comments.schemas';
import type { AppDeps } from '../../deps.ts';
import type { Actor } from '../../http/actor.ts';
import { AppError } from '../../http/app-error.ts';
import * as events from '../events/events.service.ts';
import { presentComment } from './comments.presenter.ts';
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
  const id = await repo.insertComment(deps.db, { event_id: eventId, user_id: actor.userId, comment: text, created_at: deps.clock.now() });
  const row = await repo.findComment(deps.db, id);
  if (!row) throw new AppError('internal_error', 'Something went wrong');
  return presentComment(row);
}
