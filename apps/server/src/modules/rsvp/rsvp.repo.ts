import type { Executor } from '../../db/database.ts';

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

/** The owner's own answer from the event form: going with these companions (no note), or none. */
export async function setOwnerAttendance(db: Executor, eventId: number, userId: number, attending: boolean, companionIds: number[], now: Date): Promise<void> {
  if (!attending) {
    await db.deleteFrom('event_users').where('event_id', '=', eventId).where('user_id', '=', userId).execute();
    return;
  }
  await db
    .insertInto('event_users')
    .values({ event_id: eventId, user_id: userId, status: 'going', companions_amount: companionIds.length, created_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(['event_id', 'user_id']).doUpdateSet({ status: 'going', companions_amount: companionIds.length, updated_at: now }))
    .execute();
  await db.deleteFrom('event_user_companions').where('event_id', '=', eventId).where('user_id', '=', userId).execute();
  if (companionIds.length > 0) {
    await db
      .insertInto('event_user_companions')
      .values(companionIds.map((companion_id) => ({ event_id: eventId, user_id: userId, companion_id })))
      .execute();
  }
}

/** Every answer to an event with its person, by status then name. */
export function listAnswers(db: Executor, eventId: number) {
  return db
    .selectFrom('event_users as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select(['u.id', 'u.name', 'u.avatar', 'u.avatar_m', 'u.avatar_s', 'r.status', 'r.companions_amount', 'r.note', 'r.updated_at'])
    .where('r.event_id', '=', eventId)
    .orderBy('r.status')
    .orderBy('u.name')
    .orderBy('u.id')
    .execute();
}

/** The companions each answer brings. */
export function listAnswerCompanions(db: Executor, eventId: number) {
  return db
    .selectFrom('event_user_companions as ec')
    .innerJoin('companions as c', 'c.id', 'ec.companion_id')
    .select(['ec.user_id', 'c.id', 'c.first_name', 'c.last_name', 'c.type'])
    .where('ec.event_id', '=', eventId)
    .orderBy('c.id')
    .execute();
}

/**
 * A buyer whose tickets were paid is going (events §4: going with tickets), keeping the
 * companions and note of an earlier going answer; any other answer becomes going.
 */
export async function setGoing(db: Executor, eventId: number, userId: number, now: Date): Promise<void> {
  await db
    .insertInto('event_users')
    .values({ event_id: eventId, user_id: userId, status: 'going', companions_amount: 0, created_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(['event_id', 'user_id']).doUpdateSet({ status: 'going', updated_at: now }).where('event_users.status', '<>', 'going'))
    .execute();
}
