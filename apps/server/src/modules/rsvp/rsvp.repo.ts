import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';

/** Locks the event row: answers to one event are serialized, so capacity is never oversold. */
export async function lockEventCapacity(db: Executor, eventId: number): Promise<{ id: number; max: number | null } | undefined> {
  return db.selectFrom('events').select(['id', 'max']).where('id', '=', eventId).forUpdate().executeTakeFirst();
}

/** Going people and their companions, leaving out one user's own answer (null: everyone's). */
export async function attendingExcept(db: Executor, eventId: number, userId: number | null): Promise<number> {
  const result = await sql<{ total: number }>`
    SELECT coalesce(sum(1 + companions_amount), 0)::int AS total
    FROM event_users WHERE event_id = ${eventId} AND status = 'going' AND user_id IS DISTINCT FROM ${userId}
  `.execute(db);
  return result.rows[0]?.total ?? 0;
}

export async function currentStatus(db: Executor, eventId: number, userId: number): Promise<string | null> {
  const row = await db.selectFrom('event_users').select('status').where('event_id', '=', eventId).where('user_id', '=', userId).executeTakeFirst();
  return row?.status ?? null;
}

/** One answer per (event, user): written over any earlier one, with its companions. */
export async function saveAnswer(
  db: Executor,
  answer: { eventId: number; userId: number; status: 'going' | 'maybe' | 'rejected'; companionIds: number[]; note: string; now: Date },
): Promise<void> {
  const { eventId, userId, status, companionIds, note, now } = answer;
  await db
    .insertInto('event_users')
    .values({ event_id: eventId, user_id: userId, status, companions_amount: companionIds.length, note, created_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(['event_id', 'user_id']).doUpdateSet({ status, companions_amount: companionIds.length, note, updated_at: now }))
    .execute();
  await db.deleteFrom('event_user_companions').where('event_id', '=', eventId).where('user_id', '=', userId).execute();
  if (companionIds.length > 0) {
    await db
      .insertInto('event_user_companions')
      .values(companionIds.map((companion_id) => ({ event_id: eventId, user_id: userId, companion_id })))
      .execute();
  }
}
