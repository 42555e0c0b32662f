import type { User } from '@planns/shared/users/users.schemas';
import { inTransaction, type Executor } from '../../db/database.ts';
import type { AppDeps } from '../../deps.ts';
import type { Actor } from '../../http/actor.ts';
import { notFound } from '../../http/app-error.ts';
import { loadCurrentUser } from '../users/users.service.ts';
import * as repo from './groups.repo.ts';

/**
 * POST user/join-group: the group invite of a shared link (?group_invite=<id>). Group ids travel in
 * links anyone may forward, so knowing the id is the invitation (docs/decisions/0009-event-visibility.md);
 * membership only shows the group selector and filter, it opens no event.
 */
export async function joinGroup(deps: AppDeps, actor: Actor, groupId: number): Promise<{ user: User; current_group: { id: number; name: string } }> {
  const group = await repo.findGroup(deps.db, groupId);
  if (!group) throw notFound('Group not found');
  await inTransaction(deps.db, (tx) => repo.joinGroup(tx, group.id, actor.userId, deps.clock.now()));
  return { user: await loadCurrentUser(deps.db, actor.userId, deps.clock.now()), current_group: group };
}

/** Whether the user belongs to the group (an event may be set in one's own groups only). */
export async function isGroupMember(db: Executor, groupId: number, userId: number): Promise<boolean> {
  return repo.isGroupMember(db, groupId, userId);
}
