import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { visibleTo } from '../events/event-visibility.ts';

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

export function listTemplates(db: Executor, userId: number): Promise<TemplateRow[]> {
  return db
    .selectFrom('seat_templates')
    .select(['id', 'user_id', 'name', 'data', 'seat_count', 'created_at', 'updated_at', eventsCount.as('events_count')])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .execute();
}

export function findTemplate(db: Executor, id: number): Promise<TemplateRow | undefined> {
  return db
    .selectFrom('seat_templates')
    .select(['id', 'user_id', 'name', 'data', 'seat_count', 'created_at', 'updated_at', eventsCount.as('events_count')])
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

export interface ReservedSeatRow {
  the_row: number;
  the_col: number;
  sold: boolean;
  own: boolean;
}

/**
 * The seats of an event taken now: sold, or held by a pending order whose hold has not ended.
 * `own`: the viewer's (their order's or their ticket's).
 */
export async function reservedSeats(db: Executor, eventId: number, now: Date, viewerId: number | null): Promise<ReservedSeatRow[]> {
  const result = await sql<ReservedSeatRow>`
    SELECT s.the_row, s.the_col, (s.ticket_id IS NOT NULL) AS sold,
      coalesce(${viewerId}::bigint IN (o.buyer_id, t.user_id), false) AS own
    FROM event_seats s
    LEFT JOIN orders o ON o.id = s.order_id
    LEFT JOIN tickets t ON t.id = s.ticket_id
    WHERE s.event_id = ${eventId}
      AND (s.ticket_id IS NOT NULL OR (s.hold_expires_at > ${now} AND o.status = 'pending'))
    ORDER BY s.the_row, s.the_col
  `.execute(db);
  return result.rows;
}
