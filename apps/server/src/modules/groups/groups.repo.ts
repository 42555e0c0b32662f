import type { Executor } from '../../db/database.ts';

export function findGroup(db: Executor, id: number) {
  return db.selectFrom('groups').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
}

/** Joining twice is a no-op; the group becomes the user's current group. */
export async function joinGroup(db: Executor, groupId: number, userId: number, now: Date): Promise<void> {
  await db
    .insertInto('group_members')
    .values({ group_id: groupId, user_id: userId, created_at: now })
    .onConflict((oc) => oc.columns(['group_id', 'user_id']).doNothing())
    .execute();
  await db.updateTable('users').set({ current_group_id: groupId, updated_at: now }).where('id', '=', userId).execute();
}

export async function isGroupMember(db: Executor, groupId: number, userId: number): Promise<boolean> {
  const row = await db.selectFrom('group_members').select('user_id').where('group_id', '=', groupId).where('user_id', '=', userId).executeTakeFirst();
  return row !== undefined;
}
