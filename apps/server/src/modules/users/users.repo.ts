import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { escapeLike } from '../../db/like.ts';

const userColumns = [
  'users.id',
  'users.phone',
  'users.name',
  'users.email',
  'users.avatar',
  'users.avatar_m',
  'users.avatar_s',
  'users.is_moderator',
  'users.current_group_id',
  'users.terms_accepted_at',
  'users.created_at',
] as const;

export type UserRow = Awaited<ReturnType<typeof findUserById>> & {};

export function findUserById(db: Executor, id: number) {
  return db.selectFrom('users').select(userColumns).where('users.id', '=', id).executeTakeFirst();
}

export function findUserByIdForUpdate(db: Executor, id: number) {
  return db.selectFrom('users').select(userColumns).where('users.id', '=', id).forUpdate().executeTakeFirst();
}

export function findUserIdByPhone(db: Executor, phone: string) {
  return db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirst();
}

/** Creates the user for a phone, or finds the existing one, in one statement. */
export async function upsertUserByPhone(db: Executor, phone: string, now: Date): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({ phone, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column('phone').doUpdateSet({ updated_at: now }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A user without a phone (Google sign-in, decision 0040). */
export async function insertUserWithoutPhone(db: Executor, row: { email: string | null; now: Date }): Promise<number> {
  const inserted = await db
    .insertInto('users')
    .values({ email: row.email, created_at: row.now, updated_at: row.now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** Whether any account shows this (lower-cased) email. */
export async function hasUserWithEmail(db: Executor, email: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('email', '=', email).limit(1).executeTakeFirst();
  return row !== undefined;
}

export async function updateUser(
  db: Executor,
  id: number,
  patch: Partial<{
    name: string;
    email: string | null;
    phone: string;
    avatar: string | null;
    avatar_m: string | null;
    avatar_s: string | null;
    terms_accepted_at: Date;
    updated_at: Date;
  }>,
): Promise<void> {
  await db.updateTable('users').set(patch).where('id', '=', id).execute();
}

export function listGroupsOfUser(db: Executor, userId: number) {
  return db
    .selectFrom('group_members')
    .innerJoin('groups', 'groups.id', 'group_members.group_id')
    .select(['groups.id', 'groups.name'])
    .where('group_members.user_id', '=', userId)
    .orderBy('groups.name')
    .execute();
}

/** Row lock on the user, to serialize per-user counters within a transaction. */
export async function lockUser(db: Executor, id: number): Promise<void> {
  await db.selectFrom('users').select('id').where('id', '=', id).forUpdate().execute();
}

export async function userExists(db: Executor, userId: number): Promise<boolean> {
  return (await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()) !== undefined;
}

/** People by name: every one whose folded name contains the text or nearly does (typos), closest first. */
export async function searchUsers(db: Executor, text: string, limit: number) {
  const like = `%${escapeLike(text)}%`;
  const result = await sql<{ id: number; name: string | null; avatar: string | null; avatar_m: string | null; avatar_s: string | null }>`
    SELECT u.id, u.name, u.avatar, u.avatar_m, u.avatar_s FROM users u
    WHERE planns_fold(coalesce(u.name, '')) LIKE planns_fold(${like}) OR planns_fold(${text}) <% planns_fold(coalesce(u.name, ''))
    ORDER BY word_similarity(planns_fold(${text}), planns_fold(coalesce(u.name, ''))) DESC, u.name, u.id
    LIMIT ${limit}
  `.execute(db);
  return result.rows;
}
