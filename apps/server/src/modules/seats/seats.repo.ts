import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { visibleTo } from '../events/event-visibility.ts';
import type { SnapshotRead, SnapshotSeat } from './seat-snapshots.ts';

export interface TemplateRow {
  id: number;
  user_id: number | null;
  name: string;
  data: unknown;
  seat_count: number;
  events_count: number;
  created_at: Date;
  updated_at: Date;
}

const eventsCount = sql<number>`(SELECT count(*)::int FROM events e WHERE e.seat_template_id = seat_templates.id)`;
const templateColumns = ['id', 'user_id', 'name', 'data', 'seat_count', 'created_at', 'updated_at', eventsCount.as('events_count')] as const;

export function listTemplates(db: Executor, userId: number): Promise<TemplateRow[]> {
  return db
    .selectFrom('seat_templates')
    .select(templateColumns)
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .execute();
}

export function findTemplate(db: Executor, id: number): Promise<TemplateRow | undefined> {
  return db
    .selectFrom('seat_templates')
    .select(templateColumns)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Locks the scheme against a change while an event takes it up, or an event while it changes. */
export async function lockTemplate(db: Executor, id: number, mode: 'update' | 'share'): Promise<{ id: number; user_id: number | null } | undefined> {
  const query = db.selectFrom('seat_templates').select(['id', 'user_id']).where('id', '=', id);
  return (mode === 'update' ? query.forUpdate() : query.forShare()).executeTakeFirst();
}

export async function countTemplates(db: Executor, userId: number): Promise<number> {
  const row = await db
    .selectFrom('seat_templates')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function isTemplateUsed(db: Executor, id: number): Promise<boolean> {
  const row = await db.selectFrom('events').select('id').where('seat_template_id', '=', id).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Whether an event this viewer may see uses the scheme (its chart is then theirs to read). */
export async function isTemplateOfVisibleEvent(db: Executor, id: number, viewerId: number | null): Promise<boolean> {
  const result = await sql<{ found: boolean }>`
    SELECT EXISTS (
      SELECT 1 FROM events e
      WHERE e.seat_template_id = ${id} AND e.deleted_by_moderator_at IS NULL AND ${visibleTo(viewerId)}
    ) AS found
  `.execute(db);
  return result.rows[0]?.found ?? false;
}

export function insertTemplate(db: Executor, row: { user_id: number; name: string; data: string; seat_count: number; created_at: Date; updated_at: Date }) {
  return db.insertInto('seat_templates').values(row).returning('id').executeTakeFirstOrThrow();
}

export async function updateTemplate(db: Executor, id: number, patch: { name: string; data: string; seat_count: number; updated_at: Date }): Promise<void> {
  await db.updateTable('seat_templates').set(patch).where('id', '=', id).execute();
}

export async function deleteTemplate(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('seat_templates').where('id', '=', id).execute();
}

/** Which seats GET seats/{eventId} answers at `now` (`s` an event_seats row, `o` its order). */
const takenNow = (now: Date) => sql`(s.ticket_id IS NOT NULL OR (s.hold_expires_at > ${now} AND o.status = 'pending'))`;

/**
 * The seats of an event taken now (sold, or held by a pending order whose hold has not ended),
 * written by PostgreSQL as the JSON array GET seats/{eventId} answers: [{the_row, the_col, state
 * (held or sold), own (the viewer's order's or ticket's)}], rows then columns. One text value
 * instead of a row per seat for the driver to read and the server to write again: a hall has
 * thousands, asked for by every open chart. An expression over the event `e`, read in the
 * statement that checks the caller may see it (events.loadVisibleWithSession): the answer with the
 * snapshots off (SEATS_SNAPSHOT_EVENTS=0), and what SEATS_SNAPSHOT_VERIFY compares them with.
 * `viewerId`: the caller, or the session read in that statement (events.SESSION_VIEWER).
 */
export function reservedSeatsJson(now: Date, viewerId: number | null | RawBuilder<number>): RawBuilder<string> {
  return sql<string>`(
    SELECT coalesce(json_agg(json_build_object(
        'the_row', s.the_row,
        'the_col', s.the_col,
        'state', CASE WHEN s.ticket_id IS NOT NULL THEN 'sold' ELSE 'held' END,
        'own', coalesce(${viewerId}::bigint IN (o.buyer_id, t.user_id), false)
      ) ORDER BY s.the_row, s.the_col), '[]')::text
    FROM event_seats s
    LEFT JOIN orders o ON o.id = s.order_id
    LEFT JOIN tickets t ON t.id = s.ticket_id
    WHERE s.event_id = e.id AND ${takenNow(now)}
  )`;
}

/**
 * The key of an event's seats answer at `now` (decision 0036): its seat version and stamp
 * (event_seat_versions, moved in every transaction that changes what the answer reads) and the
 * next end of a hold after `now` (the answer's one input that changes with no write), as text:
 * equal keys, equal answers. Two index lookups. `eventId`: the event `e.id` of the statement, or an id.
 */
export function seatStateKey(eventId: RawBuilder<number> | number, now: Date): RawBuilder<string> {
  return sql<string>`(
    coalesce((SELECT v.version || '.' || v.stamp FROM event_seat_versions v WHERE v.event_id = ${eventId}), '0') || '@' ||
    coalesce((
      SELECT (extract(epoch FROM min(s.hold_expires_at)) * 1000000)::bigint FROM event_seats s
      WHERE s.event_id = ${eventId} AND s.ticket_id IS NULL AND s.hold_expires_at > ${now}
    )::text, '-')
  )`;
}

/** seatStateKey of the event `e` of the statement that checks it (events.loadVisibleWithSession). */
export const eventSeatStateKey = (now: Date) => seatStateKey(sql<number>`e.id`, now);

/**
 * The seats GET seats/{eventId} answers at `now` with whose they are (the order's buyer, the
 * ticket's holder), rows then columns, and their key (seatStateKey), in one statement: a snapshot
 * every viewer's answer is made from (seat-snapshots.ts). Read once the statement that checked the
 * event found no snapshot at its key.
 */
export async function seatSnapshot(db: Executor, eventId: number, now: Date): Promise<SnapshotRead> {
  const result = await sql<{ key: string; seats: string }>`
    SELECT ${seatStateKey(sql<number>`${eventId}::bigint`, now)} AS key, (
      SELECT coalesce(json_agg(json_build_array(s.the_row, s.the_col, s.ticket_id IS NOT NULL, o.buyer_id, t.user_id) ORDER BY s.the_row, s.the_col), '[]')::text
      FROM event_seats s
      LEFT JOIN orders o ON o.id = s.order_id
      LEFT JOIN tickets t ON t.id = s.ticket_id
      WHERE s.event_id = ${eventId} AND ${takenNow(now)}
    ) AS seats
  `.execute(db);
  const row = result.rows[0]!;
  return { key: row.key, seats: JSON.parse(row.seats) as SnapshotSeat[] };
}

/* ------------------------------------------------------------------ claims (event_seats) */

export interface SeatClaim {
  row: number;
  col: number;
  label: string;
}

const picksTable = (picks: readonly SeatClaim[]) => sql`jsonb_to_recordset(${JSON.stringify(picks)}::jsonb) AS p(row smallint, col smallint, label text)`;

/**
 * Frees the picked seats whose hold is over (not sold, their hold ended; `except`: not this
 * order's own), so that a new claim may take them: in the transaction that inserts the claim.
 */
export async function deleteLapsedClaims(db: Executor, eventId: number, picks: readonly SeatClaim[], now: Date, except: number | null = null): Promise<void> {
  await sql`
    DELETE FROM event_seats s USING ${picksTable(picks)}
    WHERE s.event_id = ${eventId} AND s.the_row = p.row AND s.the_col = p.col
      AND s.ticket_id IS NULL AND s.hold_expires_at <= ${now}
      AND (${except}::bigint IS NULL OR s.order_id <> ${except}::bigint)
  `.execute(db);
}

/**
 * Claims seats, in seat order: held by an order until `until` (`by.order`), or sold to each
 * claim's ticket at once (`by: 'tickets'`: the organiser's issue or gift). A seat claimed already
 * (by anyone: the primary key decides, also against a claim not yet committed) is left as it is.
 * Answers the seats this statement claimed.
 */
export async function insertClaims(
  db: Executor,
  eventId: number,
  claims: readonly (SeatClaim & { ticket_id?: number })[],
  by: { order: number; until: Date } | 'tickets',
  now: Date,
): Promise<{ the_row: number; the_col: number }[]> {
  const [orderId, until] = by === 'tickets' ? [null, null] : [by.order, by.until];
  const result = await sql<{ the_row: number; the_col: number }>`
    INSERT INTO event_seats (event_id, the_row, the_col, label, order_id, ticket_id, hold_expires_at, created_at)
    SELECT ${eventId}, x.row, x.col, x.label, ${orderId}::bigint, x.ticket_id, ${until}::timestamptz, ${now}
    FROM jsonb_to_recordset(${JSON.stringify(claims)}::jsonb) AS x(row smallint, col smallint, label text, ticket_id bigint)
    ORDER BY x.row, x.col
    ON CONFLICT (event_id, the_row, the_col) DO NOTHING
    RETURNING the_row, the_col
  `.execute(db);
  return result.rows;
}

/** The picked seats this order holds (not sold), locked. */
export async function lockOrderClaims(db: Executor, eventId: number, orderId: number, picks: readonly SeatClaim[]): Promise<{ the_row: number; the_col: number }[]> {
  const result = await sql<{ the_row: number; the_col: number }>`
    SELECT s.the_row, s.the_col FROM event_seats s JOIN ${picksTable(picks)} ON s.the_row = p.row AND s.the_col = p.col
    WHERE s.event_id = ${eventId} AND s.order_id = ${orderId} AND s.ticket_id IS NULL
    ORDER BY s.the_row, s.the_col
    FOR UPDATE OF s
  `.execute(db);
  return result.rows;
}

/** Turns held seats into sold ones: each to its ticket. */
export async function sellClaims(db: Executor, eventId: number, sold: readonly { row: number; col: number; ticket_id: number }[]): Promise<void> {
  if (sold.length === 0) return;
  await sql`
    UPDATE event_seats s SET ticket_id = x.ticket_id, hold_expires_at = NULL
    FROM jsonb_to_recordset(${JSON.stringify(sold)}::jsonb) AS x(row smallint, col smallint, ticket_id bigint)
    WHERE s.event_id = ${eventId} AND s.the_row = x.row AND s.the_col = x.col
  `.execute(db);
}

/** Whether seats are held now or sold on an event. */
export async function hasLiveClaims(db: Executor, eventId: number, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom('event_seats')
    .select('the_row')
    .where('event_id', '=', eventId)
    .where((eb) => eb.or([eb('ticket_id', 'is not', null), eb('hold_expires_at', '>', now)]))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Releases the seats an order holds (not those sold). */
export async function deleteOrderClaims(db: Executor, orderId: number): Promise<void> {
  await db.deleteFrom('event_seats').where('order_id', '=', orderId).where('ticket_id', 'is', null).execute();
}

/** Releases the seats of these tickets. */
export async function deleteTicketClaims(db: Executor, ticketIds: readonly number[]): Promise<void> {
  if (ticketIds.length === 0) return;
  await db.deleteFrom('event_seats').where('ticket_id', 'in', ticketIds).execute();
}
