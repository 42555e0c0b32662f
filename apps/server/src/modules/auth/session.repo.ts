import type { Expression } from 'kysely';
import type { Executor } from '../../db/database.ts';

export function insertSession(
  db: Executor,
  row: { token_hash: string; user_id: number; now: Date; expires_at: Date; user_agent: string | null; ip: string | null },
) {
  return db
    .insertInto('sessions')
    .values({
      token_hash: row.token_hash,
      user_id: row.user_id,
      created_at: row.now,
      last_seen_at: row.now,
      expires_at: row.expires_at,
      user_agent: row.user_agent,
      ip: row.ip,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/**
 * The live session of a token (by its hash) with its person's moderator flag: at most one row. The
 * one rule of a session's life, run alone by the auth hook (findLiveSession) or as a subquery of a
 * route's own statement (a route with `sessionInStatement`, auth-hook.ts), where the token's hash
 * may be a column of that statement.
 */
export function liveSessionQuery(db: Executor, tokenHash: string | Expression<string>, now: Date) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['sessions.id', 'sessions.user_id', 'sessions.last_seen_at', 'sessions.expires_at', 'users.is_moderator'])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.expires_at', '>', now);
}

export function findLiveSession(db: Executor, tokenHash: string, now: Date) {
  return liveSessionQuery(db, tokenHash, now).executeTakeFirst();
}

/** Which of these sessions are still live, as they are now (a moderator's rights may have been taken back). */
export function findLiveSessionsByIds(db: Executor, ids: number[], now: Date) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['sessions.id', 'sessions.user_id', 'users.is_moderator'])
    .where('sessions.id', 'in', ids)
    .where('sessions.expires_at', '>', now)
    .execute();
}

export async function touchSession(db: Executor, id: number, now: Date): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', id).execute();
}

export async function deleteSession(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', id).execute();
}
