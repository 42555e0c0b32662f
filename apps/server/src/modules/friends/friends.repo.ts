import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';

const requestColumns = sql`r.id, r.user_id, r.friend_id, r.created_at,
  json_build_object('id', u.id, 'name', u.name, 'avatar', u.avatar_s) AS "user",
  json_build_object('id', f.id, 'name', f.name, 'avatar', f.avatar_s) AS friend`;

export interface FriendRequestRow {
  id: number;
  user_id: number;
  friend_id: number;
  created_at: Date;
  user: { id: number; name: string | null; avatar: string | null };
  friend: { id: number; name: string | null; avatar: string | null };
}

export async function listRequests(db: Executor, userId: number, direction: 'received' | 'sent'): Promise<FriendRequestRow[]> {
  const where = direction === 'received' ? sql`r.friend_id = ${userId}` : sql`r.user_id = ${userId}`;
  const result = await sql<FriendRequestRow>`
    SELECT ${requestColumns} FROM friend_requests r JOIN users u ON u.id = r.user_id JOIN users f ON f.id = r.friend_id
    WHERE ${where} ORDER BY r.created_at DESC, r.id DESC
  `.execute(db);
  return result.rows;
}

export async function findRequest(db: Executor, id: number): Promise<FriendRequestRow | undefined> {
  const result = await sql<FriendRequestRow>`
    SELECT ${requestColumns} FROM friend_requests r JOIN users u ON u.id = r.user_id JOIN users f ON f.id = r.friend_id WHERE r.id = ${id}
  `.execute(db);
  return result.rows[0];
}

export async function findRequestBetween(db: Executor, from: number, to: number) {
  return db.selectFrom('friend_requests').select(['id']).where('user_id', '=', from).where('friend_id', '=', to).executeTakeFirst();
}

/** Inserts the request unless one exists; returns its id, or null when it was already there. */
export async function insertRequest(db: Executor, from: number, to: number, now: Date): Promise<number | null> {
  const row = await db
    .insertInto('friend_requests')
    .values({ user_id: from, friend_id: to, created_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'friend_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function deleteRequestsBetween(db: Executor, a: number, b: number): Promise<void> {
  await db
    .deleteFrom('friend_requests')
    .where((eb) => eb.or([eb.and([eb('user_id', '=', a), eb('friend_id', '=', b)]), eb.and([eb('user_id', '=', b), eb('friend_id', '=', a)])]))
    .execute();
}

export async function deleteRequest(db: Executor, id: number): Promise<boolean> {
  return (await db.deleteFrom('friend_requests').where('id', '=', id).returning('id').executeTakeFirst()) !== undefined;
}

export async function areFriends(db: Executor, a: number, b: number): Promise<boolean> {
  return (await db.selectFrom('friendships').select('user_id').where('user_id', '=', a).where('friend_id', '=', b).executeTakeFirst()) !== undefined;
}

export async function befriend(db: Executor, a: number, b: number, now: Date): Promise<void> {
  await db
    .insertInto('friendships')
    .values([
      { user_id: a, friend_id: b, created_at: now },
      { user_id: b, friend_id: a, created_at: now },
    ])
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function unfriend(db: Executor, a: number, b: number): Promise<boolean> {
  const rows = await db
    .deleteFrom('friendships')
    .where((eb) => eb.or([eb.and([eb('user_id', '=', a), eb('friend_id', '=', b)]), eb.and([eb('user_id', '=', b), eb('friend_id', '=', a)])]))
    .returning('user_id')
    .execute();
  return rows.length > 0;
}

export function listFriends(db: Executor, userId: number) {
  return db
    .selectFrom('friendships as f')
    .innerJoin('users as u', 'u.id', 'f.friend_id')
    .select(['u.id', 'u.name', 'u.avatar', 'u.avatar_m', 'u.avatar_s'])
    .where('f.user_id', '=', userId)
    .orderBy('u.name')
    .orderBy('u.id')
    .execute();
}

/** The people `userId` follows, most recently followed first (at most `limit`). */
export function listFollowed(db: Executor, userId: number, limit: number) {
  return db
    .selectFrom('follows as fo')
    .innerJoin('users as u', 'u.id', 'fo.followed_id')
    .select(['u.id', 'u.name', 'u.avatar', 'u.avatar_m', 'u.avatar_s'])
    .where('fo.follower_id', '=', userId)
    .orderBy('fo.created_at', 'desc')
    .orderBy('u.id')
    .limit(limit)
    .execute();
}

/** True when the follow is new. */
export async function follow(db: Executor, follower: number, followed: number, now: Date): Promise<boolean> {
  const row = await db
    .insertInto('follows')
    .values({ follower_id: follower, followed_id: followed, created_at: now })
    .onConflict((oc) => oc.doNothing())
    .returning('follower_id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function unfollow(db: Executor, follower: number, followed: number): Promise<void> {
  await db.deleteFrom('follows').where('follower_id', '=', follower).where('followed_id', '=', followed).execute();
}

export async function followStatus(db: Executor, me: number, other: number): Promise<{ is_following_me: boolean; is_followed_by_me: boolean }> {
  const rows = await db
    .selectFrom('follows')
    .select(['follower_id', 'followed_id'])
    .where((eb) => eb.or([eb.and([eb('follower_id', '=', other), eb('followed_id', '=', me)]), eb.and([eb('follower_id', '=', me), eb('followed_id', '=', other)])]))
    .execute();
  return {
    is_following_me: rows.some((r) => r.follower_id === other),
    is_followed_by_me: rows.some((r) => r.follower_id === me),
  };
}

export async function followedAmong(db: Executor, follower: number, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('follows').select('followed_id').where('follower_id', '=', follower).where('followed_id', 'in', ids).orderBy('followed_id').execute();
  return rows.map((r) => r.followed_id);
}

/** The relationship flags of each of `ids` towards `me` (user search). */
export async function relationships(db: Executor, me: number, ids: number[]) {
  if (ids.length === 0) return new Map<number, { is_friend: boolean; request_sent_by_me: boolean; has_request: boolean; request_id: number | null }>();
  const result = await sql<{ id: number; is_friend: boolean; sent_id: number | null; received_id: number | null }>`
    SELECT x.id,
      EXISTS (SELECT 1 FROM friendships f WHERE f.user_id = ${me} AND f.friend_id = x.id) AS is_friend,
      (SELECT r.id FROM friend_requests r WHERE r.user_id = ${me} AND r.friend_id = x.id) AS sent_id,
      (SELECT r.id FROM friend_requests r WHERE r.user_id = x.id AND r.friend_id = ${me}) AS received_id
    FROM unnest(${ids}::bigint[]) AS x(id)
  `.execute(db);
  return new Map(
    result.rows.map((r) => [
      Number(r.id),
      { is_friend: r.is_friend, request_sent_by_me: r.sent_id !== null, has_request: r.received_id !== null, request_id: r.sent_id ?? r.received_id },
    ]),
  );
}

/** Which of `ids` are friends of `userId`. */
export async function friendsAmong(db: Executor, userId: number, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('friendships').select('friend_id').where('user_id', '=', userId).where('friend_id', 'in', ids).execute();
  return rows.map((r) => r.friend_id);
}
