import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';

const columns = ['c.id', 'c.event_id', 'c.comment', 'c.created_at', 'u.id as user_id', 'u.name', 'u.avatar', 'u.avatar_s'] as const;

export type CommentRow = Awaited<ReturnType<typeof findComment>> & {};

export function findComment(db: Executor, id: number) {
  return db.selectFrom('comments as c').innerJoin('users as u', 'u.id', 'c.user_id').select(columns).where('c.id', '=', id).executeTakeFirst();
}

/**
 * Newest first: (created_at, id) descending, the order of comments_event_idx. `before` is a
 * comment id read as a place in that order: the page holds the comments whose (created_at, id)
 * is below that comment's, a row comparison the index serves. The cursor's key is read inside the
 * same statement (never through JavaScript, whose Date would drop microseconds). A `before` that is
 * not a comment of this event matches nothing: see commentInEvent.
 */
export function listComments(db: Executor, eventId: number, limit: number, before?: number) {
  let query = db
    .selectFrom('comments as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select(columns)
    .where('c.event_id', '=', eventId)
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(limit);
  if (before !== undefined) {
    query = query.where(sql<boolean>`(c.created_at, c.id) < (SELECT k.created_at, k.id FROM comments k WHERE k.id = ${before} AND k.event_id = ${eventId})`);
  }
  return query.execute();
}

export async function commentInEvent(db: Executor, eventId: number, id: number): Promise<boolean> {
  const row = await db.selectFrom('comments').select('id').where('id', '=', id).where('event_id', '=', eventId).executeTakeFirst();
  return row !== undefined;
}

export async function insertComment(db: Executor, values: { event_id: number; user_id: number; comment: string; created_at: Date }): Promise<number> {
  const row = await db.insertInto('comments').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Those going or maybe on the event: they hear about new comments. */
export async function guestIds(db: Executor, eventId: number): Promise<number[]> {
  const rows = await db.selectFrom('event_users').select('user_id').where('event_id', '=', eventId).where('status', 'in', ['going', 'maybe']).execute();
  return rows.map((r) => r.user_id);
}
