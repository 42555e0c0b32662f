import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { visibleTo } from '../events/event-visibility.ts';
import type { CalendarEventRow } from '../calendar/calendar.presenter.ts';

/** SQL only (CONVENTIONS §3): the google calendar tables (migration 0023). */

export interface AccountRow {
  user_id: number;
  email: string;
  refresh_token_enc: string;
  access_token_enc: string;
  access_expires_at: Date;
}

const accountColumns = ['user_id', 'email', 'refresh_token_enc', 'access_token_enc', 'access_expires_at'] as const;

export async function findAccount(db: Executor, userId: number): Promise<AccountRow | undefined> {
  return db.selectFrom('google_calendar_accounts').select(accountColumns).where('user_id', '=', userId).executeTakeFirst();
}

/** Connects (or connects again) the person's account. Another Google account's entries are forgotten: they are in another calendar. */
export async function saveAccount(db: Executor, row: AccountRow & { connected_at: Date }): Promise<void> {
  await db.deleteFrom('google_calendar_entries').where('user_id', '=', row.user_id).where(({ exists, selectFrom }) =>
    exists(selectFrom('google_calendar_accounts as a').select('a.user_id').where('a.user_id', '=', row.user_id).where('a.email', '<>', row.email)),
  ).execute();
  await db
    .insertInto('google_calendar_accounts')
    .values(row)
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        email: row.email,
        refresh_token_enc: row.refresh_token_enc,
        access_token_enc: row.access_token_enc,
        access_expires_at: row.access_expires_at,
        connected_at: row.connected_at,
      }),
    )
    .execute();
}

export async function saveAccessToken(db: Executor, userId: number, values: { access_token_enc: string; access_expires_at: Date; refresh_token_enc?: string }): Promise<void> {
  await db.updateTable('google_calendar_accounts').set(values).where('user_id', '=', userId).execute();
}

/** Forgets the account, its entries (by cascade) and its authorizations under way. */
export async function deleteAccount(db: Executor, userId: number): Promise<void> {
  await db.deleteFrom('google_calendar_accounts').where('user_id', '=', userId).execute();
  await db.deleteFrom('google_oauth_states').where('user_id', '=', userId).execute();
}

export async function saveState(db: Executor, row: { state_hash: string; user_id: number; code_verifier: string; expires_at: Date }, now: Date): Promise<void> {
  // A person's abandoned attempts go when they start another.
  await db.deleteFrom('google_oauth_states').where('user_id', '=', row.user_id).where('expires_at', '<', now).execute();
  await db.insertInto('google_oauth_states').values(row).execute();
}

/** Takes the authorization under way (once: it is deleted as it is read). */
export async function takeState(db: Executor, stateHash: string): Promise<{ user_id: number; code_verifier: string; expires_at: Date } | undefined> {
  return db.deleteFrom('google_oauth_states').where('state_hash', '=', stateHash).returning(['user_id', 'code_verifier', 'expires_at']).executeTakeFirst();
}

export interface EntryRow {
  user_id: number;
  event_id: number;
  google_event_id: string;
  synced_sequence: number;
}

export async function findEntry(db: Executor, userId: number, eventId: number): Promise<EntryRow | undefined> {
  return db
    .selectFrom('google_calendar_entries')
    .select(['user_id', 'event_id', 'google_event_id', 'synced_sequence'])
    .where('user_id', '=', userId)
    .where('event_id', '=', eventId)
    .executeTakeFirst();
}

export async function saveEntry(db: Executor, row: EntryRow & { created_at: Date }): Promise<void> {
  await db
    .insertInto('google_calendar_entries')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'event_id']).doUpdateSet({ google_event_id: row.google_event_id, synced_sequence: sql`greatest(google_calendar_entries.synced_sequence, excluded.synced_sequence)` }))
    .execute();
}

/** Notes the sequence an entry now carries (never back: a slower run must not undo a newer one). */
export async function markSynced(db: Executor, userId: number, eventId: number, sequence: number): Promise<void> {
  await db
    .updateTable('google_calendar_entries')
    .set({ synced_sequence: sequence })
    .where('user_id', '=', userId)
    .where('event_id', '=', eventId)
    .where('synced_sequence', '<', sequence)
    .execute();
}

export async function deleteEntry(db: Executor, userId: number, eventId: number): Promise<void> {
  await db.deleteFrom('google_calendar_entries').where('user_id', '=', userId).where('event_id', '=', eventId).execute();
}

const eventColumns = [
  'e.id',
  'e.hash',
  'e.name',
  'e.description',
  'e.start_date',
  'e.end_date',
  'e.location_type',
  'e.address',
  'e.venue',
  'e.url',
  'e.lat',
  'e.lng',
  'e.deleted_by_moderator_at',
  'e.updated_at',
  'e.calendar_sequence',
] as const;

/** The event as a calendar entry is made of it. */
export async function findCalendarEvent(db: Executor, eventId: number): Promise<CalendarEventRow | undefined> {
  return db.selectFrom('events as e').select(eventColumns).where('e.id', '=', eventId).executeTakeFirst();
}

/**
 * The event's entries, each with whether its person may still see the event (the events module's
 * rule, visibleTo; moderators open any event page).
 */
export async function listEntriesOfEvent(db: Executor, eventId: number): Promise<(EntryRow & { is_visible: boolean })[]> {
  return db
    .selectFrom('google_calendar_entries as g')
    .innerJoin('events as e', 'e.id', 'g.event_id')
    .innerJoin('users as u', 'u.id', 'g.user_id')
    .select(['g.user_id', 'g.event_id', 'g.google_event_id', 'g.synced_sequence'])
    .select(sql<boolean>`(${visibleTo(sql<number>`g.user_id`)} OR u.is_moderator)`.as('is_visible'))
    .where('g.event_id', '=', eventId)
    .orderBy('g.user_id')
    .execute();
}

/** Whether the person may see the event (visibleTo; moderators open any event page). */
export async function isVisibleTo(db: Executor, eventId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('events as e')
    .select(sql<boolean>`(${visibleTo(userId)} OR EXISTS (SELECT 1 FROM users u WHERE u.id = ${userId} AND u.is_moderator))`.as('is_visible'))
    .where('e.id', '=', eventId)
    .executeTakeFirst();
  return row?.is_visible ?? false;
}
