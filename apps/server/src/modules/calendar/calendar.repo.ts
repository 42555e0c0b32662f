import type { Executor } from '../../db/database.ts';

/** SQL only (CONVENTIONS §3): the calendar_feeds table (migration 0021). */

export interface FeedRow {
  user_id: number;
  created_at: Date;
  fetched_at: Date | null;
}

/** The feed whose token hashes to `tokenHash`: one lookup through the unique index. */
export async function findFeedByHash(db: Executor, tokenHash: string): Promise<FeedRow | undefined> {
  return db.selectFrom('calendar_feeds').select(['user_id', 'created_at', 'fetched_at']).where('token_hash', '=', tokenHash).executeTakeFirst();
}

export async function findFeedOfUser(db: Executor, userId: number): Promise<FeedRow | undefined> {
  return db.selectFrom('calendar_feeds').select(['user_id', 'created_at', 'fetched_at']).where('user_id', '=', userId).executeTakeFirst();
}

/** Makes the person's feed, or replaces its token (the old one stops matching at commit). */
export async function replaceFeed(db: Executor, userId: number, tokenHash: string, now: Date): Promise<FeedRow> {
  return db
    .insertInto('calendar_feeds')
    .values({ user_id: userId, token_hash: tokenHash, created_at: now, fetched_at: null })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ token_hash: tokenHash, created_at: now, fetched_at: null }))
    .returning(['user_id', 'created_at', 'fetched_at'])
    .executeTakeFirstOrThrow();
}

export async function deleteFeed(db: Executor, userId: number): Promise<boolean> {
  const result = await db.deleteFrom('calendar_feeds').where('user_id', '=', userId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Notes a calendar app's fetch, at most once a minute (a write per fetch would buy nothing). */
export async function markFetched(db: Executor, userId: number, now: Date): Promise<void> {
  await db
    .updateTable('calendar_feeds')
    .set({ fetched_at: now })
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('fetched_at', 'is', null), eb('fetched_at', '<', new Date(now.getTime() - 60_000))]))
    .execute();
}
